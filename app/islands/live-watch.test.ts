// @vitest-environment happy-dom
// The article page's watch for a story that goes live while open (./live-watch.ts): which stories
// are watched, and the title's 'లైవ్' mark as the server draws it.
import { describe, expect, it } from 'vitest';
import { markTitleLive, watched } from './live-watch.ts';
import { LIVE_WATCH_HOURS } from '../../contract/articles.ts';

describe('the live watch', () => {
  it('watches stories published within its hours, not older ones or an unreadable date', () => {
    const now = Date.parse('2026-12-08T10:00:00Z');
    expect(watched('2026-12-08T09:59:00Z', now)).toBe(true);
    expect(watched(new Date(now - (LIVE_WATCH_HOURS * 3600_000 - 1000)).toISOString(), now)).toBe(true);
    expect(watched(new Date(now - (LIVE_WATCH_HOURS * 3600_000 + 1000)).toISOString(), now)).toBe(false);
    expect(watched('', now)).toBe(false);
  });

  it("adds the title's mark once, and takes it away when the coverage has ended", () => {
    document.body.innerHTML = '<h1 class="article-title">వార్త</h1>';
    markTitleLive(true);
    markTitleLive(true);
    const title = document.querySelector('.article-title')!;
    expect(title.querySelectorAll('.live-badge')).toHaveLength(1);
    expect(title.textContent).toBe('లైవ్వార్త');
    markTitleLive(false);
    expect(title.textContent).toBe('వార్త');
  });
});
