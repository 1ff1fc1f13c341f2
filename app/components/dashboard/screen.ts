// What the staff screens' route modules share: the admin screens' meta tags, the shape of a first load that may
// fail (the screen still renders, with its own error text where the data would be), and the place of
// a paged list kept in the address (so Back and a reload return to the same page and filters).
import { useLocation, useNavigation, useRevalidator, useSearchParams } from 'react-router';
import { requireRole } from '../../lib/guard.ts';

export const adminMeta = (title: string) => [{ title }, { name: 'robots', content: 'noindex' }];

export type Loaded<T> = { data: T; error: null } | { data: null; error: string };

/** The call's answer, or the screen's text for its failure (logged either way by call()). */
export function loaded<T>(call: Promise<T>, failure: string | ((error: unknown) => string)): Promise<Loaded<T>> {
  return call.then(
    (data) => ({ data, error: null }),
    (error: unknown) => ({ data: null, error: typeof failure === 'string' ? failure : failure(error) }),
  );
}

/** The clientLoader of an admin screen that reads one thing: the role checked, then the call or its failure text. */
export const adminLoader =
  <T>(load: () => Promise<T>, failure: string) =>
  async ({ request }: { request: Request }): Promise<Loaded<T>> => {
    await requireRole(request, ['ADMIN']);
    return loaded(load(), failure);
  };

/** A paged list's page in the address, `?page` counted from 1 as on screen; 0-based as on the wire. */
export function pageOf(url: URL): number {
  return Math.max(Number.parseInt(url.searchParams.get('page') ?? '', 10) || 1, 1) - 1;
}

/**
 * Moves a paged list by changing the address: `show(filters, page)` keeps the filters that are not
 * blank and the page (0-based; the first page is left out). The reader's scroll stays where it is
 * (Pagination brings the list's top into view). `loading` while this screen's next data loads, and
 * `next` holds the address it is loading.
 */
export function useListPlace() {
  const [, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const { revalidate, state } = useRevalidator();
  const moving = navigation.state === 'loading' && navigation.location.pathname === pathname;
  const loading = moving || state === 'loading';
  /** The address being loaded, while the list moves. */
  const next = moving ? new URLSearchParams(navigation.location.search) : null;
  function show(filters: Record<string, string>, page = 0) {
    const params = new URLSearchParams();
    if (page > 0) params.set('page', String(page + 1));
    for (const [key, value] of Object.entries(filters)) if (value.trim()) params.set(key, value.trim());
    setSearchParams(params, { preventScrollReset: true });
  }
  return { loading, next, show, revalidate };
}
