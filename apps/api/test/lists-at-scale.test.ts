import {
  demandeListQuerySchema,
  depenseListQuerySchema,
  membreListQuerySchema,
  remboursementListQuerySchema,
  SEARCH_COUNT_CAP,
  utilisateurListQuerySchema,
} from '@app/shared';
import fc from 'fast-check';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTED, counterKey } from '../src/db/counters.ts';
import type { Database, Executor } from '../src/db/database.ts';
import { listDemandes } from '../src/modules/demandes/demandes.repository.ts';
import { listDepenses } from '../src/modules/depenses/depenses.repository.ts';
import { listMembres } from '../src/modules/membres/membres.repository.ts';
import { listRemboursements } from '../src/modules/remboursements/remboursements.repository.ts';
import { listAccounts } from '../src/modules/utilisateurs/utilisateurs.repository.ts';
import { createProduit } from './catalogue-helpers.ts';
import { buildTestApp, createAccount, heldBack, loginAs, type TestContext } from './helpers.ts';
import { createMembre } from './people-helpers.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await loginAs(ctx, 'admin');
});
afterAll(async () => {
  await ctx.close();
});

/** Every subset of the (dimension, value) pairs of one row, as the keys the lists read. */
function keysOf<D extends keyof typeof COUNTED>(domaine: D, row: Record<string, string | number | null>): string[] {
  const dims = COUNTED[domaine] as readonly string[];
  const keys: string[] = [];
  for (let mask = 0; mask < 1 << dims.length; mask++) {
    const filters: Record<string, string | number> = {};
    dims.forEach((dim, i) => {
      if (mask & (1 << i)) filters[dim] = row[dim] ?? '';
    });
    keys.push(counterKey(domaine, filters as never));
  }
  return keys;
}

/** The totals every list would count today, computed from the rows themselves. */
async function recounted(db: Database): Promise<Map<string, number>> {
  const expected = new Map<string, number>();
  const add = (keys: string[]) => {
    for (const key of keys) expected.set(key, (expected.get(key) ?? 0) + 1);
  };
  for (const d of await db.selectFrom('demandes').select('statut').execute()) add(keysOf('demandes', d));
  for (const u of await db.selectFrom('utilisateurs').select(['role', 'statut']).execute())
    add(keysOf('utilisateurs', u));
  const membres = await db
    .selectFrom('membres as m')
    .innerJoin('utilisateurs as u', 'u.id', 'm.utilisateur_id')
    .select(['m.gestionnaire_id', 'u.statut', 'm.type_membre'])
    .execute();
  for (const m of membres) add(keysOf('membres', m));
  const produits = await db
    .selectFrom('produits as p')
    .innerJoin('sites as s', 's.id', 'p.site_id')
    .select(['p.type', 'p.site_id', sql<string>`(p.est_actif AND s.est_actif)::text`.as('visible')])
    .execute();
  for (const p of produits) add(keysOf('produits', p));
  return expected;
}

/** The kept totals of the lists `recounted` counts. */
async function kept(db: Database): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('compteurs')
    .selectAll()
    .where('total', '<>', '0')
    .where(sql`split_part(cle, '|', 1)`, 'in', ['demandes', 'utilisateurs', 'membres', 'produits'])
    .execute();
  return new Map(rows.map((r) => [r.cle, Number(r.total)]));
}

/** Every kept counter (count and sum) and daily total, rows of zero aside. */
async function keptAll(db: Executor) {
  const compteurs = await sql`
    SELECT cle, total::text, somme::text FROM compteurs WHERE total <> 0 OR somme <> 0 ORDER BY cle`.execute(db);
  const totaux = await sql`
    SELECT domaine, jour::text, total::text, somme::text FROM totaux_journaliers WHERE total <> 0 OR somme <> 0
    ORDER BY domaine, jour`.execute(db);
  return { compteurs: compteurs.rows, totaux: totaux.rows };
}

