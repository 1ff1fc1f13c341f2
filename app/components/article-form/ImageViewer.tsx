// An article's pictures on the desk's read-only views: thumbnails under the text, each a button
// that opens the picture large in a modal viewer (focus trapped and returned, Escape closes,
// previous/next and the arrow keys step through, 'n of m' says where you are).
import { useState } from 'react';
import type { ArticleImage } from '../../../contract/articles.ts';
import { Modal } from '../Modal.tsx';

const altOf = (title: string, index: number) => (index === 0 ? title : `${title} (${index + 1})`);

/** A stored picture's img attributes: the largest size, every WebP size for srcset, its shape. */
export const pictureProps = (image: ArticleImage, sizes: string) => ({
  src: image.url,
  srcSet: image.srcset,
  sizes,
  width: image.width,
  height: image.height,
});

export function ImageThumbnails({ images, title }: { images: ArticleImage[]; title: string }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <ul className="article-view-images" aria-label="Pictures">
        {images.map((image, i) => (
          <li key={`${image.url}:${i}`}>
            <button type="button" className="thumb-button" onClick={() => setOpen(i)}>
              {/* The button's name says what it does; the visible 'Cover' is part of it. */}
              <span className="visually-hidden">
                Open picture {i + 1} of {images.length} large: {altOf(title, i)}
              </span>
              <img {...pictureProps(image, '160px')} alt="" loading="lazy" />
              {i === 0 && <span className="cover-badge">Cover</span>}
            </button>
          </li>
        ))}
      </ul>
      <Modal open={open !== null} onClose={() => setOpen(null)} title="Picture" className="image-viewer" lockScroll={false}>
        {open !== null && (
          <ImageViewer images={images} title={title} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
        )}
      </Modal>
    </>
  );
}

function ImageViewer({
  images,
  title,
  index,
  onIndex,
  onClose,
}: {
  images: ArticleImage[];
  title: string;
  index: number;
  onIndex(index: number): void;
  onClose(): void;
}) {
  const image = images[index];
  const step = (by: number) => onIndex((index + by + images.length) % images.length);
  return (
    <div
      className="image-viewer-body"
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') step(1);
        else if (e.key === 'ArrowLeft') step(-1);
      }}
    >
      <img {...pictureProps(image, '100vw')} alt={altOf(title, index)} />
      <div className="image-viewer-bar">
        <span aria-live="polite">
          {index + 1}/{images.length}
        </span>
        {images.length > 1 && (
          <>
            <button type="button" className="secondary" onClick={() => step(-1)} aria-label="Previous picture">
              ‹
            </button>
            <button type="button" className="secondary" onClick={() => step(1)} aria-label="Next picture">
              ›
            </button>
          </>
        )}
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
