// The article form's pictures as one ordered list: pictures the article (or its draft) already has
// and files chosen on this device, the first being the cover. A save sends the order as the
// `article` part's `imageOrder` (a stored picture by its URL, a new file as `{ upload: n }`) with the
// new files as repeated `images` parts: PUT /api/articles/{id} and the draft saves read it so.
import type { ArticleImage } from '../../../contract/articles.ts';
import { checkArticleImages, type ImageOrderEntry } from '../../../contract/article-form.ts';

export type ImageItem = { kind: 'stored'; url: string; image?: ArticleImage } | { kind: 'new'; file: File };

export const storedItems = (images: readonly ArticleImage[]): ImageItem[] =>
  images.map((image) => ({ kind: 'stored', url: image.url, image }));
export const storedFromUrls = (urls: readonly string[]): ImageItem[] => urls.map((url) => ({ kind: 'stored', url }));

export const storedUrls = (items: readonly ImageItem[]) => items.flatMap((i) => (i.kind === 'stored' ? [i.url] : []));
export const newFiles = (items: readonly ImageItem[]) => items.flatMap((i) => (i.kind === 'new' ? [i.file] : []));

/** The browser's check of the list: 1 to 4 in all, and every new file's type and size. */
export const checkImageItems = (items: readonly ImageItem[]) => checkArticleImages(newFiles(items), storedUrls(items).length);

/**
 * The order to send and the files it uploads. `storedAs` gives the stored URL of a file an earlier
 * save already uploaded (autosave): it is then kept, not sent again.
 */
export function imageOrderOf(
  items: readonly ImageItem[],
  storedAs: (file: File) => string | undefined = () => undefined,
): { order: ImageOrderEntry[]; files: File[] } {
  const files: File[] = [];
  const order = items.map((item): ImageOrderEntry => {
    if (item.kind === 'stored') return item.url;
    const url = storedAs(item.file);
    if (url) return url;
    files.push(item.file);
    return { upload: files.length - 1 };
  });
  return { order, files };
}

/** The item moved one place towards the cover (-1) or the end (+1). */
export function moveItem<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}

/** A stable React key per item: a stored picture by URL (and place), a file by identity. */
const fileKeys = new WeakMap<File, string>();
let counter = 0;
export function itemKey(item: ImageItem, index: number): string {
  if (item.kind === 'stored') return `s:${item.url}:${index}`;
  let key = fileKeys.get(item.file);
  if (!key) fileKeys.set(item.file, (key = `f:${++counter}`));
  return key;
}

/** What a list looks like for "has it changed?": stored URLs and the identity of new files. */
export const imagesSignature = (items: readonly ImageItem[]) =>
  items.map((i) => (i.kind === 'stored' ? i.url : `file:${i.file.name}:${i.file.size}:${i.file.lastModified}`)).join('\n');
