// A live story's updates, newest first. An island on the article page (app/islands/): while the
// story is live it asks for the list every few seconds with the ETag of the last answer, so a
// waiting reader costs the server a 304 from memory (or nothing, behind a CDN), never a render; the
// page's own HTML stays cached. It stops when the tab is hidden and when the coverage ends. The page
// and each answer carry only the newest updates (contract/live.ts's LIVE_PAGE_SIZE); older ones
// come a page at a time on 'పాత అప్‌డేట్‌లు' (a tap before the island is alive is replayed).
import { useEffect, useRef, useState } from 'react';
import { LIVE_LABEL, LIVE_POLL_SECONDS } from '../../../contract/articles.ts';
import type { LIVE_ROUTES, LiveUpdate } from '../../../contract/live.ts';
import { ISLAND_ROUTES } from '../../../contract/island-routes.ts';
import { islandCall, islandRevalidate } from '../../islands/call.ts';
import { MESSAGES } from '../../lib/messages.ts';
import { formatDate, formatTime } from './format.ts';

const T = MESSAGES.live;

export type LiveUpdatesProps = { articleId: number; live: boolean; updates: LiveUpdate[]; more: boolean };
type Shown = { live: boolean; updates: LiveUpdate[]; more: boolean };

/**
 * The reader's list after a poll answered `next` (the newest page as it is now): the page replaces
 * what the reader holds from its oldest update up (edits, deletions), the older ones loaded stay.
 * When the page no longer reaches what the reader holds (a page of updates came between two polls),
 * the page alone is shown and older ones can be loaded again.
 */
export function mergeNewest(held: Shown, next: Shown): Shown {
  const oldest = next.updates.at(-1)?.id;
  if (!next.more || oldest === undefined) return next;
  const below = held.updates.filter((u) => u.id < oldest);
  const reaches = held.updates.some((u) => u.id >= oldest);
  if (!reaches || below.length === 0) return next;
  return { live: next.live, updates: [...next.updates, ...below], more: held.more };
}

/** Polls the newest page while the story is live; says how many updates arrived. */
function useNewest(articleId: number, live: boolean, shown: Shown, setShown: (update: (held: Shown) => Shown) => void) {
  const [fresh, setFresh] = useState(0);
  const etag = useRef<string | null>(null);
  useEffect(() => {
    if (!live) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const seen = new Set(shown.updates.map((u) => u.id));
    async function poll() {
      if (stopped) return;
      if (!document.hidden) {
        try {
          const answer = await islandRevalidate<typeof LIVE_ROUTES.list>(
            ISLAND_ROUTES.liveUpdates,
            { params: { id: articleId } },
            etag.current,
          );
          if (answer !== 'unchanged') {
            etag.current = answer.etag;
            const next = answer.data;
            const added = next.updates.filter((u) => !seen.has(u.id)).length;
            next.updates.forEach((u) => seen.add(u.id));
            if (added) setFresh(added);
            setShown((held) => mergeNewest(held, next));
            if (!next.live) return;
          }
        } catch {
          // Offline or a dropped connection: the next turn tries again.
        }
      }
      if (!stopped) timer = setTimeout(() => void poll(), LIVE_POLL_SECONDS * 1000);
    }
    timer = setTimeout(() => void poll(), LIVE_POLL_SECONDS * 1000);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // Started once per story while it is live; the list it holds is read through `seen`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [articleId, live]);
  return fresh;
}

export function LiveUpdates({ articleId, live: liveAtRender, updates: first, more: moreAtRender }: LiveUpdatesProps) {
  const [shown, setShown] = useState<Shown>({ live: liveAtRender, updates: first, more: moreAtRender });
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const fresh = useNewest(articleId, shown.live, shown, setShown);

  async function older() {
    const before = shown.updates.at(-1)?.id;
    if (loading || before === undefined) return;
    setLoading(true);
    setFailed(false);
    try {
      const page = await islandCall<typeof LIVE_ROUTES.list>(ISLAND_ROUTES.liveUpdates, {
        params: { id: articleId },
        query: { before },
      });
      setShown((held) => {
        const oldest = held.updates.at(-1)?.id ?? Infinity;
        return { ...held, updates: [...held.updates, ...page.updates.filter((u) => u.id < oldest)], more: page.more };
      });
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  return (
    <section className="live-updates" aria-labelledby="live-heading" data-live-state={shown.live ? 'live' : 'ended'}>
      <h2 id="live-heading" className="section-heading">
        {shown.live && <span className="live-badge">{LIVE_LABEL}</span>}
        {T.heading}
      </h2>
      <p className="visually-hidden" aria-live="polite">
        {fresh ? T.fresh(fresh) : ''}
      </p>
      {!shown.live && <p className="live-ended">{T.ended}</p>}
      {shown.updates.length === 0 ? (
        <p className="empty-text">{T.none}</p>
      ) : (
        <ol className="live-list">
          {shown.updates.map((u) => (
            <li key={u.id} className="live-update" data-update-id={u.id}>
              <time dateTime={u.createdAt}>
                {formatTime(u.createdAt)} <span className="live-date">{formatDate(u.createdAt)}</span>
              </time>
              {/* Sanitised by the server when it was written (sanitizeArticleHtml). */}
              <div className="live-update-content" dangerouslySetInnerHTML={{ __html: u.content }} />
            </li>
          ))}
        </ol>
      )}
      {failed && (
        <p className="form-error" role="alert">
          {T.olderFailed}
        </p>
      )}
      {shown.more && (
        <p className="load-more">
          <button type="button" className="load-more-button" onClick={() => void older()} disabled={loading} aria-busy={loading}>
            {T.older}
          </button>
        </p>
      )}
    </section>
  );
}
