// 'ఎక్కువ మంది చదివినవి': the five approved articles read most in the last 24 hours
// (server/readership), as server HTML on the home and article pages. Titles only: no pictures to
// download, nothing to shift the page.
import { stripTags } from '../../../contract/text.ts';
import { articlePath } from './ArticleList.tsx';
import { MESSAGES } from '../../lib/messages.ts';
import { PageLink } from '../PageLink.tsx';

export type MostReadArticle = { id: number; title: string };

export const toMostRead = ({ id, title }: MostReadArticle): MostReadArticle => ({ id, title });

export function MostRead({ articles, className }: { articles: MostReadArticle[]; className?: string }) {
  if (articles.length === 0) return null;
  return (
    <section className={`most-read ${className ?? ''}`} aria-labelledby="most-read-heading">
      <h2 id="most-read-heading" className="section-heading">
        {MESSAGES.mostRead}
      </h2>
      <ol className="most-read-list">
        {articles.map((article, i) => (
          <li key={article.id} data-article-id={article.id}>
            <span className="most-read-rank" aria-hidden="true">
              {i + 1}
            </span>
            <PageLink to={articlePath(article.id)}>{stripTags(article.title)}</PageLink>
          </li>
        ))}
      </ol>
    </section>
  );
}
