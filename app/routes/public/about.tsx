// About Us: a carousel of its pictures and its content, with the hidden credit.
import type { Route } from './+types/about';
import { servicesContext } from '../../lib/context.ts';
import { cacheTags, tag, type CachePolicy } from '../../lib/cache-policy.ts';
import { SITE_NAME, SITE_TAGLINE } from '../../lib/site.ts';
import { ArticleGallery } from '../../components/public/ArticleGallery.tsx';
import { LogoWithCredit } from '../../components/public/CreditBanner.tsx';
import { pageMeta } from '../../components/public/meta.ts';
import { shareImage } from '../../components/public/format.ts';
import { stripTags, truncateGraphemes } from '../../../contract/text.ts';
import { MESSAGES } from '../../lib/messages.ts';
import '../../styles/public.css';

const ABOUT_TEXT = MESSAGES.about;

const IMAGE_SIZES = '(min-width: 1000px) 900px, calc(100vw - 24px)';

// Cached by the server (server/http/ssr.ts); only a change to the page itself (untargeted) drops it.
export const cachePolicy: CachePolicy = { name: 'about', params: [] };

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  cacheTags(context, [tag.about]);
  const about = await services.about.get();
  return { about: about ? { content: about.content, images: about.images } : null, publicUrl: services.config.publicUrl };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const about = loaderData?.about;
  const text = about ? stripTags(about.content) : '';
  const cover = about?.images[0];
  return pageMeta({
    title: ABOUT_TEXT.heading,
    description: text ? truncateGraphemes(text, 160) : `${SITE_NAME}: ${SITE_TAGLINE}`,
    publicUrl: loaderData?.publicUrl ?? '',
    path: '/about-us',
    image: cover ? { ...shareImage(cover), alt: SITE_NAME } : null,
  });
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { about } = loaderData;
  return (
    <main className="page about-page">
      <LogoWithCredit />
      <h1>{ABOUT_TEXT.heading}</h1>
      {about && (
        <ArticleGallery
          title={ABOUT_TEXT.heading}
          images={about.images}
          sizes={IMAGE_SIZES}
          alts={about.images.map((_, i) => (about.images.length > 1 ? `${SITE_NAME} ${i + 1}` : SITE_NAME))}
        />
      )}
      {about ? (
        // Sanitised by the server when it was saved.
        <div className="article-content" dangerouslySetInnerHTML={{ __html: about.content }} />
      ) : (
        <p className="empty-text">{ABOUT_TEXT.empty}</p>
      )}
    </main>
  );
}
