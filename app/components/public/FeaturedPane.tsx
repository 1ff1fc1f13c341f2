// A featured category pane: 'తాజా' + the category name, then titles and short descriptions as
// plain text (every HTML tag stripped, docs/product.md Home details).
import { stripTags } from '../../../contract/text.ts';
import { ArticleImage, ImagePlaceholder } from './ArticleImage.tsx';
import { articlePath, LiveBadge, type ListArticle } from './ArticleList.tsx';
import { MESSAGES } from '../../lib/messages.ts';
import { PageLink } from '../PageLink.tsx';

export type FeaturedSection = { category: { id: number; name: string }; articles: ListArticle[] };

export function FeaturedPane({ section, headingLevel = 2 }: { section: FeaturedSection | undefined; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  if (!section || section.articles.length === 0) {
    return (
      <section className="featured-pane empty">
        <p className="empty-text">{MESSAGES.home.noFeatured}</p>
      </section>
    );
  }
  const { category, articles } = section;
  return (
    <section className="featured-pane" aria-labelledby={`featured-${category.id}`}>
      <Heading id={`featured-${category.id}`} className="section-heading">
        {/* The heading is a link to the whole category: 'అన్నీ →' beside it says so (drawn by CSS from
            data-cue, so the heading's text stays 'తాజా' + the name). */}
        <PageLink
          to={`/public/articles/category/${category.id}`}
          data-cue={MESSAGES.home.allOfCategory}
        >{`${MESSAGES.home.latestWord} ${stripTags(category.name)}`}</PageLink>
      </Heading>
      <ul className="featured-list">
        {articles.map((article) => (
          <li key={article.id} className="featured-item">
            <PageLink to={articlePath(article.id)} className="featured-link">
              {article.images[0] ? (
                <ArticleImage image={article.images[0]} alt="" sizes="96px" className="featured-thumb" />
              ) : (
                <ImagePlaceholder className="featured-thumb" />
              )}
              <span className="featured-text">
                <span className="featured-title">
                  {article.live && <LiveBadge />}
                  {stripTags(article.title)}
                </span>
                {article.shortDescription && <span className="featured-summary">{stripTags(article.shortDescription)}</span>}
              </span>
            </PageLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
