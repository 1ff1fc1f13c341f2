// The admin review screen's history: 'Changes since rejection' of a resubmitted article (a
// word-level diff of title and content, images added and removed, categories changed) and the
// revision list with a Restore button (the restore is itself a new revision) and, on request, the
// word diff of each revision against the one before it.
import { Fragment, useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { htmlToText, wordDiff, type DiffPart } from '../../../contract/word-diff.ts';
import type { Article } from '../../../contract/articles.ts';
import type { ChangesSinceRejection as Changes, Revision, RevisionSummary } from '../../../contract/drafts.ts';
import { failureText } from './feedback.ts';
import { ConfirmModal, useConfirm } from '../form/ConfirmModal.tsx';

const RESTORE = { title: 'Restore revision', confirm: 'Restore this version', busy: 'Restoring...' };
import {
  ChangesSinceRejectionSchema,
  ReviewResultSchema,
  RevisionSchema,
  RevisionSummaryListSchema,
} from '../../../contract/articles.schema.ts';

/**
 * A removed word and the word that replaced it are never drawn touching: the browser would shape
 * them as one word and could join their letters into a conjunct found in neither version
 * (హైదరాబాద్ + వర్షం → ద్వ). A space between them ends the cluster.
 */
function Diff({ parts }: { parts: DiffPart[] }) {
  return (
    <>
      {parts.map((p, i) => {
        const prev = parts[i - 1];
        const apart = prev !== undefined && prev.kind !== 'same' && p.kind !== 'same';
        return (
          <Fragment key={i}>
            {apart && <span className="diff-gap"> </span>}
            {p.kind === 'added' ? <ins>{p.text}</ins> : p.kind === 'removed' ? <del>{p.text}</del> : <span>{p.text}</span>}
          </Fragment>
        );
      })}
    </>
  );
}

export function ChangesSinceRejection({ articleId, refresh }: { articleId: number; refresh: number }) {
  const [changes, setChanges] = useState<Changes | undefined>(undefined);
  useEffect(() => {
    let cancelled = false;
    api(`/admin/articles/${articleId}/changes-since-rejection`, ChangesSinceRejectionSchema)
      .then((r) => !cancelled && setChanges(r.changes))
      .catch(() => !cancelled && setChanges(null));
    return () => {
      cancelled = true;
    };
  }, [articleId, refresh]);
  if (!changes) return null;
  const { before, after } = changes;
  const addedImages = after.imageUrls.filter((u) => !before.imageUrls.includes(u));
  const removedImages = before.imageUrls.filter((u) => !after.imageUrls.includes(u));
  // Pictures removed since the rejection are deleted with their files: listed by number only.
  const goneImages = before.imagesNoLongerStored;
  const names = (r: Revision) => r.categories.map((c) => c.name);
  const addedCats = names(after).filter((n) => !names(before).includes(n));
  const removedCats = names(before).filter((n) => !names(after).includes(n));
  const titleChanged = before.title !== after.title;
  const contentBefore = htmlToText(before.content);
  const contentAfter = htmlToText(after.content);
  const nothing =
    !titleChanged &&
    contentBefore === contentAfter &&
    !addedImages.length &&
    !removedImages.length &&
    !goneImages &&
    !addedCats.length &&
    !removedCats.length;
  return (
    <section className="changes-since-rejection" aria-labelledby="changes-heading">
      <h2 id="changes-heading">Changes since rejection</h2>
      {nothing && <p>No changes since the rejection.</p>}
      <TextChanges before={before} after={after} testId="" />
      {(addedCats.length > 0 || removedCats.length > 0) && (
        <div className="diff-block">
          <h3>Categories</h3>
          {removedCats.length > 0 && (
            <p>
              Removed: <del>{removedCats.join(', ')}</del>
            </p>
          )}
          {addedCats.length > 0 && (
            <p>
              Added: <ins>{addedCats.join(', ')}</ins>
            </p>
          )}
        </div>
      )}
      {(addedImages.length > 0 || removedImages.length > 0 || goneImages > 0) && (
        <div className="diff-block">
          <h3>Images</h3>
          {addedImages.length > 0 && <ImageList label="Added" urls={addedImages} />}
          {(removedImages.length > 0 || goneImages > 0) && <ImageList label="Removed" urls={removedImages} gone={goneImages} />}
        </div>
      )}
    </section>
  );
}

/** Word diffs of the title and the content, where they changed. */
function TextChanges({ before, after, testId }: { before: Revision; after: Revision; testId: string }) {
  const contentBefore = htmlToText(before.content);
  const contentAfter = htmlToText(after.content);
  return (
    <>
      {before.title !== after.title && (
        <div className="diff-block">
          <h3>Title</h3>
          <p lang="te" className="word-diff" data-testid={`${testId}title-diff`}>
            <Diff parts={wordDiff(before.title, after.title)} />
          </p>
        </div>
      )}
      {contentBefore !== contentAfter && (
        <div className="diff-block">
          <h3>Content</h3>
          <p lang="te" className="word-diff" data-testid={`${testId}content-diff`}>
            <Diff parts={wordDiff(contentBefore, contentAfter)} />
          </p>
        </div>
      )}
    </>
  );
}

/** What one revision changed in the text, beside the revision before it (loaded when asked). */
function RevisionChanges({ articleId, revisionId, previousId }: { articleId: number; revisionId: number; previousId: number }) {
  const [pair, setPair] = useState<{ before: Revision; after: Revision } | 'failed' | null>(null);
  useEffect(() => {
    let cancelled = false;
    Promise.all([
      api(`/articles/${articleId}/revisions/${previousId}`, RevisionSchema),
      api(`/articles/${articleId}/revisions/${revisionId}`, RevisionSchema),
    ]).then(
      ([before, after]) => !cancelled && setPair({ before, after }),
      () => !cancelled && setPair('failed'),
    );
    return () => {
      cancelled = true;
    };
  }, [articleId, revisionId, previousId]);
  if (pair === null) return <p>Loading changes...</p>;
  if (pair === 'failed')
    return (
      <p className="form-error" role="alert">
        Could not load the changes.
      </p>
    );
  const same = pair.before.title === pair.after.title && htmlToText(pair.before.content) === htmlToText(pair.after.content);
  return (
    <div className="revision-changes">
      {same ? <p>The title and content did not change.</p> : <TextChanges {...pair} testId="revision-" />}
    </div>
  );
}

/** Added or removed pictures; `gone` more removed ones whose files were deleted with them. */
function ImageList({ label, urls, gone = 0 }: { label: 'Added' | 'Removed'; urls: string[]; gone?: number }) {
  const Mark = label === 'Added' ? 'ins' : 'del';
  return (
    <div>
      <p>
        {label}: <Mark>{urls.length + gone === 1 ? '1 picture' : `${urls.length + gone} pictures`}</Mark>
      </p>
      <ul className="image-previews">
        {urls.map((u, i) => (
          <li key={u}>
            <img src={u} alt={`${label} image ${i + 1}`} />
          </li>
        ))}
        {Array.from({ length: gone }, (_, i) => (
          <li key={`gone-${i}`} className="image-gone">
            A removed picture (its file is no longer stored)
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The newsroom works in India time, whatever the browser's zone. Made on first use: the server
 * imports this screen with every page, and a DateTimeFormat costs it ~8 MB of ICU data.
 */
let indiaTimeFormat: Intl.DateTimeFormat | undefined;
const indiaTime = {
  format: (date: Date) =>
    (indiaTimeFormat ??= new Intl.DateTimeFormat('en-IN', {
      timeZone: 'Asia/Kolkata',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    })).format(date),
};

const KIND_LABELS: Record<RevisionSummary['kind'], string> = {
  CREATE: 'Written',
  EDIT: 'Edited',
  RESUBMIT: 'Resubmitted',
  RESTORE: 'Restored',
};

export function RevisionHistory({
  articleId,
  refresh,
  onRestored,
}: {
  articleId: number;
  refresh: number;
  onRestored(article: Article): void;
}) {
  const [revisions, setRevisions] = useState<RevisionSummary[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [shown, setShown] = useState<number | null>(null); // the revision whose changes are open
  useEffect(() => {
    let cancelled = false;
    api(`/articles/${articleId}/revisions`, RevisionSummaryListSchema)
      .then((list) => !cancelled && setRevisions(list))
      .catch(() => !cancelled && setRevisions([]));
    return () => {
      cancelled = true;
    };
  }, [articleId, refresh]);

  // Asked on the page first (never window.confirm): a restore replaces the current text.
  const asking = useConfirm<RevisionSummary>();

  async function restore(revision: RevisionSummary) {
    setBusy(true);
    try {
      const result = await api(`/admin/articles/${articleId}/revisions/${revision.id}/restore`, ReviewResultSchema, {
        method: 'POST',
      });
      setMessage({ ok: true, text: result.message });
      onRestored(result.article);
    } catch (e) {
      setMessage({ ok: false, text: `Error restoring revision: ${failureText(e)}` });
    } finally {
      setBusy(false);
      asking.modal.onCancel();
    }
  }

  if (!revisions || revisions.length === 0) return null;
  return (
    <section className="revision-history" aria-labelledby="history-heading">
      <h2 id="history-heading">Revision history</h2>
      {message && (
        <p className={message.ok ? 'form-success' : 'form-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
      <ol>
        {revisions.map((r, i) => (
          <li key={r.id}>
            <span>
              {KIND_LABELS[r.kind]} by {r.editor.name ?? 'a deleted account'} on {indiaTime.format(new Date(r.createdAt))} IST
              {r.changed.length > 0 && <> — {r.changed.join(', ')}</>}
            </span>{' '}
            {i < revisions.length - 1 && (
              <button
                type="button"
                className="secondary"
                aria-expanded={shown === r.id}
                onClick={() => setShown(shown === r.id ? null : r.id)}
              >
                {shown === r.id ? 'Hide changes' : 'Show changes'}
              </button>
            )}{' '}
            {i > 0 && (
              <button type="button" className="secondary" disabled={busy} onClick={() => asking.ask(r)}>
                Restore
              </button>
            )}
            {shown === r.id && <RevisionChanges articleId={articleId} revisionId={r.id} previousId={revisions[i + 1].id} />}
          </li>
        ))}
      </ol>
      <ConfirmModal {...asking.modal} words={RESTORE} busy={busy} onConfirm={() => asking.item && void restore(asking.item)}>
        <p>
          Restore the version of {asking.item ? indiaTime.format(new Date(asking.item.createdAt)) : ''} IST? The current text
          stays in the history.
        </p>
      </ConfirmModal>
    </section>
  );
}
