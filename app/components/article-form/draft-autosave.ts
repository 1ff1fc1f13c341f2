// Autosave of the reporter's article form as a draft (server/articles/drafts.ts).
//
// - Every change is kept in the browser at once (./draft-storage.ts).
// - A save goes to the server AUTOSAVE_DELAY_MS after typing stops, and at once (a keepalive
//   fetch, text only) when the page is hidden or closed. New image files go with the next
//   ordinary save, in their place in the picture order, and are then stored images (uploaded once).
// - Each save names the version it was based on; a 409 means another tab or device saved after
//   us: the screen offers the newer draft instead of overwriting it.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ArticlePayload } from '../../../contract/article-form.ts';
import { DRAFT_MESSAGES, type Draft, type DraftConflict } from '../../../contract/drafts.ts';
import { API_BASE, ApiRequestError, call, formOf } from '../../lib/api.ts';
import type { ApiError } from '../../../contract/errors.ts';
import { pathOf } from '../../../contract/route.ts';
import { DRAFT_ROUTES } from '../../../contract/reporter.ts';
import { imageOrderOf, imagesSignature, storedUrls, type ImageItem } from './image-list.ts';
import { clearLocalDraft, writeLocalDraft, type LocalDraft } from './draft-storage.ts';

export const AUTOSAVE_DELAY_MS = 3000;
const RETRY_MS = 15_000;

/** An ordinary save: the first creates the draft, the next ones save it by the version last read. */
const sendSave = (id: number | null, form: FormData): Promise<Draft> =>
  id === null ? call(DRAFT_ROUTES.create, { form }) : call(DRAFT_ROUTES.save, { params: { id }, form });

/**
 * The save sent as the page is hidden or closed: a keepalive request (call() has no keepalive), so it
 * outlives the page; its answer may never be read. Only an existing draft is saved so (see save()).
 */
async function sendOnClose(id: number, form: FormData): Promise<Draft> {
  const route = DRAFT_ROUTES.save;
  const response = await fetch(`${API_BASE}${pathOf(route.path, { id })}`, {
    method: route.method,
    body: form,
    credentials: 'include',
    keepalive: true,
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = body && typeof body === 'object' && 'message' in body ? (body as ApiError) : null;
    throw new ApiRequestError(response.status, `HTTP error! status: ${response.status}`, error);
  }
  return route.response.parse(body);
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
const signature = (values: ArticlePayload, images: readonly ImageItem[]) => JSON.stringify([values, imagesSignature(images)]);

/**
 * A save's request: the form as the server takes it, the picture order sent and the files it
 * uploads. A keepalive request carries at most 64 KB: text only, new pictures wait for the next save.
 */
function draftRequest(
  values: ArticlePayload,
  list: readonly ImageItem[],
  version: number,
  storedAs: (file: File) => string | undefined,
  keepalive: boolean,
) {
  const built = imageOrderOf(list, storedAs);
  const order = keepalive ? built.order.filter((entry) => typeof entry !== 'object') : built.order;
  const files = keepalive ? [] : built.files;
  const form = formOf(DRAFT_ROUTES.save, { article: { ...values, version, imageOrder: order } }, { images: files });
  return { form, order, files };
}

/** The files a save uploaded, with their URLs: the server kept the order sent, so the n-th URL is the n-th place sent. */
function storedFiles({ order, files }: ReturnType<typeof draftRequest>, imageUrls: readonly string[]): Map<File, string> {
  const stored = new Map<File, string>();
  if (imageUrls.length === order.length)
    order.forEach((entry, i) => {
      if (typeof entry === 'object') stored.set(files[entry.upload], imageUrls[i]);
    });
  return stored;
}

/** The pictures with the uploaded files in place as the stored images they now are. */
const withStored = (list: readonly ImageItem[], stored: Map<File, string>) =>
  list.map((item): ImageItem => {
    const url = item.kind === 'new' ? stored.get(item.file) : undefined;
    return url ? { kind: 'stored', url } : item;
  });

/** Why a save failed: refused (a stale save brings the newer draft), or no answer (tried again later). */
function failureOf(error: unknown): { reason: string; newer?: Draft; retry?: true } {
  if (!(error instanceof ApiRequestError)) return { reason: DRAFT_MESSAGES.offline, retry: true };
  const refused = error.body as (ApiError & Partial<DraftConflict>) | null;
  const newer = error.status === 409 && refused?.draft ? refused.draft : undefined;
  return { reason: refused?.message ?? error.message, ...(newer ? { newer } : {}) };
}

/** Saves at once when the page is hidden or closed (a keepalive save) and when the network is back. */
function useSaveOnLeave(enabled: boolean, save: (keepalive?: boolean) => Promise<void>, onEnd: () => void) {
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
      onEnd();
    };
  }, [enabled, save, onEnd]);
}

