import { PEOPLE_MESSAGES, STAFF_ID_DESCRIPTION } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduit } from './catalogue-helpers.ts';
import { auditRows, buildTestApp, createAccount, login, loginAs, type TestContext } from './helpers.ts';
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

let counter = 0;
/** A valid add-staff body with a unique e-mail and CNI. */
function staffBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const n = `${process.pid}${counter}`.slice(-7).padStart(7, '0');
  return {
    num_cni: `CI0${n}${'000'}`.slice(0, 13),
    nom: 'Ouattara',
    prenom: 'Salif',
    email: `salif.${n}@test.example`,
    telephone: '+225 07 12 34 56 78',
    password: 'Bienvenue@1',
    role: 'gestionnaire',
    departement: 'Gestion',
    poste: 'Gestionnaire',
    date_embauche: '2026-11-02',
    salaire: 550000,
    ...overrides,
  };
}

const create = (payload: object, headers = admin.auth) =>
  ctx.app.inject({ method: 'POST', url: '/api/admin/personnel', payload, headers });
const put = (id: number, payload: object, headers = admin.auth) =>
  ctx.app.inject({ method: 'PUT', url: `/api/personnel/${id}`, payload, headers });
const remove = (id: number, headers = admin.auth) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/personnel/${id}`, headers });
const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: admin.auth });

describe('staff creation', () => {
  it('creates the staff file and its account, draws a code with the role prefix, audits without the password', async () => {
    const body = staffBody();
    const response = await create(body);
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Personnel ajouté');
    const created = response.json().data;
    expect(created).toMatchObject({ email: body.email, role: 'gestionnaire', statut: 'actif', salaire: 550000 });
    expect(created.code_employe).toMatch(/^CHES-GES-\d{6}$/);
    expect(JSON.stringify(response.json())).not.toContain('Bienvenue@1');
    // The new person signs in with the e-mail or the code.
    expect((await login(ctx.app, body.email, body.password)).statusCode).toBe(200);
    expect((await login(ctx.app, created.code_employe, body.password)).json().data.personnel.role).toBe('gestionnaire');
    const [audit] = (await auditRows(ctx.db, { action: 'created' })).filter(
      (row) => row.table_name === 'personnel' && row.record_id === String(created.id),
    );
    expect(audit?.user_id).toBe(admin.account.id);
    expect(JSON.stringify(audit?.new_values)).not.toContain('Bienvenue@1');
  });

  it('keeps a code given in the form, and defaults to commercial, actif', async () => {
    const { role: _role, ...body } = staffBody({ code_employe: 'ches-com-424242' });
    const created = (await create(body)).json().data;
    expect(created).toMatchObject({ code_employe: 'CHES-COM-424242', role: 'commercial', statut: 'actif' });
  });

  it('answers each invalid field with its French message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ num_cni: 'CI12345' }, 'num_cni', 'Le numéro CNI doit contenir exactement 13 caractères'],
      [{ num_cni: '' }, 'num_cni', 'Le numéro CNI est requis'],
      [{ email: 'salif@' }, 'email', 'Format d’e-mail invalide'],
      [{ password: 'abc' }, 'password', 'Le mot de passe doit contenir au moins 6 caractères'],
      [{ date_embauche: '' }, 'date_embauche', 'La date d’embauche est requise'],
      [{ salaire: 0 }, 'salaire', 'Le salaire doit être supérieur à 0'],
      [{ departement: 'Marketing' }, 'departement', 'Veuillez choisir un département'],
      [{ role: 'membre' }, 'role', 'Veuillez choisir un rôle'],
      [{ code_employe: 'EMP-001' }, 'code_employe', 'Le code employé doit avoir la forme CHES-ADM-123456'],
      [
        { role: 'commercial', code_employe: 'CHES-ADM-123456' },
        'code_employe',
        'Le préfixe du code employé doit correspondre au rôle',
      ],
      [{ nom: ' ' }, 'nom', 'Le nom est requis'],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await create(staffBody(overrides));
      expect(response.statusCode, field).toBe(400);
      expect(response.json().errors?.[field], field).toBe(message);
    }
  });

  it("applies the settings' password policy on top of the form's 6 characters", async () => {
    const response = await create(staffBody({ password: 'simple123' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.password).toMatch(/caractère spécial/);
  });

  it('answers 409 per field for an e-mail, CNI or code already taken, and leaves nothing behind', async () => {
    const first = (await create(staffBody())).json().data;
    const before = (await get('/api/personnel/stats')).json().data.total;
    const cases: [Record<string, unknown>, string][] = [
      [{ email: first.email.toUpperCase() }, 'email'],
      [{ num_cni: first.num_cni }, 'num_cni'],
      [{ code_employe: first.code_employe }, 'code_employe'],
    ];
    for (const [overrides, field] of cases) {
      const response = await create(staffBody(overrides));
      expect(response.statusCode, field).toBe(409);
      expect(Object.keys(response.json().errors), field).toEqual([field]);
    }
    expect((await get('/api/personnel/stats')).json().data.total).toBe(before);
  });
});

describe('staff list', () => {
  it('filters by role, department, status and search, sorts, and counts', async () => {
    const tag = `Tg${Date.now()}`;
    await create(staffBody({ nom: `${tag}B`, role: 'comptable', departement: 'Comptabilité' }));
    await create(staffBody({ nom: `${tag}A`, role: 'commercial', departement: 'Technique', statut: 'inactif' }));
    const all = (await get(`/api/personnel?search=${tag}`)).json();
    expect(all.data.map((p: { nom: string }) => p.nom)).toEqual([`${tag}A`, `${tag}B`]);
    const comptables = (await get(`/api/personnel?search=${tag}&role=comptable`)).json();
    expect(comptables.data.map((p: { nom: string }) => p.nom)).toEqual([`${tag}B`]);
    const technique = (await get(`/api/personnel?search=${tag}&departement=Technique&statut=inactif`)).json();
    expect(technique.data.map((p: { nom: string }) => p.nom)).toEqual([`${tag}A`]);
    const desc = (await get(`/api/personnel?search=${tag}&sortBy=nom&sortOrder=desc`)).json();
    expect(desc.data[0].nom).toBe(`${tag}B`);
    const quick = (await get(`/api/personnel/search?q=${tag}`)).json();
    expect(quick.data).toHaveLength(2);
    expect((await get('/api/personnel/search?q=')).statusCode).toBe(400);
    const stats = (await get('/api/personnel/stats')).json().data;
    expect(stats.par_departement.Technique).toBeGreaterThanOrEqual(1);
    expect(stats.par_role.comptable).toBeGreaterThanOrEqual(1);
    expect(stats.inactifs).toBeGreaterThanOrEqual(1);
    expect(stats.total).toBe(stats.actifs + stats.inactifs + stats.suspendus);
  });
});

describe('staff changes', () => {
  it('changes only the fields sent and audits them', async () => {
    const created = (await create(staffBody())).json().data;
    const response = await put(created.id, { poste: 'Chef de projet', departement: 'Gestion', salaire: 600000 });
    expect(response.json().data).toMatchObject({ poste: 'Chef de projet', salaire: 600000 });
    const [audit] = (await auditRows(ctx.db, { action: 'updated' })).filter(
      (row) => row.table_name === 'personnel' && row.record_id === String(created.id),
    );
    expect(audit?.new_values).toEqual({ poste: 'Chef de projet', salaire: 600000 });
  });

  it('deactivates: the sessions end and sign-in is refused; activates again', async () => {
    const body = staffBody({ role: 'comptable', departement: 'Comptabilité' });
    const created = (await create(body)).json().data;
    const token = (await login(ctx.app, body.email, body.password)).json().data.token;
    const auth = { authorization: `Bearer ${token}` };
    expect((await put(created.id, { statut: 'inactif' })).json().data.statut).toBe('inactif');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/personnel-auth/profile', headers: auth })).statusCode,
    ).toBe(401);
    expect((await login(ctx.app, body.email, body.password)).json().code).toBe('ACCOUNT_DISABLED');
    await put(created.id, { statut: 'actif' });
    expect((await login(ctx.app, body.email, body.password)).statusCode).toBe(200);
  });

  it('refuses to deactivate, demote or delete oneself', async () => {
    const own = admin.account.id;
    for (const response of [
      await put(own, { statut: 'inactif' }),
      await put(own, { role: 'comptable' }),
      await remove(own),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(PEOPLE_MESSAGES.notSelf);
    }
    // Changing one's own details is fine.
    expect((await put(own, { poste: 'Directeur' })).statusCode).toBe(200);
  });

  it('keeps one active admin when two admins deactivate each other at the same moment', async () => {
    const ctx2 = await buildTestApp();
    try {
      const a = await loginAs(ctx2, 'admin');
      const b = await loginAs(ctx2, 'admin');
      const [fa, fb] = [a.account.id, b.account.id];
      const answers = await Promise.all([
        ctx2.app.inject({
          method: 'PUT',
          url: `/api/personnel/${fb}`,
          payload: { statut: 'inactif' },
          headers: a.auth,
        }),
        ctx2.app.inject({
          method: 'PUT',
          url: `/api/personnel/${fa}`,
          payload: { statut: 'inactif' },
          headers: b.auth,
        }),
      ]);
      // The loser is refused either as the last admin's deactivation (409) or, when the
      // winner committed before it even signed its request in, as a deactivated account (401).
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes[0]).toBe(200);
      expect([401, 409]).toContain(codes[1]);
      const refused = answers.find((r) => r.statusCode === 409);
      if (refused) expect(refused.json().message).toBe(PEOPLE_MESSAGES.lastAdmin);
      const active = await ctx2.db
        .selectFrom('utilisateurs')
        .select('id')
        .where('role', '=', 'admin')
        .where('statut', '=', 'actif')
        .execute();
      expect(active).toHaveLength(1);
    } finally {
      await ctx2.close();
    }
  });

  it('refuses to delete a gestionnaire who still follows members, then deletes him once they are reassigned', async () => {
    const body = staffBody();
    const created = (await create(body)).json().data;
    const membre = await createMembre(ctx.db, { gestionnaire_id: created.id });
    const refused = await remove(created.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PEOPLE_MESSAGES.gestionnaireHasClients(1));
    const demoted = await put(created.id, { role: 'commercial' });
    expect(demoted.statusCode).toBe(409);
    const other = await createAccount(ctx.db, { role: 'gestionnaire' });
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/membres/${membre.id}/gestionnaire`,
      payload: { gestionnaire_id: other.id },
      headers: admin.auth,
    });
    const response = await remove(created.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Personnel supprimé');
    expect((await get(`/api/personnel/${created.id}`)).statusCode).toBe(404);
    expect((await login(ctx.app, body.email, body.password)).statusCode).toBe(401);
    const [audit] = (await auditRows(ctx.db, { action: 'deleted' })).filter(
      (row) => row.table_name === 'personnel' && row.record_id === String(created.id),
    );
    expect(audit?.old_values).toMatchObject({ email: body.email, code_employe: created.code_employe });
  });

  it('answers 404 for an unknown staff member', async () => {
    expect((await get('/api/personnel/999999')).statusCode).toBe(404);
    expect((await put(999999, { poste: 'X' })).statusCode).toBe(404);
    expect((await remove(999999)).statusCode).toBe(404);
  });
});

