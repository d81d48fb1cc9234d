import { can, EXPORT_MESSAGES, EXPORTS, type Role } from '@app/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, ROLES_ALL, type TestContext } from './helpers.ts';
import {
  type Auth,
  type Client,
  createBanque,
  createClient,
  csvRows,
  declare,
  tokensOfRoles,
  validateVersement,
  versementBody,
} from './money-helpers.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
let comptable: Awaited<ReturnType<typeof loginAs>>;
let gestionnaire: Awaited<ReturnType<typeof loginAs>>;
let mine: Client;
let other: Client;
let tokens: Record<Role, Auth>;
let banqueId: number;

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await loginAs(ctx, 'admin');
  comptable = await loginAs(ctx, 'comptable');
  gestionnaire = await loginAs(ctx, 'gestionnaire');
  mine = await createClient(ctx, { gestionnaire_id: gestionnaire.account.id, nom: 'Export-Koné' });
  other = await createClient(ctx, { nom: 'Export-Diallo' });
  tokens = await tokensOfRoles(ctx, {
    admin: admin.auth,
    comptable: comptable.auth,
    gestionnaire: gestionnaire.auth,
    membre: mine.auth,
  });
  banqueId = (await createBanque(ctx, admin.auth)).id;
  // Three payments of the member, one validated; one of another member.
  for (const [client, montant, date] of [
    [mine, 150_000, '2026-10-05'],
    [mine, 75_000, '2026-10-20'],
    [mine, 1_250_000, '2026-11-02'],
    [other, 90_000, '2026-11-03'],
  ] as const) {
    const v = await declare(
      ctx,
      client.auth,
      versementBody(client, banqueId, { montant, date_recu: date, date_versement: date }),
    );
    if (montant === 150_000) expect((await validateVersement(ctx, comptable.auth, v.id)).statusCode).toBe(200);
  }
});
afterAll(async () => {
  await ctx.close();
});

