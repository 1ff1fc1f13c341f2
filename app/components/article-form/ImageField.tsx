// The article's pictures: add, remove and reorder (the first is the cover), within 1 to 4. Stored
// pictures and newly chosen files sit in one list; ./image-list.ts turns it into what a save sends.
import { useEffect, useMemo } from 'react';
import { fieldProps } from '../dashboard/Field.tsx';
import { MAX_ARTICLE_IMAGES } from '../../../contract/articles.ts';
import { ARTICLE_IMAGE_TYPES } from '../../../contract/article-form.ts';
import { itemKey, moveItem, type ImageItem } from './image-list.ts';
import { pictureProps } from './ImageViewer.tsx';

const MOVES = [
  { by: -1, word: 'earlier', icon: '◀' },
  { by: 1, word: 'later', icon: '▶' },
] as const;

type Props = { id: string; items: ImageItem[]; onChange(items: ImageItem[]): void; error?: string; title: string };

export function ImageField({ id, items, onChange, error, title }: Props) {
  // Previews of chosen files; object URLs are freed when the files change or the form goes.
  const files = useMemo(() => items.flatMap((i) => (i.kind === 'new' ? [i.file] : [])), [items]);
  const previews = useMemo(() => new Map(files.map((file) => [file, URL.createObjectURL(file)])), [files]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  const name = (item: ImageItem, index: number) => (item.kind === 'new' ? item.file.name : `image ${index + 1}`);
  return (
    <div className="field image-field">
      <label htmlFor={id}>Images (1 to {MAX_ARTICLE_IMAGES}; JPG, PNG or WEBP, up to 2 MB each; the first is the cover)</label>
      <input
        {...fieldProps(id, error)}
        type="file"
        name="images"
        className="file-pick"
        multiple
        accept={ARTICLE_IMAGE_TYPES.join(',')}
        onChange={(e) => {
          const chosen = Array.from(e.target.files ?? []);
          if (chosen.length) onChange([...items, ...chosen.map((file): ImageItem => ({ kind: 'new', file }))]);
          // Cleared so the same file can be chosen again after removing it.
          e.target.value = '';
        }}
      />
      {/* The browser's own "No file chosen" is hidden (the input is cleared after each choice): this says what is chosen. */}
      <span className="file-pick-count">
        {items.length === 0 ? 'No pictures yet' : `${items.length} of ${MAX_ARTICLE_IMAGES} pictures`}
      </span>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
      {items.length > 0 && (
        <ol className="image-previews" aria-label="Article images, the first is the cover">
          {items.map((item, index) => {
            const label = name(item, index);
            return (
              <li key={itemKey(item, index)} className={item.kind === 'new' ? 'new-image' : undefined}>
                {item.kind === 'stored' ? (
                  <img
                    {...(item.image ? pictureProps(item.image, '160px') : { src: item.url })}
                    alt={`${title || 'Article'} (${index + 1})`}
                  />
                ) : (
                  <img src={previews.get(item.file)} alt={item.file.name} />
                )}
                <span className="image-caption">
                  {index === 0 && <strong className="cover-badge">Cover</strong>}
                  {item.kind === 'new' && <span className="file-name">{item.file.name}</span>}
                </span>
                <span className="image-actions">
                  {MOVES.map(({ by, word, icon }) => (
                    <button
                      key={word}
                      type="button"
                      className="secondary"
                      aria-label={`Move ${label} ${word}`}
                      disabled={index + by < 0 || index + by >= items.length}
                      onClick={() => onChange(moveItem(items, index, by))}
                    >
                      <span aria-hidden="true">{icon}</span>
                    </button>
                  ))}
                  <button
                    type="button"
                    className="secondary remove"
                    aria-label={`Remove ${label}`}
                    onClick={() => onChange(items.filter((_, i) => i !== index))}
                  >
                    <span aria-hidden="true">✕</span>
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
