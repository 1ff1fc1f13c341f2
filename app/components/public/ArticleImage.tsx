// Every article picture: WebP variants with srcset/sizes and intrinsic width/height (no layout
// shift); only the first visible image of a page is eager and high priority.
import type { ArticleImage as Image } from '../../../contract/articles.ts';
import { smallestVariant, useSaveData } from '../../lib/save-data.ts';

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
  // Save-Data: the narrowest variant only (the browser cannot pick a wider one from a srcset).
  const small = useSaveData() ? smallestVariant(image.srcset) : undefined;
  return (
    <img
      className={className}
      src={small ?? image.url}
      srcSet={small ? undefined : image.srcset || undefined}
      sizes={!small && image.srcset ? sizes : undefined}
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
