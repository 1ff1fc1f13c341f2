// The import's first pass over the export: what posts refer to (authors, categories, attachments),
// small enough to keep in memory while the second pass imports the posts one by one.
import { readWxr, type WxrAuthor, type WxrCategory } from './wxr.ts';
import { flattenCategories } from './categories.ts';
import { loginOf } from './reporters.ts';

export type References = {
  /** By login as the site spells it (loginOf). */
  authors: Map<string, WxrAuthor>;
  /** A category's full name, its parents' before its own, by its nicename (./categories.ts). */
  categoryNames: Map<string, string>;
  /** An attachment's file URL by its post id. */
  attachments: Map<number, string>;
  /** The attachments of each post, by the post's id (for a gallery of "the attached pictures"). */
  attachedTo: Map<number, number[]>;
  /** The posts that are not attachments: the progress counts to this. */
  total: number;
};

export async function readReferences(file: string): Promise<References> {
  const authors = new Map<string, WxrAuthor>();
  const categoryList: WxrCategory[] = [];
  const attachments = new Map<number, string>();
  const attachedTo = new Map<number, number[]>();
  let total = 0;
  for await (const entry of readWxr(file)) {
    if (entry.kind === 'author')
      authors.set(loginOf(entry.author.login), { ...entry.author, login: loginOf(entry.author.login) });
    else if (entry.kind === 'category') categoryList.push(entry.category);
    else if (entry.item.postType === 'attachment') {
      const url = entry.item.attachmentUrl || entry.item.guid;
      attachments.set(entry.item.postId, url);
      if (entry.item.postParent > 0) {
        const list = attachedTo.get(entry.item.postParent) ?? [];
        list.push(entry.item.postId);
        attachedTo.set(entry.item.postParent, list);
      }
    } else total++;
  }
  return { authors, categoryNames: flattenCategories(categoryList), attachments, attachedTo, total };
}
