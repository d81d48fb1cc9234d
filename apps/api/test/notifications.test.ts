import { NOTIFICATION_MESSAGES, type Role } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationEmails } from '../src/modules/notifications/notifications.courriels.ts';
import { createProduit } from './catalogue-helpers.ts';
import { buildTestApp, createAccount, loginAs, ROLES_ALL, type TestContext } from './helpers.ts';
import { type Auth, createBanque, createClient, createPaidClient, declare, versementBody } from './money-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx.close();
});

type Signed = Awaited<ReturnType<typeof loginAs>>;
const call = (method: 'GET' | 'PUT' | 'PATCH' | 'POST', url: string, headers?: Auth, payload?: object) =>
  ctx.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });

async function notificationsOf(who: Signed, query = '') {
  const response = await call('GET', `/api/notifications${query}`, who.auth);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    data: { id: number; type: string; titre: string; message: string; lien: string | null; lue: boolean }[];
    pagination: { total: number };
    non_lues: number;
  };
}

async function setPrefs(who: Signed, notifications: object) {
  const response = await call('PUT', '/api/preferences', who.auth, { notifications });
  expect(response.statusCode, response.body).toBe(200);
}

let counter = 0;
/** A public request for a new product, unique per call. */
async function publicDemande(nom = 'Kouassi Jean-Marc') {
  counter += 1;
  const n = `${process.pid}${counter}`.slice(-8).padStart(8, '0');
  const response = await call('POST', '/api/demandes/public', undefined, {
    nom_complet: nom,
    num_cni: `CI07${n}0`,
    date_naissance: '1988-05-17',
    situation_matrimoniale: 'marié(e)',
    profession: 'Comptable',
    email: `notif.${n}@test.example`,
    telephone: '+225 07 11 22 33 44',
    pays: 'Côte d’Ivoire',
    ville: 'Abidjan',
    adresse: 'Cocody Riviera 3',
    produit_id: await createProduit(ctx.db),
    engagement_mensuel: 150_000,
    duree_paiement: 60,
    site_web: '',
  });
  expect(response.statusCode, response.body).toBe(201);
}

const rowsOf = (utilisateurId: number) =>
  ctx.db.selectFrom('notifications').selectAll().where('utilisateur_id', '=', utilisateurId).orderBy('id').execute();

