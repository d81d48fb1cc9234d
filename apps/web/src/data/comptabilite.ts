import {
  type BalanceGenerale,
  balanceGeneraleSchema,
  type ControleIntegrite,
  controleIntegriteSchema,
} from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../api/index.ts';

export interface Periode {
  date_debut: string;
  date_fin: string;
}

/** GET /comptabilite/balance: each account's debits, credits and balance over the period. */
export async function fetchBalanceGenerale(periode: Periode, signal?: AbortSignal): Promise<BalanceGenerale> {
  const answer = await api.get<unknown>(`/comptabilite/balance?${new URLSearchParams({ ...periode })}`, { signal });
  return balanceGeneraleSchema.parse(answer.data);
}

export const comptabiliteKeys = {
  all: ['comptabilite'] as const,
  balance: (periode: Periode) => [...comptabiliteKeys.all, 'balance', periode] as const,
};

export const balanceGeneraleQuery = (periode: Periode) =>
  queryOptions({
    queryKey: comptabiliteKeys.balance(periode),
    queryFn: ({ signal }) => fetchBalanceGenerale(periode, signal),
    placeholderData: keepPreviousData,
  });

/** GET /controles/dernier: the last daily check of the ledger and the audit journal, null before the first. */
export async function fetchDernierControle(signal?: AbortSignal): Promise<ControleIntegrite | null> {
  const answer = await api.get<unknown>('/controles/dernier', { signal, notify: false });
  return controleIntegriteSchema.nullable().parse(answer.data);
}

export const dernierControleQuery = () =>
  queryOptions({
    queryKey: [...comptabiliteKeys.all, 'controle'] as const,
    queryFn: ({ signal }) => fetchDernierControle(signal),
  });
