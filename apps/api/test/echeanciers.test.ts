import { addMonths, type Echeancier, type RetardsPage, type Role } from '@app/shared';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerBreaches } from '../src/modules/banques/ledger.repository.ts';
import { buildTestApp, loginAs, type TestContext } from './helpers.ts';
import {
  type Auth,
  backdateSchedule,
  type Client,
  createBanque,
  createClient,
  declare,
  deleteVersement,
  rejectVersement,
  validateVersement,
  versementBody,
} from './money-helpers.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
let comptable: Awaited<ReturnType<typeof loginAs>>;
let gestionnaire: Awaited<ReturnType<typeof loginAs>>;
let banqueId: number;
let today: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await loginAs(ctx, 'admin');
  comptable = await loginAs(ctx, 'comptable');
  gestionnaire = await loginAs(ctx, 'gestionnaire');
  banqueId = (await createBanque(ctx, comptable.auth, { est_principale: true, solde_initial: 10_000_000 })).id;
  const { rows } = await sql<{ today: string }>`SELECT (now() AT TIME ZONE fuseau_societe())::date AS today`.execute(
    ctx.db,
  );
  today = rows[0]?.today as string;
});
afterAll(async () => {
  await ctx.close();
});
// Every scenario leaves the schedules and the kept unpaid due dates as a recount finds them.
afterEach(async () => {
  expect(await ledgerBreaches(ctx.db)).toEqual([]);
});

async function schedule(auth: Auth, membreId: number | 'moi'): Promise<Echeancier> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/membres/${membreId}/echeancier`, headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** A member's payment, declared by himself and validated by the comptable. */
async function pay(client: Client, montant: number, type_versement = 'mensualite') {
  const versement = await declare(ctx, client.auth, versementBody(client, banqueId, { montant, type_versement }));
  expect((await validateVersement(ctx, comptable.auth, versement.id)).statusCode).toBe(200);
  return versement.id;
}

function reschedule(auth: Auth, membreId: number, body: object) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/membres/${membreId}/echeancier/reechelonnement`,
    headers: auth,
    payload: body,
  });
}

function changeStart(auth: Auth, membreId: number, premiere_echeance: string) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/membres/${membreId}/echeancier/debut`,
    headers: auth,
    payload: { premiere_echeance },
  });
}

const statuts = (e: Echeancier, n = 5) => e.echeances.slice(0, n).map((x) => x.statut);

describe('settlement of the stored schedule', () => {
  it('settles the oldest instalment first: partial, several at once for an apport, each with its payments', async () => {
    const client = await createClient(ctx);
    const fresh = await schedule(admin.auth, client.id);
    expect(fresh).toMatchObject({ version: 1, total: 9_000_000, paye: 0, payees: 0, retard: null, excedent: 0 });
    expect(fresh.echeances).toHaveLength(60);

    const first = await pay(client, 100_000);
    let s = await schedule(admin.auth, client.id);
    expect(statuts(s, 2)).toEqual(['partiel', 'a_venir']);
    expect(s.echeances[0]).toMatchObject({ paye: 100_000, reste: 50_000 });
    expect(s.prochaine).toEqual({ numero: 1, date: s.echeances[0]?.date, montant: 50_000 });

    const apport = await pay(client, 400_000, 'apport');
    s = await schedule(admin.auth, client.id);
    expect(statuts(s, 5)).toEqual(['paye', 'paye', 'paye', 'partiel', 'a_venir']);
    expect(s.echeances[0]?.reglements.map((r) => [r.versement_id, r.montant])).toEqual([
      [first, 100_000],
      [apport, 50_000],
    ]);
    expect(s.echeances[3]).toMatchObject({ paye: 50_000, reste: 100_000 });
    expect(s).toMatchObject({ paye: 500_000, reste: 8_500_000, payees: 3 });
  });

  it('undoes a rejected or deleted payment’s allocation', async () => {
    const client = await createClient(ctx);
    await pay(client, 150_000);
    const pending = await declare(ctx, client.auth, versementBody(client, banqueId, { montant: 150_000 }));
    expect((await schedule(admin.auth, client.id)).paye).toBe(150_000);
    expect((await rejectVersement(ctx, comptable.auth, pending.id)).statusCode).toBe(200);
    expect(statuts(await schedule(admin.auth, client.id), 2)).toEqual(['paye', 'a_venir']);

    const second = await pay(client, 150_000);
    expect(statuts(await schedule(admin.auth, client.id), 2)).toEqual(['paye', 'paye']);
    expect((await deleteVersement(ctx, comptable.auth, second)).statusCode).toBe(200);
    const after = await schedule(admin.auth, client.id);
    expect(statuts(after, 2)).toEqual(['paye', 'a_venir']);
    expect(after.echeances.flatMap((e) => e.reglements).map((r) => r.versement_id)).not.toContain(second);
  });

  it('is late after the due date and the settings’ grace, with the penalty apart from the principal', async () => {
    const client = await createClient(ctx);
    // The first instalment three months ago: three are past; one paid and a half.
    await backdateSchedule(ctx, client.id, 4);
    await pay(client, 225_000);
    const s = await schedule(admin.auth, client.id);
    expect(statuts(s, 4)).toEqual(['paye', 'en_retard', 'en_retard', 'a_venir']);
    const oldest = s.echeances[1]?.date as string;
    expect(s.retard).toMatchObject({ montant: 75_000 + 150_000, depuis: oldest, penalite: 0 });
    expect(s.retard?.tranche).toBe('61-90');

    const put = (recouvrement: object) =>
      ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.auth, payload: { recouvrement } });
    try {
      const saved = await put({ penaltyRate: 2 });
      expect(saved.statusCode, saved.body).toBe(200);
      const withPenalty = await schedule(admin.auth, client.id);
      const months = (date: string) =>
        Math.ceil((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / 86_400_000 / 30);
      const expected =
        Math.floor((75_000 * 200 * months(oldest)) / 10_000) +
        Math.floor((150_000 * 200 * months(s.echeances[2]?.date as string)) / 10_000);
      expect(withPenalty.retard?.penalite).toBe(expected);
      expect(withPenalty.retard?.montant).toBe(225_000);
      expect(withPenalty.reste).toBe(s.reste);
      // A grace longer than the last instalment's delay: only the older one stays late.
      const lastLateDays = Math.round(
        (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${s.echeances[2]?.date}T00:00:00Z`)) / 86_400_000,
      );
      expect((await put({ penaltyRate: 0, graceDays: Math.min(30, lastLateDays) })).statusCode).toBe(200);
      const graced = await schedule(admin.auth, client.id);
      // Nothing of it is paid: within the grace it is still to come.
      expect(statuts(graced, 3)).toEqual(['paye', 'en_retard', lastLateDays <= 30 ? 'a_venir' : 'en_retard']);
    } finally {
      await put({ penaltyRate: 0, graceDays: 0 });
    }
  });
});

