import type { Executor } from './database.ts';

/** How long a key is remembered: a day covers any retry of a person or a network. */
const KEPT_MS = 24 * 60 * 60 * 1000;

export type Claim = { kind: 'new' } | { kind: 'replay'; resultatId: number } | { kind: 'reused' };

/**
 * Claims an Idempotency-Key for an operation, in the transaction that performs it. The first
 * request inserts the key; a concurrent one with the same key waits on that row until the first
 * commits, then finds it: the same body replays its result, another body is refused. If the first
 * fails, its key goes with its transaction and the retry runs anew.
 */
export async function claimKey(
  db: Executor,
  key: { utilisateur_id: number; cle: string; operation: string; empreinte: string },
): Promise<Claim> {
  await db
    .deleteFrom('idempotence')
    .where('created_at', '<', new Date(Date.now() - KEPT_MS))
    .execute();
  const inserted = await db
    .insertInto('idempotence')
    .values(key)
    .onConflict((oc) => oc.doNothing())
    .returning('cle')
    .executeTakeFirst();
  if (inserted) return { kind: 'new' };
  const existing = await db
    .selectFrom('idempotence')
    .select(['operation', 'empreinte', 'resultat_id'])
    .where('utilisateur_id', '=', key.utilisateur_id)
    .where('cle', '=', key.cle)
    .executeTakeFirstOrThrow();
  if (existing.operation !== key.operation || existing.empreinte !== key.empreinte || existing.resultat_id === null) {
    return { kind: 'reused' };
  }
  return { kind: 'replay', resultatId: existing.resultat_id };
}

/** Records what the claimed key's operation created. */
export async function recordResult(db: Executor, utilisateurId: number, cle: string, resultatId: number) {
  await db
    .updateTable('idempotence')
    .set({ resultat_id: resultatId })
    .where('utilisateur_id', '=', utilisateurId)
    .where('cle', '=', cle)
    .execute();
}
