// Topics (tags): up to 10 a story, Telugu or English, trimmed, at most 50 characters. The slug is the
// tag's address (/tag/{slug}): Telugu letters stay as they are (URL-encoded on the wire), English
// is lower-cased, and anything that is neither a letter, a mark nor a digit becomes one '-'.

export const MAX_TAGS = 10;
export const TAG_NAME_MAX = 50;

export const TAG_MESSAGES = {
  tooMany: `Tags: a story can have at most ${MAX_TAGS} tags.`,
  tooLong: (name: string) => `Tags: "${name.slice(0, 20)}…" is too long: a tag can have at most ${TAG_NAME_MAX} characters.`,
  noLetters: (name: string) => `Tags: "${name}" has no letters or digits.`,
  nameRequired: 'Name: the tag needs a name.',
  unknownTag: (slug: string) => `No tag "${slug}".`,
  mergeIntoItself: 'Into: a tag cannot be merged into itself.',
  renamed: 'Tag renamed.',
  merged: 'Tags merged.',
} as const;

export type TagRef = { name: string; slug: string; url: string };

/** The tag's address part: NFC, no ZWNJ/ZWJ, lower case, runs of other characters as one '-'. */
export function tagSlug(name: string): string {
  return name
    .normalize('NFC')
    .replace(/[\u200c\u200d]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

export const tagPath = (slug: string) => `/tag/${encodeURIComponent(slug)}`;
export const tagRef = (name: string, slug: string): TagRef => ({ name, slug, url: tagPath(slug) });

/** The form's text box: tags separated by commas. */
export const splitTags = (text: string) => text.split(',');
