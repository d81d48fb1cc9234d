import { randomBytes } from 'node:crypto';
import type { Banque, BanqueCreateBody, Role, Versement } from '@app/shared';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { createProduit, multipart } from './catalogue-helpers.ts';
import { login, loginAs, ROLES_ALL, type TestContext } from './helpers.ts';
import { createMembre, type MembreOptions } from './people-helpers.ts';

export type Auth = { authorization: string };

/** A real 1×1 JPEG and GIF, told apart from PNG and PDF by their bytes. */
export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2MBERISGBUYLxoaL2NCOEJjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY//AABEIAAEAAQMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/APQKAP8A/9k=',
  'base64',
);
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

let sequence = 0;
/** A tag no other row of the run carries (receipt numbers, account numbers, names). */
export function uniqueTag(prefix = 'T'): string {
  sequence += 1;
  return `${prefix}${process.pid}${sequence}${randomBytes(2).toString('hex')}`;
}

/** A complete bank form, unique per call (code and account number). */
export function banqueBody(overrides: Partial<BanqueCreateBody> = {}): BanqueCreateBody {
  const tag = uniqueTag();
  return {
    nom: `Banque ${tag}`,
    code_banque: `CB${tag}`,
    numero_compte: `CI${tag}`,
    adresse: 'Plateau, Abidjan',
    telephone: '+225 27 20 00 00 00',
    email: `agence.${tag.toLowerCase()}@banque.test`,
    solde_initial: 0,
    ...overrides,
  };
}

/** A bank created through the API (admin or comptable); returns it as the API answers it. */
export async function createBanque(
  ctx: TestContext,
  auth: Auth,
  overrides: Partial<BanqueCreateBody> = {},
): Promise<Banque> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/banques',
    headers: auth,
    payload: banqueBody(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

export interface Client {
  id: number;
  code_esv: string;
  produit_id: number;
  utilisateur_id: number;
  nom: string;
  auth: Auth;
}

/** Every role's bearer header for a rights test: the accounts given, the other roles signed in afresh. */
export async function tokensOfRoles(ctx: TestContext, given: Partial<Record<Role, Auth>>): Promise<Record<Role, Auth>> {
  const tokens: Partial<Record<Role, Auth>> = {};
  for (const role of ROLES_ALL) tokens[role] = given[role] ?? (await loginAs(ctx, role)).auth;
  return tokens as Record<Role, Auth>;
}

/**
 * The people of a money test: the admin, the comptable, a gestionnaire and his client (signed
 * in), and every role's token for the rights tests.
 */
export async function moneyCast(ctx: TestContext) {
  const admin = await loginAs(ctx, 'admin');
  const comptable = await loginAs(ctx, 'comptable');
  const gestionnaire = await loginAs(ctx, 'gestionnaire');
  const client = await createClient(ctx, { gestionnaire_id: gestionnaire.account.id });
  const tokens = await tokensOfRoles(ctx, {
    admin: admin.auth,
    comptable: comptable.auth,
    gestionnaire: gestionnaire.auth,
    membre: client.auth,
  });
  return { admin, comptable, gestionnaire, client, tokens };
}

/** Signs an existing account in; returns its bearer header. */
export async function signIn(ctx: TestContext, email: string): Promise<Auth> {
  const response = await login(ctx.app, email);
  expect(response.statusCode, response.body).toBe(200);
  return { authorization: `Bearer ${response.json().data.token}` };
}

/**
 * A member holding his own product, optionally a gestionnaire's client, signed in. His monthly
 * engagement is 150,000 FCFA over 60 months: montant_du starts at 9,000,000.
 */
export async function createClient(
  ctx: TestContext,
  options: Pick<MembreOptions, 'gestionnaire_id' | 'nom'> & { produit?: boolean } = {},
): Promise<Client> {
  const produit_id = options.produit === false ? null : await createProduit(ctx.db);
  const nom = options.nom ?? uniqueTag('Nom');
  const membre = await createMembre(ctx.db, { gestionnaire_id: options.gestionnaire_id ?? null, produit_id, nom });
  return {
    id: membre.id,
    code_esv: membre.code_esv,
    produit_id: produit_id ?? 0,
    utilisateur_id: membre.account.id,
    nom,
    auth: await signIn(ctx, membre.account.email),
  };
}

export interface VersementFields {
  produit_id?: number | string;
  montant?: number | string;
  banque_id?: number | string;
  numero_recu?: string;
  date_recu?: string;
  date_versement?: string;
  type_versement?: string;
  commentaire?: string;
  membre_id?: number | string;
}

/** A member's own declaration for his product at a bank; a unique receipt number unless given. */
export function versementBody(client: Client, banqueId: number, overrides: VersementFields = {}) {
  return {
    produit_id: client.produit_id,
    montant: 150_000,
    banque_id: banqueId,
    numero_recu: uniqueTag('R-'),
    date_recu: '2026-11-02',
    type_versement: 'mensualite',
    ...overrides,
  };
}

/** The same, filed by the client's gestionnaire: with the member and the payment date. */
export function gestionnaireBody(client: Client, banqueId: number, overrides: VersementFields = {}) {
  return versementBody(client, banqueId, { membre_id: client.id, date_versement: '2026-11-03', ...overrides });
}

/** POST /versements in JSON. */
export function postVersement(ctx: TestContext, auth: Auth, body: object, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'POST', url: '/api/versements', headers: { ...auth, ...headers }, payload: body });
}

