import { allocate, type Dashboard, type Role, retardDe } from '@app/shared';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerBreaches } from '../src/modules/banques/ledger.repository.ts';
import { buildTestApp, createAccount, loginAs, PASSWORD, type TestContext } from './helpers.ts';
import {
  type Auth,
  backdateSchedule,
  type Client,
  createBanque,
  createClient,
  createPaidClient,
  declare,
  signIn,
  validateVersement,
  versementBody,
} from './money-helpers.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
let comptable: Awaited<ReturnType<typeof loginAs>>;
let gestionnaire: Awaited<ReturnType<typeof loginAs>>;
let demandeur: Awaited<ReturnType<typeof loginAs>>;
let banqueId: number;
let client: Client;
let tokens: Record<Role, Auth>;

const ROLES: Role[] = ['admin', 'gestionnaire', 'comptable', 'commercial', 'membre', 'demandeur'];

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await loginAs(ctx, 'admin');
  comptable = await loginAs(ctx, 'comptable');
  gestionnaire = await loginAs(ctx, 'gestionnaire');
  demandeur = await loginAs(ctx, 'demandeur');
  banqueId = (await createBanque(ctx, comptable.auth, { est_principale: true, solde_initial: 50_000_000 })).id;
  client = await createPaidClient(ctx, comptable.auth, banqueId, 300_000, { gestionnaire_id: gestionnaire.account.id });
  tokens = {
    admin: admin.auth,
    gestionnaire: gestionnaire.auth,
    comptable: comptable.auth,
    commercial: (await loginAs(ctx, 'commercial')).auth,
    membre: client.auth,
    demandeur: demandeur.auth,
  };
});
afterAll(async () => {
  await ctx.close();
});
// The hourly totals the dashboard reads are one of the ledger's invariants: they hold after every scenario.
afterEach(async () => {
  expect(await ledgerBreaches(ctx.db)).toEqual([]);
});

async function dashboard(auth: Auth): Promise<Dashboard> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/dashboard', headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const figure = (d: Dashboard, part: 'attente' | 'cartes', key: string) => d[part].find((f) => f.key === key)?.value;

/** Sums straight from the rows, in the company's time zone (Africa/Abidjan by default). */
async function monthSums(tz = 'Africa/Abidjan') {
  const { rows } = await sql<{ mois: string; versements: string; depenses: string }>`
    WITH mois AS (
      SELECT to_char(date_trunc('month', now() AT TIME ZONE ${tz}) - make_interval(months => i), 'YYYY-MM') AS mois
      FROM generate_series(0, 11) AS i)
    SELECT mois.mois,
      (SELECT coalesce(sum(montant), 0) FROM versements WHERE statut = 'valide' AND date_suppression IS NULL
        AND to_char(date_validation AT TIME ZONE ${tz}, 'YYYY-MM') = mois.mois) AS versements,
      (SELECT coalesce(sum(montant), 0) FROM depenses WHERE statut = 'approuvee'
        AND to_char(date_approbation AT TIME ZONE ${tz}, 'YYYY-MM') = mois.mois) AS depenses
    FROM mois ORDER BY mois.mois`.execute(ctx.db);
  return rows.map((row) => ({ mois: row.mois, versements: Number(row.versements), depenses: Number(row.depenses) }));
}

async function count(query: ReturnType<typeof sql<{ n: string }>>) {
  return Number((await query.execute(ctx.db)).rows[0]?.n);
}

