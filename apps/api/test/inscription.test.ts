import { INSCRIPTION_MESSAGES, MESSAGES } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduit } from './catalogue-helpers.ts';
import { auditRows, buildTestApp, createAccount, login, loginAs, type TestContext } from './helpers.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const PASSWORD = 'Inscrit@2026';
let counter = 0;
/** A prospect's registration, unique per call. */
function prospect(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    email: `prospect.${process.pid}.${counter}@test.example`,
    password: PASSWORD,
    nom: 'Koné',
    prenoms: 'Awa Mariam',
    telephone: '+225 07 12 34 56 78',
    ...overrides,
  };
}

const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, payload });
const register = (payload: object) => post('/api/personnel-auth/register', payload);

const LINK = /#verification-email=([A-Za-z0-9_-]+)/;
/** The token of the last verification link mailed to `email` (the app hands a message over before it answers). */
async function mailedLink(email: string): Promise<string> {
  const links = ctx.mail.to(email).filter((m) => m.subject === 'Vérifiez votre adresse e-mail');
  const token = links.at(-1)?.text.match(LINK)?.[1];
  if (!token) throw new Error('pas de lien de vérification');
  return token;
}

describe('self-registration', () => {
  it('creates a demandeur account that cannot sign in before its e-mail is verified, then can', async () => {
    const body = prospect({ email: `  Awa.Kone.${process.pid}@Test.Example ` });
    const email = `awa.kone.${process.pid}@test.example`;
    const response = await register(body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ success: true, message: INSCRIPTION_MESSAGES.registered });

    const account = await ctx.db.selectFrom('utilisateurs').selectAll().where('email', '=', email).executeTakeFirst();
    expect(account).toMatchObject({ role: 'demandeur', nom: 'Koné', prenom: 'Awa Mariam', email_non_verifie: true });
    expect(account?.password_hash).not.toContain(PASSWORD);
    const created = (await auditRows(ctx.db, { action: 'created' })).find(
      (row) => row.record_id === String(account?.id),
    );
    expect(created?.new_values).toMatchObject({ role: 'demandeur', origine: 'inscription' });

    // Before the link: the right password is told to verify, with its own code; a wrong one learns nothing.
    const early = await login(ctx.app, email, PASSWORD);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'EMAIL_NON_VERIFIE', message: INSCRIPTION_MESSAGES.emailNotVerified });
    expect((await login(ctx.app, email, 'Mauvais@2026')).statusCode).toBe(401);

    const token = await mailedLink(email);
    const verified = await post('/api/personnel-auth/verify-email', { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().message).toBe(INSCRIPTION_MESSAGES.verified);
    const signedIn = await login(ctx.app, email, PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.personnel).toMatchObject({ role: 'demandeur', email });

    // The link works once.
    const again = await post('/api/personnel-auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(INSCRIPTION_MESSAGES.linkInvalid);
  });

  it('answers a taken address as a new one, creates nothing and tells its owner', async () => {
    const owner = await createAccount(ctx.db, { role: 'comptable' });
    const before = await ctx.db
      .selectFrom('utilisateurs')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirst();
    const response = await register(prospect({ email: owner.email }));
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(INSCRIPTION_MESSAGES.registered);
    const after = await ctx.db
      .selectFrom('utilisateurs')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirst();
    expect(after?.n).toBe(before?.n);
    const [notice] = ctx.mail.to(owner.email).filter((m) => m.subject === 'Une inscription avec votre adresse e-mail');
    expect(notice?.text).toContain('Vous avez déjà un compte');
    expect(notice?.text).not.toMatch(LINK);
    // The owner's account is unchanged: it still signs in.
    expect((await login(ctx.app, owner.email, owner.password)).statusCode).toBe(200);
  });

  it('refuses an expired link, and a new one sent on request works; the resend tells nothing about an address', async () => {
    const body = prospect();
    await register(body);
    const first = await mailedLink(body.email);
    await ctx.db
      .updateTable('email_verifications')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where(
        'utilisateur_id',
        '=',
        (await ctx.db.selectFrom('utilisateurs').select('id').where('email', '=', body.email).executeTakeFirstOrThrow())
          .id,
      )
      .execute();
    const expired = await post('/api/personnel-auth/verify-email', { token: first });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors.token).toBe(INSCRIPTION_MESSAGES.linkInvalid);

    for (const email of [body.email, `inconnu.${process.pid}@test.example`]) {
      const resent = await post('/api/personnel-auth/resend-verification', { email });
      expect(resent.statusCode).toBe(200);
      expect(resent.json().message).toBe(INSCRIPTION_MESSAGES.resent);
    }
    const second = await mailedLink(body.email);
    expect(second).not.toBe(first);
    expect((await post('/api/personnel-auth/verify-email', { token: second })).statusCode).toBe(200);
    expect(ctx.mail.to(`inconnu.${process.pid}@test.example`)).toEqual([]);

    // A verified account gets no new link.
    const sent = ctx.mail.to(body.email).length;
    await post('/api/personnel-auth/resend-verification', { email: body.email });
    expect(ctx.mail.to(body.email)).toHaveLength(sent);
  });

  it('links the requests filed from the public form with the address only once it is verified', async () => {
    const body = prospect();
    const produit_id = await createProduit(ctx.db);
    const filed = await post('/api/demandes/public', {
      nom_complet: 'Koné Awa Mariam',
      num_cni: `CI07${String(process.pid).padStart(8, '0').slice(-8)}1`,
      date_naissance: '1990-03-15',
      situation_matrimoniale: 'celibataire',
      profession: 'Infirmière',
      email: body.email,
      telephone: '+225 07 12 34 56 78',
      pays: 'Côte d’Ivoire',
      ville: 'Abidjan',
      adresse: 'Yopougon',
      produit_id,
      engagement_mensuel: 150_000,
      duree_paiement: 60,
      site_web: '',
    });
    expect(filed.statusCode).toBe(201);
    await register(body);
    const linked = () =>
      ctx.db.selectFrom('demandes').select('demandeur_id').where('email', '=', body.email).executeTakeFirstOrThrow();
    expect((await linked()).demandeur_id).toBeNull();

    await post('/api/personnel-auth/verify-email', { token: await mailedLink(body.email) });
    const account = await ctx.db
      .selectFrom('utilisateurs')
      .select('id')
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    expect((await linked()).demandeur_id).toBe(account.id);
  });

  it('checks the fields and the settings’ password policy in French, before anything is created', async () => {
    const cases: [object, string, string][] = [
      [prospect({ email: 'pas-une-adresse' }), 'email', 'Format d’e-mail invalide'],
      [prospect({ telephone: 'abc' }), 'telephone', 'Numéro de téléphone invalide'],
      [prospect({ nom: '  ' }), 'nom', 'Le nom est requis'],
      [prospect({ password: 'court' }), 'password', 'Le mot de passe doit contenir au moins 8 caractères'],
      [
        prospect({ password: 'sanscaracterespecial' }),
        'password',
        'Le mot de passe doit contenir au moins un caractère spécial (par exemple @, #, !)',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const response = await register(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[field]).toBe(message);
      const email = (payload as { email: string }).email.trim().toLowerCase();
      expect(
        await ctx.db.selectFrom('utilisateurs').select('id').where('email', '=', email).executeTakeFirst(),
      ).toBeUndefined();
    }
    expect((await post('/api/personnel-auth/verify-email', {})).statusCode).toBe(400);
  });

  it('is open to visitors only: a signed-in account registers like anyone, the calls need no token', async () => {
    const admin = await loginAs(ctx, 'admin');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/personnel-auth/register',
      headers: admin.auth,
      payload: prospect(),
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('self-registration limits (REGISTER_RATE_LIMIT)', () => {
  it('counts registrations and new links per address, and refuses past the limit in French', async () => {
    const limited = await buildTestApp({ registerRateLimit: 2 });
    try {
      const send = (url: string, payload: object) =>
        limited.app.inject({ method: 'POST', url, payload, remoteAddress: '10.9.8.7' });
      expect((await send('/api/personnel-auth/register', prospect())).statusCode).toBe(201);
      expect((await send('/api/personnel-auth/resend-verification', { email: 'x@test.example' })).statusCode).toBe(200);
      const refused = await send('/api/personnel-auth/register', prospect());
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(MESSAGES.tooManyRequests);
      // Another address has its own budget.
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/personnel-auth/register',
        payload: prospect(),
        remoteAddress: '10.9.8.8',
      });
      expect(other.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
