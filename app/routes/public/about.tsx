// About Us: a carousel of its pictures and its content, with the hidden credit.
import type { Route } from './+types/about';
import { servicesContext } from '../../lib/context.ts';
import { SITE_NAME, SITE_TAGLINE } from '../../lib/site.ts';
import { ArticleImage } from '../../components/public/ArticleImage.tsx';
import { Carousel } from '../../components/public/Carousel.tsx';
import { LogoWithCredit } from '../../components/public/CreditBanner.tsx';
import { pageMeta } from '../../components/public/meta.ts';
import { shareImage } from '../../components/public/format.ts';
import { stripTags, truncateGraphemes } from '../../../contract/text.ts';
import '../../styles/public.css';

export const ABOUT_TEXT = { heading: 'About Us', empty: 'The About Us page has not been written yet.' } as const;

const IMAGE_SIZES = '(min-width: 1000px) 900px, calc(100vw - 24px)';

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
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
      {about && about.images.length > 1 && (
        <Carousel
          label={ABOUT_TEXT.heading}
          className="article-carousel"
          delay={3000}
          duration={22}
          slides={about.images.map((image, i) => (
            <ArticleImage
              key={image.url}
              image={image}
              alt={`${SITE_NAME} ${i + 1}`}
              sizes={IMAGE_SIZES}
              priority={i === 0}
              className="article-image"
            />
          ))}
        />
      )}
      {about && about.images.length === 1 && (
        <figure className="article-figure">
          <ArticleImage image={about.images[0]} alt={SITE_NAME} sizes={IMAGE_SIZES} priority className="article-image" />
        </figure>
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
