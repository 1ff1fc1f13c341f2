// The home page's latest-articles carousel: cards with the title over the first picture. An island
// on the home page (app/islands/), so its links are plain links: React Router is not loaded there.
import { stripTags } from '../../../contract/text.ts';
import { MESSAGES } from '../../lib/messages.ts';
import { ArticleImage, ImagePlaceholder } from './ArticleImage.tsx';
import { articlePath, type ListArticle } from './paging.ts';
import { Carousel } from './Carousel.tsx';

/** What a slide draws: the page writes only this into the island's props. */
export type LatestSlideArticle = Pick<ListArticle, 'id' | 'title' | 'images'>;

export const toLatestSlide = ({ id, title, images }: LatestSlideArticle): LatestSlideArticle => ({ id, title, images });

export function LatestCarousel({ articles }: { articles: LatestSlideArticle[] }) {
  if (articles.length === 0) return <p className="empty-text">{MESSAGES.home.noLatest}</p>;
  return (
    <Carousel
      label={MESSAGES.home.latest}
      className="latest-carousel"
      delay={4000}
      duration={600}
      slides={articles.map((article, i) => (load: boolean) => (
        <LatestSlide key={article.id} article={article} priority={i === 0} load={load} />
      ))}
    />
  );
}

function LatestSlide({ article, priority, load }: { article: LatestSlideArticle; priority: boolean; load: boolean }) {
  const cover = article.images[0];
  const title = stripTags(article.title);
  return (
    <a href={articlePath(article.id)} className="latest-slide" data-article-id={article.id}>
      {cover ? (
        <ArticleImage
          image={cover}
          alt={title}
          sizes="(min-width: 1000px) 700px, calc(100vw - 24px)"
          priority={priority}
          fetch={load ? 'now' : 'later'}
          className="latest-slide-image"
        />
      ) : (
        <ImagePlaceholder className="latest-slide-image" />
      )}
      <span className="latest-slide-title">{title}</span>
    </a>
  );
}