describe('one id per person', () => {
  it('names a staff member by his account id in every list, path and field', async () => {
    // Accounts without a staff file make the account and staff-file sequences drift apart.
    await createAccount(ctx.db, { role: 'demandeur' });
    const membre = await createMembre(ctx.db);
    const body = staffBody();
    await create(body);
    const [listed] = (await get(`/api/personnel?search=${body.email}`)).json().data;
    const file = await ctx.db
      .selectFrom('personnel as p')
      .innerJoin('utilisateurs as u', 'u.id', 'p.utilisateur_id')
      .select(['p.id', 'p.utilisateur_id'])
      .where('u.email', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(file.id).not.toBe(file.utilisateur_id);
    expect(listed.id).toBe(file.utilisateur_id);
    expect(listed).not.toHaveProperty('utilisateur_id');

    // The same id in the quick search, the accounts, the active gestionnaires and the login answer.
    expect((await get(`/api/personnel/search?q=${body.email}`)).json().data[0].id).toBe(listed.id);
    expect((await get(`/api/utilisateurs/${listed.id}`)).json().data.email).toBe(body.email);
    const actifs = (await get('/api/gestionnaires/actifs')).json().data.map((g: { id: number }) => g.id);
    expect(actifs).toContain(listed.id);
    expect((await login(ctx.app, body.email, body.password)).json().data.personnel.id).toBe(listed.id);

    // GET and PUT /personnel/{id} with it.
    expect((await get(`/api/personnel/${listed.id}`)).json().data.email).toBe(body.email);
    expect((await put(listed.id, { poste: 'Gestionnaire principal' })).json().data).toMatchObject({
      id: listed.id,
      poste: 'Gestionnaire principal',
    });

    // A demande validated and members assigned with the id taken from the staff list.
    const produit_id = await createProduit(ctx.db);
    const n = String(file.id).padStart(7, '0');
    const demande = await ctx.app.inject({
      method: 'POST',
      url: '/api/demandes',
      headers: admin.auth,
      payload: {
        nom_complet: 'Yao Affoué',
        num_cni: `CI09${n}00`,
        date_naissance: '1985-03-02',
        situation_matrimoniale: 'marie',
        profession: 'Infirmière',
        email: `affoue.${n}@test.example`,
        telephone: '+225 07 55 44 33 22',
        pays: 'Côte d’Ivoire',
        ville: 'Abidjan',
        adresse: 'Yopougon',
        produit_id,
        // 150 000 × 60: the product's 9 000 000, so the validation needs no choice of how to pay the rest.
        engagement_mensuel: 150_000,
        duree_paiement: 60,
      },
    });
    expect(demande.statusCode, demande.body).toBe(201);
    const validated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/demandes/${demande.json().data.id}/validate`,
      headers: admin.auth,
      payload: { gere_par: listed.id },
    });
    expect(validated.statusCode, validated.body).toBe(200);
    expect(validated.json().data.gestionnaire).toMatchObject({ id: listed.id, nom: body.nom });
    const assigned = await ctx.app.inject({
      method: 'PUT',
      url: '/api/membres/gestionnaire',
      headers: admin.auth,
      payload: { membre_ids: [membre.id], gestionnaire_id: listed.id },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().data.updated).toBe(1);
    const one = await ctx.app.inject({
      method: 'PUT',
      url: `/api/membres/${membre.id}/gestionnaire`,
      headers: admin.auth,
      payload: { gestionnaire_id: listed.id },
    });
    expect(one.json().data.gestionnaire).toMatchObject({ id: listed.id });

    // DELETE /personnel/{id} reaches the same person: he still follows two members.
    expect((await remove(listed.id)).json().message).toBe(PEOPLE_MESSAGES.gestionnaireHasClients(2));
  });

  it('says in the API reference which id names a staff member', async () => {
    const doc = (await get('/api/openapi.json')).json();
    const body = (path: string, method: string) =>
      doc.paths[path][method].requestBody.content['application/json'].schema.properties;
    const answer = (path: string, method: string) =>
      doc.paths[path][method].responses['200'].content['application/json'].schema.properties.data;
    const param = (path: string, method: string, name: string) =>
      doc.paths[path][method].parameters.find((p: { name: string }) => p.name === name);
    const described = [
      param('/api/personnel/{id}', 'get', 'id'),
      param('/api/personnel/{id}', 'put', 'id'),
      param('/api/personnel/{id}', 'delete', 'id'),
      param('/api/membres', 'get', 'gestionnaire_id'),
      answer('/api/personnel', 'get').items.properties.id,
      answer('/api/gestionnaires/actifs', 'get').items.properties.id,
      answer('/api/demandes/{id}', 'get').properties.gere_par,
      answer('/api/membres/{id}', 'get').properties.gestionnaire_id,
      body('/api/demandes/{id}/validate', 'put').gere_par,
      body('/api/membres/gestionnaire', 'put').gestionnaire_id,
      body('/api/membres/{id}/gestionnaire', 'put').gestionnaire_id,
    ];
    for (const field of described) expect(field.description).toBe(STAFF_ID_DESCRIPTION);
  });

  it('deletes a staff member by his account id, and never an account without a staff file', async () => {
    const demandeur = await createAccount(ctx.db, { role: 'demandeur' });
    expect((await get(`/api/personnel/${demandeur.id}`)).statusCode).toBe(404);
    expect((await remove(demandeur.id)).statusCode).toBe(404);
    const body = staffBody({ role: 'comptable', departement: 'Comptabilité' });
    const { id } = (await create(body)).json().data;
    expect((await remove(id)).statusCode).toBe(200);
    expect((await get(`/api/utilisateurs/${id}`)).statusCode).toBe(404);
    expect((await get(`/api/personnel/${id}`)).statusCode).toBe(404);
  });
});
