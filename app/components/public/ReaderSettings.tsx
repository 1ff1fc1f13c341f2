// The reader's own settings: text size (అ− / అ+) and the dark theme, which follows the phone's
// `prefers-color-scheme` until the reader switches it. Kept in this browser only (localStorage),
// never in the page: cached pages stay one page for everyone. A tiny script in <head> (root.tsx)
// puts the choice on <html> before the first paint, so nothing flashes, and handles the buttons
// itself: they work before any React has loaded (an islands page never loads the header's code for
// them). The CSS reads `data-theme` and `data-text-size` on reader pages (`data-reader`, root.tsx).
import { useSyncExternalStore } from 'react';
import { MESSAGES } from '../../lib/messages.ts';

const T = MESSAGES.reader;

export const THEME_KEY = 'news:theme';
export const TEXT_SIZE_KEY = 'news:text-size';
/** Text size steps around the default (0): one smaller, three larger (their sizes: app/styles.css). */
export const TEXT_SIZE_MIN = -1;
export const TEXT_SIZE_MAX = 3;
/** What the script tells React when a setting changes. */
export const SETTINGS_EVENT = 'news:reader-settings';

/**
 * The <head> script. It reads the kept choice onto <html>; on a click of a settings button it
 * changes and keeps it (a theme choice equal to the phone's own is forgotten: the site follows the
 * phone again); it marks every settings button (aria-pressed, aria-disabled); and it keeps the
 * click, the touch and the focus from waking the header island. Its CSP hash is added like any inline script's
 * (entry.server.tsx).
 */
export const READER_SETTINGS_SCRIPT = `(function(w,d){var r=d.documentElement,M=w.matchMedia&&w.matchMedia('(prefers-color-scheme: dark)');
function g(k){try{return localStorage.getItem(k)}catch(e){return null}}function p(k,v){try{v==null?localStorage.removeItem(k):localStorage.setItem(k,v)}catch(e){}}
function sys(){return!!(M&&M.matches)}function size(){var z=Math.round(+g('${TEXT_SIZE_KEY}'))||0;return Math.max(${TEXT_SIZE_MIN},Math.min(${TEXT_SIZE_MAX},z))}
function apply(){var t=g('${THEME_KEY}'),z=size(),dark=t=='dark'||t!='light'&&sys();if(t=='dark'||t=='light')r.setAttribute('data-theme',t);else r.removeAttribute('data-theme');
if(z)r.setAttribute('data-text-size',z);else r.removeAttribute('data-text-size');
[].forEach.call(d.querySelectorAll('[data-reader-setting]'),function(b){var s=b.getAttribute('data-reader-setting');if(s=='theme')b.setAttribute('aria-pressed',dark);else b.setAttribute('aria-disabled',s=='larger'?z>=${TEXT_SIZE_MAX}:z<=${TEXT_SIZE_MIN})});
d.dispatchEvent(new Event('${SETTINGS_EVENT}'));return dark}
function own(e){var t=e.target;return t&&t.closest&&t.closest('[data-reader-setting]')}
['pointerdown','focusin'].forEach(function(t){w.addEventListener(t,function(e){if(own(e))e.stopPropagation()},true)});
w.addEventListener('click',function(e){var b=own(e);if(!b)return;e.stopPropagation();e.preventDefault();var s=b.getAttribute('data-reader-setting'),z=size();
if(s=='theme'){var dark=!apply();p('${THEME_KEY}',dark==sys()?null:dark?'dark':'light')}else{z=Math.max(${TEXT_SIZE_MIN},Math.min(${TEXT_SIZE_MAX},z+(s=='larger'?1:-1)));p('${TEXT_SIZE_KEY}',z?String(z):null)}apply()},true);
M&&M.addEventListener&&M.addEventListener('change',apply);d.addEventListener('DOMContentLoaded',apply);w.addEventListener('storage',apply);apply()})(window,document)`;

type Settings = { dark: boolean; size: number };
const DEFAULTS: Settings = { dark: false, size: 0 };
let last: Settings = DEFAULTS;

/** What <html> says now (the script keeps it), the same object while nothing changed. */
function current(): Settings {
  const root = document.documentElement;
  const theme = root.getAttribute('data-theme');
  const dark = theme === 'dark' || (theme !== 'light' && window.matchMedia?.('(prefers-color-scheme: dark)').matches === true);
  const size = Number(root.getAttribute('data-text-size') ?? 0) || 0;
  if (dark !== last.dark || size !== last.size) last = { dark, size };
  return last;
}

function subscribe(onChange: () => void) {
  document.addEventListener(SETTINGS_EVENT, onChange);
  return () => document.removeEventListener(SETTINGS_EVENT, onChange);
}

/**
 * The buttons. They have no React handlers: the <head> script handles them (see above), on an
 * islands page before any script has loaded too. React draws their state from <html> once hydrated
 * (the server, which knows no reader's choice, draws the default).
 */
export function ReaderSettings({ className }: { className?: string }) {
  const { dark, size } = useSyncExternalStore(subscribe, current, () => DEFAULTS);
  return (
    <div className={`reader-settings${className ? ` ${className}` : ''}`} role="group" aria-label={T.settings}>
      <button type="button" className="reader-button" data-reader-setting="smaller" aria-disabled={size <= TEXT_SIZE_MIN}>
        <span aria-hidden="true">అ−</span>
        <span className="visually-hidden">{T.smaller}</span>
      </button>
      <button type="button" className="reader-button" data-reader-setting="larger" aria-disabled={size >= TEXT_SIZE_MAX}>
        <span aria-hidden="true">అ+</span>
        <span className="visually-hidden">{T.larger}</span>
      </button>
      <button type="button" className="reader-button reader-theme" data-reader-setting="theme" aria-pressed={dark}>
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M20 14.5A8.5 8.5 0 0 1 9.5 4a8.5 8.5 0 1 0 10.5 10.5z" fill="currentColor" />
        </svg>
        <span className="reader-theme-label">{T.dark}</span>
      </button>
    </div>
  );
}