describe('the bell', () => {
  it.each(ROLES_ALL)('lets %s read and mark its notifications only if staff', async (role: Role) => {
    const who = await loginAs(ctx, role);
    const staff = role !== 'membre' && role !== 'demandeur';
    expect((await call('GET', '/api/notifications', who.auth)).statusCode).toBe(staff ? 200 : 403);
    expect((await call('PATCH', '/api/notifications/lues', who.auth)).statusCode).toBe(staff ? 200 : 403);
    expect((await call('PATCH', '/api/notifications/999999/lue', who.auth)).statusCode).toBe(staff ? 404 : 403);
    expect((await call('GET', '/api/notifications')).statusCode).toBe(401);
  });

  it('tells a new request to every admin and gestionnaire, not the others; marks one, then all, read', async () => {
    const admin = await loginAs(ctx, 'admin');
    const gestionnaire = await loginAs(ctx, 'gestionnaire');
    const comptable = await loginAs(ctx, 'comptable');
    const commercial = await loginAs(ctx, 'commercial');
    await publicDemande('Ouédraogo Issa');
    await publicDemande('Traoré Mariam');
    for (const who of [admin, gestionnaire]) {
      const list = await notificationsOf(who);
      expect(list.non_lues).toBe(2);
      expect(list.data.map((n) => n.message)).toEqual([
        'Mariam Traoré a déposé une demande, en attente de décision.',
        'Issa Ouédraogo a déposé une demande, en attente de décision.',
      ]);
      expect(list.data[0]).toMatchObject({
        type: 'demande',
        titre: 'Nouvelle demande d’inscription',
        lien: '/demandes',
      });
    }
    for (const who of [comptable, commercial]) expect((await notificationsOf(who)).pagination.total).toBe(0);

    const [newest, oldest] = (await notificationsOf(admin)).data;
    const read = await call('PATCH', `/api/notifications/${newest?.id}/lue`, admin.auth);
    expect(read.json().message).toBe(NOTIFICATION_MESSAGES.read);
    // Another's notification is not found, and stays unread for him.
    expect((await call('PATCH', `/api/notifications/${oldest?.id}/lue`, gestionnaire.auth)).statusCode).toBe(404);
    const unread = await notificationsOf(admin, '?non_lues=true');
    expect(unread.data.map((n) => n.id)).toEqual([oldest?.id]);
    expect(unread.non_lues).toBe(1);
    expect((await call('PATCH', '/api/notifications/lues', admin.auth)).json().message).toBe(
      NOTIFICATION_MESSAGES.allRead,
    );
    expect((await notificationsOf(admin)).non_lues).toBe(0);
    expect((await notificationsOf(gestionnaire)).non_lues).toBe(2);
  });

  it('pages the list, newest first, and refuses a page larger than 50', async () => {
    const admin = await loginAs(ctx, 'admin');
    for (let i = 0; i < 3; i += 1) await publicDemande();
    const first = await notificationsOf(admin, '?limit=2');
    const second = await notificationsOf(admin, '?limit=2&page=2');
    expect(first.data).toHaveLength(2);
    expect(first.pagination).toMatchObject({ total: 3, totalPages: 2 });
    expect(second.data).toHaveLength(1);
    expect(second.data[0]?.id).toBeLessThan(first.data[1]?.id ?? 0);
    const tooMany = await call('GET', '/api/notifications?limit=51', admin.auth);
    expect(tooMany.statusCode).toBe(400);
    expect((await call('GET', '/api/notifications?non_lues=oui', admin.auth)).json().message).toContain('non_lues');
  });

  it('tells nobody whose switch is off, and writes no e-mail for whom turned e-mail off', async () => {
    const [quiet, bellOnly] = await Promise.all([loginAs(ctx, 'gestionnaire'), loginAs(ctx, 'gestionnaire')]);
    await setPrefs(quiet, { newDemande: false });
    await setPrefs(bellOnly, { emailEnabled: false });
    await publicDemande();
    expect(await rowsOf(quiet.account.id)).toHaveLength(0);
    expect((await rowsOf(bellOnly.account.id)).map((row) => row.courriel)).toEqual(['aucun']);
    const settings = (await call('GET', '/api/preferences', bellOnly.auth)).json().data.notifications;
    expect(settings).toMatchObject({ emailEnabled: false, newDemande: true, emailFrequency: 'immediate' });
    const bad = await call('PUT', '/api/preferences', bellOnly.auth, { notifications: { quietStart: '25:00' } });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('L’heure de début s’écrit HH:MM');
  });

  it('tells a declared payment to the comptables and the member’s gestionnaire, not to its declarer', async () => {
    const [gestionnaire, other, comptable] = await Promise.all([
      loginAs(ctx, 'gestionnaire'),
      loginAs(ctx, 'gestionnaire'),
      loginAs(ctx, 'comptable'),
    ]);
    const client = await createClient(ctx, { gestionnaire_id: gestionnaire.account.id });
    const banque = await createBanque(ctx, (await loginAs(ctx, 'admin')).auth);
    const versement = await declare(ctx, client.auth, versementBody(client, banque.id, { montant: 150_000 }));
    for (const who of [gestionnaire, comptable]) {
      const [told] = (await notificationsOf(who, '?non_lues=true')).data.filter((n) => n.type === 'versement');
      expect(told).toMatchObject({ titre: 'Versement à valider', lien: '/versements' });
      expect(told?.message).toContain(versement.numero_recu);
    }
    expect((await rowsOf(other.account.id)).filter((row) => row.type === 'versement')).toHaveLength(0);
    expect(await rowsOf(client.utilisateur_id)).toHaveLength(0);
  });

  it('tells an expense and a refund to whom decides, and the member the decision by e-mail unless he said no', async () => {
    const [comptable, gestionnaire] = await Promise.all([loginAs(ctx, 'comptable'), loginAs(ctx, 'gestionnaire')]);
    const admin = await loginAs(ctx, 'admin');
    const banque = await createBanque(ctx, admin.auth);
    const client = await createPaidClient(ctx, comptable.auth, banque.id, 300_000, {
      gestionnaire_id: gestionnaire.account.id,
    });
    const email = (
      await ctx.db
        .selectFrom('utilisateurs')
        .select('email')
        .where('id', '=', client.utilisateur_id)
        .executeTakeFirstOrThrow()
    ).email;
    const depense = await call('POST', '/api/depenses', client.auth, {
      montant: 25_000,
      categorie: 'Transport',
      description: 'Taxi pour le chantier',
      date_depense: '2026-11-05',
      banque_id: banque.id,
    });
    expect(depense.statusCode, depense.body).toBe(201);
    const remboursement = await call('POST', '/api/remboursements', client.auth, { montant: 10_000, raison: 'Départ' });
    expect(remboursement.statusCode, remboursement.body).toBe(201);
    const told = (await notificationsOf(comptable)).data.map((n) => n.titre);
    expect(told).toEqual(expect.arrayContaining(['Dépense à décider', 'Remboursement à traiter']));
    expect((await notificationsOf(gestionnaire)).data.map((n) => n.titre)).toContain('Remboursement à traiter');
    expect((await notificationsOf(gestionnaire)).data.map((n) => n.titre)).not.toContain('Dépense à décider');

    const rejected = await call('PATCH', `/api/depenses/${depense.json().data.id}/reject`, comptable.auth, {
      commentaire: 'Hors budget',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const mail = await ctx.mail.waitFor(email, /Votre dépense a été rejetée/);
    expect(mail.text).toContain('Motif\u00a0: Hors budget');

    await call('PUT', '/api/preferences', client.auth, { emailNotifications: false });
    const refused = await call('PUT', `/api/remboursements/${remboursement.json().data.id}/traiter`, comptable.auth, {
      statut: 'rejete',
      commentaire: 'Pièces manquantes',
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(ctx.mail.to(email).map((m) => m.subject)).not.toContain('Votre demande de remboursement a été rejetée');
  });

  it('tells all staff but its author that maintenance mode went on, then off', async () => {
    const [admin, comptable] = await Promise.all([loginAs(ctx, 'admin'), loginAs(ctx, 'comptable')]);
    for (const on of [true, false]) {
      const put = await call('PUT', '/api/settings', admin.auth, { system: { maintenanceMode: on } });
      expect(put.statusCode).toBe(200);
    }
    expect((await rowsOf(comptable.account.id)).map((row) => row.titre)).toEqual([
      'Mode maintenance activé',
      'Mode maintenance désactivé',
    ]);
    expect(await rowsOf(admin.account.id)).toHaveLength(0);
  });

  it('tells the admins and the owner of a staff account of its lock and of a sign-in from a new address', async () => {
    const admin = await loginAs(ctx, 'admin');
    const comptable = await createAccount(ctx.db, { role: 'comptable' });
    const signIn = (password: string, ip: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/personnel-auth/login',
        payload: { identifier: comptable.email, password },
        remoteAddress: ip,
      });
    expect((await signIn(comptable.password, '10.0.0.1')).statusCode).toBe(200);
    // A first sign-in is no news; the same address again neither.
    expect((await signIn(comptable.password, '10.0.0.1')).statusCode).toBe(200);
    expect(await rowsOf(comptable.id)).toHaveLength(0);
    expect((await signIn(comptable.password, '10.0.0.2')).statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1) await signIn('Mauvais@2026', '10.0.0.3');
    const titles = (await rowsOf(comptable.id)).map((row) => row.titre);
    expect(titles).toEqual(['Connexion depuis une nouvelle adresse', 'Connexions bloquées']);
    const told = (await notificationsOf(admin)).data.filter((n) => n.type === 'securite').map((n) => n.message);
    expect(told.join('\n')).toContain('10.0.0.2');
    expect(told.join('\n')).toContain('10.0.0.3');
  });
});

describe('the e-mails', () => {
  const at = (iso: string) => new Date(iso);
  const emails = () => new NotificationEmails(ctx.db, ctx.app.settings, ctx.mail, 'https://immo.test', QUIET);

  /** One notification for the account, made at `created` (the clock under the test's control). */
  async function told(utilisateurId: number, created: string, titre = 'Nouvelle demande d’inscription') {
    counter += 1;
    await ctx.db
      .insertInto('notifications')
      .values({
        utilisateur_id: utilisateurId,
        type: 'demande',
        cle: `test:${counter}`,
        titre,
        message: `Demande n° ${counter}`,
        lien: '/demandes',
        courriel: 'attente',
        created_at: at(created),
      })
      .execute();
  }

  it('sends at once, one e-mail for what is due together, and never twice', async () => {
    const admin = await loginAs(ctx, 'admin');
    await told(admin.account.id, '2026-12-01T09:00:00Z');
    await told(admin.account.id, '2026-12-01T09:00:30Z');
    const run = await emails().deliver(at('2026-12-01T09:01:00Z'));
    expect(run.courriels).toBeGreaterThanOrEqual(1);
    const [mail, ...more] = ctx.mail.to(admin.account.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toMatch(/^2 notifications – /);
    expect(mail?.text).toContain('https://immo.test/demandes');
    await emails().deliver(at('2026-12-01T10:00:00Z'));
    expect(ctx.mail.to(admin.account.email)).toHaveLength(1);
    expect((await rowsOf(admin.account.id)).map((row) => row.courriel)).toEqual(['envoye', 'envoye']);
  });

  it('gathers an hourly digest at the next full hour, a daily one at 8 h, in the company’s time zone', async () => {
    const [hourly, daily] = await Promise.all([loginAs(ctx, 'admin'), loginAs(ctx, 'admin')]);
    await setPrefs(hourly, { emailFrequency: 'hourly' });
    await setPrefs(daily, { emailFrequency: 'daily' });
    for (const who of [hourly, daily]) {
      await told(who.account.id, '2026-12-02T10:20:00Z');
      await told(who.account.id, '2026-12-02T10:40:00Z');
    }
    await emails().deliver(at('2026-12-02T10:59:59Z'));
    expect(ctx.mail.to(hourly.account.email)).toHaveLength(0);
    await emails().deliver(at('2026-12-02T11:00:00Z'));
    expect(ctx.mail.to(hourly.account.email).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^2 notifications/),
    ]);
    await emails().deliver(at('2026-12-03T07:59:00Z'));
    expect(ctx.mail.to(daily.account.email)).toHaveLength(0);
    // Abidjan is UTC+0: 8 h there is 08:00Z.
    await emails().deliver(at('2026-12-03T08:00:00Z'));
    expect(ctx.mail.to(daily.account.email)).toHaveLength(1);
    expect(ctx.mail.to(hourly.account.email)).toHaveLength(1);
  });

  it('holds what comes in the quiet hours to their end', async () => {
    const admin = await loginAs(ctx, 'admin');
    await setPrefs(admin, { quietHours: true, quietStart: '22:00', quietEnd: '07:00' });
    await told(admin.account.id, '2026-12-04T23:30:00Z', 'Connexions bloquées');
    await emails().deliver(at('2026-12-05T06:59:00Z'));
    expect(ctx.mail.to(admin.account.email)).toHaveLength(0);
    await emails().deliver(at('2026-12-05T07:00:00Z'));
    expect(ctx.mail.to(admin.account.email).map((m) => m.subject)).toEqual(['Connexions bloquées']);
  });

  it('sends each once when two instances deliver at the same moment', async () => {
    const admin = await loginAs(ctx, 'admin');
    for (let i = 0; i < 5; i += 1) await told(admin.account.id, '2026-12-06T09:00:00Z');
    const now = at('2026-12-06T09:05:00Z');
    await Promise.all([emails().deliver(now), emails().deliver(now)]);
    const mails = ctx.mail.to(admin.account.email);
    const carried = mails.flatMap((m) => m.text.match(/Demande n° \d+/g) ?? []);
    expect(carried).toHaveLength(5);
    expect(new Set(carried).size).toBe(5);
  });
});

const QUIET = { error() {}, info() {}, warn() {} } as never;
