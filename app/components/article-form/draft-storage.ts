// The browser's copy of the reporter's article form (./draft-autosave.ts): every change is kept here
// at once, so nothing typed is lost while the server is unreachable or a save is refused; the entry
// is removed when the article is submitted.
import type { ArticlePayload } from '../../../contract/article-form.ts';
import { AUTH_ROUTES } from '../../../contract/auth.ts';
import { call } from '../../lib/api.ts';

export const LOCAL_DRAFT_KEY = 'news:article-draft';
/** The account that last opened the form on this browser: whose copy to use when the server cannot say. */
const LAST_OWNER_KEY = 'news:article-draft-owner';

/** What the browser keeps of the form between visits. */
export type LocalDraft = {
  draftId: number | null;
  version: number;
  values: ArticlePayload;
  imageUrls: string[];
  /** Changes not yet confirmed by the server. */
  dirty: boolean;
  /** A keepalive save was sent on close: if it arrived the server is at version + 1 with these values. */
  closeSent?: boolean;
};

// One copy per account (`news:article-draft:<user id>`): two reporters sharing a browser never see
// each other's unsent text. Nothing is read or written until the form knows whose it is.
let owner: number | null = null;
const keyOf = (id: number) => `${LOCAL_DRAFT_KEY}:${id}`;

/** Whose copy the form keeps: the signed-in account's, or (null: the server cannot be reached) the last one's. */
export function setLocalDraftOwner(id: number | null) {
  try {
    if (id !== null) localStorage.setItem(LAST_OWNER_KEY, String(id));
    else id = Number(localStorage.getItem(LAST_OWNER_KEY)) || null;
  } catch {
    // Storage disabled: nothing is kept anyway.
  }
  owner = id;
}

/** Asks who is signed in (another reporter may have signed in since the last visit) and keeps their copy. */
export function loadLocalDraftOwner(): Promise<void> {
  return call(AUTH_ROUTES.me).then(
    (me) => setLocalDraftOwner(me.id),
    () => setLocalDraftOwner(null),
  );
}

export function readLocalDraft(): LocalDraft | null {
  if (owner === null) return null;
  try {
    const raw = localStorage.getItem(keyOf(owner));
    return raw ? (JSON.parse(raw) as LocalDraft) : null;
  } catch {
    return null;
  }
}
export function writeLocalDraft(entry: LocalDraft) {
  if (owner === null) return;
  try {
    localStorage.setItem(keyOf(owner), JSON.stringify(entry));
  } catch {
    // Storage full or disabled: the server copy is all there is.
  }
}
export function clearLocalDraft() {
  if (owner === null) return;
  try {
    localStorage.removeItem(keyOf(owner));
  } catch {
    // nothing to clear
  }
}
