// The API as a signed-in account, outside any page: for the fixtures a browser test stands on.
import { request, type APIRequestContext, type APIResponse } from 'playwright-core';
import { baseUrl } from './browser.ts';
import type { Article } from '../../contract/articles.ts';

/** A request context signed in as the account (its cookie kept), sending the site's origin. */
export async function apiContext(username: string, password: string): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { origin: baseUrl() } });
  const res = await context.post('/api/auth/login', { data: { username, password } });
  if (!res.ok()) throw new Error(`sign-in failed for ${username}: ${res.status()} ${await res.text()}`);
  return context;
}

/** The answer's JSON body; a failed answer fails the fixture with its address, status and body. */
export async function ok<T>(response: APIResponse): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A reporter's story with its pictures (PNG bytes), approved by an admin: the article as readers get it. */
export async function publishApproved(
  by: { reporter: APIRequestContext; admin: APIRequestContext },
  article: Record<string, unknown>,
  pictures: Uint8Array[],
): Promise<Article> {
  const form = new FormData();
  form.set('article', JSON.stringify(article));
  for (const [i, png] of pictures.entries())
    form.append('images', new File([new Uint8Array(png)], `photo-${i}.png`, { type: 'image/png' }));
  const created = await ok<Article>(await by.reporter.post('/api/articles', { multipart: form }));
  await ok(await by.admin.put(`/api/admin/articles/approve/${created.id}`));
  return ok<Article>(await by.admin.get(`/api/public/articles/${created.id}`));
}
