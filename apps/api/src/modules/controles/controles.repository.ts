import type { Executor } from '../../db/database.ts';

export async function insertControle(
  db: Executor,
  controle: { grand_livre_ok: boolean; audit_ok: boolean; ecarts: unknown[]; duree_ms: number },
): Promise<number> {
  const { id } = await db
    .insertInto('controles_integrite')
    .values({ ...controle, ecarts: JSON.stringify(controle.ecarts) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function dernierControle(db: Executor) {
  return db
    .selectFrom('controles_integrite')
    .selectAll()
    .orderBy('fait_le', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The active admins' and comptables' addresses: those the ledger's alert goes to. */
export async function destinatairesControles(db: Executor): Promise<string[]> {
  const rows = await db
    .selectFrom('utilisateurs')
    .select('email')
    .where('role', 'in', ['admin', 'comptable'])
    .where('statut', '=', 'actif')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.email);
}