describe('changes by an admin', () => {
  it('moves the first due date before any validated payment, keeps the history, and refuses it after one', async () => {
    const client = await createClient(ctx);
    const start = addMonths(today, 2);
    const moved = await changeStart(admin.auth, client.id, start);
    expect(moved.statusCode, moved.body).toBe(200);
    const s: Echeancier = moved.json().data;
    expect(s).toMatchObject({ version: 2, premiere_echeance: start, total: 9_000_000 });
    expect(s.echeances.map((e) => e.date).slice(0, 3)).toEqual([start, addMonths(start, 1), addMonths(start, 2)]);
    expect(s.historique.map((h) => [h.version, h.remplace_le === null])).toEqual([
      [2, true],
      [1, false],
    ]);
    const audit = await ctx.db
      .selectFrom('audit')
      .select(['action', 'user_id', 'new_values'])
      .where('table_name', '=', 'echeanciers')
      .where('membre_id', '=', client.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'updated', user_id: admin.account.id });

    expect((await changeStart(admin.auth, client.id, '2001-01-01')).statusCode).toBe(400);
    await pay(client, 150_000);
    const locked = await changeStart(admin.auth, client.id, addMonths(today, 3));
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toMatch(/un versement a déjà été validé/);
  });

  it('reschedules what remains (new duration or amount), keeping the paid instalments, the total and the history', async () => {
    const client = await createClient(ctx);
    await pay(client, 400_000); // two instalments and 100 000 of the third
    // After the two paid instalments (a month and two months from now).
    const from = addMonths(today, 3);
    const response = await reschedule(admin.auth, client.id, {
      premiere_echeance: from,
      duree: 24,
      motif: 'Perte d’emploi',
    });
    expect(response.statusCode, response.body).toBe(200);
    const s: Echeancier = response.json().data;
    expect(s.version).toBe(2);
    expect(s.total).toBe(9_000_000);
    expect(s.echeances).toHaveLength(2 + 24);
    expect(s.echeances.slice(0, 2).map((e) => e.statut)).toEqual(['paye', 'paye']);
    // What remains of the schedule (8 700 000) over 24 months, the partial payment settling the first new one.
    expect(s.echeances[2]).toMatchObject({ numero: 3, date: from, montant: 362_500, paye: 100_000, statut: 'partiel' });
    expect(s.echeances.at(-1)?.date).toBe(addMonths(from, 23));
    expect(s.historique[0]).toMatchObject({ version: 2, motif: 'Perte d’emploi' });
    expect(s.historique[1]?.remplace_le).not.toBeNull();

    const byAmount = await reschedule(admin.auth, client.id, {
      premiere_echeance: from,
      montant: 1_000_000,
      motif: 'Prime reçue',
    });
    expect(byAmount.statusCode, byAmount.body).toBe(200);
    const t: Echeancier = byAmount.json().data;
    expect(t.version).toBe(3);
    expect(t.echeances.slice(2).map((e) => e.montant)).toEqual([...Array(8).fill(1_000_000), 700_000]);
    expect(t.historique).toHaveLength(3);
  });

  it('refuses a bad rescheduling with a French 400 and leaves the schedule as it was', async () => {
    const client = await createClient(ctx);
    const cases: [object, RegExp][] = [
      [{ premiere_echeance: addMonths(today, 1), motif: 'x' }, /soit une nouvelle durée, soit un nouveau montant/],
      [{ premiere_echeance: addMonths(today, 1), duree: 12, montant: 1000, motif: 'x' }, /soit une nouvelle durée/],
      [{ premiere_echeance: addMonths(today, 1), duree: 0, motif: 'x' }, /durée doit être comprise/],
      [{ premiere_echeance: addMonths(today, 1), duree: 12, motif: '  ' }, /motif est requis/],
      [{ premiere_echeance: '2001-01-01', duree: 12, motif: 'x' }, /ne peut pas être dans le passé/],
      [{ premiere_echeance: 'demain', duree: 12, motif: 'x' }, /date/i],
      // 1 FCFA a month would make millions of instalments.
      [{ premiere_echeance: addMonths(today, 1), montant: 1, motif: 'x' }, /sur plus de 600 mois/],
    ];
    for (const [body, message] of cases) {
      const response = await reschedule(admin.auth, client.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatch(message);
    }
    expect((await schedule(admin.auth, client.id)).version).toBe(1);
  });
});

