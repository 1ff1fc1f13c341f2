// Paged dashboard lists keep their page (and filter) in the address, so Back and a reload return to
// the same page. Going to another page scrolls to the list's top and puts the keyboard on its first
// entry, instead of leaving the reader at the pager under the old page.
import { useCallback, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/** The page number of the address (from 0; anything else is 0). */
export const pageParam = (url: URL | URLSearchParams) => {
  const raw = (url instanceof URL ? url.searchParams : url).get('page');
  const page = Number(raw);
  return raw && Number.isInteger(page) && page > 0 ? page : 0;
};

export function useListPaging<T extends HTMLElement>() {
  const listRef = useRef<T>(null);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const goToPage = useCallback(
    async (page: number) => {
      const next = new URLSearchParams(params);
      if (page > 0) next.set('page', String(page));
      else next.delete('page');
      // The loader runs first; the list's top is then where the new page begins.
      await navigate({ search: `?${next}` }, { preventScrollReset: true });
      const list = listRef.current;
      list?.scrollIntoView({ block: 'start' });
      list?.querySelector<HTMLElement>('a[href], button')?.focus({ preventScroll: true });
    },
    [navigate, params],
  );
  return { listRef, goToPage, page: pageParam(params) };
}
