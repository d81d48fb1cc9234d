import type { Pagination } from '@app/shared';
import type { z } from 'zod';
import { request } from './client.ts';

/** One page of a list: the items, checked by their schema, and the server's pagination. */
export interface Page<T> {
  items: T[];
  pagination: Pagination;
}

/**
 * Asks a list endpoint for one page. Parameters go in the given order; null and blank ones stay
 * out of the address (a filter set to 'all').
 */
export async function fetchPage<T>(
  path: string,
  schema: z.ZodType<T>,
  params: Record<string, string | number | null>,
  signal?: AbortSignal,
): Promise<Page<T>> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const text = String(value ?? '').trim();
    if (text) query.set(key, text);
  }
  const answer = await request<{ data: unknown; pagination: Pagination }>(`${path}?${query}`, { signal });
  return { items: schema.array().parse(answer.data), pagination: answer.pagination };
}
