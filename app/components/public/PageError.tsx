// What a public list page (category, tag, district, author) shows when its loader fails: its own
// 'not found' words for a 404, the common words otherwise, and the way home.
import { data, isRouteErrorResponse, Link } from 'react-router';
import { MESSAGES } from '../../lib/messages.ts';

export function PageError({ error, notFound }: { error: unknown; notFound: string }) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="page narrow">
      <h1>{missing ? notFound : MESSAGES.common.somethingWrong}</h1>
      <p>
        <Link to="/">{MESSAGES.common.homeLink}</Link>
      </p>
    </main>
  );
}

/** A loader's read whose 404 (an unknown category, tag or author) becomes the page's 404, drawn by PageError. */
export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if ((error as { status?: number }).status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

/**
 * A page's path parameters parsed by the route's schema in contract/ (the API's own): what it
 * refuses names nothing here, so the page is a 404.
 */
export function paramsOrNotFound<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  params: unknown,
): T {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}
