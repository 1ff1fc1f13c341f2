// District editions on the wire (contract/route.ts). Kept apart from ./districts.ts, which the home
// page's island imports without zod.
import { z } from 'zod';
import { routeGroup } from './route-group.ts';
import { ArticleListSchema, PublicPageQuery } from './articles.schema.ts';
import { ISLAND_ROUTES } from './island-routes.ts';

export const DistrictSchema = z
  .object({
    slug: z.string(),
    te: z.string().meta({ description: 'Telugu name' }),
    en: z.string().meta({ description: 'English name' }),
    state: z.enum(['AP', 'TG']).meta({ description: 'AP: Andhra Pradesh, TG: Telangana' }),
    url: z.string(),
    feedUrl: z.string(),
  })
  .meta({ id: 'District' });

/** `/:slug` of a district (contract/districts.ts names them; an unknown one is 404). */
export const DistrictSlugParam = z.object({ slug: z.string().max(100) });

const tags = ['districts (public)'];
const reader = routeGroup({ tags, access: 'public', cache: 'public-read' });

export const DISTRICT_ROUTES = {
  list: reader.get('/public/districts', {
    summary: 'The 26 districts of Andhra Pradesh and the 33 of Telangana',
    response: z.array(DistrictSchema),
  }),
  articles: reader.at(ISLAND_ROUTES.districtArticles, {
    summary: "A district's approved stories, newest first (X-Total-Count: how many); unknown district: 404",
    params: DistrictSlugParam,
    query: PublicPageQuery,
    response: ArticleListSchema,
  }),
};
