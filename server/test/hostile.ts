// Hostile text for tests: what has broken text code before, and a fast-check generator around it.
import fc from 'fast-check';

/** Strings that have broken text code elsewhere: entities past U+10FFFF, surrogates, NUL, bidi. */
export const HOSTILE_SAMPLES = [
  '&#1114112;',
  '&#x110000;',
  '&#xD800;',
  '&#55296;',
  '&#0;',
  '&#99999999999999999999999999999999;',
  `&#${'9'.repeat(400)};`,
  '&#x' + 'f'.repeat(300) + ';',
  '\ud800',
  'a\udc00b',
  '\u0000',
  '\u202e\u2066evil\u2069\u202c',
  '<script>alert(1)</script>',
  '<<<>>>&&&;;;',
  '&amp;#1114112;',
];

/** Arbitrary text mixed with fragments of markup and hostile entities. */
export const hostileText = () =>
  fc
    .array(
      fc.oneof(
        fc.string({ unit: 'binary' }),
        fc.string({ unit: 'grapheme' }),
        fc.constantFrom(...HOSTILE_SAMPLES, '<p>', '</p>', '<b ', '&', ';', '#', 'x'),
        fc.bigInt({ min: 0n, max: 10n ** 40n }).map((n) => `&#${n};`),
        fc.bigInt({ min: 0n, max: 16n ** 30n }).map((n) => `&#x${n.toString(16)};`),
      ),
      { maxLength: 12 },
    )
    .map((parts) => parts.join(''));
