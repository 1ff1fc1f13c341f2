// Phonetic Telugu typing inside the rich-text editor, on the rules of app/lib/telugu-typing.ts.
// A conversion is one transaction with its own undo step (closeHistory), so Ctrl+Z right after
// `telugu ` gives back `telugu` and nothing more. ProseMirror hands us typed text through
// handleTextInput after an IME composition has ended (view.composing is checked anyway), and for
// mobile keyboards too, which send no dependable keydown.
import { Extension } from '@tiptap/react';
import { Plugin, PluginKey, type EditorState } from '@tiptap/pm/state';
import { closeHistory } from '@tiptap/pm/history';
import type { EditorView } from '@tiptap/pm/view';
import { transliterateWord, typingWordBefore } from '../../../contract/telugu-typing.ts';
import { isCommitChar, isTeluguTypingOn } from '../../lib/telugu-typing.ts';

type Conversion = { from: number; to: number; latin: string; telugu: string };
type State = { last: Conversion | null; kept: number | null };
type Meta = { last?: Conversion | null; kept?: number | null };

export const teluguTypingKey = new PluginKey<State>('teluguTyping');

/** The Latin word ending at the cursor, inside its text block. */
function wordBeforeCursor(state: EditorState) {
  const { $from, empty } = state.selection;
  if (!empty || !$from.parent.isTextblock) return null;
  const text = $from.parent.textBetween(0, $from.parentOffset, undefined, '\ufffc');
  const latin = typingWordBefore(text);
  return latin ? { from: $from.pos - latin.length, latin } : null;
}

/** Converts the word before the cursor, replacing `from..to` behind it with `after`. */
function convert(view: EditorView, after: string, to = view.state.selection.from): boolean {
  const word = wordBeforeCursor(view.state);
  const plugin = teluguTypingKey.getState(view.state);
  if (!word) return false;
  if (plugin?.kept === word.from) {
    view.dispatch(view.state.tr.setMeta(teluguTypingKey, { kept: null } satisfies Meta));
    return false;
  }
  const telugu = transliterateWord(word.latin);
  if (telugu === word.latin) return false;
  const tr = closeHistory(view.state.tr.insertText(telugu + after, word.from, to));
  const last: Conversion = { from: word.from, to: word.from + telugu.length + after.length, latin: word.latin, telugu };
  view.dispatch(tr.setMeta(teluguTypingKey, { last } satisfies Meta));
  return true;
}

/** Backspace right after a conversion: the Latin word back, as one undo step. */
function revert(view: EditorView): boolean {
  const last = teluguTypingKey.getState(view.state)?.last;
  const sel = view.state.selection;
  if (!last || !sel.empty || sel.from !== last.to) return false;
  const tr = closeHistory(view.state.tr.insertText(last.latin, last.from, last.to));
  view.dispatch(tr.setMeta(teluguTypingKey, { last: null, kept: last.from } satisfies Meta));
  return true;
}

export const TeluguTyping = Extension.create({
  name: 'teluguTyping',
  addProseMirrorPlugins() {
    return [
      new Plugin<State>({
        key: teluguTypingKey,
        state: {
          init: () => ({ last: null, kept: null }),
          apply(tr, value): State {
            const meta = tr.getMeta(teluguTypingKey) as Meta | undefined;
            const kept = meta && 'kept' in meta ? (meta.kept ?? null) : value.kept;
            if (meta && 'last' in meta) return { last: meta.last ?? null, kept };
            // Any other edit ends the chance to undo the conversion with Backspace.
            if (tr.docChanged) return { last: null, kept: kept === null ? null : tr.mapping.map(kept, -1) };
            return { ...value, kept };
          },
        },
        props: {
          handleTextInput(view, from, to, text) {
            if (!isTeluguTypingOn() || view.composing || from !== to || !isCommitChar(text)) return false;
            return convert(view, text, to);
          },
          handleDOMEvents: {
            // Mobile keyboards send Backspace as beforeinput only (their keydown says 229).
            beforeinput(view, event) {
              if (!isTeluguTypingOn() || event.inputType !== 'deleteContentBackward' || !revert(view)) return false;
              event.preventDefault();
              return true;
            },
          },
          handleKeyDown(view, event) {
            if (!isTeluguTypingOn() || event.isComposing) return false;
            const state = teluguTypingKey.getState(view.state);
            if (event.key === 'Backspace') return revert(view);
            if (event.key === 'Escape') {
              const word = wordBeforeCursor(view.state);
              if (!word || state?.kept === word.from) return false;
              view.dispatch(view.state.tr.setMeta(teluguTypingKey, { kept: word.from } satisfies Meta));
              return true;
            }
            // Enter commits the word too, then makes its new paragraph as usual.
            if (event.key === 'Enter' && !event.shiftKey) convert(view, '');
            return false;
          },
        },
      }),
    ];
  },
});
