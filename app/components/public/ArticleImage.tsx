// Every article picture: WebP variants with srcset/sizes and intrinsic width/height (no layout
// shift); only the first visible image of a page is eager and high priority.
// A picture that may not load yet (a carousel slide before its turn) is a placeholder of the same
// box and name: no request until it is asked for.
import type { ArticleImage as Image } from '../../../contract/articles.ts';
import { smallestVariant, useSaveData } from '../../lib/save-data.ts';

type Props = {
  image: Image;
  alt: string;
  /** What the layout gives the image at 412 px and 1200 px viewports. */
  sizes: string;
  /** The page's LCP image. */
  priority?: boolean;
  /** When to fetch it: as it nears the screen (the default), now, or not yet (no source, see above). */
  fetch?: 'near' | 'now' | 'later';
  className?: string;
};

export function ArticleImage({ image, alt, sizes, priority = false, fetch = 'near', className }: Props) {
  // Save-Data: the narrowest variant only (the browser cannot pick a wider one from a srcset).
  const small = useSaveData() ? smallestVariant(image.srcset) : undefined;
  if (fetch === 'later' && !priority) {
    // A box of the picture's shape named as the picture is: an <img> without a source is laid out
    // from its alt text and widened the carousel to the longest title.
    return <span key="waiting" className={`image-placeholder ${className ?? ''}`} role="img" aria-label={alt} />;
  }
  return (
    <img
      key="loading"
      className={className}
      src={small ?? image.url}
      srcSet={small ? undefined : image.srcset || undefined}
      sizes={!small && image.srcset ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority || fetch === 'now' ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'auto' : 'async'}
    />
  );
}

/** A neutral box of the same shape when an article has no picture. */
export function ImagePlaceholder({ className }: { className?: string }) {
  return <span className={`image-placeholder ${className ?? ''}`} aria-hidden="true" />;
}
