// Phonetic Telugu typing in the browser: the on/off state (one per signed-in account, remembered in
// localStorage) and the controller for plain fields (<input>/<textarea> marked `data-telugu`).
// The rich-text editor has its own ProseMirror plugin (components/editor/telugu-typing.ts) on the
// same rules: the Latin word stays as typed until a space or punctuation commits it, Backspace
// right after a conversion gives the Latin back, Escape keeps the word in Latin. Nothing happens
// while an IME is composing, and nothing at all when the toggle is off, so a real Telugu keyboard
// works as before. Mobile keyboards send `beforeinput`/`input`, not dependable keydowns.
import { useSyncExternalStore } from 'react';
import { transliterateWord, typingWordBefore } from '../../contract/telugu-typing.ts';
import { AUTH_ROUTES } from '../../contract/auth.ts';
import { call } from './api.ts';

// The state is kept per account (`teluguTyping:<user id>`), so two people sharing a browser each
// keep their own. The key of the time before that, one for the whole browser, is read once as an
// account's starting value.
const LEGACY_KEY = 'teluguTyping';
const keyFor = (account: number) => `${LEGACY_KEY}:${account}`;
const listeners = new Set<() => void>();
let account: number | null = null; // whose state `on` is; null until the desk knows who is signed in
let on: boolean | undefined;
let unsaved = false; // switched before the account was known: kept for it once it is

function read(key: string): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function isTeluguTypingOn(): boolean {
  if (on === undefined) on = account !== null && (read(keyFor(account)) ?? read(LEGACY_KEY)) === '1';
  return on;
}

const notify = () => {
  for (const fn of listeners) fn();
};

export function setTeluguTyping(value: boolean) {
  on = value;
  unsaved = account === null;
  try {
    if (account !== null) localStorage.setItem(keyFor(account), value ? '1' : '0');
  } catch {
    // Private mode: the toggle still works for this page.
  }
  notify();
}

/** Whose state the toggle shows: the signed-in account's (null: nobody, off and not kept). */
export function setTeluguTypingAccount(id: number | null) {
  if (id === account) return;
  const chosen = account === null && unsaved ? on : undefined;
  account = id;
  on = undefined;
  unsaved = false;
  if (chosen !== undefined && id !== null) setTeluguTyping(chosen);
  else notify();
}

/** Asks who is signed in (another person may have signed in since) and shows their state. */
export function loadTeluguTypingAccount(): Promise<void> {
  return call(AUTH_ROUTES.me).then(
    (me) => setTeluguTypingAccount(me.id),
    () => setTeluguTypingAccount(null),
  );
}

export function useTeluguTyping(): [boolean, (value: boolean) => void] {
  const value = useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    isTeluguTypingOn,
    () => false,
  );
  return [value, setTeluguTyping];
}