async function approvedExpense(montant: number) {
  const filed = await ctx.app.inject({
    method: 'POST',
    url: '/api/depenses',
    headers: client.auth,
    payload: { montant, categorie: 'Transport', description: `Taxi ${montant}`, date_depense: '2026-11-05' },
  });
  expect(filed.statusCode, filed.body).toBe(201);
  const approved = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/depenses/${filed.json().data.id}/approve`,
    headers: comptable.auth,
  });
  expect(approved.statusCode, approved.body).toBe(200);
}

describe('rights', () => {
  it('answers every role with its own dashboard, and nobody without a session', async () => {
    for (const role of ROLES) {
      expect((await dashboard(tokens[role])).role, role).toBe(role);
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/dashboard' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('gives the admin lists of GET /dashboard/admin to the admin only', async () => {
    for (const role of ROLES) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/dashboard/admin', headers: tokens[role] });
      expect(response.statusCode, role).toBe(role === 'admin' ? 200 : 403);
      if (role === 'admin') {
        const data = response.json().data;
        expect(Object.keys(data).sort()).toEqual(['audits', 'banques', 'chantiers', 'depenses', 'gestionnaires']);
        expect(data.banques.map((b: { id: number }) => b.id)).toContain(banqueId);
      }
    }
  });

  it('shows each role only its parts: no money to the gestionnaire, no company figures to a member', async () => {
    const byRole = Object.fromEntries(await Promise.all(ROLES.map(async (r) => [r, await dashboard(tokens[r])])));
    expect(byRole.admin.finance).not.toBeNull();
    expect(byRole.comptable.finance).not.toBeNull();
    expect(byRole.gestionnaire.finance).toBeNull();
    expect(byRole.commercial.finance).toBeNull();
    expect(byRole.gestionnaire.performance).not.toBeNull();
    expect(byRole.comptable.performance).toBeNull();
    for (const role of ['membre', 'demandeur'] as const) {
      expect(byRole[role].cartes, role).toEqual([]);
      expect(byRole[role].finance, role).toBeNull();
      expect(byRole[role].graphique, role).toBeNull();
      expect(byRole[role].alertes, role).toBeNull();
    }
    expect(byRole.membre.compte?.codeEsv).toBe(client.code_esv);
    expect(byRole.demandeur.compte).toBeNull();
  });
});

describe('figures equal sums computed from the rows', () => {
  it('matches the admin cards, the month and the 12-month chart with the rows, and follows a new payment', async () => {
    await approvedExpense(40_000);
    let d = await dashboard(admin.auth);
    const sums = await monthSums();
    expect(d.graphique).toEqual(sums);
    const thisMonth = sums.at(-1);
    expect(figure(d, 'cartes', 'encaisse')).toBe(thisMonth?.versements);
    expect(figure(d, 'cartes', 'depenses_mois')).toBe(thisMonth?.depenses);
    expect(thisMonth?.versements).toBeGreaterThanOrEqual(300_000);
    expect(thisMonth?.depenses).toBeGreaterThanOrEqual(40_000);
    expect(figure(d, 'cartes', 'banques')).toBe(
      await count(sql`SELECT sum(solde) AS n FROM banques WHERE statut = 'active'`),
    );
    expect(figure(d, 'cartes', 'membres')).toBe(
      await count(sql`SELECT count(*) AS n FROM membres m JOIN utilisateurs u ON u.id = m.utilisateur_id
        WHERE u.statut = 'actif'`),
    );
    expect(figure(d, 'attente', 'demandes')).toBe(
      await count(sql`SELECT count(*) AS n FROM demandes WHERE statut = 'en_attente'`),
    );
    expect(figure(d, 'attente', 'depenses')).toBe(
      await count(sql`SELECT count(*) AS n FROM depenses WHERE statut = 'en_attente'`),
    );

    // A payment validated now adds its amount to this month, on the card and the chart.
    const before = figure(d, 'cartes', 'encaisse') as number;
    const versement = await declare(ctx, client.auth, versementBody(client, banqueId, { montant: 175_000 }));
    expect(figure(await dashboard(admin.auth), 'cartes', 'encaisse')).toBe(before);
    expect((await validateVersement(ctx, comptable.auth, versement.id)).statusCode).toBe(200);
    d = await dashboard(admin.auth);
    expect(figure(d, 'cartes', 'encaisse')).toBe(before + 175_000);
    expect(d.graphique?.at(-1)?.versements).toBe(before + 175_000);
    expect(d.finance?.encaisseMois).toBe(before + 175_000);
  });

  it('counts what waits for the comptable: payments to validate and expenses to approve', async () => {
    const pending = await declare(ctx, client.auth, versementBody(client, banqueId, { montant: 60_000 }));
    const d = await dashboard(comptable.auth);
    expect(figure(d, 'attente', 'versements')).toBe(
      await count(sql`SELECT count(*) AS n FROM versements WHERE statut = 'en_attente' AND date_suppression IS NULL`),
    );
    expect(figure(d, 'cartes', 'attente_montant')).toBe(
      await count(
        sql`SELECT sum(montant) AS n FROM versements WHERE statut = 'en_attente' AND date_suppression IS NULL`,
      ),
    );
    expect(d.attente.find((f) => f.key === 'versements')?.to).toBe('/versements?statut=en_attente');
    expect((await validateVersement(ctx, comptable.auth, pending.id)).statusCode).toBe(200);
    expect(figure(await dashboard(comptable.auth), 'attente', 'versements')).toBe(
      (figure(d, 'attente', 'versements') as number) - 1,
    );
  });

  it('counts days in the company’s time zone, and recounts them when it changes', async () => {
    // Validated at 23:30 UTC on the last day of a month: still that month in Abidjan, the next in Lagos (UTC+1).
    const versement = await declare(ctx, client.auth, versementBody(client, banqueId, { montant: 90_000 }));
    expect((await validateVersement(ctx, comptable.auth, versement.id)).statusCode).toBe(200);
    const lastMonthEnd = sql<Date>`date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '30 minutes'`;
    await ctx.db
      .updateTable('versements')
      .set({ date_validation: lastMonthEnd as never })
      .where('id', '=', versement.id)
      .execute();
    expect((await dashboard(admin.auth)).graphique).toEqual(await monthSums());
    const setTimeZone = async (timeZone: string) => {
      const put = await ctx.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: admin.auth,
        payload: { general: { timeZone } },
      });
      expect(put.statusCode, put.body).toBe(200);
    };
    await setTimeZone('Africa/Lagos');
    const inLagos = await dashboard(admin.auth);
    expect(inLagos.graphique).toEqual(await monthSums('Africa/Lagos'));
    expect(inLagos.graphique).not.toEqual(await monthSums());
    await setTimeZone('Africa/Abidjan');
    expect((await dashboard(admin.auth)).graphique).toEqual(await monthSums());
  });

  it('measures the month against the target of the settings, or says none is set', async () => {
    let d = await dashboard(admin.auth);
    expect(d.finance?.objectifMensuel).toBeNull();
    expect(d.finance?.tauxObjectif).toBeNull();
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin.auth,
      payload: { general: { monthlyTarget: 2_000_000 } },
    });
    expect(put.statusCode, put.body).toBe(200);
    d = await dashboard(admin.auth);
    expect(d.finance?.objectifMensuel).toBe(2_000_000);
    expect(d.finance?.tauxObjectif).toBe(Math.round(((d.finance?.encaisseMois ?? 0) / 2_000_000) * 100));
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin.auth,
      payload: { general: { monthlyTarget: 0 } },
    });
  });
});

describe('alerts appear and disappear with the data', () => {
  const keys = async (auth: Auth = admin.auth) => (await dashboard(auth)).alertes?.map((a) => a.key) ?? [];

  it('raises late chantiers while one in progress is past its planned end', async () => {
    expect(await keys()).not.toContain('chantiers_retard');
    const { id } = await ctx.db
      .insertInto('chantiers')
      .values({
        nom_chantier: 'Chantier en retard',
        description: 'Gros œuvre',
        adresse: 'Riviera 3',
        ville: 'Abidjan',
        pays: 'Côte d’Ivoire',
        budget_prevu: 80_000_000,
        date_debut: '2026-01-05',
        date_fin_prevue: '2026-03-31',
        statut: 'en_cours',
        created_by: admin.account.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await keys()).toContain('chantiers_retard');
    expect(await keys(gestionnaire.auth)).toContain('chantiers_retard');
    expect(figure(await dashboard(gestionnaire.auth), 'cartes', 'chantiers_retard')).toBe(1);
    await ctx.db.updateTable('chantiers').set({ date_fin_prevue: '2099-12-31' }).where('id', '=', id).execute();
    expect(await keys()).not.toContain('chantiers_retard');
  });

  it('raises inactive gestionnaires while one is not active', async () => {
    const inactive = await count(
      sql`SELECT count(*) AS n FROM utilisateurs WHERE role = 'gestionnaire' AND statut <> 'actif'`,
    );
    expect((await keys()).includes('gestionnaires_inactifs')).toBe(inactive > 0);
    const other = await createAccount(ctx.db, { role: 'gestionnaire', statut: 'suspendu' });
    expect(await keys()).toContain('gestionnaires_inactifs');
    const d = await dashboard(admin.auth);
    expect(d.performance?.gestionnairesTotal).toBe(
      await count(sql`SELECT count(*) AS n FROM utilisateurs WHERE role = 'gestionnaire'`),
    );
    await ctx.db.updateTable('utilisateurs').set({ statut: 'actif' }).where('id', '=', other.id).execute();
    if (inactive === 0) expect(await keys()).not.toContain('gestionnaires_inactifs');
  });

  it('raises high audit activity past 10 entries in the last hour, for the admin and the comptable', async () => {
    const lastHour = await count(sql`SELECT count(*) AS n FROM audit WHERE created_at > now() - interval '1 hour'`);
    expect((await keys()).includes('audit_eleve')).toBe(lastHour > 10);
    expect((await keys(comptable.auth)).includes('audit_eleve')).toBe(lastHour > 10);
    expect(lastHour).toBeGreaterThan(10);
  });
});

describe('each role sees what waits for it', () => {
  it('counts the gestionnaire’s late clients as the shared instalment rule does', async () => {
    // The first instalment three months ago: three instalments past; one has paid one, the other all three.
    const late = await createClient(ctx, { gestionnaire_id: gestionnaire.account.id });
    const upToDate = await createClient(ctx, { gestionnaire_id: gestionnaire.account.id });
    for (const [membre, paid] of [
      [late, 150_000],
      [upToDate, 450_000],
    ] as const) {
      await backdateSchedule(ctx, membre.id, 4);
      const versement = await declare(ctx, membre.auth, versementBody(membre, banqueId, { montant: paid }));
      expect((await validateVersement(ctx, comptable.auth, versement.id)).statusCode).toBe(200);
    }
    // Expected by the shared rules over each active client's stored schedule.
    const mine = await ctx.db
      .selectFrom('membres as m')
      .innerJoin('utilisateurs as u', 'u.id', 'm.utilisateur_id')
      .innerJoin('echeanciers as s', (j) => j.onRef('s.membre_id', '=', 'm.id').on('s.remplace_le', 'is', null))
      .select(['m.id', 's.id as echeancier_id', 'm.montant_deja_paye'])
      .where('m.gestionnaire_id', '=', gestionnaire.account.id)
      .where('u.statut', '=', 'actif')
      .execute();
    const { rows } = await sql<{
      today: string;
    }>`SELECT to_char(now() AT TIME ZONE 'Africa/Abidjan', 'YYYY-MM-DD') AS today`.execute(ctx.db);
    const today = rows[0]?.today as string;
    let expected = 0;
    for (const m of mine) {
      const schedule = (
        await ctx.db
          .selectFrom('echeances')
          .select(['numero', 'date_echeance', 'montant'])
          .where('echeancier_id', '=', m.echeancier_id)
          .orderBy('numero')
          .execute()
      ).map((e) => ({ numero: e.numero, date: e.date_echeance, montant: Number(e.montant) }));
      const paid = Number(m.montant_deja_paye);
      const { echeances } = allocate(schedule, paid > 0 ? [{ id: 1, montant: paid }] : [], { today });
      if (retardDe(echeances, today)) expected += 1;
    }
    const d = await dashboard(gestionnaire.auth);
    expect(figure(d, 'attente', 'retards')).toBe(expected);
    // The requests he decides, as the admin counts them.
    expect(d.attente.find((f) => f.key === 'demandes')).toMatchObject({
      value: await count(sql`SELECT count(*) AS n FROM demandes WHERE statut = 'en_attente'`),
      to: '/demandes?statut=en_attente',
    });
    expect(expected).toBeGreaterThanOrEqual(1);
    expect(figure(d, 'cartes', 'clients')).toBe(mine.length);

    // The count opens his clients list filtered on the same rule.
    const link = d.attente.find((f) => f.key === 'retards')?.to;
    expect(link).toBe('/membres?retard=true&statut=actif');
    const listed = async (enRetard: 'true' | 'false') => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/membres?en_retard=${enRetard}&statut=actif&limit=100`,
        headers: gestionnaire.auth,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { data: { id: number }[]; pagination: { total: number } };
    };
    const behind = await listed('true');
    expect(behind.pagination.total).toBe(expected);
    expect(behind.data.map((m) => m.id)).toContain(late.id);
    expect(behind.data.map((m) => m.id)).not.toContain(upToDate.id);
    const ahead = await listed('false');
    expect(ahead.data.map((m) => m.id)).toContain(upToDate.id);
    expect(ahead.pagination.total + behind.pagination.total).toBe(mine.length);
  });

  it('shows a member his account: paid, remaining, progress, next instalment, last payments', async () => {
    const d = await dashboard(client.auth);
    const row = await ctx.db.selectFrom('membres').selectAll().where('id', '=', client.id).executeTakeFirstOrThrow();
    const total = Number(row.engagement_mensuel) * row.duree_paiement;
    expect(d.compte).toMatchObject({
      codeEsv: client.code_esv,
      dejaPaye: Number(row.montant_deja_paye),
      montantTotal: total,
      reste: total - Number(row.montant_deja_paye),
      progression: Math.floor((Number(row.montant_deja_paye) / total) * 100),
    });
    expect(d.compte?.produit?.id).toBe(client.produit_id);
    // Inscribed today: nothing due yet, the first instalment a month from now, what he paid ahead deducted.
    expect(d.compte?.echeancier?.retard).toBeNull();
    expect(d.compte?.echeancier?.prochaine?.numero).toBeGreaterThanOrEqual(1);
    expect(d.compte?.echeancier?.paye).toBe(Number(row.montant_deja_paye));
    expect(d.compte?.echeancier?.echeances).toHaveLength(row.duree_paiement);
    expect(d.compte?.derniersVersements.length).toBeGreaterThan(0);
    expect(d.compte?.derniersVersements.every((v) => typeof v.montant === 'number')).toBe(true);
  });

  it('lists a demandeur’s own requests, linked when an admin creates his account, and never another’s', async () => {
    const email = `adjoua.${Date.now()}@demo.test`;
    const autre = `autre.${Date.now()}@demo.test`;
    const produit = await ctx.db.selectFrom('produits').select('id').executeTakeFirstOrThrow();
    const values = {
      nom_complet: 'Adjoua Yao',
      date_naissance: '1990-01-01',
      profession: 'Infirmière',
      engagement_mensuel: 100_000,
      duree_paiement: 24,
      telephone: '+225 07 00 00 00 00',
      pays: 'Côte d’Ivoire',
      ville: 'Abidjan',
      adresse: 'Cocody',
      produit_id: produit.id,
    };
    const [sienne] = await ctx.db
      .insertInto('demandes')
      .values([
        { ...values, num_cni: 'CI123456789', email: email.toUpperCase() },
        { ...values, num_cni: 'CI987654321', email: autre },
      ])
      .returning('id')
      .execute();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/utilisateurs',
      headers: admin.auth,
      payload: { nom: 'Yao', prenom: 'Adjoua', email, role: 'demandeur', mot_de_passe: PASSWORD },
    });
    expect(created.statusCode, created.body).toBe(201);
    const auth = await signIn(ctx, email);
    let d = await dashboard(auth);
    expect(d.demandes?.map((x) => x.id)).toEqual([sienne?.id]);
    expect(d.demandes?.[0]?.statut).toBe('en_attente');

    // Taking another applicant's e-mail (unproven) shows none of his requests.
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/personnel-auth/profile',
      headers: auth,
      payload: { nom: 'Yao', prenom: 'Adjoua', email: autre },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    d = await dashboard(auth);
    expect(d.demandes?.map((x) => x.id)).toEqual([sienne?.id]);
    expect((await dashboard(demandeur.auth)).demandes).toEqual([]);
  });
});

