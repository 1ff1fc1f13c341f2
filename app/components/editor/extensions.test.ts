import { describe, expect, it } from 'vitest';
import { editorExtensions, UNDO_DEPTH } from './extensions.ts';

describe('editor extensions', () => {
  it('configures headings H1-H3, undo depth 100, four alignments and multicolour highlight', () => {
    const byName = new Map(editorExtensions().map((e) => [e.name, e]));
    const starter = byName.get('starterKit')!.options as { heading: { levels: number[] }; undoRedo: { depth: number } };
    expect(starter.heading.levels).toEqual([1, 2, 3]);
    expect(starter.undoRedo.depth).toBe(UNDO_DEPTH);
    expect(UNDO_DEPTH).toBe(100);
    expect((byName.get('textAlign')!.options as { alignments: string[] }).alignments).toEqual([
      'left',
      'center',
      'right',
      'justify',
    ]);
    expect((byName.get('highlight')!.options as { multicolor: boolean }).multicolor).toBe(true);
    expect([...byName.keys()]).toEqual(expect.arrayContaining(['textStyle', 'color', 'fontSize']));
  });
});
