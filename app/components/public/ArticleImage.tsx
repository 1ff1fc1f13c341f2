// Every article picture: WebP variants with srcset/sizes and intrinsic width/height (no layout
// shift); only the first visible image of a page is eager and high priority.
import type { ArticleImage as Image } from '../../../contract/articles.ts';

type Props = {
  image: Image;
  alt: string;
  /** What the layout gives the image at 412 px and 1200 px viewports. */
  sizes: string;
  /** The page's LCP image. */
  priority?: boolean;
  className?: string;
};

export function ArticleImage({ image, alt, sizes, priority = false, className }: Props) {
  return (
    <img
      className={className}
      src={image.url}
      srcSet={image.srcset || undefined}
      sizes={image.srcset ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'auto' : 'async'}
    />
  );
}

/** A neutral box of the same shape when an article has no picture. */
export function ImagePlaceholder({ className }: { className?: string }) {
  return <span className={`image-placeholder ${className ?? ''}`} aria-hidden="true" />;
}
