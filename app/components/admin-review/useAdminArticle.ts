// Loads one article for the admin screens (any status), with docs/product.md's 'Error fetching article: ...'.
import { useEffect, useState } from 'react';
import type { Article } from '../../../contract/articles.ts';
import { REVIEW_ERRORS } from '../../../contract/review.ts';
import { api } from '../../lib/api.ts';
import { failureText } from './feedback.ts';
import { ArticleSchema } from '../../../contract/articles.schema.ts';

export function useAdminArticle(id: string | undefined) {
  const [article, setArticle] = useState<Article | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    api(`/admin/articles/${encodeURIComponent(id ?? '')}`, ArticleSchema)
      .then((a) => !cancelled && setArticle(a))
      .catch((e) => !cancelled && setError(REVIEW_ERRORS.fetchArticle + failureText(e)));
    return () => {
      cancelled = true;
    };
  }, [id]);
  return { article, setArticle, error };
}
