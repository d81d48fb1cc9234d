import { PEOPLE_MESSAGES } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, buildTestApp, createAccount, login, loginAs, type TestContext } from './helpers.ts';
import { createMembre } from './people-helpers.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
let gestionnaire: Awaited<ReturnType<typeof loginAs>>;
beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await loginAs(ctx, 'admin');
  gestionnaire = await loginAs(ctx, 'gestionnaire');
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });
const put = (url: string, payload: unknown, headers = admin.auth) =>
  ctx.app.inject({ method: 'PUT', url, payload: payload as object, headers });

describe('members list and stats', () => {
  it('pages, searches, filters and sorts in SQL, with the real total past the last page', async () => {
    const tag = `Zz${Date.now()}`;
    for (const [index, nom] of ['Bakayoko', 'Assi', 'Coulibaly'].entries()) {
      await createMembre(ctx.db, { nom: `${tag}${nom}`, type_membre: index === 0 ? 'vip' : 'standard' });
    }
    const page1 = (await get(`/api/membres?search=${tag}&limit=2`, admin.auth)).json();
    expect(page1.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2, totalExact: true });
    expect(page1.data.map((m: { nom: string }) => m.nom)).toEqual([`${tag}Assi`, `${tag}Bakayoko`]);
    const desc = (await get(`/api/membres?search=${tag}&sortBy=nom&sortOrder=desc`, admin.auth)).json();
    expect(desc.data[0].nom).toBe(`${tag}Coulibaly`);
    const vip = (await get(`/api/membres?search=${tag}&type_membre=vip`, admin.auth)).json();
    expect(vip.data.map((m: { nom: string }) => m.nom)).toEqual([`${tag}Bakayoko`]);
    const past = (await get(`/api/membres?search=${tag}&limit=2&page=5`, admin.auth)).json();
    expect(past.data).toEqual([]);
    expect(past.pagination.total).toBe(3);
    const byCode = (await get(`/api/membres?search=${page1.data[0].code_esv}`, admin.auth)).json();
    expect(byCode.data).toHaveLength(1);
  });

  it('refuses an unknown filter value and sort field with 400', async () => {
    expect((await get('/api/membres?statut=parti', admin.auth)).statusCode).toBe(400);
    expect((await get('/api/membres?sortBy=password_hash', admin.auth)).statusCode).toBe(400);
  });

  it('counts in SQL, new members of this month included', async () => {
    const before = (await get('/api/membres/stats', admin.auth)).json().data;
    await createMembre(ctx.db, { type_membre: 'premium' });
    await createMembre(ctx.db, { statut: 'suspendu', date_inscription: '2020-01-15' });
    const after = (await get('/api/membres/stats', admin.auth)).json().data;
    expect(after.total - before.total).toBe(2);
    expect(after.premium - before.premium).toBe(1);
    expect(after.suspendus - before.suspendus).toBe(1);
    expect(after.nouveaux_mois - before.nouveaux_mois).toBe(1);
    expect(after.parType.find((t: { type_membre: string }) => t.type_membre === 'premium').count).toBe(after.premium);
  });
});

