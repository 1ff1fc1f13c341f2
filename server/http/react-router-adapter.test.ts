// The React Router adapter on its own: route matching with the leaf's cache policy, the request
// as React Router gets it, renders taken in turn, a response sent as it came.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ServerBuild } from 'react-router';
import { copyResponseHead, createLimiter, createPageMatcher, sendResponseBody, toRequest } from './react-router-adapter.ts';

const routes = {
  root: { id: 'root', path: '', module: {} },
  home: { id: 'home', parentId: 'root', index: true, module: { cachePolicy: { name: 'home', params: [] } } },
  shell: { id: 'shell', parentId: 'root', path: 'admin/*', module: {} },
} as unknown as ServerBuild['routes'];

describe('React Router adapter', () => {
  it("matches a path to its routes and the leaf's cache policy, kept per path", () => {
    const pageOf = createPageMatcher({ routes });
    const home = pageOf('/');
    expect(home.policy).toEqual({ name: 'home', params: [] });
    expect(home.matches?.map((m) => m.route.id)).toEqual(['root', 'home']);
    expect(pageOf('/')).toBe(home);
    expect(pageOf('/admin/users').policy).toBeUndefined();
  });

  it('renders a public page without the reader’s cookie, under the address given', async () => {
    const app = Fastify();
    const seen: Request[] = [];
    app.get('/*', async (request) => {
      seen.push(toRequest(request, new AbortController().signal, '/canonical?page=2', true));
      seen.push(toRequest(request, new AbortController().signal, '/mine', false));
      return 'ok';
    });
    await app.inject({ url: '/x?utm_source=a', headers: { cookie: 'session=s', 'accept-language': 'te' } });
    expect(new URL(seen[0].url).pathname + new URL(seen[0].url).search).toBe('/canonical?page=2');
    expect(seen[0].headers.get('cookie')).toBeNull();
    expect(seen[0].headers.get('accept-language')).toBe('te');
    expect(seen[1].headers.get('cookie')).toBe('session=s');
    await app.close();
  });

  it('runs at most the given number of renders at once, the others in arrival order', async () => {
    const limited = createLimiter(2);
    const order: number[] = [];
    let running = 0;
    let most = 0;
    const job = (n: number) =>
      limited(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setImmediate(resolve));
        order.push(n);
        running--;
      });
    await Promise.all([1, 2, 3, 4, 5].map(job));
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
  });

  it('sends a response as it came: status, headers, every cookie, the body', async () => {
    const app = Fastify();
    app.get('/', async (_request, reply) => {
      const headers = new Headers({ 'content-type': 'text/html; charset=utf-8', 'x-page': 'p' });
      headers.append('set-cookie', 'a=1');
      headers.append('set-cookie', 'b=2');
      const response = new Response('<p>తెలుగు</p>', { status: 404, headers });
      copyResponseHead(reply, response);
      return sendResponseBody(reply, response);
    });
    const answer = await app.inject({ url: '/' });
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['x-page']).toBe('p');
    expect(answer.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(answer.body).toBe('<p>తెలుగు</p>');
    await app.close();
  });
});