const exportOf = (auth: Auth, query: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/versements/export?${query}`, headers: auth });

describe('exports of the payments', () => {
  it('writes the list as a French spreadsheet opens it: every page, its filters and sort, amounts and dates', async () => {
    const response = await exportOf(comptable.auth, `banque_id=${banqueId}&sortBy=montant&sortOrder=asc&format=csv`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="versements-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = csvRows(response.body);
    expect(header).toEqual(EXPORTS.versements.colonnes.map((c) => c.titre));
    const montant = header?.indexOf('Montant (FCFA)') ?? -1;
    expect(rows.map((r) => r[montant])).toEqual(['75000', '90000', '150000', '1250000']);
    const row = rows.find((r) => r[montant] === '150000');
    expect(row?.[header?.indexOf('Date du versement') ?? -1]).toBe('05/10/2026');
    expect(row?.[header?.indexOf('Statut') ?? -1]).toBe('Validé');
    expect(row?.[header?.indexOf('Membre') ?? -1]).toContain('Export-Koné');
    expect(row?.[header?.indexOf('Date de validation') ?? -1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);

    // The list's own filters: validated ones only.
    const validated = csvRows((await exportOf(comptable.auth, `banque_id=${banqueId}&statut=valide`)).body);
    expect(validated.slice(1).map((r) => r[montant])).toEqual(['150000']);
    // Audited: who, which list, which filters, how many rows.
    const audit = await ctx.db
      .selectFrom('audit')
      .select(['user_id', 'table_name', 'new_values'])
      .where('action', '=', 'exported')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ user_id: comptable.account.id, table_name: 'versements' });
    expect(audit.new_values).toMatchObject({
      format: 'csv',
      lignes: 1,
      filtres: { banque_id: banqueId, statut: 'valide' },
    });
  });

  it('writes an XLSX workbook whose amounts are numbers and dates are dates', async () => {
    const response = await exportOf(admin.auth, `banque_id=${banqueId}&sortBy=montant&sortOrder=desc&format=xlsx`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Versements');
    if (!sheet) throw new Error('feuille Versements absente');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(EXPORTS.versements.colonnes.map((c) => c.titre));
    const col = (titre: string) => header.indexOf(titre) + 1;
    expect(sheet?.rowCount).toBe(5);
    expect(sheet?.getRow(2).getCell(col('Montant (FCFA)')).value).toBe(1_250_000);
    const day = sheet?.getRow(2).getCell(col('Date du versement')).value;
    expect(day).toBeInstanceOf(Date);
    expect((day as Date).toISOString().slice(0, 10)).toBe('2026-11-02');
    // Shown as a French day and an amount with its thousands, on every row.
    for (const r of [2, 5]) {
      expect(sheet.getRow(r).getCell(col('Date du versement')).numFmt).toBe('dd/mm/yyyy');
      expect(sheet.getRow(r).getCell(col('Montant (FCFA)')).numFmt).toBe('#,##0');
    }
  });

  it('keeps each caller’s scope: a member his own payments, a gestionnaire his clients’', async () => {
    const member = csvRows((await exportOf(mine.auth, 'format=csv')).body);
    const code = member[0]?.indexOf('Code ESV') ?? -1;
    expect(member.length - 1).toBe(3);
    expect(new Set(member.slice(1).map((r) => r[code]))).toEqual(new Set([mine.code_esv]));
    const clients = csvRows((await exportOf(gestionnaire.auth, 'format=csv')).body);
    expect(clients.slice(1).every((r) => r[code] === mine.code_esv)).toBe(true);
    expect(
      csvRows((await exportOf(other.auth, 'format=csv')).body)
        .slice(1)
        .map((r) => r[code]),
    ).toEqual([other.code_esv]);
  });

  it('refuses a wrong format or filter with a French 400, and the roles that cannot read the list', async () => {
    const format = await exportOf(admin.auth, 'format=pdf');
    expect(format.statusCode).toBe(400);
    expect(format.json().message).toBe(EXPORT_MESSAGES.format);
    expect((await exportOf(admin.auth, 'statut=inconnu')).statusCode).toBe(400);
    // A day the schema lets through and the database refuses: a 400 before any byte of the file.
    const day = await exportOf(admin.auth, 'date_debut=0000-01-01&format=xlsx');
    expect(day.statusCode).toBe(400);
    expect(day.headers['content-type']).toMatch(/^application\/json/);
    for (const role of ROLES_ALL) {
      const response = await exportOf(tokens[role], 'format=csv');
      expect(response.statusCode, role).toBe(can(role, 'versements.read') ? 200 : 403);
    }
  });
});

/** Every list's export, with its right (the list's own) and a query its screen may send. */
const EXPORT_ROUTES = [
  { path: '/api/versements', list: 'versements', right: 'versements.read', query: 'statut=valide' },
  { path: '/api/depenses', list: 'depenses', right: 'depenses.read', query: 'sortBy=montant' },
  { path: '/api/remboursements', list: 'remboursements', right: 'remboursements.read', query: '' },
  { path: '/api/membres', list: 'membres', right: 'membres.read', query: 'search=Export' },
  { path: '/api/membres/mes-clients', list: 'membres', right: 'membres.mes_clients', query: '' },
  { path: '/api/demandes', list: 'demandes', right: 'demandes.read', query: '' },
  { path: '/api/personnel', list: 'personnel', right: 'personnel.read', query: '' },
  { path: '/api/utilisateurs', list: 'utilisateurs', right: 'utilisateurs.read', query: 'role=membre' },
  { path: '/api/produits', list: 'produits', right: 'produits.read', query: 'prix_min=1&prix_max=900000000' },
  { path: '/api/sites', list: 'sites', right: 'sites.read', query: '' },
  { path: '/api/chantiers', list: 'chantiers', right: 'chantiers.read', query: '' },
  { path: '/api/audit', list: 'audit', right: 'audit.read', query: 'action=exported' },
  { path: '/api/retards', list: 'retards', right: 'retards.read', query: 'tranche=1-30' },
  { path: () => `/api/banques/${banqueId}/mouvements`, list: 'mouvements', right: 'banques.read', query: '' },
  { path: () => `/api/banques/${banqueId}/lignes`, list: 'lignes_releve', right: 'banques.releves', query: '' },
] as const;

describe('exports of every list', () => {
  it('answers each list with its columns to the roles that read it, and 403 to the others', async () => {
    for (const route of EXPORT_ROUTES) {
      const path = typeof route.path === 'function' ? route.path() : route.path;
      for (const role of ROLES_ALL) {
        const response = await ctx.app.inject({
          method: 'GET',
          url: `${path}/export?${route.query}`,
          headers: tokens[role],
        });
        expect(response.statusCode, `${role} ${path}`).toBe(can(role, route.right) ? 200 : 403);
        if (response.statusCode === 200) {
          expect(csvRows(response.body)[0], path).toEqual(EXPORTS[route.list].colonnes.map((c) => c.titre));
        }
      }
    }
  });

  it('keeps the list’s filters and scope: a bank’s movements are its own, a gestionnaire’s members his clients', async () => {
    const mouvements = csvRows(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/banques/${banqueId}/mouvements/export`,
          headers: comptable.auth,
        })
      ).body,
    );
    const credit = mouvements[0]?.indexOf('Crédit (FCFA)') ?? -1;
    // The one validated payment of the bank.
    expect(mouvements.slice(1).map((r) => r[credit])).toEqual(['150000']);
    const clients = csvRows(
      (await ctx.app.inject({ method: 'GET', url: '/api/membres/mes-clients/export', headers: gestionnaire.auth }))
        .body,
    );
    const code = clients[0]?.indexOf('Code ESV') ?? -1;
    expect(clients.slice(1).map((r) => r[code])).toEqual([mine.code_esv]);
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/banques/999999/mouvements/export',
      headers: comptable.auth,
    });
    expect(missing.statusCode).toBe(404);
  });
});