describe('scope', () => {
  it('shows a gestionnaire only his clients, in the list, mes-clients, stats and detail (404 otherwise)', async () => {
    const mine = await createMembre(ctx.db, { gestionnaire_id: gestionnaire.account.id });
    const other = await createMembre(ctx.db, {});
    for (const url of ['/api/membres?limit=1000', '/api/membres/mes-clients?limit=1000']) {
      const ids = (await get(url, gestionnaire.auth)).json().data.map((m: { id: number }) => m.id);
      expect(ids, url).toEqual([mine.id]);
    }
    expect((await get('/api/membres/stats', gestionnaire.auth)).json().data.total).toBe(1);
    expect((await get(`/api/membres/${mine.id}`, gestionnaire.auth)).statusCode).toBe(200);
    const outside = await get(`/api/membres/${other.id}`, gestionnaire.auth);
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe('Membre non trouvé');
  });

  it('gives a member his own file at /membres/moi, and refuses the route to staff (403)', async () => {
    const self = await createMembre(ctx.db, { gestionnaire_id: gestionnaire.account.id });
    await createMembre(ctx.db, {});
    const token = (await login(ctx.app, self.account.email, self.account.password)).json().data.token;
    const own = await get('/api/membres/moi', { authorization: `Bearer ${token}` });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).toMatchObject({ id: self.id, code_esv: self.code_esv, montant_deja_paye: 0 });
    expect((await get('/api/membres/moi', gestionnaire.auth)).statusCode).toBe(403);
  });

  it("filters and sorts a gestionnaire's clients like the admin's list, inside his scope", async () => {
    const own = await loginAs(ctx, 'gestionnaire');
    const tag = `Yy${Date.now()}`;
    const client = (nom: string, type_membre: 'standard' | 'vip', gestionnaire_id: number | null) =>
      createMembre(ctx.db, { nom: `${tag}${nom}`, type_membre, gestionnaire_id });
    await client('Assi', 'vip', own.account.id);
    await client('Bamba', 'standard', own.account.id);
    await client('Cissé', 'vip', own.account.id);
    await client('Diallo', 'vip', null);
    const names = async (query: string) =>
      (await get(`/api/membres/mes-clients?search=${tag}&${query}`, own.auth))
        .json()
        .data.map((m: { nom: string }) => m.nom);
    expect(await names('type_membre=vip')).toEqual([`${tag}Assi`, `${tag}Cissé`]);
    expect(await names('type_membre=vip&sortBy=nom&sortOrder=desc')).toEqual([`${tag}Cissé`, `${tag}Assi`]);
    expect(await names('statut=suspendu')).toEqual([]);
    expect((await get('/api/membres/mes-clients?type_membre=gold', own.auth)).statusCode).toBe(400);
  });

  it('lets a member read his own file only', async () => {
    const self = await createMembre(ctx.db, {});
    const other = await createMembre(ctx.db, {});
    const token = (await login(ctx.app, self.account.email, self.account.password)).json().data.token;
    const auth = { authorization: `Bearer ${token}` };
    const own = await get(`/api/membres/${self.id}`, auth);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.code_esv).toBe(self.code_esv);
    expect((await get(`/api/membres/${other.id}`, auth)).statusCode).toBe(404);
    expect((await get('/api/membres', auth)).statusCode).toBe(403);
  });

  it('answers the member with his product, site and money figures', async () => {
    const site = await ctx.db
      .insertInto('sites')
      .values({ nom_site: 'Cité Test', adresse_site: 'Rue 12', ville_site: 'Abidjan', prix_metre_carre: 50000 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const produit = await ctx.db
      .insertInto('produits')
      .values({
        site_id: site.id,
        titre: 'Villa Test',
        description: 'Test',
        type: 'logement',
        superficie: 200,
        prix_vente: 9_000_000,
        nombre_chambre: 4,
        nombre_salon: 1,
        nombre_cuisine: 1,
        nombre_toilette: 3,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const membre = await createMembre(ctx.db, { produit_id: produit.id, gestionnaire_id: gestionnaire.account.id });
    await ctx.db.updateTable('membres').set({ montant_deja_paye: 450000 }).where('id', '=', membre.id).execute();
    const data = (await get(`/api/membres/${membre.id}`, admin.auth)).json().data;
    expect(data.produit).toEqual({
      id: produit.id,
      nom: 'Villa Test',
      prix: 9_000_000,
      type: 'logement',
      site: { id: site.id, nom: 'Cité Test', adresse: 'Rue 12', ville: 'Abidjan' },
    });
    expect(data).toMatchObject({
      engagement_mensuel: 150000,
      duree_paiement: 60,
      montant_total: 9_000_000,
      montant_deja_paye: 450000,
      montant_du: 8_550_000,
      gestionnaire: { id: gestionnaire.account.id, nom: 'Kouamé', prenom: 'Awa' },
    });
  });
});

describe('member edit (admin)', () => {
  it('changes only the fields sent, on the account and the file, and audits old and new values', async () => {
    const membre = await createMembre(ctx.db, {});
    const response = await put(`/api/membres/${membre.id}`, {
      type_membre: 'vip',
      profession: 'Architecte',
      telephone: '+225 01 02 03 04 05',
      ville: 'Abidjan',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Membre mis à jour avec succès');
    expect(response.json().data).toMatchObject({
      type_membre: 'vip',
      profession: 'Architecte',
      telephone: '+225 01 02 03 04 05',
    });
    const [audit] = (await auditRows(ctx.db, { user_id: admin.account.id })).filter(
      (row) => row.table_name === 'membres' && row.record_id === String(membre.id),
    );
    // Abidjan was already the city: not a change.
    expect(audit?.old_values).toEqual({
      type_membre: 'standard',
      profession: 'Enseignant',
      telephone: '+225 07 00 00 00 00',
    });
    expect(audit?.new_values).toEqual({
      type_membre: 'vip',
      profession: 'Architecte',
      telephone: '+225 01 02 03 04 05',
    });
    expect(audit?.membre_id).toBe(membre.id);
  });

  it('suspends a member: his sessions end and he can no longer sign in; reactivated, he can', async () => {
    const membre = await createMembre(ctx.db, {});
    const token = (await login(ctx.app, membre.account.email, membre.account.password)).json().data.token;
    const auth = { authorization: `Bearer ${token}` };
    expect((await get('/api/personnel-auth/profile', auth)).statusCode).toBe(200);
    expect((await put(`/api/membres/${membre.id}`, { statut: 'suspendu' })).json().data.statut).toBe('suspendu');
    expect((await get('/api/personnel-auth/profile', auth)).statusCode).toBe(401);
    const refused = await login(ctx.app, membre.account.email, membre.account.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ACCOUNT_DISABLED');
    await put(`/api/membres/${membre.id}`, { statut: 'actif' });
    expect((await login(ctx.app, membre.account.email, membre.account.password)).statusCode).toBe(200);
  });

  it('answers each invalid field with its French message', async () => {
    const membre = await createMembre(ctx.db, {});
    const cases: [object, string, string][] = [
      [{ num_cni: 'CI123' }, 'num_cni', 'Le numéro CNI doit contenir exactement 13 caractères'],
      [{ email: 'pas-un-email' }, 'email', 'Format d’e-mail invalide'],
      [{ statut: 'parti' }, 'statut', ''],
      [{ type_membre: 'gold' }, 'type_membre', ''],
      [{ date_naissance: '12/04/1986' }, 'date_naissance', 'La date de naissance est invalide'],
      [{ profession: '  ' }, 'profession', 'La profession est requise'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await put(`/api/membres/${membre.id}`, payload);
      expect(response.statusCode, field).toBe(400);
      expect(Object.keys(response.json().errors ?? {}), field).toContain(field);
      if (message) expect(response.json().errors[field]).toBe(message);
    }
  });

  it('answers 409 with a French message for an e-mail or CNI already taken', async () => {
    const first = await createMembre(ctx.db, {});
    const second = await createMembre(ctx.db, {});
    const email = await put(`/api/membres/${second.id}`, { email: first.account.email.toUpperCase() });
    expect(email.statusCode).toBe(409);
    expect(email.json().errors).toEqual({ email: 'Cette adresse e-mail est déjà utilisée par un autre compte.' });
    const cni = await put(`/api/membres/${second.id}`, { num_cni: first.num_cni });
    expect(cni.statusCode).toBe(409);
    expect(cni.json().message).toBe(PEOPLE_MESSAGES.cniTaken);
  });

  it('refuses edits from a gestionnaire, even of his own client (403)', async () => {
    const membre = await createMembre(ctx.db, { gestionnaire_id: gestionnaire.account.id });
    const response = await put(`/api/membres/${membre.id}`, { type_membre: 'vip' }, gestionnaire.auth);
    expect(response.statusCode).toBe(403);
  });

  it('never deletes a member (409) and keeps him', async () => {
    const membre = await createMembre(ctx.db, {});
    const response = await ctx.app.inject({ method: 'DELETE', url: `/api/membres/${membre.id}`, headers: admin.auth });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(PEOPLE_MESSAGES.membreNeverDeleted);
    expect((await get(`/api/membres/${membre.id}`, admin.auth)).statusCode).toBe(200);
    const unknown = await ctx.app.inject({ method: 'DELETE', url: '/api/membres/999999', headers: admin.auth });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('gestionnaire assignment (admin)', () => {
  it('assigns one member, then many, with an audit row per member moved', async () => {
    const other = await createAccount(ctx.db, { role: 'gestionnaire' });
    const a = await createMembre(ctx.db, {});
    const b = await createMembre(ctx.db, { gestionnaire_id: other.id });
    const one = await put(`/api/membres/${a.id}/gestionnaire`, { gestionnaire_id: other.id });
    expect(one.statusCode).toBe(200);
    expect(one.json().data.gestionnaire_id).toBe(other.id);
    const many = await put('/api/membres/gestionnaire', {
      membre_ids: [a.id, b.id],
      gestionnaire_id: gestionnaire.account.id,
    });
    expect(many.json()).toMatchObject({ data: { updated: 2 }, message: '2 membres réassignés' });
    const moved = (await auditRows(ctx.db, { user_id: admin.account.id })).filter(
      (row) => row.table_name === 'membres' && [String(a.id), String(b.id)].includes(row.record_id ?? ''),
    );
    expect(moved.map((row) => row.new_values)).toEqual([
      { gestionnaire_id: other.id },
      { gestionnaire_id: gestionnaire.account.id },
      { gestionnaire_id: gestionnaire.account.id },
    ]);
  });

  it('refuses an inactive gestionnaire or another role (400), an unknown member (404), an empty list (400)', async () => {
    const membre = await createMembre(ctx.db, {});
    const inactive = await createAccount(ctx.db, { role: 'gestionnaire', statut: 'inactif' });
    const comptable = await createAccount(ctx.db, { role: 'comptable' });
    for (const id of [inactive.id, comptable.id]) {
      const response = await put(`/api/membres/${membre.id}/gestionnaire`, { gestionnaire_id: id });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.gestionnaire_id).toBe('Ce gestionnaire n’existe pas ou n’est pas actif');
    }
    const unknown = await put('/api/membres/gestionnaire', {
      membre_ids: [membre.id, 999999],
      gestionnaire_id: gestionnaire.account.id,
    });
    expect(unknown.statusCode).toBe(404);
    const empty = await put('/api/membres/gestionnaire', { membre_ids: [], gestionnaire_id: gestionnaire.account.id });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Veuillez sélectionner au moins un membre');
  });
});
