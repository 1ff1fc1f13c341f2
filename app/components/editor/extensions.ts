// The editor's extension set: H1-H3, font sizes 12-20 px, four alignments, text
// colour, highlight, undo depth 100. Kept apart from the React component so it can be tested.
import StarterKit from '@tiptap/starter-kit';
import TextAlign from '@tiptap/extension-text-align';
import { Color, FontSize, TextStyle } from '@tiptap/extension-text-style';
import Highlight from '@tiptap/extension-highlight';
import { TeluguTyping } from './telugu-typing.ts';

export const HEADING_LEVELS = [1, 2, 3] as const;
export const ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;
export const UNDO_DEPTH = 100;

export function editorExtensions() {
  return [
    StarterKit.configure({
      heading: { levels: [...HEADING_LEVELS] },
      undoRedo: { depth: UNDO_DEPTH },
      // A reporter clicking a link while writing should edit it, not leave the page.
      link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] },
    }),
    TextStyle,
    Color,
    FontSize,
    TextAlign.configure({ types: ['heading', 'paragraph'], alignments: [...ALIGNMENTS] }),
    Highlight.configure({ multicolor: true }),
    // Phonetic Telugu typing; does nothing until the 'తెలుగు / ENG' toggle is on.
    TeluguTyping,
  ];
}
