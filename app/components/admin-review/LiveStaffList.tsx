// The updates of a live story on the staff screens (LivePanel.tsx): the newest page of the public
// list, older pages on 'Older updates', and Edit and Delete on each update the caller may change.
import { useEffect, useState } from 'react';
import { call } from '../../lib/api.ts';
import { failureText } from '../dashboard/failure.ts';
import type { Article } from '../../../contract/articles.ts';
import { LIVE_ROUTES, type LiveUpdate } from '../../../contract/live.ts';
import { formatDateTime } from '../public/format.ts';

export type Notice = { ok: boolean; text: string } | null;

/** The story's updates as the panel holds them; `setUpdates` takes the panel's own posts and edits. */
export function useStaffLiveList(article: Article, setNotice: (notice: Notice) => void) {
  const [updates, setUpdates] = useState<LiveUpdate[]>([]);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const load = (before?: number) => call(LIVE_ROUTES.list, { params: { id: article.id }, query: { before }, cache: 'no-store' });

  useEffect(() => {
    if (!article.liveSince || article.approvalStatus !== 'APPROVED') return;
    load()
      .then((list) => {
        setUpdates(list.updates);
        setMore(list.more);
      })
      .catch((e: unknown) => setNotice({ ok: false, text: failureText(e) }));
    // Loaded again only for another story or a change of its live state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [article.id, article.liveSince, article.approvalStatus]);

  async function loadOlder() {
    const before = updates.at(-1)?.id;
    if (before === undefined) return;
    setLoading(true);
    try {
      const page = await load(before);
      setUpdates((held) => [...held, ...page.updates.filter((u) => u.id < before)]);
      setMore(page.more);
    } catch (e) {
      setNotice({ ok: false, text: failureText(e) });
    } finally {
      setLoading(false);
    }
  }

  return { updates, setUpdates, more, loading, loadOlder };
}

export function LiveStaffList({
  list,
  mayChange,
  busy,
  onEdit,
  onDelete,
}: {
  list: ReturnType<typeof useStaffLiveList>;
  mayChange(update: LiveUpdate): boolean;
  busy: boolean;
  onEdit(update: LiveUpdate): void;
  onDelete(update: LiveUpdate): void;
}) {
  if (list.updates.length === 0) return null;
  return (
    <>
      <ol className="live-staff-list">
        {list.updates.map((u) => (
          <li key={u.id}>
            <p className="review-hint">
              {formatDateTime(u.createdAt)} · {u.authorName}
            </p>
            {/* Sanitised by the server when it was written. */}
            <div dangerouslySetInnerHTML={{ __html: u.content }} />
            {mayChange(u) && (
              <div className="schedule-row">
                <button type="button" className="secondary" onClick={() => onEdit(u)} disabled={busy}>
                  Edit
                </button>
                <button type="button" className="secondary" onClick={() => onDelete(u)} disabled={busy}>
                  Delete
                </button>
              </div>
            )}
          </li>
        ))}
      </ol>
      {list.more && (
        <p className="schedule-row">
          <button type="button" className="secondary" onClick={() => void list.loadOlder()} disabled={list.loading}>
            Older updates
          </button>
        </p>
      )}
    </>
  );
}
