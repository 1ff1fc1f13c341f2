// Autosave of the reporter's article form as a draft (server/articles/drafts.ts).
//
// - Every change is written to localStorage at once, so nothing typed is lost while the server is
//   unreachable or a save is refused; the entry is removed when the article is submitted.
// - A save goes to the server AUTOSAVE_DELAY_MS after typing stops, and at once (a keepalive
//   fetch, text only) when the page is hidden or closed. New image files go with the next
//   ordinary save and are then stored images (uploaded once).
// - Each save names the version it was based on; a 409 means another tab or device saved after
//   us: the screen offers the newer draft instead of overwriting it.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ArticlePayload } from '../../../contract/article-form.ts';
import { DRAFT_MESSAGES, type Draft, type DraftConflict } from '../../../contract/drafts.ts';
import { API_BASE } from '../../lib/api.ts';

export const AUTOSAVE_DELAY_MS = 3000;
const RETRY_MS = 15_000;
export const LOCAL_DRAFT_KEY = 'news:article-draft';

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

export function readLocalDraft(): LocalDraft | null {
  try {
    const raw = localStorage.getItem(LOCAL_DRAFT_KEY);
    return raw ? (JSON.parse(raw) as LocalDraft) : null;
  } catch {
    return null;
  }
}
function writeLocalDraft(entry: LocalDraft) {
  try {
    localStorage.setItem(LOCAL_DRAFT_KEY, JSON.stringify(entry));
  } catch {
    // Storage full or disabled: the server copy is all there is.
  }
}
export function clearLocalDraft() {
  try {
    localStorage.removeItem(LOCAL_DRAFT_KEY);
  } catch {
    // nothing to clear
  }
}

/** Where the form starts; `unsent`: text this browser kept that the server never confirmed. */
export type DraftStart = { draftId: number | null; version: number; imageUrls: string[]; unsent?: boolean };
export type SaveStatus = { state: 'idle' | 'saving' | 'saved' | 'failed'; reason?: string };

const isEmpty = (v: ArticlePayload) =>
  !v.title.trim() &&
  !v.author.trim() &&
  !v.region.trim() &&
  !v.youtubeVideoId.trim() &&
  !v.categoryIds.length &&
  !v.content.replace(/<[^>]*>/g, '').trim();

/** What a save would send: equal signatures need no save. */
const signature = (values: ArticlePayload, files: File[], imageUrls: string[]) =>
  JSON.stringify([values, files.map((f) => [f.name, f.size, f.lastModified]), imageUrls]);

