// A story that goes live while a reader has its page open (issue 41): the page was rendered (and
// cached) without the live section, so it would never show it. An article page of a recent story
// leaves a hidden place for it (app/routes/public/article.tsx); this asks the story's live list
// every few times the live poll's period, from the browser's HTTP cache and the server's memory
// (the list is kept there with an ETag), while the tab is shown. Once the story has live coverage,
// the place becomes the live island and the title gets its 'లైవ్' mark; the island polls from then.
import { LIVE_LABEL, LIVE_POLL_SECONDS, LIVE_WATCH_HOURS } from '../../contract/articles.ts';
import type { LIVE_ROUTES } from '../../contract/live.ts';
import { ISLAND_ROUTES } from '../../contract/island-routes.ts';
import { islandRevalidate } from './call.ts';

/** Between two looks at a story that is not live: slower than the live island's own poll. */
export const LIVE_WATCH_SECONDS = LIVE_POLL_SECONDS * 2;

/** Whether a story published then is still watched for going live (stories go live while new). */
export const watched = (publishedAt: string, now = Date.now()) => now - Date.parse(publishedAt) < LIVE_WATCH_HOURS * 3600_000;

/** Adds the 'లైవ్' mark before the article's title, as the server draws it for a live story. */
export function markTitleLive(live: boolean) {
  const title = document.querySelector('.article-title');
  const mark = title?.querySelector('.live-badge');
  if (live && title && !mark) {
    const badge = document.createElement('span');
    badge.className = 'live-badge';
    badge.textContent = LIVE_LABEL;
    title.prepend(badge);
  } else if (!live) mark?.remove();
}

/** Watches the page's place for live coverage; `mount` brings the island up in it once there is some. */
export function watchForLive(place: HTMLElement, mount: (element: HTMLElement) => Promise<void>) {
  const articleId = Number(place.dataset.liveWatch);
  if (!articleId || !watched(place.dataset.published ?? '')) return;
  let etag: string | null = null;
  const look = async () => {
    if (!document.hidden) {
      try {
        const answer = await islandRevalidate<typeof LIVE_ROUTES.list>(
          ISLAND_ROUTES.liveUpdates,
          { params: { id: articleId } },
          etag,
        );
        if (answer !== 'unchanged') {
          etag = answer.etag;
          const { live, liveSince, updates, more } = answer.data;
          if (liveSince) {
            place.dataset.island = 'live';
            place.dataset.props = JSON.stringify({ articleId, live, updates, more });
            place.className = 'island';
            place.hidden = false;
            markTitleLive(live);
            await mount(place);
            return;
          }
        }
      } catch {
        // Offline or a dropped connection: the next look tries again.
      }
    }
    setTimeout(() => void look(), LIVE_WATCH_SECONDS * 1000);
  };
  setTimeout(() => void look(), LIVE_WATCH_SECONDS * 1000);
}
