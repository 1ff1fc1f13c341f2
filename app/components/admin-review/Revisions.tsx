// The admin's history of an article: 'Changes since rejection' of a resubmitted article (a
// word-level diff of title and content, images added and removed, categories changed) and the
// revision list with, on request, the word diff of each revision against the one before it, and a
// Restore that first shows the old version (the restore is itself a new revision). The screens load
// the lists (clientLoader); a restore is the screen's clientAction (intent 'restore').
import { Fragment, useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import { call } from '../../lib/api.ts';
import { htmlToText, wordDiff, type DiffPart } from '../../../contract/word-diff.ts';
import type { ChangesSinceRejection as Changes, Revision, RevisionSummary } from '../../../contract/drafts.ts';
import { REVISION_ROUTES } from '../../../contract/revisions.ts';
import { ConfirmDialog, useConfirm } from '../dashboard/ConfirmDialog.tsx';
import { formatDateTime } from '../public/format.ts';
import type { ActResult } from './data.ts';
import type { Outcome } from '../dashboard/outcome.ts';

/**
 * A removed word and the word that replaced it are never drawn touching: the browser would shape
 * them as one word and could join their letters into a conjunct found in neither version
 * (హైదరాబాద్ + వర్షం → ద్వ). A space between them ends the cluster.
 */
/** A word diff: removed words struck, added ones underlined. */
export function Diff({ parts }: { parts: DiffPart[] }) {
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

export function ChangesSinceRejection({ changes }: { changes: Changes | null }) {
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
      call(REVISION_ROUTES.get, { params: { id: articleId, revId: previousId } }),
      call(REVISION_ROUTES.get, { params: { id: articleId, revId: revisionId } }),
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

const KIND_LABELS: Record<RevisionSummary['kind'], string> = {
  CREATE: 'Written',
  EDIT: 'Edited',
  RESUBMIT: 'Resubmitted',
  RESTORE: 'Restored',
  CORRECTION: 'Correction added',
  CORRECTION_REMOVED: 'Correction removed',
};

/** An earlier version as it was: its title and its text, before the admin restores it. */
function RevisionPreview({ articleId, revisionId }: { articleId: number; revisionId: number }) {
  const [revision, setRevision] = useState<Revision | 'failed' | null>(null);
  useEffect(() => {
    let cancelled = false;
    setRevision(null);
    call(REVISION_ROUTES.get, { params: { id: articleId, revId: revisionId } }).then(
      (r) => !cancelled && setRevision(r),
      () => !cancelled && setRevision('failed'),
    );
    return () => {
      cancelled = true;
    };
  }, [articleId, revisionId]);
  if (revision === null) return <p>Loading the version...</p>;
  if (revision === 'failed')
    return (
      <p className="form-error" role="alert">
        Could not load this version.
      </p>
    );
  return (
    <div className="revision-preview" data-testid="revision-preview">
      <h3 lang="te">{revision.title}</h3>
      {revision.categories.length > 0 && <p className="review-hint">{revision.categories.map((c) => c.name).join(', ')}</p>}
      {/* Sanitised by the server when it was written. */}
      <div lang="te" className="revision-preview-content" dangerouslySetInnerHTML={{ __html: revision.content }} />
    </div>
  );
}

export function RevisionHistory({
  articleId,
  revisions,
  version,
}: {
  articleId: number;
  revisions: RevisionSummary[];
  /** The story's version as the screen shows it: a restore names it (a newer one refuses it). */
  version?: number;
}) {
  const [shown, setShown] = useState<number | null>(null); // the revision whose changes are open
  const restoring = useFetcher<Outcome<ActResult>>();
  const busy = restoring.state !== 'idle';
  // Asked on the page first (never window.confirm), with the old version shown: a restore replaces the current text.
  const asking = useConfirm<RevisionSummary>();
  const { onCancel } = asking.dialog;
  const done = restoring.state === 'idle' ? restoring.data : undefined;
  useEffect(() => {
    if (done) onCancel();
    // Closed once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [done]);

  if (revisions.length === 0) return null;
  return (
    <section className="revision-history" aria-labelledby="history-heading">
      <h2 id="history-heading">Revision history</h2>
      {done && (
        <p className={done.ok ? 'form-success' : 'form-error'} role={done.ok ? 'status' : 'alert'}>
          {done.text}
        </p>
      )}
      <ol>
        {revisions.map((r, i) => (
          <li key={r.id}>
            <span>
              {KIND_LABELS[r.kind]} by {r.editor.name ?? 'a deleted account'} on {formatDateTime(r.createdAt)}
              {r.changed.length > 0 && <> — {r.changed.join(', ')}</>}
              {r.correction && (
                <>
                  {' '}
                  — <q lang="te">{r.correction}</q>
                </>
              )}
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
      <ConfirmDialog
        {...asking.dialog}
        title="Restore revision"
        confirmLabel="Restore this version"
        busyLabel="Restoring..."
        busy={busy}
        onConfirm={() =>
          asking.item &&
          void restoring.submit(
            { intent: 'restore', revisionId: asking.item.id, ...(version ? { version } : {}) },
            { method: 'post' },
          )
        }
      >
        <p>
          Restore the version of {asking.item ? formatDateTime(asking.item.createdAt) : ''}? The current text stays in the
          history.
        </p>
        {asking.item && <RevisionPreview articleId={articleId} revisionId={asking.item.id} />}
      </ConfirmDialog>
    </section>
  );
}