/** A character that ends a word: white space or punctuation (not the scheme's own `~` and `_`). */
export const isCommitChar = (ch: string) => ch.length === 1 && /[\s.,;:!?'"()[\]{}<>/\\|@#$%^&*+=`-]/.test(ch);

/** Ctrl+Shift+T (the toggle's shortcut). */
export const isToggleShortcut = (e: KeyboardEvent) =>
  e.ctrlKey && e.shiftKey && !e.altKey && !e.metaKey && e.key.toLowerCase() === 't';

type Field = HTMLInputElement | HTMLTextAreaElement;
type Conversion = { at: number; latin: string; telugu: string };

const isField = (el: EventTarget | null): el is Field =>
  (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && el.hasAttribute('data-telugu');

/** Replaces a range as typing would: one native undo step, and React sees an input event. */
function replace(el: Field, from: number, to: number, text: string) {
  el.setSelectionRange(from, to);
  // execCommand keeps the field's own undo history; it is still the only way to do that.
  if (!document.execCommand('insertText', false, text)) {
    el.setRangeText(text, from, to, 'end');
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * Phonetic typing for every `data-telugu` field inside `root`. Returns the detach function.
 * `toggle` is called for Ctrl+Shift+T anywhere inside `root` (the editor included).
 */
export function attachTeluguTyping(root: HTMLElement, toggle: () => void): () => void {
  const last = new WeakMap<Field, Conversion>();
  const kept = new WeakMap<Field, number>(); // start of a word Escape (or an undo) keeps in Latin
  let busy = false; // our own replacement's events
  let lateCommit = false; // the keyboard's beforeinput could not be cancelled: convert after it

  /** The Latin word that ends at `end`, if any. */
  const wordBefore = (el: Field, end: number) => {
    const latin = typingWordBefore(el.value, end);
    return latin ? { start: end - latin.length, latin } : null;
  };

  /** Converts the word ending at `end` and puts `after` behind it; answers whether it did. */
  const commit = (el: Field, end: number, after: string, replaceTo = end) => {
    const word = wordBefore(el, end);
    if (!word) return false;
    if (kept.get(el) === word.start) {
      kept.delete(el);
      return false;
    }
    const telugu = transliterateWord(word.latin);
    if (telugu === word.latin) return false;
    busy = true;
    try {
      replace(el, word.start, replaceTo, telugu + after);
    } finally {
      busy = false;
    }
    last.set(el, { at: word.start, latin: word.latin, telugu: telugu + after });
    return true;
  };

  const onBeforeInput = (event: Event) => {
    const e = event as InputEvent;
    const el = e.target;
    if (busy || !isField(el) || !isTeluguTypingOn() || e.isComposing) return;
    const caret = el.selectionStart ?? 0;
    const collapsed = caret === el.selectionEnd;
    if (e.inputType === 'deleteContentBackward' && collapsed) {
      const done = last.get(el);
      last.delete(el);
      if (done && caret === done.at + done.telugu.length && el.value.slice(done.at, caret) === done.telugu) {
        e.preventDefault();
        busy = true;
        try {
          replace(el, done.at, caret, done.latin);
        } finally {
          busy = false;
        }
        kept.set(el, done.at);
      }
      return;
    }
    last.delete(el);
    const data = e.inputType === 'insertLineBreak' ? '\n' : e.data;
    if ((e.inputType !== 'insertText' && e.inputType !== 'insertLineBreak') || !data || !isCommitChar(data)) return;
    if (!collapsed) return;
    if (!e.cancelable) {
      lateCommit = true;
      return;
    }
    if (wordBefore(el, caret) && kept.get(el) !== wordBefore(el, caret)?.start) {
      e.preventDefault();
      if (!commit(el, caret, data)) replace(el, caret, caret, data);
    } else kept.delete(el);
  };

  const onInput = (event: Event) => {
    const el = event.target;
    if (!lateCommit || busy || !isField(el)) return;
    lateCommit = false;
    const caret = el.selectionStart ?? 0;
    const after = el.value.slice(caret - 1, caret);
    commit(el, caret - 1, after, caret);
  };

  const onKeyDown = (event: Event) => {
    const e = event as KeyboardEvent;
    if (isToggleShortcut(e)) {
      e.preventDefault();
      toggle();
      return;
    }
    const el = e.target;
    if (e.key !== 'Escape' || e.isComposing || !isField(el) || !isTeluguTypingOn()) return;
    const word = wordBefore(el, el.selectionStart ?? 0);
    if (!word || kept.get(el) === word.start) return;
    // Keep this word in Latin; the first Escape does not close the dialog around the field.
    kept.set(el, word.start);
    e.preventDefault();
    e.stopPropagation();
  };

  root.addEventListener('beforeinput', onBeforeInput);
  root.addEventListener('input', onInput);
  root.addEventListener('keydown', onKeyDown);
  return () => {
    root.removeEventListener('beforeinput', onBeforeInput);
    root.removeEventListener('input', onInput);
    root.removeEventListener('keydown', onKeyDown);
  };
}