describe('recent activity', () => {
  it('lists at most 8 items, newest first, with the spec’s priorities, within the role’s scope', async () => {
    const d = await dashboard(admin.auth);
    expect(d.activite.length).toBeGreaterThan(0);
    expect(d.activite.length).toBeLessThanOrEqual(8);
    const times = d.activite.map((a) => a.at);
    expect(times).toEqual([...times].sort().reverse());
    for (const item of d.activite) {
      if (/rejet/i.test(item.detail)) expect(item.priority).toBe('urgent');
      if (/en attente/i.test(item.detail)) expect(item.priority).toBe('faible');
    }
    // A member sees his own payments only.
    const other = await createClient(ctx);
    await declare(ctx, other.auth, versementBody(other, banqueId, { montant: 55_000 }));
    const mine = await dashboard(client.auth);
    expect(mine.activite.every((a) => a.source === 'versement' || a.source === 'remboursement')).toBe(true);
    expect(mine.activite.some((a) => a.title.includes('55'))).toBe(false);
    const theirs = await dashboard(other.auth);
    expect(theirs.activite.some((a) => a.title.includes('55'))).toBe(true);
    // Links only to the lists the role may open: a commercial sees payments but has no payments screen.
    const commercial = await dashboard(tokens.commercial);
    expect(commercial.activite.length).toBeGreaterThan(0);
    expect(commercial.activite.every((a) => a.to === null)).toBe(true);
    expect(d.activite.every((a) => a.to !== null)).toBe(true);
  });
});
