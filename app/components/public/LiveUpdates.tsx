// A live story's updates, newest first. An island on the article page (app/islands/): while the
// story is live it asks for the list every few seconds with the ETag of the last answer, so a
// waiting reader costs the server a 304 from memory (or nothing, behind a CDN), never a render; the
// page's own HTML stays cached. It stops when the tab is hidden and when the coverage ends.
import { useEffect, useRef, useState } from 'react';
import { LIVE_LABEL, LIVE_POLL_SECONDS } from '../../../contract/articles.ts';
import type { LIVE_ROUTES, LiveUpdate } from '../../../contract/live.ts';
import { ISLAND_ROUTES } from '../../../contract/island-routes.ts';
import { islandRevalidate } from '../../islands/call.ts';
import { MESSAGES } from '../../lib/messages.ts';
import { formatDate, formatTime } from './format.ts';

const T = MESSAGES.live;

export type LiveUpdatesProps = { articleId: number; live: boolean; updates: LiveUpdate[] };

export function LiveUpdates({ articleId, live: liveAtRender, updates: first }: LiveUpdatesProps) {
  const [list, setList] = useState({ live: liveAtRender, updates: first });
  const [fresh, setFresh] = useState(0);
  const etag = useRef<string | null>(null);

  useEffect(() => {
    if (!list.live) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const seen = new Set(list.updates.map((u) => u.id));
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
            setList({ live: next.live, updates: next.updates });
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
  }, [articleId, list.live]);

  return (
    <section className="live-updates" aria-labelledby="live-heading" data-live-state={list.live ? 'live' : 'ended'}>
      <h2 id="live-heading" className="section-heading">
        {list.live && <span className="live-badge">{LIVE_LABEL}</span>}
        {T.heading}
      </h2>
      <p className="visually-hidden" aria-live="polite">
        {fresh ? T.fresh(fresh) : ''}
      </p>
      {!list.live && <p className="live-ended">{T.ended}</p>}
      {list.updates.length === 0 ? (
        <p className="empty-text">{T.none}</p>
      ) : (
        <ol className="live-list">
          {list.updates.map((u) => (
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
    </section>
  );
}
