// Paged dashboard lists keep their page (and filter) in the address, so Back and a reload return to
// the same page. Going to another page scrolls to the list's top and puts the keyboard on its first
// entry, instead of leaving the reader at the pager under the old page.
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/** The page number of the address (from 0; anything else is 0). */
export const pageParam = (url: URL | URLSearchParams) => {
  const raw = (url instanceof URL ? url.searchParams : url).get('page');
  const page = Number(raw);
  return raw && Number.isInteger(page) && page > 0 ? page : 0;
};

/** `shown`: the page's data as the loader gave it; a new one after a page change is the next page. */
export function useListPaging<T extends HTMLElement>(shown: unknown) {
  const listRef = useRef<T>(null);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const moving = useRef(false);
  useEffect(() => {
    const list = listRef.current;
    if (!moving.current || !list) return;
    moving.current = false;
    list.scrollIntoView({ block: 'start' });
    list.querySelector<HTMLElement>('a[href], button')?.focus({ preventScroll: true });
  }, [shown]);
  const goToPage = useCallback(
    (page: number) => {
      const next = new URLSearchParams(params);
      if (page > 0) next.set('page', String(page));
      else next.delete('page');
      moving.current = true;
      void navigate({ search: `?${next}` }, { preventScrollReset: true });
    },
    [navigate, params],
  );
  return { listRef, goToPage, page: pageParam(params) };
}