/** POST /versements in multipart, with one scan_recu file (or none). */
export function postVersementForm(
  ctx: TestContext,
  auth: Auth,
  fields: Record<string, string | number | undefined>,
  file?: { name: string; data: Buffer; type?: string },
  headers: Record<string, string> = {},
) {
  const present = Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string | number] => entry[1] !== undefined),
  );
  const form = multipart(present, file ? [{ field: 'scan_recu', ...file }] : []);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/versements',
    headers: { ...auth, ...form.headers, ...headers },
    payload: form.payload,
  });
}

/** A payment declared through the API (201 expected); returns it as the API answers it. */
export async function declare(ctx: TestContext, auth: Auth, body: object): Promise<Versement> {
  const response = await postVersement(ctx, auth, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

export function validateVersement(ctx: TestContext, auth: Auth, id: number) {
  return ctx.app.inject({ method: 'PATCH', url: `/api/versements/${id}/validate`, headers: auth });
}

export function rejectVersement(ctx: TestContext, auth: Auth, id: number, body?: object) {
  return ctx.app.inject({
    method: 'PATCH',
    url: `/api/versements/${id}/reject`,
    headers: auth,
    ...(body ? { payload: body } : {}),
  });
}

export function deleteVersement(ctx: TestContext, auth: Auth, id: number) {
  return ctx.app.inject({ method: 'DELETE', url: `/api/versements/${id}`, headers: auth });
}

/** A bank's balance and its movements (oldest first), read from the database. */
export async function bankState(ctx: TestContext, banqueId: number) {
  const banque = await ctx.db
    .selectFrom('banques')
    .select(['solde', 'statut', 'est_principale'])
    .where('id', '=', banqueId)
    .executeTakeFirstOrThrow();
  const mouvements = await ctx.db
    .selectFrom('mouvements_bancaires')
    .selectAll()
    .where('banque_id', '=', banqueId)
    .orderBy('id')
    .execute();
  return { solde: Number(banque.solde), statut: banque.statut, est_principale: banque.est_principale, mouvements };
}

/** A member's paid total and what he still owes, read from the database. */
export async function membreTotals(ctx: TestContext, membreId: number) {
  const row = await ctx.db
    .selectFrom('membres')
    .select(['montant_deja_paye', 'montant_du'])
    .where('id', '=', membreId)
    .executeTakeFirstOrThrow();
  return { montant_deja_paye: Number(row.montant_deja_paye), montant_du: Number(row.montant_du) };
}

/** A payment's row as stored (deleted ones included). */
export async function versementRow(ctx: TestContext, id: number) {
  return ctx.db.selectFrom('versements').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The audit rows written for one record of a table, oldest first. */
export async function auditOf(ctx: TestContext, table: string, recordId: number) {
  return ctx.db
    .selectFrom('audit')
    .selectAll()
    .where('table_name', '=', table)
    .where('record_id', '=', String(recordId))
    .orderBy('id')
    .execute();
}

/**
 * A member (see createClient) with one payment of `montant` declared at the bank and validated by
 * `validator`: his paid total is `montant`.
 */
export async function createPaidClient(
  ctx: TestContext,
  validator: Auth,
  banqueId: number,
  montant: number,
  options: Pick<MembreOptions, 'gestionnaire_id' | 'nom'> = {},
): Promise<Client & { versement: Versement }> {
  const client = await createClient(ctx, options);
  const versement = await declare(ctx, client.auth, versementBody(client, banqueId, { montant }));
  const validated = await validateVersement(ctx, validator, versement.id);
  expect(validated.statusCode, validated.body).toBe(200);
  return { ...client, versement };
}

/**
 * Runs `change` while no bank is principal (the flag taken off in the database, as on a fresh
 * install), then gives the flag back to the bank that had it.
 */
export async function withoutPrincipal<T>(ctx: TestContext, change: () => Promise<T>): Promise<T> {
  const had = await ctx.db.selectFrom('banques').select('id').where('est_principale', '=', true).executeTakeFirst();
  await ctx.db.updateTable('banques').set({ est_principale: false }).where('est_principale', '=', true).execute();
  try {
    return await change();
  } finally {
    if (had) await ctx.db.updateTable('banques').set({ est_principale: true }).where('id', '=', had.id).execute();
  }
}

/**
 * Moves a member's current schedule `months` months back, as if he had joined that long ago: the
 * stored due dates shift and his kept oldest unpaid due date and arrears follow.
 */
export async function backdateSchedule(ctx: TestContext, membreId: number, months: number) {
  await sql`
    UPDATE echeances e SET date_echeance = (e.date_echeance - make_interval(months => ${months}))::date
    FROM echeanciers s WHERE s.id = e.echeancier_id AND s.membre_id = ${membreId} AND s.remplace_le IS NULL`.execute(
    ctx.db,
  );
  await sql`UPDATE echeanciers SET premiere_echeance = (premiere_echeance - make_interval(months => ${months}))::date
    WHERE membre_id = ${membreId} AND remplace_le IS NULL`.execute(ctx.db);
  await sql`SELECT rafraichir_retards(ARRAY[${membreId}::integer])`.execute(ctx.db);
}

/** An export's CSV as cells, its header first (every field is quoted, after the BOM). */
export function csvRows(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return body
    .slice(1)
    .trimEnd()
    .split('\r\n')
    .map((line) => line.slice(1, -1).split('";"'));
}

/** Posts a bank statement file (multipart `fichier`, with the columns chosen when given); answers the response. */
export function postReleve(
  ctx: TestContext,
  auth: Auth,
  banqueId: number,
  file: { name: string; data: Buffer },
  colonnes?: object,
) {
  const form = multipart(colonnes ? { colonnes: JSON.stringify(colonnes) } : {}, [{ field: 'fichier', ...file }]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/banques/${banqueId}/releves`,
    headers: { ...auth, ...form.headers },
    payload: form.payload,
  });
}

/** A CSV statement of these rows under the header given ('Date;Libellé;Débit;Crédit' and so on). */
export const releveCsv = (header: string, rows: string[]) => ({
  name: 'releve.csv',
  data: Buffer.from([header, ...rows].join('\n')),
});
