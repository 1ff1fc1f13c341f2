// Search of approved articles: GET /api/public/articles/search?query&page=0&size=5. Rules in ./service.ts.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services.ts';
import { publicRead, setTotalCount, typed } from '../http/openapi.ts';
import { PublicPageQuery } from '../articles/public-service.ts';
import { ArticleSchema, pageOf } from '../../contract/articles.schema.ts';
import { SEARCH_EXACT_TOTAL } from '../../contract/search.ts';

const exactUpTo = SEARCH_EXACT_TOTAL.toLocaleString('en');

const SearchQuery = PublicPageQuery.extend({
  // Repeated `query` parameters are read as one query, words joined.
  query: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((q) => (Array.isArray(q) ? q.join(' ') : (q ?? ''))),
});

export async function searchRoutes(app: FastifyInstance, { services }: { services: Services }) {
  publicRead(
    typed(app),
    '/public/articles/search',
    {
      tags: ['search'],
      summary: 'Search approved articles (Telugu, or Telugu typed in English letters); X-Total-Count: matches',
      description:
        'Articles with every query word, those with more of the words in the title first, newest first within. ' +
        `totalElements and X-Total-Count are exact up to ${exactUpTo}; above, an estimate, never below ` +
        `${(SEARCH_EXACT_TOTAL + 1).toLocaleString('en')} (docs/api.md).`,
      querystring: SearchQuery,
      response: pageOf(ArticleSchema),
    },
    async (request, reply) => {
      const { query, page, size } = request.query;
      const result = await services.search.search(query, page, size);
      setTotalCount(reply, result.totalElements);
      return result;
    },
  );
}
