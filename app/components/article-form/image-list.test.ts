import { describe, expect, it } from 'vitest';
import { checkImageItems, imageOrderOf, moveItem, type ImageItem } from './image-list.ts';

const file = (name: string, type = 'image/jpeg', size = 1000) => new File([new Uint8Array(size)], name, { type });

describe('the form picture list', () => {
  it('sends stored pictures by URL and new files as uploads, in the list order', () => {
    const a = file('a.jpg');
    const b = file('b.jpg');
    const items: ImageItem[] = [
      { kind: 'new', file: a },
      { kind: 'stored', url: '/media/x-640.webp' },
      { kind: 'new', file: b },
    ];
    expect(imageOrderOf(items)).toEqual({ order: [{ upload: 0 }, '/media/x-640.webp', { upload: 1 }], files: [a, b] });
    // A file an autosave already stored is kept by its URL, not sent again.
    expect(imageOrderOf(items, (f) => (f === a ? '/media/a-640.webp' : undefined))).toEqual({
      order: ['/media/a-640.webp', '/media/x-640.webp', { upload: 0 }],
      files: [b],
    });
  });

  it('moves a picture one place and checks 1 to 4 and the new files', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    const stored = (n: number): ImageItem[] => Array.from({ length: n }, (_, i) => ({ kind: 'stored', url: `/m/${i}` }));
    expect(checkImageItems([])).toBe('You must upload at least one image.');
    expect(checkImageItems([...stored(4), { kind: 'new', file: file('e.jpg') }])).toBe('You can upload up to 4 images only.');
    expect(checkImageItems([...stored(1), { kind: 'new', file: file('n.txt', 'text/plain') }])).toBe(
      'Unsupported file type: n.txt',
    );
    expect(checkImageItems(stored(2))).toBeNull();
  });
});
