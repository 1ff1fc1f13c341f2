// Article shapes on the wire and the limits of docs/product.md
// DRAFT is an unfinished article that only its author sees (never public, never in a review queue).
// SCHEDULED: approved for a publication time still ahead; public only from that time.
import type { TagRef } from './tags.ts';

export const APPROVAL_STATUSES = ['DRAFT', 'PENDING', 'REJECTED', 'APPROVED', 'SCHEDULED'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** Leads the ticker and the home page banner for breaking news (here: public bundles import no zod). */
export const BREAKING_LABEL = 'బ్రేకింగ్';

export const PREVIEW_LENGTH = 150;
/** The reporter's own summary, used as the short description: at most the preview's length. */
export const SUMMARY_MAX = PREVIEW_LENGTH;
export const MAX_ARTICLE_IMAGES = 4;
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** Width of the link-preview JPEG (og:image): 1200 px is what link previews ask for. */
export const SHARE_IMAGE_WIDTH = 1200;

export type ArticleImage = {
  /** The stored image (an edit's image order may name it). */
  id?: number;
  /** The largest variant. */
  url: string;
  width: number;
  height: number;
  /** `url w` pairs of every WebP variant, for srcset. */
  srcset: string;
  /** A JPEG up to 1200 px wide for link previews (og:image): messaging apps do not show WebP. */
  shareUrl: string;
};

export type Article = {
  id: number;
  title: string;
  author: string;
  content: string;
  youtubeVideoId: string | null;
  region: string | null;
  categories: { id: number; name: string }[];
  imageUrls: string[];
  images: ArticleImage[];
  /** Plain text, at most 150 characters: the reporter's summary, else made from the body. */
  shortDescription: string;
  /** The summary the reporter wrote (null: none); staff views only. */
  summary?: string | null;
  publicationDate: string;
  reporterName: string;
  approvalStatus: ApprovalStatus;
  /** Only for the reporter who wrote it and for admins. */
  rejectionReason?: string | null;
  /** Breaking news until this time (ISO 8601); null when not breaking. */
  breakingUntil?: string | null;
  /** The district edition's slug (contract/districts.ts); null: none. */
  district?: string | null;
  /** Live coverage: since when (ISO 8601; null: never live), and when it ended (null: still live). */
  liveSince?: string | null;
  liveEndedAt?: string | null;
  /** Topics, in the reporter's order (contract/tags.ts). */
  tags?: TagRef[];
  /** When it was last changed (ISO 8601): one public article's answer; the article page shows it when later than the publication. */
  updatedAt?: string;
  /** Staff answers only: grows by one with each saved change; a write naming an older one is refused (409). */
  version?: number;
  /** The corrections readers see ('సవరణ'), oldest first: one public article's answer. */
  corrections?: PublicCorrection[];
  /** How many notes the desk's private thread holds (contract/notes.ts): staff views only. */
  noteCount?: number;
};

/** A correction as readers see it: what was corrected, and when (ISO 8601). */
export type PublicCorrection = { text: string; createdAt: string };

/** The heading of the corrections readers see under a story (contract/notes.ts). */
export const CORRECTION_HEADING = 'సవరణ';

/** The badge of a story being covered live. */
export const LIVE_LABEL = 'లైవ్';
/** How often an open live story's page asks for new updates (a cached, ETag-checked answer). */
export const LIVE_POLL_SECONDS = 5;
/** A story's page keeps looking whether it went live for this long after its publication (app/islands/live-watch.ts). */
export const LIVE_WATCH_HOURS = 24;

/** Live now: made live and not ended. */
export const isLive = (a: Pick<Article, 'liveSince' | 'liveEndedAt'>) => Boolean(a.liveSince) && !a.liveEndedAt;

/** An article in a list that opens each one by id: everything but the body. */
export type ArticleListItem = Omit<Article, 'content'>;
