import { useEffect } from 'react';

/** A page past the end (an old link, fewer results after a deletion): back to the last page. */
export function useLastPageClamp(page: number, totalPages: number | undefined, setPage: (page: number) => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: setPage may be a new function at each render
  useEffect(() => {
    if (totalPages !== undefined && page > totalPages) setPage(totalPages);
  }, [page, totalPages]);
}
