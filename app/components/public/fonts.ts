// The bold Telugu face is preloaded on public pages as well as the regular one (root.tsx): titles,
// headings and <strong> in articles use it, and when it arrived after the first paint the text
// re-wrapped and shifted the page (Lighthouse: "Web font loaded", CLS 0.03 on an article).
import type { LinkDescriptor } from 'react-router';
import teluguBold from '@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu-700-normal.woff2?url';

export const boldFontPreload: LinkDescriptor = {
  rel: 'preload',
  href: teluguBold,
  as: 'font',
  type: 'font/woff2',
  crossOrigin: 'anonymous',
};