describe('rights and scope', () => {
  it('lets each role read or change a schedule as the rights table says, in its scope', async () => {
    const mine = await createClient(ctx, { gestionnaire_id: gestionnaire.account.id });
    const other = await createClient(ctx);
    const roles: Record<Role, Auth> = {
      admin: admin.auth,
      gestionnaire: gestionnaire.auth,
      comptable: comptable.auth,
      commercial: (await loginAs(ctx, 'commercial')).auth,
      membre: mine.auth,
      demandeur: (await loginAs(ctx, 'demandeur')).auth,
    };
    const read = async (auth: Auth, id: number) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/membres/${id}/echeancier`, headers: auth })).statusCode;
    const expected: Record<Role, [number, number]> = {
      admin: [200, 200],
      gestionnaire: [200, 404],
      comptable: [403, 403],
      commercial: [403, 403],
      membre: [200, 404],
      demandeur: [403, 403],
    };
    for (const role of Object.keys(roles) as Role[]) {
      expect([await read(roles[role], mine.id), await read(roles[role], other.id)], role).toEqual(expected[role]);
      const own = await ctx.app.inject({ method: 'GET', url: '/api/membres/moi/echeancier', headers: roles[role] });
      expect(own.statusCode, role).toBe(role === 'membre' ? 200 : 403);
      const change = await reschedule(roles[role], mine.id, {
        premiere_echeance: addMonths(today, 1),
        duree: 30,
        motif: 'Essai',
      });
      expect(change.statusCode, role).toBe(role === 'admin' ? 200 : 403);
      const start = await changeStart(roles[role], other.id, addMonths(today, 1));
      expect(start.statusCode, role).toBe(role === 'admin' ? 200 : 403);
    }
    expect((await schedule(mine.auth, 'moi')).membre_id).toBe(mine.id);
  });
});

describe('GET /retards', () => {
  let late: Client[];
  const retards = async (auth: Auth, query = '') => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/retards?limit=1000${query}`, headers: auth });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as RetardsPage;
  };

  beforeAll(async () => {
    // Three clients of the gestionnaire, their first instalment 2, 3 and 5 months back, one instalment paid each.
    late = [];
    for (const months of [2, 3, 5]) {
      const client = await createClient(ctx, { gestionnaire_id: gestionnaire.account.id });
      await backdateSchedule(ctx, client.id, months + 1);
      await pay(client, 150_000);
      late.push(client);
    }
  });

  it('puts each late member in his bucket for a chosen date, with the overdue amount, and totals per bucket', async () => {
    for (const date of [today, addMonths(today, 1), addMonths(today, -1)]) {
      const page = await retards(admin.auth, `&date=${date}`);
      expect(page.date).toBe(date);
      for (const client of late) {
        const s = await schedule(admin.auth, client.id);
        const oldest = s.echeances[1]?.date as string;
        const row = page.data.find((r) => r.membre_id === client.id);
        if (oldest >= date) {
          expect(row, `${client.id} ${date}`).toBeUndefined();
          continue;
        }
        const jours = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${oldest}T00:00:00Z`)) / 86_400_000);
        const dueBefore = s.echeances.filter((e) => e.date < date).reduce((sum, e) => sum + e.montant, 0);
        expect(row, `${client.id} ${date}`).toMatchObject({
          echeance_impayee: oldest,
          jours,
          tranche: jours <= 30 ? '1-30' : jours <= 60 ? '31-60' : jours <= 90 ? '61-90' : '90+',
          montant_retard: dueBefore - 150_000,
          penalite: 0,
        });
        expect(row?.dernier_versement).not.toBeNull();
      }
      // The totals are the rows' sums, bucket by bucket.
      for (const total of page.totaux) {
        const rows = page.data.filter((r) => r.tranche === total.tranche);
        expect(total.membres, `${date} ${total.tranche}`).toBe(rows.length);
        expect(total.montant).toBe(rows.reduce((sum, r) => sum + r.montant_retard, 0));
      }
      // Most late first.
      expect(page.data.map((r) => r.echeance_impayee)).toEqual([...page.data.map((r) => r.echeance_impayee)].sort());
    }
  });

  it('filters by bucket and gestionnaire, and shows a gestionnaire only his clients', async () => {
    const all = await retards(admin.auth);
    const bucket = all.data.find((r) => r.membre_id === late[2]?.id)?.tranche;
    const filtered = await retards(admin.auth, `&tranche=${encodeURIComponent(bucket ?? '')}`);
    expect(filtered.data.every((r) => r.tranche === bucket)).toBe(true);
    expect(filtered.data.map((r) => r.membre_id)).toContain(late[2]?.id);
    expect(filtered.pagination.total).toBe(filtered.data.length);
    expect(filtered.totaux).toEqual(all.totaux);

    const own = await retards(gestionnaire.auth);
    expect(own.data.every((r) => r.gestionnaire?.id === gestionnaire.account.id)).toBe(true);
    expect(own.data.map((r) => r.membre_id)).toEqual(expect.arrayContaining(late.map((c) => c.id)));
    const byGestionnaire = await retards(comptable.auth, `&gestionnaire_id=${gestionnaire.account.id}`);
    expect(byGestionnaire.data.map((r) => r.membre_id)).toEqual(own.data.map((r) => r.membre_id));
  });

  it('brings today’s kept arrears up to date at the first read of a new day', async () => {
    const before = await retards(admin.auth);
    const kept = async () =>
      Number((await sql<{ n: string }>`SELECT sum(retard_montant) AS n FROM membres`.execute(ctx.db)).rows[0]?.n);
    const today = await kept();
    // The state as the kept values were 40 days ago: an earlier cut-off, less due.
    await sql`UPDATE retards_arrete SET limite = limite - 40`.execute(ctx.db);
    await sql`SELECT rafraichir_retards(ARRAY(SELECT id FROM membres))`.execute(ctx.db);
    expect(await kept()).toBeLessThan(today);
    const after = await retards(admin.auth);
    expect(await kept()).toBe(today);
    expect(after.totaux).toEqual(before.totaux);
    expect(after.data).toEqual(before.data);
  });

  it('exports the same rows as CSV', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/retards/export', headers: comptable.auth });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="retards-${today}.csv"`);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('"Code ESV";"Nom";"Prénom"');
    const page = await retards(comptable.auth);
    expect(lines).toHaveLength(page.pagination.total + 1);
    const codes = await ctx.db
      .selectFrom('membres')
      .select('code_esv')
      .where(
        'id',
        'in',
        late.map((c) => c.id),
      )
      .execute();
    for (const { code_esv } of codes) expect(lines.some((l) => l.startsWith(`"${code_esv}";`))).toBe(true);
  });

  it('answers admin, comptable and gestionnaire, and refuses the other roles', async () => {
    for (const role of ['commercial', 'membre', 'demandeur'] as const) {
      const { auth } = await loginAs(ctx, role);
      for (const url of ['/api/retards', '/api/retards/export']) {
        expect((await ctx.app.inject({ method: 'GET', url, headers: auth })).statusCode, `${role} ${url}`).toBe(403);
      }
    }
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/retards?tranche=12-40', headers: admin.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/Tranche de retard inconnue/);
  });
});
