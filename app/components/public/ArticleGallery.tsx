// An article's pictures: a carousel (autoplay 3 s, loop, ~800 ms transition; docs/product.md) when it
// has several, else the one picture. The first is the page's LCP image.
import type { ArticleImage as Image } from '../../../contract/articles.ts';
import { ArticleImage } from './ArticleImage.tsx';
import { Carousel } from './Carousel.tsx';

const IMAGE_SIZES = '(min-width: 1000px) 760px, calc(100vw - 24px)';

export function ArticleGallery({ title, images }: { title: string; images: Image[] }) {
  if (images.length === 0) return null;
  if (images.length === 1) {
    return (
      <figure className="article-figure">
        <ArticleImage image={images[0]} alt={title} sizes={IMAGE_SIZES} priority className="article-image" />
      </figure>
    );
  }
  return (
    <Carousel
      label={title}
      className="article-carousel"
      delay={3000}
      duration={22}
      slides={images.map((image, i) => (
        <ArticleImage
          key={image.url}
          image={image}
          alt={title}
          sizes={IMAGE_SIZES}
          priority={i === 0}
          className="article-image"
        />
      ))}
    />
  );
}
