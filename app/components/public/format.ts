// Small pure helpers shared by the public pages (server and browser).
import { SHARE_IMAGE_WIDTH, type ArticleImage } from '../../../contract/articles.ts';

// India has kept +05:30 with no daylight saving since 1945, so the date is plain arithmetic: an
// Intl.DateTimeFormat made the server load ICU's date data (docs/performance.md).
const INDIA_OFFSET_MS = 330 * 60_000;
const two = (n: number) => String(n).padStart(2, '0');

/** dd/mm/yyyy in India's time zone, the same on the server and in the browser. */
export function formatDate(iso: string): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  const india = new Date(time + INDIA_OFFSET_MS);
  return `${two(india.getUTCDate())}/${two(india.getUTCMonth() + 1)}/${india.getUTCFullYear()}`;
}

/** hh:mm in India's time zone (24-hour), the same on the server and in the browser. */
export function formatTime(iso: string): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  const india = new Date(time + INDIA_OFFSET_MS);
  return `${two(india.getUTCHours())}:${two(india.getUTCMinutes())}`;
}

/**
 * A moment as people read it everywhere on the site (article pages, lists, queues, drafts, history):
 * the date and the time to the minute in India's time zone, `28/11/2026 18:05 IST`.
 */
export function formatDateTime(iso: string): string {
  const date = formatDate(iso);
  return date && `${date} ${formatTime(iso)} IST`;
}

/** PUBLIC_URL + path; keeps already absolute URLs. */
export function absoluteUrl(publicUrl: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${publicUrl.replace(/\/+$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** The picture link previews use: a JPEG up to 1200 px wide (messaging apps do not show WebP). */
export function shareImage(image: ArticleImage): { url: string; width: number; height: number } {
  const width = Math.min(image.width, SHARE_IMAGE_WIDTH);
  return { url: image.shareUrl, width, height: Math.round((width * image.height) / Math.max(image.width, 1)) };
}

/** The youtube-nocookie embed only for a well-formed 11-character id. */
export function youtubeEmbedUrl(id: string | null | undefined): string | null {
  return id && /^[A-Za-z0-9_-]{11}$/.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
}
