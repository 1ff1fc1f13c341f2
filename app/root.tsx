import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  type LinksFunction,
} from 'react-router';
import { useEffect, type ReactNode } from 'react';
import teluguRegular from '@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu-400-normal.woff2?url';
import teluguBold from '@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu-700-normal.woff2?url';
import stylesHref from './styles.css?url';
import { AuthProvider } from './lib/auth.tsx';
import { EARLY_TAPS_SCRIPT, IslandScripts, useIslandsPage } from './islands/Island.tsx';
import { useSaveData } from './lib/save-data.ts';
import { MESSAGES } from './lib/messages.ts';
import { PlainLinks } from './components/PageLink.tsx';
import { FEED_PATHS, SITE_NAME } from './lib/site.ts';
import { READER_SETTINGS_SCRIPT } from './components/public/ReaderSettings.tsx';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesHref },
  // A PNG: the SVG icon draws Telugu text, which a phone lays out in a document of its own while
  // the page loads, main-thread work at first load (docs/performance.md).
  { rel: 'icon', href: '/icons/icon-192.png', type: 'image/png', sizes: '192x192' },
  // Installable (with the service worker of app/sw/): Telugu name, icons, theme colour.
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
  // Feed readers and browsers find the site's feed from any page (a category page adds its own).
  { rel: 'alternate', type: 'application/rss+xml', title: SITE_NAME, href: FEED_PATHS.site },
];

// The web copy of Noto Sans Telugu, under a name of its own: the page's font list names the
// phone's own 'Noto Sans Telugu' first (every Android phone has it), which the browser uses at
// once. A face declared under that same name (local() or not) is loaded asynchronously even from
// the phone, and when it landed after the first layout the whole page was laid out again
// (docs/performance.md). Phones without the font fall through to this one. Not for the joiners
// (U+200C-200D): a zero-width non-joiner in a category name made the browser load this face beside
// the phone's own and lay the page out again; a joiner keeps the font of the letters around it.
const fontFaces = `
@font-face{font-family:'Noto Sans Telugu Web';font-style:normal;font-weight:400;font-display:swap;
src:local('Noto Sans Telugu'),local('NotoSansTelugu-Regular'),url(${teluguRegular}) format('woff2');unicode-range:U+0951-0952,U+0964-0965,U+0C00-0C7F,U+1CDA,U+25CC}
@font-face{font-family:'Noto Sans Telugu Web';font-style:normal;font-weight:700;font-display:swap;
src:local('Noto Sans Telugu Bold'),local('NotoSansTelugu-Bold'),url(${teluguBold}) format('woff2');unicode-range:U+0951-0952,U+0964-0965,U+0C00-0C7F,U+1CDA,U+25CC}`;

// On a phone without the font, both web weights are asked for while the head is read: headings
// and <strong> use the bold face, and when it arrived after the first paint the text re-wrapped
// and shifted the page (CLS 0.03 on an article). Not with <link rel=preload>, which downloads both
// files (74 KB) on the phones that have the font too, ahead of the page's first picture on a slow
// network. Whether the phone has it: a face of its local() copy that loads (no network, and not in
// the page's font set, so the page's layout never waits for it).
const loadFonts = `window.FontFace&&new FontFace('telugu-probe',"local('Noto Sans Telugu'),local('NotoSansTelugu-Regular')").load().catch(function(){['400','700'].forEach(function(w){document.fonts.load(w+" 1em 'Noto Sans Telugu Web'",'\u0c24\u0c46')})})`;

/** The reading side (app/routes/public/): the reader's text size and theme apply there (public.css). */
const isReaderRoute = (id: string) => id.startsWith('routes/public/') || id === 'article' || id === 'public-article';

export function Layout({ children }: { children: ReactNode }) {
  const islands = useIslandsPage();
  const saveData = useSaveData();
  const reader = useMatches().some((m) => isReaderRoute(m.id));
  return (
    // The <head> script below adds the reader's own settings to <html> before the first paint;
    // React leaves those attributes alone.
    <html lang="te" data-save-data={saveData ? 'on' : undefined} data-reader={reader ? '' : undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#b3121f" />
        <style dangerouslySetInnerHTML={{ __html: fontFaces }} />
        <script dangerouslySetInnerHTML={{ __html: loadFonts }} />
        {/* Text size and theme (app/components/public/ReaderSettings.tsx): before anything is painted. */}
        <script dangerouslySetInnerHTML={{ __html: READER_SETTINGS_SCRIPT }} />
        {/* A tap on the header (or any island) before the islands wake is kept and replayed. */}
        {islands && <script dangerouslySetInnerHTML={{ __html: EARLY_TAPS_SCRIPT }} />}
        <Meta />
        <Links />
      </head>
      <body>
        <PlainLinks value={islands}>{children}</PlainLinks>
        {islands ? (
          <IslandScripts />
        ) : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  // Lets tests (and CSS) tell a hydrated page from server HTML.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}

export function ErrorBoundary({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="page error-page">
      <h1>{status === 404 ? MESSAGES.common.pageNotFound : MESSAGES.common.somethingWrong}</h1>
      <p>
        <a href="/">{MESSAGES.common.homeLink}</a>
      </p>
    </main>
  );
}