/** The same rebuilt from the rows by recompter() and recompter_totaux_journaliers(), in a transaction rolled back. */
async function recountedAll(db: Database) {
  const rollback = new Error('rollback');
  let recount: Awaited<ReturnType<typeof keptAll>> | undefined;
  await db
    .transaction()
    .execute(async (trx) => {
      await sql`SELECT recompter(), recompter_totaux_journaliers()`.execute(trx);
      recount = await keptAll(trx);
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
  return recount;
}

async function expectExactTotals(db: Database) {
  expect(await keptAll(db)).toEqual(await recountedAll(db));
}

let demandeSeq = 0;
async function insertDemande(db: Database) {
  demandeSeq += 1;
  const produit_id = await createProduit(db);
  const row = await db
    .insertInto('demandes')
    .values({
      nom_complet: `Kouassi Test${demandeSeq}`,
      num_cni: `CI${String(demandeSeq).padStart(11, '0')}`,
      date_naissance: '1990-01-01',
      profession: 'Comptable',
      engagement_mensuel: 100000,
      duree_paiement: 60,
      email: `demande${demandeSeq}@test.example`,
      telephone: '+225 07 00 00 00 00',
      pays: 'Côte d’Ivoire',
      ville: 'Abidjan',
      adresse: 'Cocody',
      produit_id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const STATUTS = ['actif', 'inactif', 'suspendu'] as const;
const TYPES = ['standard', 'premium', 'vip'] as const;

type Op =
  | { kind: 'demande' }
  | { kind: 'decide'; pick: number; verdict: 'validee' | 'rejetee' }
  | { kind: 'dropDemande'; pick: number }
  | { kind: 'membre'; type: (typeof TYPES)[number]; withManager: boolean }
  | { kind: 'memberType'; pick: number; type: (typeof TYPES)[number] }
  | { kind: 'reassign'; pick: number; toNobody: boolean }
  | { kind: 'accountStatut'; pick: number; statut: (typeof STATUTS)[number] }
  | { kind: 'role'; pick: number }
  | { kind: 'dropAccount' }
  | { kind: 'produitActif'; pick: number; actif: boolean }
  | { kind: 'siteActif'; pick: number; actif: boolean }
  | { kind: 'produitType'; pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.constant({ kind: 'demande' as const }),
  fc.record({ kind: fc.constant('decide' as const), pick: fc.nat(), verdict: fc.constantFrom('validee', 'rejetee') }),
  fc.record({ kind: fc.constant('dropDemande' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('membre' as const), type: fc.constantFrom(...TYPES), withManager: fc.boolean() }),
  fc.record({ kind: fc.constant('memberType' as const), pick: fc.nat(), type: fc.constantFrom(...TYPES) }),
  fc.record({ kind: fc.constant('reassign' as const), pick: fc.nat(), toNobody: fc.boolean() }),
  fc.record({ kind: fc.constant('accountStatut' as const), pick: fc.nat(), statut: fc.constantFrom(...STATUTS) }),
  fc.record({ kind: fc.constant('role' as const), pick: fc.nat() }),
  fc.constant({ kind: 'dropAccount' as const }),
  fc.record({ kind: fc.constant('produitActif' as const), pick: fc.nat(), actif: fc.boolean() }),
  fc.record({ kind: fc.constant('siteActif' as const), pick: fc.nat(), actif: fc.boolean() }),
  fc.record({ kind: fc.constant('produitType' as const), pick: fc.nat() }),
);

async function pickId(
  db: Database,
  table: 'demandes' | 'membres' | 'utilisateurs' | 'produits' | 'sites',
  pick: number,
) {
  const rows = await db.selectFrom(table).select('id').orderBy('id').execute();
  return rows.length ? rows[pick % rows.length]?.id : undefined;
}

async function apply(db: Database, op: Op, manager: number) {
  switch (op.kind) {
    case 'demande':
      return void (await insertDemande(db));
    case 'decide': {
      const id = await pickId(db, 'demandes', op.pick);
      if (id === undefined) return;
      await db
        .updateTable('demandes')
        .set({
          statut: op.verdict,
          date_traitement: new Date(),
          traite_par: manager,
          gere_par: op.verdict === 'validee' ? manager : null,
          motif_rejet: op.verdict === 'rejetee' ? 'Dossier incomplet' : null,
        })
        .where('id', '=', id)
        .where('statut', '=', 'en_attente')
        .execute();
      return;
    }
    case 'dropDemande': {
      const id = await pickId(db, 'demandes', op.pick);
      if (id !== undefined) {
        await db.updateTable('membres').set({ demande_id: null }).where('demande_id', '=', id).execute();
        await db.deleteFrom('demandes').where('id', '=', id).execute();
      }
      return;
    }
    case 'membre':
      return void (await createMembre(db, { type_membre: op.type, gestionnaire_id: op.withManager ? manager : null }));
    case 'memberType': {
      const id = await pickId(db, 'membres', op.pick);
      if (id !== undefined)
        await db.updateTable('membres').set({ type_membre: op.type }).where('id', '=', id).execute();
      return;
    }
    case 'reassign': {
      const id = await pickId(db, 'membres', op.pick);
      const to = op.toNobody ? null : manager;
      if (id !== undefined) await db.updateTable('membres').set({ gestionnaire_id: to }).where('id', '=', id).execute();
      return;
    }
    case 'accountStatut': {
      const id = await pickId(db, 'utilisateurs', op.pick);
      if (id !== undefined && id !== manager && id !== admin.account.id) {
        await db.updateTable('utilisateurs').set({ statut: op.statut }).where('id', '=', id).execute();
      }
      return;
    }
    case 'role': {
      const id = await pickId(db, 'utilisateurs', op.pick);
      if (id !== undefined) {
        await db
          .updateTable('utilisateurs')
          .set({ role: 'commercial' })
          .where('id', '=', id)
          .where('role', '=', 'demandeur')
          .execute();
      }
      return;
    }
    case 'produitActif': {
      const id = await pickId(db, 'produits', op.pick);
      if (id !== undefined)
        await db.updateTable('produits').set({ est_actif: op.actif }).where('id', '=', id).execute();
      return;
    }
    case 'siteActif': {
      const id = await pickId(db, 'sites', op.pick);
      if (id !== undefined) await db.updateTable('sites').set({ est_actif: op.actif }).where('id', '=', id).execute();
      return;
    }
    case 'produitType': {
      const id = await pickId(db, 'produits', op.pick);
      if (id !== undefined) {
        await db
          .updateTable('produits')
          .set({ type: sql`CASE type WHEN 'logement' THEN 'terrain' ELSE 'logement' END` })
          .where('id', '=', id)
          .execute();
      }
      return;
    }
    case 'dropAccount': {
      const account = await createAccount(db, { role: 'demandeur' });
      await db.deleteFrom('utilisateurs').where('id', '=', account.id).execute();
      return;
    }
  }
}

describe('kept list totals', () => {
  it('match a recount of the rows after any sequence of changes', async () => {
    const manager = (await createAccount(ctx.db, { role: 'gestionnaire' })).id;
    await createAccount(ctx.db, { role: 'demandeur' });
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 12 }), async (ops) => {
        for (const op of ops) await apply(ctx.db, op, manager);
        expect(await kept(ctx.db)).toEqual(await recounted(ctx.db));
      }),
      { numRuns: 12, seed: 20261124 },
    );
  });

  it('are rebuilt from the rows by recompter() after a bulk load', async () => {
    const before = await kept(ctx.db);
    await sql`UPDATE compteurs SET total = total + 7`.execute(ctx.db);
    await sql`SELECT recompter()`.execute(ctx.db);
    expect(await kept(ctx.db)).toEqual(before);
  });
});

/** Rows this transaction inserted or updated in `table` so far. */
async function writesTo(trx: Executor, table: string) {
  const { rows } = await sql<{ n: string }>`
    SELECT n_tup_ins + n_tup_upd AS n FROM pg_stat_xact_user_tables WHERE relid = ${table}::regclass`.execute(trx);
  return Number(rows[0]?.n);
}

/** `count` demandes named `tag` and a number, pending, validated and rejected in turn, in one statement. */
function insertDemandes(tag: string, count: number, produits: number[], manager: number) {
  return sql`
    INSERT INTO demandes (nom_complet, num_cni, date_naissance, profession, engagement_mensuel, duree_paiement, email,
                          telephone, pays, ville, adresse, produit_id, statut, gere_par, motif_rejet, traite_par,
                          date_traitement)
    SELECT ${tag} || ' ' || i, 'LOT' || i, '1990-01-01', 'Comptable', 100000, 60, 'lot' || i || '@test.example',
           '+225 07 00 00 00 00', 'Côte d''Ivoire', 'Abidjan', 'Cocody',
           (ARRAY[${sql.join(produits)}]::int[])[1 + i % ${produits.length}::int], s.statut, CASE WHEN s.statut = 'validee' THEN ${manager}::int END,
           CASE WHEN s.statut = 'rejetee' THEN 'Dossier incomplet' END,
           CASE WHEN s.statut <> 'en_attente' THEN ${manager}::int END, CASE WHEN s.statut <> 'en_attente' THEN now() END
    FROM generate_series(1, ${count}::int) AS i
    CROSS JOIN LATERAL (SELECT (ARRAY['en_attente', 'validee', 'rejetee'])[1 + i % 3] AS statut) AS s`;
}

describe('kept totals under statements of many rows', () => {
  it('write each counter once per statement, not once per row', async () => {
    const manager = (await createAccount(ctx.db, { role: 'gestionnaire' })).id;
    const produits = [await createProduit(ctx.db)];
    await ctx.db.transaction().execute(async (trx) => {
      const before = await writesTo(trx, 'compteurs');
      await insertDemandes(`Charge ${Date.now()}`, 300, produits, manager).execute(trx);
      // 'demandes' and its three statuses.
      expect((await writesTo(trx, 'compteurs')) - before).toBe(4);
    });
    await expectExactTotals(ctx.db);
  });

  it('move by the net change of one INSERT, UPDATE or DELETE of many demandes', async () => {
    const manager = (await createAccount(ctx.db, { role: 'gestionnaire' })).id;
    const produits = [await createProduit(ctx.db), await createProduit(ctx.db)];
    const tag = `Lot ${Date.now()}`;
    const ofTag = sql`nom_complet LIKE ${`${tag} %`}`;
    await insertDemandes(tag, 90, produits, manager).execute(ctx.db);
    await expectExactTotals(ctx.db);

    // The pending ones validated and the rejected ones pending again: one status nets to zero.
    await sql`
      UPDATE demandes SET
        statut = CASE statut WHEN 'en_attente' THEN 'validee' ELSE 'en_attente' END,
        gere_par = CASE statut WHEN 'en_attente' THEN ${manager}::int END,
        motif_rejet = NULL,
        traite_par = CASE statut WHEN 'en_attente' THEN ${manager}::int END,
        date_traitement = CASE statut WHEN 'en_attente' THEN now() END
      WHERE ${ofTag} AND statut <> 'validee'`.execute(ctx.db);
    await expectExactTotals(ctx.db);

    // A change of no counted column leaves every counter row as it was.
    const versions = sql<{
      cle: string;
      version: string;
    }>`SELECT cle, xmin::text AS version FROM compteurs ORDER BY cle`;
    const before = (await versions.execute(ctx.db)).rows;
    await sql`UPDATE demandes SET notes = 'Relu' WHERE ${ofTag}`.execute(ctx.db);
    expect((await versions.execute(ctx.db)).rows).toEqual(before);

    await sql`DELETE FROM demandes WHERE ${ofTag} AND id % 2 = 0`.execute(ctx.db);
    await expectExactTotals(ctx.db);
  });

  it('move members and products when many accounts, members, sites or products change in one statement', async () => {
    const manager = (await createAccount(ctx.db, { role: 'gestionnaire' })).id;
    const membres = [
      await createMembre(ctx.db, { type_membre: 'standard', gestionnaire_id: manager }),
      await createMembre(ctx.db, { type_membre: 'premium', gestionnaire_id: null }),
      await createMembre(ctx.db, { type_membre: 'vip', gestionnaire_id: manager, statut: 'suspendu' }),
      await createMembre(ctx.db, { type_membre: 'standard', gestionnaire_id: null, statut: 'inactif' }),
    ];
    const accounts = membres.map((m) => m.account.id);
    await sql`
      UPDATE utilisateurs SET statut = CASE statut WHEN 'actif' THEN 'suspendu' ELSE 'actif' END
      WHERE id IN (${sql.join(accounts)})`.execute(ctx.db);
    await expectExactTotals(ctx.db);
    await sql`
      UPDATE membres
      SET type_membre = 'vip', gestionnaire_id = CASE WHEN gestionnaire_id IS NULL THEN ${manager}::int END
      WHERE id IN (${sql.join(membres.map((m) => m.id))})`.execute(ctx.db);
    await expectExactTotals(ctx.db);
    // Their gestionnaire's account deleted: the foreign key's own statement sets theirs to NULL.
    await ctx.db.deleteFrom('utilisateurs').where('id', '=', manager).execute();
    await expectExactTotals(ctx.db);

    const originals = [await createProduit(ctx.db), await createProduit(ctx.db), await createProduit(ctx.db)];
    const copies = await sql<{ id: number }>`
      INSERT INTO produits (site_id, titre, description, type, superficie, prix_vente, nombre_chambre, nombre_salon,
                            nombre_cuisine, nombre_toilette, est_actif)
      SELECT p.site_id, p.titre || ' bis ' || i, p.description, CASE WHEN i % 2 = 0 THEN 'terrain' ELSE p.type END,
             p.superficie, p.prix_vente, p.nombre_chambre, p.nombre_salon, p.nombre_cuisine, p.nombre_toilette, i <> 3
      FROM produits p CROSS JOIN generate_series(1, 4) AS i
      WHERE p.id IN (${sql.join(originals)})
      RETURNING id`.execute(ctx.db);
    await expectExactTotals(ctx.db);
    const sites = sql`(SELECT site_id FROM produits WHERE id IN (${sql.join(originals)}))`;
    await sql`UPDATE sites SET est_actif = NOT est_actif WHERE id IN ${sites}`.execute(ctx.db);
    await expectExactTotals(ctx.db);
    await sql`
      UPDATE produits SET site_id = (SELECT min(site_id) FROM produits WHERE id IN (${sql.join(originals)})),
                          est_actif = NOT est_actif
      WHERE id IN (${sql.join(copies.rows.map((c) => c.id))})`.execute(ctx.db);
    await expectExactTotals(ctx.db);
    await sql`DELETE FROM produits WHERE id IN (${sql.join(copies.rows.map((c) => c.id))})`.execute(ctx.db);
    await expectExactTotals(ctx.db);
  });

  it("keep the payments' counts, sums and daily totals under statements of many payments", async () => {
    const author = (await createAccount(ctx.db, { role: 'comptable' })).id;
    const produit_id = await createProduit(ctx.db);
    const membre = await createMembre(ctx.db, { produit_id });
    const tag = `LOT-${Date.now()}`;
    const banques = await sql<{ id: number }>`
      INSERT INTO banques (nom, code_banque, numero_compte, solde)
      VALUES ('Banque A', ${`${tag}-A`}, '0001', 0), ('Banque B', ${`${tag}-B`}, '0002', 0)
      RETURNING id`.execute(ctx.db);
    const ofTag = sql`numero_recu LIKE ${`${tag}-%`}`;
    // The validated ones fall on four days: each day's total is written once.
    await ctx.db.transaction().execute(async (trx) => {
      const before = await writesTo(trx, 'totaux_journaliers');
      await sql`
        INSERT INTO versements (membre_id, produit_id, banque_id, montant, type_versement, numero_recu, date_recu,
                                date_versement, statut, date_validation, date_rejet, created_by)
        SELECT ${membre.id}::int, ${produit_id}::int,
               (ARRAY[${sql.join(banques.rows.map((b) => b.id))}]::int[])[1 + i % 2], 10000 * i,
               (ARRAY['mensualite', 'apport', 'autre'])[1 + i % 3], ${tag} || '-' || i, current_date, current_date,
               s.statut, CASE WHEN s.statut = 'valide' THEN now() - make_interval(days => i % 4) END,
               CASE WHEN s.statut = 'rejete' THEN now() END, ${author}::int
        FROM generate_series(1, 60) AS i
        CROSS JOIN LATERAL (SELECT (ARRAY['en_attente', 'valide', 'rejete'])[1 + (i / 3) % 3] AS statut) AS s`.execute(
        trx,
      );
      expect((await writesTo(trx, 'totaux_journaliers')) - before).toBe(4);
    });
    await expectExactTotals(ctx.db);
    await sql`
      UPDATE versements SET statut = 'valide', date_validation = now() - interval '1 day'
      WHERE ${ofTag} AND statut = 'en_attente'`.execute(ctx.db);
    await expectExactTotals(ctx.db);
    await sql`UPDATE versements SET montant = montant + 500 WHERE ${ofTag} AND id % 2 = 0`.execute(ctx.db);
    await expectExactTotals(ctx.db);
    await sql`UPDATE versements SET date_suppression = now() WHERE ${ofTag} AND id % 3 = 0`.execute(ctx.db);
    await expectExactTotals(ctx.db);
    await sql`DELETE FROM versements WHERE ${ofTag} AND statut = 'rejete'`.execute(ctx.db);
    await expectExactTotals(ctx.db);
  });
});

const inject = (url: string) => ctx.app.inject({ method: 'GET', url, headers: admin.auth });

describe('list pages', () => {
  it('answer the filtered total from the kept counters, past the last page too', async () => {
    for (let i = 0; i < 3; i++) await insertDemande(ctx.db);
    const [{ pending }] = (
      await sql<{ pending: number }>`SELECT count(*)::int AS pending FROM demandes WHERE statut = 'en_attente'`.execute(
        ctx.db,
      )
    ).rows as [{ pending: number }];
    const first = await inject('/api/demandes?statut=en_attente&page=1&limit=2');
    expect(first.json().pagination).toMatchObject({ total: pending, totalPages: Math.ceil(pending / 2) });
    expect(first.json().data).toHaveLength(2);
    const past = await inject('/api/demandes?statut=en_attente&page=999&limit=2');
    expect(past.json()).toMatchObject({ data: [], pagination: { total: pending } });
  });

  it('count the matches of a search', async () => {
    const id = await insertDemande(ctx.db);
    await ctx.db.updateTable('demandes').set({ nom_complet: 'Zébulon Unique' }).where('id', '=', id).execute();
    const found = await inject('/api/demandes?search=bulon%20uni&limit=5');
    expect(found.json().pagination.total).toBe(1);
    expect(found.json().data[0].id).toBe(id);
  });

  it('counts the matches of a search up to its cap past the page, says the total is a lower bound, and pages to the end', async () => {
    const produit_id = await createProduit(ctx.db);
    const matches = 2 * SEARCH_COUNT_CAP + 5;
    await sql`
      INSERT INTO demandes (nom_complet, num_cni, date_naissance, profession, engagement_mensuel, duree_paiement,
                            email, telephone, pays, ville, adresse, produit_id)
      SELECT 'Capé Test' || g, 'CAP' || g, '1990-01-01', 'Comptable', 100000, 60, 'cap' || g || '@test.example',
             '+225 07 00 00 00 00', 'Côte d''Ivoire', 'Abidjan', 'Cocody', ${produit_id}
      FROM generate_series(1, ${matches}) AS g`.execute(ctx.db);
    const search = (page: number) => inject(`/api/demandes?search=Cap%C3%A9%20Test&limit=20&page=${page}`);
    const first = await search(1);
    const firstCap = 20 + SEARCH_COUNT_CAP;
    expect(first.json().pagination).toEqual({
      page: 1,
      limit: 20,
      total: firstCap,
      totalPages: firstCap / 20,
      totalExact: false,
    });
    expect(first.json().data).toHaveLength(20);
    // The last page it promised counts further: the pages go on, and the count becomes exact.
    const further = await search(firstCap / 20);
    expect(further.json().pagination).toMatchObject({
      total: matches,
      totalPages: Math.ceil(matches / 20),
      totalExact: true,
    });
    const last = await search(Math.ceil(matches / 20));
    expect(last.json().data).toHaveLength(matches % 20);
    const one = await inject('/api/demandes?search=Cap%C3%A9%20Test103&limit=20');
    expect(one.json().pagination).toMatchObject({ total: 1, totalExact: true });
  });

  it('gives a gestionnaire the total of his own clients, by status', async () => {
    const gestionnaire = await loginAs(ctx, 'gestionnaire');
    await createMembre(ctx.db, { gestionnaire_id: gestionnaire.account.id });
    await createMembre(ctx.db, { gestionnaire_id: gestionnaire.account.id, statut: 'suspendu' });
    await createMembre(ctx.db, { gestionnaire_id: null });
    const all = await ctx.app.inject({ method: 'GET', url: '/api/membres', headers: gestionnaire.auth });
    expect(all.json().pagination.total).toBe(2);
    const suspended = await ctx.app.inject({
      method: 'GET',
      url: '/api/membres?statut=suspendu',
      headers: gestionnaire.auth,
    });
    expect(suspended.json().pagination.total).toBe(1);
  });

  it("walk an index in each list's order, sorting only the page's own rows", async () => {
    // The repositories' own queries, planned as on a large table (the test tables are too small
    // for the planner to prefer an index): the only sort left is the final one of the page.
    const plans = await ctx.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      await sql`SET LOCAL enable_bitmapscan = off`.execute(trx);
      // The queries the lists run (subqueries pass through the plugin too, but are never executed).
      const compiled = new Map<unknown, CompiledQuery>();
      const captured: CompiledQuery[] = [];
      const capturing = trx.withPlugin({
        transformQuery: ({ node, queryId }) => {
          compiled.set(queryId, trx.getExecutor().compileQuery(node, queryId));
          return node;
        },
        transformResult: async ({ result, queryId }) => {
          const query = compiled.get(queryId);
          if (query) captured.push(query);
          return result;
        },
      });
      const page = { page: '3', limit: '20' };
      await listDemandes(capturing, demandeListQuerySchema.parse({ ...page, statut: 'en_attente' }));
      await listDemandes(capturing, demandeListQuerySchema.parse(page));
      await listAccounts(capturing, utilisateurListQuerySchema.parse(page));
      await listMembres(capturing, { kind: 'all' }, membreListQuerySchema.parse({ ...page, sortBy: 'nom' }));
      await listDepenses(capturing, { kind: 'all' }, depenseListQuerySchema.parse({ ...page, statut: 'en_attente' }));
      await listDepenses(capturing, { kind: 'all' }, depenseListQuerySchema.parse({ ...page, categorie: 'Transport' }));
      // A member's own expenses, on the filer's index.
      await listDepenses(
        capturing,
        { kind: 'self', utilisateurId: admin.account.id },
        depenseListQuerySchema.parse(page),
      );
      await listRemboursements(capturing, { kind: 'all' }, remboursementListQuerySchema.parse(page));
      await listRemboursements(
        capturing,
        { kind: 'all' },
        remboursementListQuerySchema.parse({ ...page, statut: 'en_attente' }),
      );
      const explained: string[] = [];
      // The page queries (a page past the end adds a query for its total alone).
      for (const query of captured.filter((q) => /\boffset\b/i.test(q.sql))) {
        const plan = await trx.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]),
        );
        explained.push(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
      return explained;
    });
    expect(plans).toHaveLength(9);
    for (const plan of plans) {
      expect(plan).toMatch(/Index (Only )?Scan/);
      expect(plan.match(/Sort Key/g)).toHaveLength(1);
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('on PostgreSQL', () => {
  it('keeps the catalogue totals right when a product is added while its site is being switched off', async () => {
    const produitId = await createProduit(ctx.db);
    const { site_id } = await ctx.db
      .selectFrom('produits')
      .select('site_id')
      .where('id', '=', produitId)
      .executeTakeFirstOrThrow();
    let added: Promise<unknown> | undefined;
    await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('sites').set({ est_actif: false }).where('id', '=', site_id).execute();
      // Another connection adds a product to the site before this change commits.
      added = ctx.db
        .insertInto('produits')
        .values({
          site_id,
          titre: 'Ajouté pendant la désactivation',
          description: 'Test',
          type: 'terrain',
          superficie: 300,
          prix_vente: 5_000_000,
          nombre_chambre: 0,
          nombre_salon: 0,
          nombre_cuisine: 0,
          nombre_toilette: 0,
        })
        .execute();
      await heldBack(ctx.db, trx, 1);
    });
    await added;
    expect(await kept(ctx.db)).toEqual(await recounted(ctx.db));
  });

  it('prepares the reads a connection runs, so a page is planned once per connection', async () => {
    const read = () => ctx.db.selectFrom('demandes').select('id').where('statut', '=', 'en_attente').limit(3).execute();
    await read();
    await read();
    const prepared = await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(ctx.db);
    expect(prepared.rows.map((r) => r.statement)).toContainEqual(
      expect.stringMatching(/from "demandes" where "statut" = \$1/),
    );
  });
});
