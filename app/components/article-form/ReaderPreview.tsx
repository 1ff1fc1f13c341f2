// A story as readers will see it, before it is sent: the public article page's own parts (its
// classes and styles, ArticleGallery, YouTubeEmbed, its Telugu labels) in a dialog over the form.
// Nothing is saved or sent; the body is sanitised as the staff views sanitise it.
//
// Props (plain values, so any screen can show its form's current state):
//   open, onClose()     the dialog is shown while open; Close, Escape or the backdrop call onClose.
//   title               the headline.
//   summary?            the reporter's summary: not on the page, so shown under it as lists show it.
//   contentHtml         the body as the editor holds it (HTML).
//   author              the byline.
//   region?             the place line ('హైదరాబాద్'); district? a district edition's slug.
//   categories          the category names, the first is the kicker above the title.
//   images              the pictures in order (the first is the cover): a URL (an object URL of a
//                       chosen file, or a stored picture's URL) or a stored ArticleImage (srcset).
//   youtubeVideoId?     the 11-character id (anything else shows no video, as on the page).
//   tags?               the topics' names.
//   publishedAt?        the time shown as 'ప్రచురణ' (ISO 8601); now by default.
// A stored story's values: previewOfArticle(article).
import type { Article, ArticleImage } from '../../../contract/articles.ts';
import { districtBySlug } from '../../../contract/districts.ts';
import { Modal } from '../Modal.tsx';
import { ArticleGallery } from '../public/ArticleGallery.tsx';
import { YouTubeEmbed } from '../public/YouTubeEmbed.tsx';
import { formatDateTime } from '../public/format.ts';
import { sanitizeForView } from '../../lib/sanitize.ts';
import '../../styles/public.css';

export type PreviewImage = string | ArticleImage;

export type ReaderPreviewProps = {
  open: boolean;
  onClose(): void;
  title: string;
  summary?: string | null;
  contentHtml: string;
  author: string;
  region?: string | null;
  district?: string | null;
  categories: readonly string[];
  images: readonly PreviewImage[];
  youtubeVideoId?: string | null;
  tags?: readonly string[];
  publishedAt?: string;
};

/** The words of the preview (the public page's own Telugu where it has them). */
export const PREVIEW_TEXT = {
  dialog: 'Preview: the story as readers will see it',
  note: 'ప్రివ్యూ — పాఠకులకు ఇలా కనిపిస్తుంది (ఇంకా ప్రచురించలేదు)',
  published: 'ప్రచురణ',
  topics: 'అంశాలు',
  close: 'Close preview',
  untitled: '(శీర్షిక లేదు)',
  /** The summary is not on the page: lists and link previews show it. */
  summary: 'సారాంశం (జాబితాల్లో)',
} as const;

/** A picture URL as the page's image shape (a chosen file has no sizes yet: the gallery contains it). */
const asImage = (image: PreviewImage): ArticleImage =>
  typeof image === 'string' ? { url: image, width: 1200, height: 800, srcset: '', shareUrl: image } : image;

/** A stored story (the review screen's) as the preview takes it; published ones keep their time. */
export const previewOfArticle = (article: Article) => ({
  title: article.title,
  summary: article.summary,
  contentHtml: article.content,
  author: article.author,
  region: article.region,
  district: article.district,
  categories: article.categories.map((c) => c.name),
  images: article.images.length ? article.images : article.imageUrls,
  youtubeVideoId: article.youtubeVideoId,
  tags: article.tags?.map((t) => t.name),
  publishedAt: article.approvalStatus === 'APPROVED' ? article.publicationDate : undefined,
});

export function ReaderPreview(props: ReaderPreviewProps) {
  const { open, onClose } = props;
  return (
    <Modal open={open} onClose={onClose} title={PREVIEW_TEXT.dialog} className="reader-preview">
      <div className="reader-preview-bar">
        <p className="reader-preview-note" lang="te">
          {PREVIEW_TEXT.note}
        </p>
        <button type="button" className="secondary" onClick={onClose}>
          {PREVIEW_TEXT.close}
        </button>
      </div>
      {open && <PreviewArticle {...props} />}
    </Modal>
  );
}

function PreviewArticle({
  title,
  summary,
  contentHtml,
  author,
  region,
  district,
  categories,
  images,
  youtubeVideoId,
  tags,
  publishedAt,
}: ReaderPreviewProps) {
  const headline = title.trim() || PREVIEW_TEXT.untitled;
  const edition = district ? districtBySlug(district) : undefined;
  const when = publishedAt ?? new Date().toISOString();
  return (
    <div className="page article-page reader-preview-page" lang="te">
      <article className="article">
        {categories[0] && (
          <p className="article-kicker">
            <span>{categories[0]}</span>
          </p>
        )}
        <h1 className="article-title">{headline}</h1>
        <div className="article-meta">
          <p>
            {region?.trim() && <span className="article-region">{region}</span>}
            {edition && <span className="article-district">{edition.te}</span>}
            <span>
              {PREVIEW_TEXT.published}: <time dateTime={when}>{formatDateTime(when)}</time>
            </span>
            {author.trim() && <span className="article-author">{author}</span>}
          </p>
        </div>
        <ArticleGallery title={headline} images={images.map(asImage)} />
        <div className="article-content" dangerouslySetInnerHTML={{ __html: sanitizeForView(contentHtml) }} />
        <YouTubeEmbed videoId={youtubeVideoId ?? null} title={headline} />
        {tags && tags.length > 0 && (
          <ul className="article-tags" aria-label={PREVIEW_TEXT.topics}>
            {tags.map((t) => (
              <li key={t}>
                <span>#{t}</span>
              </li>
            ))}
          </ul>
        )}
      </article>
      {summary?.trim() && (
        <p className="reader-preview-summary">
          <strong>{PREVIEW_TEXT.summary}:</strong> {summary}
        </p>
      )}
    </div>
  );
}