export function useDraftAutosave(opts: {
  enabled: boolean;
  start: DraftStart;
  values: ArticlePayload;
  files: File[];
  /** The files a save uploaded are now stored images: the form drops them from its list. */
  onUploaded(sent: File[]): void;
}) {
  const { enabled, values, files, onUploaded } = opts;
  const [status, setStatus] = useState<SaveStatus>({ state: 'idle' });
  const [imageUrls, setImageUrls] = useState<string[]>(opts.start.imageUrls);
  const [conflict, setConflict] = useState<Draft | null>(null);
  const draftId = useRef<number | null>(opts.start.draftId);
  const version = useRef(opts.start.version);
  const latest = useRef({ values, files, imageUrls });
  latest.current = { values, files, imageUrls };
  const inFlight = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const stopped = useRef(false);
  const first = useRef(true);
  // Files a save has stored: the form's list may not have caught up when a submit follows at once.
  const uploaded = useRef(new WeakSet<File>());
  // The form as the server last confirmed it (the start counts as confirmed).
  const savedSignature = useRef(opts.start.unsent ? '' : signature(values, files, opts.start.imageUrls));

  const remember = useCallback((extra: Partial<LocalDraft> = {}) => {
    writeLocalDraft({
      draftId: draftId.current,
      version: version.current,
      values: latest.current.values,
      imageUrls: latest.current.imageUrls,
      dirty: dirty.current,
      ...extra,
    });
  }, []);

  const save = useCallback(
    async (keepalive = false): Promise<void> => {
      if (!enabled || stopped.current || !dirty.current) return;
      if (inFlight.current) {
        again.current = true;
        return inFlight.current;
      }
      const { values: v, files: f, imageUrls: kept } = latest.current;
      if (draftId.current === null && isEmpty(v) && f.length === 0) return;
      // A draft created by a request whose answer never arrives (the page is closing) would be
      // created again on reopening: before the first save the text stays in this browser only.
      if (keepalive && draftId.current === null) return;
      // A keepalive request carries at most 64 KB: text only, images wait for the next save.
      const sent = keepalive ? [] : f;
      const form = new FormData();
      form.append('article', JSON.stringify({ ...v, version: version.current, imageUrls: kept }));
      for (const file of sent) form.append('images', file, file.name);
      const url = draftId.current === null ? `${API_BASE}/articles/drafts` : `${API_BASE}/articles/drafts/${draftId.current}`;
      dirty.current = false;
      if (keepalive) remember({ dirty: true, closeSent: draftId.current !== null });
      setStatus({ state: 'saving' });
      const run = (async () => {
        try {
          const response = await fetch(url, {
            method: draftId.current === null ? 'POST' : 'PUT',
            body: form,
            credentials: 'include',
            keepalive,
          });
          const body = (await response.json().catch(() => null)) as (Draft & DraftConflict) | null;
          if (response.ok && body) {
            draftId.current = body.id;
            version.current = body.version;
            savedSignature.current = signature(
              v,
              f.filter((file) => !sent.includes(file)),
              body.imageUrls,
            );
            // A new array only when it changed: every change of these schedules a save.
            setImageUrls((current) => (current.join('\n') === body.imageUrls.join('\n') ? current : body.imageUrls));
            latest.current.imageUrls = body.imageUrls;
            for (const file of sent) uploaded.current.add(file);
            if (sent.length) onUploaded(sent);
            setStatus({ state: 'saved' });
            remember();
            return;
          }
          dirty.current = true;
          if (response.status === 409 && body?.draft) {
            setConflict(body.draft);
            stopped.current = true;
          }
          setStatus({ state: 'failed', reason: body?.message ?? `HTTP error! status: ${response.status}` });
          remember();
        } catch {
          dirty.current = true;
          setStatus({ state: 'failed', reason: DRAFT_MESSAGES.offline });
          remember();
          clearTimeout(timer.current);
          timer.current = setTimeout(() => void save(), RETRY_MS);
        } finally {
          inFlight.current = null;
        }
      })();
      inFlight.current = run;
      await run;
      if (again.current) {
        again.current = false;
        await save();
      }
    },
    [enabled, onUploaded, remember],
  );

  // Every change: kept in the browser at once, sent to the server after a pause in typing.
  useEffect(() => {
    if (!enabled) return;
    if (first.current) {
      first.current = false;
      if (!savedSignature.current) {
        // Reopened with text the server never got: send it soon.
        dirty.current = true;
        timer.current = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
      }
      return;
    }
    // The form now looks as the server has it (a save just ended): nothing to do.
    if (signature(values, files, imageUrls) === savedSignature.current) return;
    dirty.current = true;
    remember();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
  }, [enabled, values, files, imageUrls, remember, save]);

  useEffect(() => {
    if (!enabled) return;
    const onHide = () => {
      if (document.visibilityState === 'hidden') void save(true);
    };
    const onPageHide = () => void save(true);
    const onOnline = () => void save();
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('online', onOnline);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('online', onOnline);
      clearTimeout(timer.current);
    };
  }, [enabled, save]);

  return {
    status,
    conflict,
    imageUrls,
    setImageUrls,
    /** Before submitting: the last save has finished; the draft's id and version to submit with. */
    async settle(): Promise<{ draftId: number | null; version: number; imageUrls: string[]; isUploaded(file: File): boolean }> {
      clearTimeout(timer.current);
      if (inFlight.current) await inFlight.current;
      return {
        draftId: draftId.current,
        version: version.current,
        imageUrls: latest.current.imageUrls,
        isUploaded: (file) => uploaded.current.has(file),
      };
    },
    /** After a successful submit: nothing more to save or keep. */
    finish() {
      stopped.current = true;
      clearTimeout(timer.current);
      clearLocalDraft();
    },
    /** "Keep mine": save this text over the newer version. */
    overwrite() {
      if (!conflict) return;
      version.current = conflict.version;
      setConflict(null);
      stopped.current = false;
      dirty.current = true;
      void save();
    },
  };
}
