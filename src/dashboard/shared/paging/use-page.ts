import { useCallback, useState } from 'react';

/**
 * The page a list shows, back to the first whenever `filters` (its search and filters, as one
 * string) change, so a narrower search never opens on an empty deep page.
 */
export function usePage(filters: string): [number, (page: number) => void] {
  const [state, setState] = useState({ filters, page: 0 });
  const page = state.filters === filters ? state.page : 0;
  const setPage = useCallback(
    (next: number) =>
      setState((prev) =>
        prev.filters === filters && prev.page === Math.max(0, next) ? prev : { filters, page: Math.max(0, next) },
      ),
    [filters],
  );
  return [page, setPage];
}
