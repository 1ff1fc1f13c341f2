// @vitest-environment happy-dom
// The reader's settings: the <head> script alone keeps and applies them, and the buttons React
// draws show what <html> says (Chromium runs the same on phone and desktop: e2e/reader-settings.e2e.ts).
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { READER_SETTINGS_SCRIPT, ReaderSettings, TEXT_SIZE_KEY, THEME_KEY } from './ReaderSettings.tsx';

let dark = false;
const listeners = new Set<() => void>();

beforeEach(() => {
  localStorage.clear();
  dark = false;
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.removeAttribute('data-text-size');
  // The phone's colour scheme, switchable by the test.
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query.includes('dark') && dark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
});
/** The listeners each load adds, taken away after each test (a new page starts without them). */
const added: [EventTarget, string, EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined][] = [];
afterEach(() => {
  cleanup();
  for (const [target, type, listener, options] of added.splice(0)) target.removeEventListener(type, listener, options);
});

/** What <head> runs on a page load. */
function load() {
  const record = (target: EventTarget) => {
    const add = target.addEventListener.bind(target);
    return (type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) => {
      added.push([target, type, listener, options]);
      add(type, listener, options);
    };
  };
  const [windowAdd, documentAdd] = [window.addEventListener, document.addEventListener];
  window.addEventListener = record(window);
  document.addEventListener = record(document);
  try {
    new Function(READER_SETTINGS_SCRIPT)();
  } finally {
    window.addEventListener = windowAdd;
    document.addEventListener = documentAdd;
  }
}

const root = () => document.documentElement;
const button = (name: string) => screen.getByRole('button', { name });

describe('reader settings', () => {
  it('A+ and A− step the text size within five steps, kept in the browser and read back on the next page', () => {
    load();
    render(<ReaderSettings />);
    expect(button('అక్షరాలు పెద్దవిగా').getAttribute('aria-disabled')).toBe('false');
    act(() => fireEvent.click(button('అక్షరాలు పెద్దవిగా')));
    expect(root().getAttribute('data-text-size')).toBe('1');
    expect(localStorage.getItem(TEXT_SIZE_KEY)).toBe('1');
    for (let i = 0; i < 5; i++) act(() => fireEvent.click(button('అక్షరాలు పెద్దవిగా')));
    expect(root().getAttribute('data-text-size')).toBe('3');
    expect(button('అక్షరాలు పెద్దవిగా').getAttribute('aria-disabled')).toBe('true');
    for (let i = 0; i < 6; i++) act(() => fireEvent.click(button('అక్షరాలు చిన్నవిగా')));
    expect(root().getAttribute('data-text-size')).toBe('-1');
    expect(button('అక్షరాలు చిన్నవిగా').getAttribute('aria-disabled')).toBe('true');
    // The next page: nothing on <html> until the script reads the kept choice.
    root().removeAttribute('data-text-size');
    load();
    expect(root().getAttribute('data-text-size')).toBe('-1');
  });

  it("follows the phone's colour scheme until switched; switching back to the phone's own forgets the choice", () => {
    dark = true;
    load();
    render(<ReaderSettings />);
    const theme = button('డార్క్ థీమ్');
    expect(theme.getAttribute('aria-pressed')).toBe('true');
    expect(root().hasAttribute('data-theme')).toBe(false);
    act(() => fireEvent.click(theme));
    expect(root().getAttribute('data-theme')).toBe('light');
    expect(localStorage.getItem(THEME_KEY)).toBe('light');
    expect(theme.getAttribute('aria-pressed')).toBe('false');
    act(() => fireEvent.click(theme));
    expect(root().hasAttribute('data-theme')).toBe(false);
    expect(localStorage.getItem(THEME_KEY)).toBeNull();
    expect(theme.getAttribute('aria-pressed')).toBe('true');
    // The phone turns light: so does the site, and the button says so.
    dark = false;
    act(() => listeners.forEach((listener) => listener()));
    expect(theme.getAttribute('aria-pressed')).toBe('false');
  });

  it('a kept dark choice holds on a light phone', () => {
    localStorage.setItem(THEME_KEY, 'dark');
    load();
    expect(root().getAttribute('data-theme')).toBe('dark');
    render(<ReaderSettings />);
    expect(button('డార్క్ థీమ్').getAttribute('aria-pressed')).toBe('true');
  });
});
