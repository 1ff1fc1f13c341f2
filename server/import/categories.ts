// WordPress categories nest; the site's are flat. A nested category keeps its whole path as its
// name, parent first, joined by ' › ' ("వార్తలు › తెలంగాణ"), so two "Local" under different parents
// stay apart and an editor sees where each came from.
import type { WxrCategory } from './wxr.ts';
import { CATEGORY_NAME_MAX } from '../../contract/categories.ts';

export const CATEGORY_PATH_SEPARATOR = ' › ';

/** WordPress stores names HTML-escaped (&amp;). */
export const decodeEntities = (s: string) =>
  s
    .replace(/&#(\d+);/g, (m, d: string) => safeCodePoint(Number(d)) ?? m)
    .replace(/&#x([0-9a-f]+);/gi, (m, h: string) => safeCodePoint(Number.parseInt(h, 16)) ?? m)
    .replace(
      /&(amp|lt|gt|quot|apos|nbsp);/g,
      (_m, n: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' })[n]!,
    );
function safeCodePoint(n: number): string | undefined {
  if (!Number.isInteger(n) || n <= 0 || n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return undefined;
  return String.fromCodePoint(n);
}

/** Full names by nicename. A parent loop (a damaged export) stops at the first repeat. */
export function flattenCategories(list: WxrCategory[]): Map<string, string> {
  const byNicename = new Map(list.map((c) => [c.nicename, c]));
  const names = new Map<string, string>();
  for (const category of list) {
    const path: string[] = [];
    const seen = new Set<string>();
    for (let c: WxrCategory | undefined = category; c && !seen.has(c.nicename); c = byNicename.get(c.parent)) {
      seen.add(c.nicename);
      path.unshift(decodeEntities(c.name).trim() || c.nicename);
    }
    names.set(category.nicename, truncateName(path.join(CATEGORY_PATH_SEPARATOR)));
  }
  return names;
}

/** At most CATEGORY_NAME_MAX UTF-16 units (the admin form's rule), never half a character. */
export function truncateName(name: string, max = CATEGORY_NAME_MAX): string {
  const clean = name.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  let out = '';
  for (const char of clean) {
    if (out.length + char.length > max - 1) break;
    out += char;
  }
  return `${out}…`;
}
