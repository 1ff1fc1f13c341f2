import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { EntryContext, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { isIslandsPage } from './islands/Island.tsx';
import { requestSavesData, SaveDataContext } from './lib/save-data.ts';
import { SharedPartsValue, sharedPartsContext, type SharedParts } from './lib/shared-parts.tsx';
import { SHARED_SLOTS, sharedSlotContent, type SharedSlotName } from './components/SharedParts.tsx';

export { servicesContext } from './lib/context.ts';
// For the adapter's page cache (server/http/ssr.ts): the same context keys and slot drawings as the app's.
export { cacheTagsContext } from './lib/cache-policy.ts';
export { sharedPartsContext } from './lib/shared-parts.tsx';
export { slotEnd, slotStart } from './lib/shared-parts.tsx';

/** A shared part's HTML for the server to join into cached pages (app/lib/shared-parts.tsx). */
export function renderSharedSlot(slot: string, parts: SharedParts): string {
  return renderToString(sharedSlotContent(slot as SharedSlotName, parts));
}

/** The slots a page may have: the names the server answers at /_shared/<slot> for a CDN's ESI. */
export const sharedSlotNames: readonly string[] = Object.keys(SHARED_SLOTS);

export const streamTimeout = 5_000;

/**
 * React Router writes a modulepreload link for every module of the page, and React hoists them
 * into <head> ahead of the stylesheets. Fetched at high priority they take a phone's bandwidth
 * from the CSS and the first picture: Lighthouse mobile on the home page gave FCP 2.2 s and
 * LCP 2.9 s with them, 0.9 s and 1.8 s without. Without them the page's module script fetches the
 * same modules, after the content, at the browser's priority for scripts.
 */
function withoutModulePreloads(html: string): string {
  return html.replace(/<link rel="modulepreload"[^>]*>/g, '');
}

/**
 * CSP hashes of the page's inline scripts (React Router's context and module loader), so the
 * policy needs no 'unsafe-inline' for scripts. Hashes rather than nonces: the page is cached and
 * stored compressed for every reader, and a hash stays true for the stored copy, where a nonce
 * would have to change in every answer. The server puts them into the CSP header (server/app.ts).
 */
export const SCRIPT_HASHES_HEADER = 'x-csp-script-hashes';
// The same few scripts are on every page (the font loader, the islands loader, React Router's
// context): each is hashed once. Bounded, since a page's context script is its own.
const hashOf = new Map<string, string>();
function scriptHash(source: string): string {
  let hash = hashOf.get(source);
  if (hash === undefined) {
    hash = `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
    if (hashOf.size >= 64) hashOf.clear();
    if (source.length < 4096) hashOf.set(source, hash);
  }
  return hash;
}
// Found with indexOf rather than one regular expression over the page, which cost a full render more.
// React writes every '>' in an attribute value as &gt;, so a tag's first '>' ends it.
function inlineScriptHashes(html: string): string {
  const hashes = new Set<string>();
  for (let at = html.indexOf('<script'); at !== -1; at = html.indexOf('<script', at + 1)) {
    const open = html.indexOf('>', at);
    const close = html.indexOf('</script>', open);
    if (open === -1 || close === -1) break;
    const attributes = html.slice(at + 7, open);
    if (attributes !== '' && !/^\s/.test(attributes)) continue; // <scripts>, say
    const source = html.slice(open + 1, close);
    at = close;
    // Data blocks (the article's JSON-LD) are never run, so CSP does not ask for their hashes.
    if (/\s(src|type\s*=\s*"application\/(ld\+)?json")/i.test(attributes) || !source) continue;
    hashes.add(scriptHash(source));
  }
  return [...hashes].join(' ');
}

// Pages are rendered whole (onAllReady): public data is loaded before rendering, the HTML is
// cacheable as one string, and crawlers and link previews always get the complete page.
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const page = (
    <SaveDataContext value={requestSavesData(request.headers)}>
      <SharedPartsValue value={loadContext.get(sharedPartsContext)}>
        <ServerRouter context={routerContext} url={request.url} />
      </SharedPartsValue>
    </SaveDataContext>
  );
  const { matches } = routerContext.staticHandlerContext;
  if (isIslandsPage(matches.map((m) => routerContext.routeModules[m.route.id]?.handle))) {
    // Nothing suspends on an islands page (its data is loaded, React Router's scripts are left
    // out), so it is rendered to a string at once: less CPU than the stream below, and none of
    // the stream's buffers (docs/performance.md). It has no module preloads to remove.
    const html = `<!DOCTYPE html>${renderToString(page)}`;
    responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
    responseHeaders.set(SCRIPT_HASHES_HEADER, inlineScriptHashes(html));
    // Bytes, not the string: undici would first check the string's well-formedness and encode it
    // more slowly (docs/performance.md).
    return new Response(Buffer.from(html), { headers: responseHeaders, status: responseStatusCode });
  }
  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(page, {
      onAllReady() {
        const chunks: Buffer[] = [];
        const body = new PassThrough();
        body.on('data', (chunk: Buffer) => chunks.push(chunk));
        body.on('end', () => {
          clearTimeout(timeoutId);
          timeoutId = undefined;
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          const html = withoutModulePreloads(Buffer.concat(chunks).toString('utf8'));
          responseHeaders.set(SCRIPT_HASHES_HEADER, inlineScriptHashes(html));
          resolve(new Response(Buffer.from(html), { headers: responseHeaders, status: responseStatusCode }));
        });
        pipe(body);
      },
      onShellError: reject,
      onError(error) {
        responseStatusCode = 500;
        console.error(error);
      },
    });
  });
}
