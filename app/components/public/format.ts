// Small pure helpers shared by the public pages (server and browser).
import type { ArticleImage } from '../../../contract/articles.ts';

const DATE = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: 'numeric' });

/** dd/mm/yyyy in India's time zone, the same on the server and in the browser. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE.format(date);
}

/** PUBLIC_URL + path; keeps already absolute URLs. */
export function absoluteUrl(publicUrl: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${publicUrl.replace(/\/+$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;
}

/**
 * The variant link previews use: the one closest to 1280 px wide (large enough for
 * summary_large_image, small enough for messaging apps' size limits).
 */
export function shareImage(image: ArticleImage): { url: string; width: number; height: number } {
  const variants = image.srcset
    .split(',')
    .map((part) => part.trim().split(/\s+/))
    .flatMap(([url, w]) => (url && w ? [{ url, width: Number.parseInt(w, 10) }] : []))
    .filter((v) => Number.isFinite(v.width) && v.width > 0);
  if (variants.length === 0) return { url: image.url, width: image.width, height: image.height };
  const best = variants.reduce((a, b) => (Math.abs(b.width - 1280) < Math.abs(a.width - 1280) ? b : a));
  return { url: best.url, width: best.width, height: Math.round((best.width * image.height) / Math.max(image.width, 1)) };
}

/** The youtube-nocookie embed only for a well-formed 11-character id. */
export function youtubeEmbedUrl(id: string | null | undefined): string | null {
  return id && /^[A-Za-z0-9_-]{11}$/.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
}
