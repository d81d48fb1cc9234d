import { PEOPLE_MESSAGES, passwordProblem } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
function userBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    nom: 'Yao',
    prenom: 'Affoué',
    email: `affoue.${process.pid}.${counter}@test.example`,
    telephone: '',
    role: 'demandeur',
    mot_de_passe: 'Bienvenue@1',
    ...overrides,
  };
}

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = admin.auth) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const profile = (auth: { authorization: string }) => inject('GET', '/api/personnel-auth/profile', undefined, auth);

describe('account creation', () => {
  it('creates an account that signs in, with telephone empty as null, and audits it without the password', async () => {
    const body = userBody();
    const response = await inject('POST', '/api/utilisateurs', body);
    expect(response.statusCode).toBe(201);
    const created = response.json().data;
    expect(created).toMatchObject({
      email: body.email,
      role: 'demandeur',
      statut: 'actif',
      telephone: null,
      code: null,
    });
    expect(created.created_by).toBe(admin.account.id);
    expect((await login(ctx.app, body.email, body.mot_de_passe)).statusCode).toBe(200);
    const [audit] = (await auditRows(ctx.db, { action: 'created' })).filter(
      (row) => row.table_name === 'utilisateurs' && row.record_id === String(created.id),
    );
    expect(JSON.stringify(audit?.new_values)).not.toContain('Bienvenue');
  });

  it('defaults to demandeur; refuses a staff role saying the staff page creates it, and a member role saying a validated demande does', async () => {
    const { role: _role, ...body } = userBody();
    expect((await inject('POST', '/api/utilisateurs', body)).json().data.role).toBe('demandeur');
    const cases: [string, string][] = [
      ['comptable', PEOPLE_MESSAGES.staffFileNeeded],
      ['admin', PEOPLE_MESSAGES.staffFileNeeded],
      ['membre', PEOPLE_MESSAGES.membreFromDemande],
      ['pape', 'Veuillez choisir un rôle'],
    ];
    for (const [role, message] of cases) {
      const refused = await inject('POST', '/api/utilisateurs', userBody({ role }));
      expect(refused.statusCode, role).toBe(400);
      expect(refused.json().errors.role, role).toBe(message);
    }
  });

  it('answers each invalid field with its French message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ nom: '' }, 'nom', 'Le nom est requis'],
      [{ prenom: '' }, 'prenom', 'Le prénom est requis'],
      [{ email: 'affoue' }, 'email', 'L’e-mail n’est pas valide'],
      [{ mot_de_passe: '12345' }, 'mot_de_passe', 'Le mot de passe doit contenir au moins 6 caractères'],
      [
        { mot_de_passe: 'sansspecial' },
        'mot_de_passe',
        'Le mot de passe doit contenir au moins un caractère spécial (par exemple @, #, !)',
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await inject('POST', '/api/utilisateurs', userBody(overrides));
      expect(response.statusCode, field).toBe(400);
      expect(response.json().errors?.[field], field).toBe(message);
    }
  });

  it('answers 409 for an e-mail already taken, whatever its case', async () => {
    const body = userBody();
    await inject('POST', '/api/utilisateurs', body);
    const response = await inject('POST', '/api/utilisateurs', userBody({ email: body.email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual({ email: 'Cette adresse e-mail est déjà utilisée par un autre compte.' });
  });
});

describe('account list', () => {
  it('searches (member and employee codes too), filters, pages and counts per role', async () => {
    const membre = await createMembre(ctx.db, {});
    const byCode = (await inject('GET', `/api/utilisateurs?search=${membre.code_esv}`)).json();
    expect(byCode.data.map((u: { id: number }) => u.id)).toEqual([membre.account.id]);
    expect(byCode.data[0].code).toBe(membre.code_esv);
    const suspended = await createAccount(ctx.db, { role: 'commercial', statut: 'suspendu' });
    const filtered = (await inject('GET', '/api/utilisateurs?role=commercial&statut=suspendu&limit=1000')).json();
    expect(filtered.data.map((u: { id: number }) => u.id)).toContain(suspended.id);
    expect(
      filtered.data.every((u: { role: string; statut: string }) => u.role === 'commercial' && u.statut === 'suspendu'),
    ).toBe(true);
    const page = (await inject('GET', '/api/utilisateurs?limit=2&page=1')).json();
    expect(page.data).toHaveLength(2);
    expect(page.pagination.limit).toBe(2);
    const stats = (await inject('GET', '/api/utilisateurs/stats')).json().data;
    expect(stats.total).toBe(page.pagination.total);
    expect(Object.values(stats.par_role).reduce((a, b) => Number(a) + Number(b), 0)).toBe(stats.total);
    expect(stats.suspendus).toBeGreaterThanOrEqual(1);
  });
});

describe('account changes', () => {
  it('suspends: the open session ends at once and sign-in is refused; reactivates', async () => {
    const body = userBody();
    const created = (await inject('POST', '/api/utilisateurs', body)).json().data;
    const session = (await login(ctx.app, body.email, body.mot_de_passe)).json().data.token;
    const auth = { authorization: `Bearer ${session}` };
    expect((await profile(auth)).statusCode).toBe(200);
    const suspended = await inject('PUT', `/api/utilisateurs/${created.id}/suspend`);
    expect(suspended.json()).toMatchObject({ data: { statut: 'suspendu' }, message: 'Utilisateur suspendu' });
    expect((await profile(auth)).statusCode).toBe(401);
    const refused = await login(ctx.app, body.email, body.mot_de_passe);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Ce compte est désactivé ou suspendu. Contactez un administrateur.');
    expect((await inject('PUT', `/api/utilisateurs/${created.id}/deactivate`)).json().data.statut).toBe('inactif');
    expect((await inject('PUT', `/api/utilisateurs/${created.id}/activate`)).json().data.statut).toBe('actif');
    expect((await login(ctx.app, body.email, body.mot_de_passe)).statusCode).toBe(200);
    const statuts = (await auditRows(ctx.db, { user_id: admin.account.id }))
      .filter(
        (row) => row.table_name === 'utilisateurs' && row.record_id === String(created.id) && row.action === 'updated',
      )
      .map((row) => row.new_values);
    expect(statuts).toEqual([{ statut: 'suspendu' }, { statut: 'inactif' }, { statut: 'actif' }]);
  });

  it('updates identity and role, only what changed; a staff role needs a staff file', async () => {
    const created = (await inject('POST', '/api/utilisateurs', userBody())).json().data;
    const response = await inject('PUT', `/api/utilisateurs/${created.id}`, { nom: 'Yao-Kra' });
    expect(response.json().data).toMatchObject({ nom: 'Yao-Kra', role: 'demandeur', prenom: 'Affoué' });
    const promoted = await inject('PUT', `/api/utilisateurs/${created.id}`, { role: 'commercial' });
    expect(promoted.statusCode).toBe(409);
    expect(promoted.json().message).toBe(PEOPLE_MESSAGES.staffFileNeeded);

    const staff = await createAccount(ctx.db, { role: 'comptable' });
    const moved = await inject('PUT', `/api/utilisateurs/${staff.id}`, { role: 'gestionnaire' });
    expect(moved.json().data).toMatchObject({ role: 'gestionnaire' });
  });

  it('refuses to act on oneself: suspend, deactivate, demote, delete, reset', async () => {
    const id = admin.account.id;
    for (const response of [
      await inject('PUT', `/api/utilisateurs/${id}/suspend`),
      await inject('PUT', `/api/utilisateurs/${id}/deactivate`),
      await inject('PUT', `/api/utilisateurs/${id}`, { role: 'comptable' }),
      await inject('DELETE', `/api/utilisateurs/${id}`),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(PEOPLE_MESSAGES.notSelf);
    }
    expect((await inject('POST', `/api/utilisateurs/${id}/reset-password`)).statusCode).toBe(409);
    expect((await profile(admin.auth)).statusCode).toBe(200);
  });

  it('keeps member accounts: never deleted, role fixed', async () => {
    const membre = await createMembre(ctx.db, {});
    const deleted = await inject('DELETE', `/api/utilisateurs/${membre.account.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe(PEOPLE_MESSAGES.membreNeverDeleted);
    const demoted = await inject('PUT', `/api/utilisateurs/${membre.account.id}`, { role: 'demandeur' });
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json().message).toBe(PEOPLE_MESSAGES.membreRoleFixed);
  });

  it('keeps a staff role on an account with a staff file, and a gestionnaire with clients', async () => {
    const staff = await createAccount(ctx.db, { role: 'comptable' });
    const toDemandeur = await inject('PUT', `/api/utilisateurs/${staff.id}`, { role: 'demandeur' });
    expect(toDemandeur.json().message).toBe(PEOPLE_MESSAGES.staffRoleKept);
    const gestionnaire = await createAccount(ctx.db, { role: 'gestionnaire' });
    await createMembre(ctx.db, { gestionnaire_id: gestionnaire.id });
    const demoted = await inject('PUT', `/api/utilisateurs/${gestionnaire.id}`, { role: 'commercial' });
    expect(demoted.json().message).toBe(PEOPLE_MESSAGES.gestionnaireHasClients(1));
    expect((await inject('DELETE', `/api/utilisateurs/${gestionnaire.id}`)).statusCode).toBe(409);
  });

  it('deletes a staff account with its staff file', async () => {
    const staff = await createAccount(ctx.db, { role: 'commercial' });
    const response = await inject('DELETE', `/api/utilisateurs/${staff.id}`);
    expect(response.json()).toEqual({ success: true, message: 'Utilisateur supprimé avec succès' });
    const file = await ctx.db.selectFrom('personnel').select('id').where('utilisateur_id', '=', staff.id).execute();
    expect(file).toEqual([]);
    expect((await inject('GET', `/api/utilisateurs/${staff.id}`)).statusCode).toBe(404);
  });
});

describe('admin password reset', () => {
  it('answers a temporary password once; it signs in, must be changed first, and ends the old sessions', async () => {
    const body = userBody();
    const created = (await inject('POST', '/api/utilisateurs', body)).json().data;
    const old = { authorization: `Bearer ${(await login(ctx.app, body.email, body.mot_de_passe)).json().data.token}` };

    const response = await inject('POST', `/api/utilisateurs/${created.id}/reset-password`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { tempPassword } = response.json().data;
    expect(passwordProblem(tempPassword, { passwordMinLength: 8, requireSpecialChars: true })).toBeNull();
    expect((await profile(old)).statusCode).toBe(401);
    expect((await login(ctx.app, body.email, body.mot_de_passe)).statusCode).toBe(401);

    const signedIn = (await login(ctx.app, body.email, tempPassword)).json().data;
    expect(signedIn.must_change_password).toBe(true);
    const auth = { authorization: `Bearer ${signedIn.token}` };
    const blocked = await inject('GET', '/api/produits', undefined, auth);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
    const changed = await inject(
      'POST',
      '/api/personnel-auth/change-password',
      { currentPassword: tempPassword, newPassword: 'Nouveau@2026' },
      auth,
    );
    expect(changed.statusCode).toBe(200);
    expect((await inject('GET', '/api/produits', undefined, auth)).statusCode).toBe(200);

    const [audit] = (await auditRows(ctx.db, { action: 'PASSWORD_RESET' })).filter(
      (row) => row.record_id === String(created.id),
    );
    expect(audit?.user_id).toBe(admin.account.id);
    expect(JSON.stringify(audit)).not.toContain(tempPassword);
  });

  it('answers 404 for an unknown account', async () => {
    expect((await inject('POST', '/api/utilisateurs/999999/reset-password')).statusCode).toBe(404);
    expect((await inject('PUT', '/api/utilisateurs/999999/suspend')).statusCode).toBe(404);
    expect((await inject('DELETE', '/api/utilisateurs/999999')).statusCode).toBe(404);
  });
});
