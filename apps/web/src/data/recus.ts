import { type RecuVerification, type ReleveQuery, recuVerificationSchema } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../api/index.ts';
import { fetchPrivateFile, saveFile } from './private-file.ts';

/**
 * Receipts of validated payments, members' statements, and the public verification of a receipt
 * (issue 15). The PDFs come through the authenticated client (the bearer token in a header, never
 * in an address) and are saved as files.
 */

/** GET /versements/:id/recu: the PDF receipt of a validated payment, downloaded. */
export async function downloadRecu(versement: { id: number }): Promise<void> {
  saveFile(await fetchPrivateFile(`/versements/${versement.id}/recu`), `recu-versement-${versement.id}.pdf`);
}

/** A member's statement for a period: his own (`membreId` null) or a member's the caller may see. */
export async function downloadReleve(membreId: number | null, { du, au }: ReleveQuery): Promise<void> {
  const path = membreId === null ? '/membres/moi/releve' : `/membres/${membreId}/releve`;
  const query = new URLSearchParams({ du, au });
  saveFile(await fetchPrivateFile(`${path}?${query}`), `releve-${du}-${au}.pdf`);
}

/** What the verification page shows: a genuine receipt's facts, or only that it is not genuine. */
export type Verification = { authentique: true; recu: RecuVerification } | { authentique: false };

/** GET /recus/verification/:token, without a session: a 404 (or a malformed token's 400) is "not genuine". */
export async function fetchVerification(token: string, signal?: AbortSignal): Promise<Verification> {
  try {
    const answer = await api.get<unknown>(`/recus/verification/${encodeURIComponent(token)}`, {
      auth: false,
      notify: false,
      signal,
    });
    return { authentique: true, recu: recuVerificationSchema.parse(answer.data) };
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'http' && (error.status === 404 || error.status === 400)) {
      return { authentique: false };
    }
    throw error;
  }
}

export const recusKeys = {
  all: ['recus'] as const,
  verification: (token: string) => [...recusKeys.all, 'verification', token] as const,
};

export const verificationQuery = (token: string) =>
  queryOptions({
    queryKey: recusKeys.verification(token),
    queryFn: ({ signal }) => fetchVerification(token, signal),
  });
