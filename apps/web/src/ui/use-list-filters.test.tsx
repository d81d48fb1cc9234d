import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { idParam, oneOf, sortParam, useListFilters } from './use-list-filters.ts';

const SPEC = {
  statut: oneOf('statut', ['actif', 'inactif'] as const),
  site_id: idParam('site'),
  sortBy: sortParam('tri', ['nom', 'date'] as const, 'nom'),
};

/** The hook under a real router at `address`; the router tells where the address went. */
function renderAt(address: string) {
  let router!: ReturnType<typeof createMemoryRouter>;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '*', element: children }], { initialEntries: [address] });
    return <RouterProvider router={router} />;
  };
  const hook = renderHook(() => useListFilters(SPEC), { wrapper });
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...hook, location, router };
}

describe('useListFilters', () => {
  it('reads the filters, the search and the page from the address, unknown values as the defaults', () => {
    const { result } = renderAt('/membres?statut=actif&site=3&tri=date&q=Kon&page=2');
    expect(result.current.values).toEqual({ statut: 'actif', site_id: 3, sortBy: 'date' });
    expect(result.current.search).toBe('Kon');
    expect(result.current.page).toBe(2);
    expect(result.current.filtered).toBe(true);

    const bad = renderAt('/membres?statut=perdu&site=-1&tri=prix&page=abc');
    expect(bad.result.current.values).toEqual({ statut: null, site_id: null, sortBy: 'nom' });
    expect(bad.result.current.page).toBe(1);
    expect(bad.result.current.filtered).toBe(false);
  });

  it('goes back to page 1 on a filter change, replacing the entry; a page change adds one', async () => {
    const { result, location, router } = renderAt('/membres?page=3');
    await act(() => result.current.set({ statut: 'inactif', sortBy: 'nom' }));
    expect(location()).toBe('/membres?statut=inactif');
    expect(result.current.values.statut).toBe('inactif');

    await act(() => result.current.setPage(2));
    expect(location()).toBe('/membres?statut=inactif&page=2');
    await act(() => router.navigate(-1));
    expect(location()).toBe('/membres?statut=inactif');
  });

  it('keeps two quick changes', async () => {
    const { result, location } = renderAt('/membres');
    await act(async () => {
      result.current.set({ statut: 'actif' });
      result.current.set({ site_id: 4 });
    });
    expect(location()).toBe('/membres?statut=actif&site=4');
  });

  it('sends the search once typing pauses, and clears the search and the filters but not the sort', async () => {
    vi.useFakeTimers();
    try {
      const { result, location } = renderAt('/membres?tri=date&statut=actif');
      act(() => result.current.setSearchInput('  Koné '));
      expect(location()).toBe('/membres?tri=date&statut=actif');
      await act(() => vi.advanceTimersByTimeAsync(300));
      expect(location()).toBe('/membres?tri=date&statut=actif&q=Kon%C3%A9');
      expect(result.current.search).toBe('Koné');

      await act(async () => result.current.clearAll());
      expect(location()).toBe('/membres?tri=date');
      expect(result.current.searchInput).toBe('');
      expect(result.current.filtered).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