/** What the server has of the draft: its id and version, the files it stored and the form as it last confirmed it. */
function useServerCopy(start: DraftStart, values: ArticlePayload, images: readonly ImageItem[]) {
  const draftId = useRef<number | null>(start.draftId);
  const version = useRef(start.version);
  // Files a save has stored, with their URLs: the form's list may not have caught up when a submit
  // follows at once.
  const uploaded = useRef(new WeakMap<File, string>());
  // The form as the server last confirmed it (the start counts as confirmed); state too, so the
  // screen knows whether the latest text is saved.
  const savedSignature = useRef(start.unsent ? '' : signature(values, images));
  const [saved, setSaved] = useState(savedSignature.current);
  const confirm = useCallback((value: string) => {
    savedSignature.current = value;
    setSaved(value);
  }, []);
  return { draftId, version, uploaded, savedSignature, saved, confirm };
}

export function useDraftAutosave(opts: {
  enabled: boolean;
  start: DraftStart;
  values: ArticlePayload;
  /** The form's pictures in order: the draft's stored ones and files not yet uploaded. */
  images: ImageItem[];
  /** The files a save uploaded are now stored images (file -> its URL): the form swaps them in. */
  onUploaded(stored: Map<File, string>): void;
}) {
  const { enabled, values, images, onUploaded } = opts;
  const [status, setStatus] = useState<SaveStatus>({ state: 'idle' });
  const [conflict, setConflict] = useState<Draft | null>(null);
  const { draftId, version, uploaded, savedSignature, saved, confirm } = useServerCopy(opts.start, values, images);
  const latest = useRef({ values, images });
  latest.current = { values, images };
  const inFlight = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const stopped = useRef(false);
  const first = useRef(true);

  const remember = useCallback(
    (extra: Partial<LocalDraft> = {}) => {
      writeLocalDraft({
        draftId: draftId.current,
        version: version.current,
        values: latest.current.values,
        imageUrls: storedUrls(latest.current.images),
        dirty: dirty.current,
        ...extra,
      });
    },
    [draftId, version],
  );

  const save = useCallback(
    async (keepalive = false): Promise<void> => {
      if (!enabled || stopped.current || !dirty.current) return;
      if (inFlight.current) {
        again.current = true;
        return inFlight.current;
      }
      const { values: v, images: list } = latest.current;
      if (draftId.current === null && isEmpty(v) && list.length === 0) return;
      // A draft created by a request whose answer never arrives (the page is closing) would be
      // created again on reopening: before the first save the text stays in this browser only.
      if (keepalive && draftId.current === null) return;
      const id = draftId.current;
      const request = draftRequest(v, list, version.current, (file) => uploaded.current.get(file), keepalive);
      dirty.current = false;
      if (keepalive) remember({ dirty: true, closeSent: id !== null });
      setStatus({ state: 'saving' });
      const run = (async () => {
        try {
          const body = keepalive && id !== null ? await sendOnClose(id, request.form) : await sendSave(id, request.form);
          draftId.current = body.id;
          version.current = body.version;
          const stored = storedFiles(request, body.imageUrls);
          for (const [file, url] of stored) uploaded.current.set(file, url);
          confirm(signature(v, keepalive ? list : withStored(list, stored)));
          if (stored.size) onUploaded(stored);
          setStatus({ state: 'saved' });
          remember();
        } catch (error) {
          dirty.current = true;
          const failure = failureOf(error);
          if (failure.newer) {
            setConflict(failure.newer);
            stopped.current = true;
          }
          setStatus({ state: 'failed', reason: failure.reason });
          remember();
          if (failure.retry) {
            clearTimeout(timer.current);
            timer.current = setTimeout(() => void save(), RETRY_MS);
          }
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
    [enabled, onUploaded, remember, draftId, version, uploaded, confirm],
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
    if (signature(values, images) === savedSignature.current) return;
    dirty.current = true;
    remember();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
  }, [enabled, values, images, remember, save, savedSignature]);

  const stopTimer = useCallback(() => clearTimeout(timer.current), []);
  useSaveOnLeave(enabled, save, stopTimer);

  return {
    status,
    conflict,
    /** The latest text (and pictures) are not yet on the server. */
    unsaved: enabled && signature(values, images) !== saved,
    /** Before submitting: the last save has finished; the draft's id and version to submit with. */
    async settle(): Promise<{ draftId: number | null; version: number; storedAs(file: File): string | undefined }> {
      clearTimeout(timer.current);
      if (inFlight.current) await inFlight.current;
      return { draftId: draftId.current, version: version.current, storedAs: (file) => uploaded.current.get(file) };
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
