// The editor's extension set: H1-H3, font sizes 12-20 px, four alignments, text
// colour, highlight, links, undo depth 100. Kept apart from the React component so it can be tested.
import StarterKit from '@tiptap/starter-kit';
import TextAlign from '@tiptap/extension-text-align';
import { Color, FontSize, TextStyle } from '@tiptap/extension-text-style';
import Highlight from '@tiptap/extension-highlight';
import { TeluguTyping } from './telugu-typing.ts';

export const HEADING_LEVELS = [1, 2, 3] as const;
export const ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;
export const UNDO_DEPTH = 100;
const KEPT_SCHEMES = /^(https?|mailto):/i;

export function editorExtensions() {
  return [
    StarterKit.configure({
      heading: { levels: [...HEADING_LEVELS] },
      undoRedo: { depth: UNDO_DEPTH },
      // A reporter clicking a link while writing should edit it, not leave the page. Links are
      // kept as the server keeps them (http, https, mailto); the link button adds web links only.
      link: {
        openOnClick: false,
        defaultProtocol: 'https',
        protocols: ['http', 'https', 'mailto'],
        isAllowedUri: (url, ctx) => ctx.defaultValidate(url) && (!/^[a-z][a-z0-9+.-]*:/i.test(url) || KEPT_SCHEMES.test(url)),
        shouldAutoLink: (url) => !/^[a-z][a-z0-9+.-]*:/i.test(url) || /^https?:/i.test(url),
      },
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
