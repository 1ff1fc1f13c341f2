// An article's pictures (and About Us's): a carousel (autoplay 3 s, loop, 800 ms transition;
// docs/product.md) with a '1/3' counter when there are several, else the one picture. Every
// picture is shown whole, tall ones too (contained, never cropped). The first is the page's LCP image.
import type { ArticleImage as Image } from '../../../contract/articles.ts';
import { ArticleImage } from './ArticleImage.tsx';
import { Carousel } from './Carousel.tsx';

const IMAGE_SIZES = '(min-width: 1000px) 760px, calc(100vw - 24px)';

type Props = {
  title: string;
  images: Image[];
  /** What the layout gives a picture (the article column by default). */
  sizes?: string;
  /** Each picture's alt text; the title by default. */
  alts?: string[];
};

export function ArticleGallery({ title, images, sizes = IMAGE_SIZES, alts }: Props) {
  if (images.length === 0) return null;
  const picture = (image: Image, i: number, load = true) => (
    <ArticleImage
      key={image.url}
      image={image}
      alt={alts?.[i] ?? title}
      sizes={sizes}
      priority={i === 0}
      fetch={load ? 'now' : 'later'}
      className="article-image"
    />
  );
  if (images.length === 1) return <figure className="article-figure">{picture(images[0], 0)}</figure>;
  return (
    <Carousel
      label={title}
      className="article-carousel"
      delay={3000}
      duration={800}
      counter
      slides={images.map((image, i) => (load: boolean) => picture(image, i, load))}
    />
  );
}
