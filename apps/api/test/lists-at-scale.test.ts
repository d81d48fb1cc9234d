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
import type { Database } from '../src/db/database.ts';
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

async function kept(db: Database): Promise<Map<string, number>> {
  const rows = await db.selectFrom('compteurs').selectAll().where('total', '<>', '0').execute();
  return new Map(rows.map((r) => [r.cle, Number(r.total)]));
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

  it('counts the matches of a search up to its cap, then says the total is a lower bound', async () => {
    const produit_id = await createProduit(ctx.db);
    await sql`
      INSERT INTO demandes (nom_complet, num_cni, date_naissance, profession, engagement_mensuel, duree_paiement,
                            email, telephone, pays, ville, adresse, produit_id)
      SELECT 'Capé Test' || g, 'CAP' || g, '1990-01-01', 'Comptable', 100000, 60, 'cap' || g || '@test.example',
             '+225 07 00 00 00 00', 'Côte d''Ivoire', 'Abidjan', 'Cocody', ${produit_id}
      FROM generate_series(1, ${SEARCH_COUNT_CAP + 5}) AS g`.execute(ctx.db);
    const many = await inject('/api/demandes?search=Cap%C3%A9%20Test&limit=20');
    expect(many.json().pagination).toEqual({
      page: 1,
      limit: 20,
      total: SEARCH_COUNT_CAP,
      totalPages: SEARCH_COUNT_CAP / 20,
      totalExact: false,
    });
    expect(many.json().data).toHaveLength(20);
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
