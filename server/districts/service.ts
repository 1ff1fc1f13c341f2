// District editions: the districts (data in contract/districts.ts) and each one's approved stories.
import { and, eq } from 'drizzle-orm';
import type { ServiceDeps } from '../service-deps.ts';
import { articles } from '../db/schema.ts';
import { boundedCount } from '../db/count.ts';
import { isApproved, listApproved, safePaging } from '../articles/public-service.ts';
import { notFound } from '../http/errors.ts';
import {
  DISTRICT_MESSAGES,
  DISTRICTS,
  districtBySlug,
  districtFeedPath,
  districtPath,
  type District,
} from '../../contract/districts.ts';
import type { Article } from '../../contract/articles.ts';

export const inDistrict = (slug: string) => eq(articles.district, slug);

export function createDistrictsService({ db }: Pick<ServiceDeps, 'db'>) {
  const known = (slug: string): District => {
    const district = districtBySlug(slug);
    if (!district) throw notFound(DISTRICT_MESSAGES.notFound);
    return district;
  };
  return {
    /** Every district, Andhra Pradesh first, with its page and feed. */
    list() {
      return DISTRICTS.map((d) => ({ ...d, url: districtPath(d.slug), feedUrl: districtFeedPath(d.slug) }));
    },

    /** A district by slug; unknown: 404. */
    get: known,

    /** A page (zero-based) of a district's approved stories, newest first, without bodies, and their total. */
    async articles(
      slug: string,
      requestedPage: number,
      requestedSize: number,
    ): Promise<{ district: District; articles: Article[]; total: number }> {
      const district = known(slug);
      const { page, size } = safePaging(requestedPage, requestedSize);
      const [total, list] = await Promise.all([
        boundedCount(db, articles, and(isApproved, inDistrict(slug))),
        listApproved(db, inDistrict(slug), size, page * size),
      ]);
      return { district, articles: list, total };
    },
  };
}
export type DistrictsService = ReturnType<typeof createDistrictsService>;
