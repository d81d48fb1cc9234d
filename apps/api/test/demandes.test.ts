import {
  addMonths,
  DEMANDE_MESSAGES,
  ENGAGEMENT_MINIMUM_HINT,
  MESSAGES,
  MOTIF_AUTRE,
  PAYS_PAR_DEFAUT,
} from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerBreaches } from '../src/modules/banques/ledger.repository.ts';
import { createProduit } from './catalogue-helpers.ts';
import { auditRows, buildTestApp, createAccount, login, loginAs, type TestContext } from './helpers.ts';
import { createMembre } from './people-helpers.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
let gestionnaire: Awaited<ReturnType<typeof loginAs>>;
let commercial: Awaited<ReturnType<typeof loginAs>>;
beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await loginAs(ctx, 'admin');
  gestionnaire = await loginAs(ctx, 'gestionnaire');
  commercial = await loginAs(ctx, 'commercial');
});
afterAll(async () => {
  await ctx.close();
});

type Headers = Record<string, string>;
const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Headers = {}) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

let counter = 0;
/** A complete public form for a product, unique per call (e-mail and CNI). */
function publicBody(produit_id: number, overrides: Record<string, unknown> = {}) {
  counter += 1;
  const n = `${process.pid}${counter}`.slice(-8).padStart(8, '0');
  return {
    nom_complet: 'Kouassi Jean-Marc',
    num_cni: `CI05${n}0`,
    date_naissance: '1988-05-17',
    situation_matrimoniale: 'marié(e)',
    profession: 'Comptable',
    email: `jm.kouassi.${n}@test.example`,
    telephone: '+225 07 11 22 33 44',
    pays: 'Côte d’Ivoire',
    ville: 'Abidjan',
    adresse: 'Cocody Riviera 3',
    produit_id,
    engagement_mensuel: 150_000,
    duree_paiement: 60,
    notes: 'Disponible le samedi.',
    site_web: '',
    ...overrides,
  };
}

/** A pending demande filed through the staff form; returns its JSON. */
async function staffDemande(overrides: Record<string, unknown> = {}, headers: Headers = admin.auth) {
  const produit_id = await createProduit(ctx.db);
  const { site_web: _honeypot, ...body } = publicBody(produit_id, overrides);
  const response = await inject('POST', '/api/demandes', body, headers);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const validate = (id: number, gere_par: number, headers: Headers = admin.auth, solde?: string) =>
  inject('PUT', `/api/demandes/${id}/validate`, { id, gere_par, ...(solde && { solde }) }, headers);
const reject = (id: number, body: object, headers: Headers = admin.auth) =>
  inject('PUT', `/api/demandes/${id}/reject`, body, headers);

describe('the public form', () => {
  it('offers without a token only the active, unheld products, with what a visitor needs', async () => {
    const free = await createProduit(ctx.db, { titre: 'Villa Libre' });
    const held = await createProduit(ctx.db, { titre: 'Villa Prise' });
    await createMembre(ctx.db, { produit_id: held });
    const hidden = await createProduit(ctx.db, { titre: 'Villa Retirée' });
    await ctx.db.updateTable('produits').set({ est_actif: false }).where('id', '=', hidden).execute();

    const response = await inject('GET', '/api/demandes/public/produits');
    expect(response.statusCode).toBe(200);
    const ids = response.json().data.map((p: { id: number }) => p.id);
    expect(ids).toContain(free);
    expect(ids).not.toContain(held);
    expect(ids).not.toContain(hidden);
    const villa = response.json().data.find((p: { id: number }) => p.id === free);
    expect(Object.keys(villa).sort()).toEqual(['id', 'prix_vente', 'site_nom', 'site_ville', 'titre', 'type']);
    expect(villa).toMatchObject({ titre: 'Villa Libre', prix_vente: 9_000_000, site_ville: 'Abidjan' });
  });

  it('records a valid request as pending, from nobody, with the marital status normalised, and audits it', async () => {
    const body = publicBody(await createProduit(ctx.db));
    const response = await inject('POST', '/api/demandes/public', body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ success: true, message: DEMANDE_MESSAGES.submitted });
    const row = await ctx.db
      .selectFrom('demandes')
      .selectAll()
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      statut: 'en_attente',
      created_by: null,
      situation_matrimoniale: 'marie',
      nom_complet: 'Kouassi Jean-Marc',
      engagement_mensuel: '150000',
      notes: 'Disponible le samedi.',
    });
    const audit = (await auditRows(ctx.db, { action: 'created' })).find(
      (a) => a.table_name === 'demandes' && a.record_id === String(row.id),
    );
    expect(audit?.user_id).toBeNull();
  });

  it('takes the country and city as keyboards type them, and stores the listed form', async () => {
    const body = publicBody(await createProduit(ctx.db), { pays: "Côte d'Ivoire", ville: 'san\u2011pédro' });
    const response = await inject('POST', '/api/demandes/public', body);
    expect(response.statusCode).toBe(201);
    const row = await ctx.db
      .selectFrom('demandes')
      .select(['pays', 'ville'])
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ pays: 'Côte d’Ivoire', ville: 'San-Pédro' });
  });

  it('answers each invalid field with its French message', async () => {
    const produit = await createProduit(ctx.db);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ nom_complet: '' }, 'nom_complet', 'Le nom complet est requis'],
      [{ nom_complet: 'Kouassi' }, 'nom_complet', 'Veuillez saisir le nom et le prénom'],
      [{ num_cni: 'CI123' }, 'num_cni', 'Le numéro CNI doit contenir exactement 13 caractères'],
      [{ date_naissance: '' }, 'date_naissance', 'La date de naissance est requise'],
      [{ date_naissance: '2015-01-01' }, 'date_naissance', 'Le demandeur doit avoir au moins 18 ans'],
      [
        { situation_matrimoniale: 'compliqué' },
        'situation_matrimoniale',
        'Veuillez choisir une situation matrimoniale',
      ],
      [{ profession: ' ' }, 'profession', 'La profession est requise'],
      [{ email: 'pas-un-email' }, 'email', 'Format d’e-mail invalide'],
      [{ telephone: '' }, 'telephone', 'Le téléphone est requis'],
      [{ telephone: 'abc' }, 'telephone', 'Numéro de téléphone invalide'],
      [{ ville: 'Paris' }, 'ville', DEMANDE_MESSAGES.villeOutsideList],
      [{ ville: '' }, 'ville', 'La ville est requise'],
      [{ pays: 'France' }, 'pays', 'Veuillez choisir un pays'],
      [{ adresse: '' }, 'adresse', 'L’adresse est requise'],
      [{ produit_id: '' }, 'produit_id', 'Veuillez sélectionner un produit'],
      [{ engagement_mensuel: 49_999 }, 'engagement_mensuel', ENGAGEMENT_MINIMUM_HINT],
      [{ duree_paiement: 18 }, 'duree_paiement', 'Veuillez choisir une durée de paiement'],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await inject('POST', '/api/demandes/public', publicBody(produit, overrides));
      expect(response.statusCode, field).toBe(400);
      expect(response.json().errors?.[field], field).toBe(message);
    }
    expect(
      (await inject('POST', '/api/demandes/public', publicBody(produit, { engagement_mensuel: 50_000 }))).statusCode,
    ).toBe(201);
  });

  it('refuses a product already held or unknown, on the product field', async () => {
    const held = await createProduit(ctx.db);
    await createMembre(ctx.db, { produit_id: held });
    for (const produit_id of [held, 999_999]) {
      const response = await inject('POST', '/api/demandes/public', publicBody(produit_id));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ produit_id: DEMANDE_MESSAGES.productUnavailable });
    }
  });

  it('keeps one pending request per person (CNI or e-mail), answering the visitor as usual, staff with 409', async () => {
    const produit = await createProduit(ctx.db);
    const first = publicBody(produit);
    expect((await inject('POST', '/api/demandes/public', first)).statusCode).toBe(201);
    const count = async () =>
      (
        await ctx.db
          .selectFrom('demandes')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('num_cni', '=', first.num_cni)
          .executeTakeFirstOrThrow()
      ).n;
    for (const same of [{ num_cni: first.num_cni }, { email: first.email.toUpperCase() }]) {
      // The visitor cannot learn from the answer that this person has applied.
      expect((await inject('POST', '/api/demandes/public', publicBody(produit, same))).statusCode).toBe(201);
      const { site_web: _s, ...staffBody } = publicBody(produit, same);
      const staff = await inject('POST', '/api/demandes', staffBody, admin.auth);
      expect(staff.statusCode).toBe(409);
      expect(staff.json().message).toBe(DEMANDE_MESSAGES.alreadyPending);
    }
    expect(Number(await count())).toBe(1);
  });

  it('ignores the fields a visitor may not set (status, manager, author)', async () => {
    const body = {
      ...publicBody(await createProduit(ctx.db)),
      statut: 'validee',
      gere_par: gestionnaire.account.id,
      traite_par: admin.account.id,
      created_by: admin.account.id,
    };
    expect((await inject('POST', '/api/demandes/public', body)).statusCode).toBe(201);
    const row = await ctx.db
      .selectFrom('demandes')
      .select(['statut', 'gere_par', 'traite_par', 'created_by'])
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ statut: 'en_attente', gere_par: null, traite_par: null, created_by: null });
  });

  it('answers a filled honeypot like a success and keeps nothing', async () => {
    const body = publicBody(await createProduit(ctx.db), { site_web: 'http://spam.example' });
    const response = await inject('POST', '/api/demandes/public', body);
    expect(response.statusCode).toBe(201);
    const row = await ctx.db.selectFrom('demandes').select('id').where('email', '=', body.email).executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('limits the requests per IP', async () => {
    const limited = await buildTestApp({ demandeRateLimit: 2 });
    try {
      const produit = await createProduit(limited.db);
      const statuses: number[] = [];
      // A malformed body counts too: the limit is checked before the body is read.
      for (const payload of [{ nom_complet: '' }, publicBody(produit), publicBody(produit)]) {
        const response = await limited.app.inject({ method: 'POST', url: '/api/demandes/public', payload });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) expect(response.json().message).toBe(MESSAGES.tooManyRequests);
      }
      expect(statuses).toEqual([400, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('staff creation', () => {
  it('lets a commercial file a request for a client, a city typed where the country has no list', async () => {
    const data = await staffDemande({ pays: 'Sénégal', ville: 'Thiès' }, commercial.auth);
    expect(data).toMatchObject({
      statut: 'en_attente',
      pays: 'Sénégal',
      ville: 'Thiès',
      situation_matrimoniale: 'marie',
      origine: 'personnel',
      montant_total: 150_000 * 60,
      membre: null,
    });
    const row = await ctx.db.selectFrom('demandes').select('created_by').where('id', '=', data.id).executeTakeFirst();
    expect(row?.created_by).toBe(commercial.account.id);
  });

  it("holds the staff's form to the public form's choices and rules", async () => {
    const produit_id = await createProduit(ctx.db);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ engagement_mensuel: 40_000 }, 'engagement_mensuel', ENGAGEMENT_MINIMUM_HINT],
      [{ duree_paiement: 18 }, 'duree_paiement', 'Veuillez choisir une durée de paiement'],
      [{ situation_matrimoniale: undefined }, 'situation_matrimoniale', 'Veuillez choisir une situation matrimoniale'],
      [{ ville: 'Grand-Bassam' }, 'ville', DEMANDE_MESSAGES.villeOutsideList],
      [{ pays: 'France' }, 'pays', 'Veuillez choisir un pays'],
      [{ produit_id: 0 }, 'produit_id', 'Veuillez sélectionner un produit'],
      [{ email: '' }, 'email', 'L’e-mail est requis'],
      [{ ville: '' }, 'ville', 'La ville est requise'],
    ];
    for (const [overrides, field, message] of cases) {
      const { site_web: _s, ...body } = publicBody(produit_id, overrides);
      const response = await inject('POST', '/api/demandes', body, admin.auth);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().errors?.[field], field).toBe(message);
    }
  });
});

describe('the list', () => {
  it('searches over the name, the product title and the notes, filters by status (English too) and pages', async () => {
    const tag = `Zx${process.pid}`;
    const byName = await staffDemande({ nom_complet: `${tag}nom Awa` });
    const byNotes = await staffDemande({ notes: `voir ${tag}note` });
    const produit = await createProduit(ctx.db, { titre: `Villa ${tag}titre` });
    const { site_web: _s, ...body } = publicBody(produit);
    const byTitle = (await inject('POST', '/api/demandes', body, admin.auth)).json().data;
    await reject(byNotes.id, { motif_rejet: 'Documents incomplets' });

    const list = (query: string) => inject('GET', `/api/demandes?${query}`, undefined, admin.auth);
    const ids = async (query: string) => (await list(query)).json().data.map((d: { id: number }) => d.id);
    expect(await ids(`search=${tag}`)).toEqual([byTitle.id, byNotes.id, byName.id]);
    expect(await ids(`search=${tag}titre`)).toEqual([byTitle.id]);
    // The name as the screens show it, first names first.
    expect(await ids(`search=${encodeURIComponent(`Awa ${tag}nom`)}`)).toEqual([byName.id]);
    expect(await ids(`search=${tag}&statut=rejetee`)).toEqual([byNotes.id]);
    expect(await ids(`search=${tag}&statut=rejected`)).toEqual([byNotes.id]);
    expect(await ids(`search=${tag}&statut=pending`)).toEqual([byTitle.id, byName.id]);
    const paged = (await list(`search=${tag}&limit=2&page=2`)).json();
    expect(paged.data.map((d: { id: number }) => d.id)).toEqual([byName.id]);
    expect(paged.pagination).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2, totalExact: true });
    expect((await list('statut=bogus')).statusCode).toBe(400);
  });
});

describe('stats', () => {
  it('counts the demandes of each status as they are filed, decided and deleted', async () => {
    const stats = async (headers: Headers = admin.auth) =>
      (await inject('GET', '/api/demandes/stats', undefined, headers)).json().data;
    const before = await stats();
    const first = await staffDemande();
    const second = await staffDemande();
    const third = await staffDemande();
    const produit = await createProduit(ctx.db);
    expect((await inject('POST', '/api/demandes/public', publicBody(produit))).statusCode).toBe(201);
    await validate(first.id, gestionnaire.account.id);
    await reject(second.id, { motif_rejet: 'Documents incomplets' });
    await inject('DELETE', `/api/demandes/${third.id}`, undefined, admin.auth);
    const after = await stats(gestionnaire.auth);
    expect({
      total: after.total - before.total,
      en_attente: after.en_attente - before.en_attente,
      validee: after.validee - before.validee,
      rejetee: after.rejetee - before.rejetee,
    }).toEqual({ total: 3, en_attente: 1, validee: 1, rejetee: 1 });
    expect(after.total).toBe(after.en_attente + after.validee + after.rejetee);
  });

  it('tells the counts to admin and gestionnaire only', async () => {
    for (const role of ['comptable', 'commercial', 'membre', 'demandeur'] as const) {
      const { auth } = await loginAs(ctx, role);
      expect((await inject('GET', '/api/demandes/stats', undefined, auth)).statusCode, role).toBe(403);
    }
  });
});

describe('validation', () => {
  it('creates exactly one member with its account and e-mailed temporary password, and holds the product', async () => {
    const demande = await staffDemande();
    const response = await validate(demande.id, gestionnaire.account.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Demande validée avec succès');
    const data = response.json().data;
    expect(data).toMatchObject({ statut: 'validee', gere_par: gestionnaire.account.id, traite_par: admin.account.id });
    expect(data.membre.code_esv).toMatch(/^ESV-\d{4}-\d{5}$/);

    const membre = (await inject('GET', `/api/membres/${data.membre.id}`, undefined, admin.auth)).json().data;
    expect(membre).toMatchObject({
      nom: 'Kouassi',
      prenom: 'Jean-Marc',
      email: demande.email,
      num_cni: demande.num_cni,
      engagement_mensuel: 150_000,
      duree_paiement: 60,
      gestionnaire_id: gestionnaire.account.id,
      produit_id: demande.produit_id,
      statut: 'actif',
    });
    const produit = (await inject('GET', `/api/produits/${demande.produit_id}`, undefined, admin.auth)).json().data;
    expect(produit.disponibilite).toBe('reserve');

    // His schedule, from the demande's terms: 60 monthly instalments of 150 000, the first a month after validation.
    const echeancier = (await inject('GET', `/api/membres/${data.membre.id}/echeancier`, undefined, admin.auth)).json()
      .data;
    expect(echeancier).toMatchObject({ version: 1, total: 9_000_000, paye: 0, retard: null, debut_modifiable: true });
    expect(echeancier.echeances).toHaveLength(60);
    expect(echeancier.echeances.every((e: { montant: number }) => e.montant === 150_000)).toBe(true);
    expect(echeancier.premiere_echeance).toBe(addMonths(membre.date_inscription, 1));
    expect(echeancier.echeances[59].date).toBe(addMonths(echeancier.premiere_echeance, 59));

    const { text: mail } = await ctx.mail.waitFor(demande.email, /^Votre demande d’inscription est validée$/);
    expect(mail).toContain(data.membre.code_esv);
    // Names in the one order of the screens: first names, then the family name.
    expect(mail).toContain('Bonjour Jean-Marc Kouassi,');
    expect(mail).toContain('Votre gestionnaire est Awa Kouamé.');
    const tempPassword = mail.match(/^Mot de passe temporaire\u00a0: (\S+)$/m)?.[1] ?? '';
    expect(tempPassword.length).toBeGreaterThanOrEqual(12);
    expect(response.body).not.toContain(tempPassword);
    const signIn = await login(ctx.app, demande.email, tempPassword);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().data.must_change_password).toBe(true);

    const audits = (await auditRows(ctx.db, { user_id: admin.account.id })).filter(
      (a) =>
        (a.table_name === 'demandes' && a.record_id === String(demande.id) && a.action === 'updated') ||
        (a.table_name === 'membres' && a.record_id === String(data.membre.id)),
    );
    expect(audits.map((a) => a.table_name).sort()).toEqual(['demandes', 'membres']);
    expect(JSON.stringify(audits)).not.toContain(tempPassword);
  });

  it('answers a second validation, or one of a rejected demande, with the spec message', async () => {
    const demande = await staffDemande();
    expect((await validate(demande.id, gestionnaire.account.id)).statusCode).toBe(200);
    const again = await validate(demande.id, gestionnaire.account.id);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Données invalides ou demande déjà traitée.');

    const rejected = await staffDemande();
    await reject(rejected.id, { motif_rejet: 'Demande non conforme' });
    expect((await validate(rejected.id, gestionnaire.account.id)).json().message).toBe(
      DEMANDE_MESSAGES.alreadyProcessed,
    );
  });

  it('creates one member only when two validations race', async () => {
    const demande = await staffDemande();
    const other = await loginAs(ctx, 'gestionnaire');
    const responses = await Promise.all([
      validate(demande.id, gestionnaire.account.id),
      validate(demande.id, other.account.id, other.auth),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const membres = await ctx.db.selectFrom('membres').select('id').where('demande_id', '=', demande.id).execute();
    expect(membres).toHaveLength(1);
    const accounts = await ctx.db.selectFrom('utilisateurs').select('id').where('email', '=', demande.email).execute();
    expect(accounts).toHaveLength(1);
  });

  it('reserves a product once when two demandes for it are validated at the same moment', async () => {
    const first = await staffDemande();
    const second = await staffDemande();
    await ctx.db.updateTable('demandes').set({ produit_id: first.produit_id }).where('id', '=', second.id).execute();
    const responses = await Promise.all([
      validate(first.id, gestionnaire.account.id),
      validate(second.id, gestionnaire.account.id),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((r) => r.statusCode === 409)?.json().message).toBe(DEMANDE_MESSAGES.productHeld);
    const holders = await ctx.db
      .selectFrom('membres')
      .select('id')
      .where('produit_id', '=', first.produit_id)
      .execute();
    expect(holders).toHaveLength(1);
  });

  it('refuses to reserve a product withdrawn from the catalogue meanwhile', async () => {
    const demande = await staffDemande();
    await ctx.db.updateTable('produits').set({ est_actif: false }).where('id', '=', demande.produit_id).execute();
    const response = await validate(demande.id, gestionnaire.account.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(DEMANDE_MESSAGES.productUnavailable);
  });

  it('needs an active gestionnaire, the matching id, and an existing demande', async () => {
    const demande = await staffDemande();
    const inactive = await createAccount(ctx.db, { role: 'gestionnaire', statut: 'inactif' });
    for (const gerePar of [inactive.id, commercial.account.id]) {
      const response = await validate(demande.id, gerePar);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ gere_par: DEMANDE_MESSAGES.gestionnaireInactive });
    }
    const missing = await inject('PUT', `/api/demandes/${demande.id}/validate`, {}, admin.auth);
    expect(missing.json().errors.gere_par).toBe('Veuillez sélectionner un gestionnaire');
    const mismatch = await inject(
      'PUT',
      `/api/demandes/${demande.id}/validate`,
      { id: demande.id + 1, gere_par: gestionnaire.account.id },
      admin.auth,
    );
    expect(mismatch.json().message).toBe('ID de demande invalide');
    const unknown = await validate(999_999, gestionnaire.account.id);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Demande non trouvée.');
    const row = await ctx.db.selectFrom('demandes').select('statut').where('id', '=', demande.id).executeTakeFirst();
    expect(row?.statut).toBe('en_attente');
  });

  it("turns the applicant's own demandeur account into his member account", async () => {
    const applicant = await createAccount(ctx.db, { role: 'demandeur' });
    const demande = await staffDemande({ email: applicant.email });
    const data = (await validate(demande.id, gestionnaire.account.id)).json().data;
    const account = await ctx.db
      .selectFrom('utilisateurs')
      .select(['id', 'role', 'must_change_password'])
      .where('id', '=', applicant.id)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ id: applicant.id, role: 'membre', must_change_password: true });
    const membre = await ctx.db
      .selectFrom('membres')
      .select('utilisateur_id')
      .where('id', '=', data.membre.id)
      .executeTakeFirst();
    expect(membre?.utilisateur_id).toBe(applicant.id);
  });

  it('refuses with 409 and changes nothing: e-mail of a staff account, a member with the same CNI, a held product', async () => {
    const staff = await createAccount(ctx.db, { role: 'comptable' });
    const byEmail = await staffDemande({ email: staff.email });
    const existing = await createMembre(ctx.db);
    const byCni = await staffDemande({ num_cni: existing.num_cni });
    const byProduct = await staffDemande();
    await createMembre(ctx.db, { produit_id: byProduct.produit_id });
    const cases: [number, string][] = [
      [byEmail.id, DEMANDE_MESSAGES.accountExists],
      [byCni.id, DEMANDE_MESSAGES.duplicateCni],
      [byProduct.id, DEMANDE_MESSAGES.productHeld],
    ];
    for (const [id, message] of cases) {
      const response = await validate(id, gestionnaire.account.id);
      expect(response.statusCode, message).toBe(409);
      expect(response.json().message).toBe(message);
      const row = await ctx.db.selectFrom('demandes').select('statut').where('id', '=', id).executeTakeFirst();
      expect(row?.statut).toBe('en_attente');
      const membres = await ctx.db.selectFrom('membres').select('id').where('demande_id', '=', id).execute();
      expect(membres).toHaveLength(0);
    }
  });
});

describe('what the member owes: his product’s price', () => {
  /** A pending demande for a product at `prix`, with the given terms. */
  async function demandeFor(prix: number, engagement_mensuel: number, duree_paiement: number) {
    const produit_id = await createProduit(ctx.db, { prix_vente: prix });
    const { site_web: _honeypot, ...body } = publicBody(produit_id, { engagement_mensuel, duree_paiement });
    const created = await inject('POST', '/api/demandes', body, admin.auth);
    expect(created.statusCode, created.body).toBe(201);
    return created.json().data as { id: number };
  }
  async function contractOf(demandeId: number) {
    const data = (await inject('GET', `/api/demandes/${demandeId}`, undefined, admin.auth)).json().data;
    const membre = (await inject('GET', `/api/membres/${data.membre.id}`, undefined, admin.auth)).json().data;
    const echeancier = (await inject('GET', `/api/membres/${data.membre.id}/echeancier`, undefined, admin.auth)).json()
      .data;
    const montants = echeancier.echeances.map((e: { montant: number }) => e.montant) as number[];
    return { membre, echeancier, montants };
  }

  it('refuses terms short of the price without the validator’s choice, saying what is missing, and keeps nothing', async () => {
    // The issue's case: a 12 M apartment at 65 000 FCFA over 36 months (2 340 000 in all).
    const demande = await demandeFor(12_000_000, 65_000, 36);
    const refused = await validate(demande.id, gestionnaire.account.id);
    expect(refused.statusCode).toBe(400);
    const message =
      'Les conditions couvrent 2\u202f340\u202f000\u00a0FCFA sur un prix de 12\u202f000\u202f000\u00a0FCFA\u00a0: il manque 9\u202f660\u202f000\u00a0FCFA. Choisissez comment régler le solde.';
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_ERROR', message, errors: { solde: message } });
    const after = (await inject('GET', `/api/demandes/${demande.id}`, undefined, admin.auth)).json().data;
    expect(after).toMatchObject({ statut: 'en_attente', membre: null });
    const unknown = await validate(demande.id, gestionnaire.account.id, admin.auth, 'plus_tard');
    expect(unknown.json().errors).toEqual({ solde: DEMANDE_MESSAGES.soldeRequired });
  });

  it('with a last instalment for the remainder, owes the price over one more month, audited', async () => {
    const demande = await demandeFor(12_000_000, 65_000, 36);
    const response = await validate(demande.id, gestionnaire.account.id, admin.auth, 'derniere_echeance');
    expect(response.statusCode, response.body).toBe(200);
    const { membre, echeancier, montants } = await contractOf(demande.id);
    expect(membre).toMatchObject({ engagement_mensuel: 65_000, duree_paiement: 37, montant_total: 12_000_000 });
    expect(membre.montant_du).toBe(12_000_000);
    expect(echeancier.total).toBe(12_000_000);
    expect(montants).toHaveLength(37);
    expect(montants.slice(0, 36).every((m) => m === 65_000)).toBe(true);
    expect(montants[36]).toBe(9_660_000);
    const audit = (await auditRows(ctx.db, { action: 'created' })).find(
      (a) => a.table_name === 'membres' && a.record_id === String(membre.id),
    );
    expect(audit?.new_values).toMatchObject({
      montant_total: 12_000_000,
      duree_paiement: 37,
      solde: 'derniere_echeance',
    });
    const { text: mail } = await ctx.mail.waitFor(membre.email, /^Votre demande d’inscription est validée$/);
    expect(mail).toContain(
      'Votre contrat\u00a0: 37 échéances mensuelles de 65\u202f000\u00a0FCFA, la dernière de 9\u202f660\u202f000\u00a0FCFA, soit 12\u202f000\u202f000\u00a0FCFA au total.',
    );
    expect((await ledgerBreaches(ctx.db)).filter((b) => b.detail.startsWith(`membre ${membre.id} `))).toEqual([]);
  });

  it('with the adjusted monthly amount, owes the price over the duration asked', async () => {
    const demande = await demandeFor(12_000_000, 65_000, 36);
    expect((await validate(demande.id, gestionnaire.account.id, admin.auth, 'mensualite_ajustee')).statusCode).toBe(
      200,
    );
    const { membre, montants } = await contractOf(demande.id);
    expect(membre).toMatchObject({ engagement_mensuel: 333_334, duree_paiement: 36, montant_total: 12_000_000 });
    expect(montants.at(-1)).toBe(333_310);
    expect(montants.reduce((a, b) => a + b, 0)).toBe(12_000_000);
  });

  it('ends terms that cover more than the price with a smaller last instalment, without a choice', async () => {
    const demande = await demandeFor(9_000_000, 160_000, 60);
    expect((await validate(demande.id, gestionnaire.account.id)).statusCode).toBe(200);
    const { membre, montants } = await contractOf(demande.id);
    expect(membre).toMatchObject({ engagement_mensuel: 160_000, duree_paiement: 57, montant_total: 9_000_000 });
    expect(montants.at(-1)).toBe(40_000);
  });
});

describe('rejection', () => {
  it('records the trimmed reason and the comments, and tells the applicant by e-mail', async () => {
    const demande = await staffDemande();
    const response = await reject(
      demande.id,
      { motif_rejet: '  Informations incorrectes ', commentaires: ' Adresse introuvable. ' },
      gestionnaire.auth,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Demande rejetée avec succès');
    expect(response.json().data).toMatchObject({
      statut: 'rejetee',
      motif_rejet: 'Informations incorrectes',
      commentaires: 'Adresse introuvable.',
      traite_par: gestionnaire.account.id,
      gere_par: null,
    });
    const { text: mail } = await ctx.mail.waitFor(demande.email, /^Votre demande d’inscription n’a pas été retenue$/);
    expect(mail).toContain('Motif : Informations incorrectes');
    expect(mail).toContain('Commentaires : Adresse introuvable.');
  });

  it('needs one of the six reasons, comments for "Autre", and a pending demande', async () => {
    const demande = await staffDemande();
    expect((await reject(demande.id, {})).json().errors.motif_rejet).toBe('Le motif de rejet est obligatoire');
    expect((await reject(demande.id, { motif_rejet: 'Pas envie' })).statusCode).toBe(400);
    const autre = await reject(demande.id, { motif_rejet: MOTIF_AUTRE, commentaires: '  ' });
    expect(autre.json().errors).toEqual({ commentaires: DEMANDE_MESSAGES.autreNeedsComment });
    expect((await reject(demande.id, { motif_rejet: MOTIF_AUTRE, commentaires: 'Hors zone' })).statusCode).toBe(200);
    expect((await reject(demande.id, { motif_rejet: 'Doublon détecté' })).json().message).toBe(
      DEMANDE_MESSAGES.alreadyProcessed,
    );
  });
});

describe('edit and delete', () => {
  it('edits a pending demande only, and only what changed', async () => {
    const demande = await staffDemande({ pays: 'Mali' });
    const edited = await inject('PUT', `/api/demandes/${demande.id}`, { profession: 'Architecte' }, gestionnaire.auth);
    expect(edited.json().data).toMatchObject({
      profession: 'Architecte',
      nom_complet: 'Kouassi Jean-Marc',
      pays: 'Mali',
    });
    const other = await staffDemande();
    const taken = await inject('PUT', `/api/demandes/${demande.id}`, { num_cni: other.num_cni }, admin.auth);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(DEMANDE_MESSAGES.alreadyPending);
    // Back in Côte d'Ivoire, the city must be one of its list: sent alone, it is checked against the stored country.
    const moved = await inject('PUT', `/api/demandes/${demande.id}`, { pays: PAYS_PAR_DEFAUT }, admin.auth);
    expect(moved.statusCode).toBe(200);
    const outside = await inject('PUT', `/api/demandes/${demande.id}`, { ville: 'Tombouctou' }, admin.auth);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors?.ville).toBe(DEMANDE_MESSAGES.villeOutsideList);
    await reject(demande.id, { motif_rejet: 'Documents incomplets' });
    const late = await inject('PUT', `/api/demandes/${demande.id}`, { profession: 'Pilote' }, admin.auth);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(DEMANDE_MESSAGES.alreadyProcessed);
  });

  it('deletes a pending or rejected demande, never a validated one', async () => {
    const pending = await staffDemande();
    expect((await inject('DELETE', `/api/demandes/${pending.id}`, undefined, admin.auth)).statusCode).toBe(200);
    expect((await inject('GET', `/api/demandes/${pending.id}`, undefined, admin.auth)).statusCode).toBe(404);
    const validated = await staffDemande();
    expect((await validate(validated.id, gestionnaire.account.id)).statusCode).toBe(200);
    const refused = await inject('DELETE', `/api/demandes/${validated.id}`, undefined, admin.auth);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(DEMANDE_MESSAGES.validatedNotDeletable);
  });
});

describe('rights', () => {
  it('lets admin and gestionnaire validate and reject; others get 403 with the spec message', async () => {
    const demande = await staffDemande();
    for (const role of ['comptable', 'commercial', 'membre', 'demandeur'] as const) {
      const { auth } = await loginAs(ctx, role);
      for (const response of [
        await validate(demande.id, gestionnaire.account.id, auth),
        await reject(demande.id, { motif_rejet: 'Documents incomplets' }, auth),
      ]) {
        expect(response.statusCode, role).toBe(403);
        expect(response.json().message).toBe('Accès refusé – Rôle insuffisant.');
      }
    }
    expect((await validate(demande.id, gestionnaire.account.id, gestionnaire.auth)).statusCode).toBe(200);
  });

  it('keeps a commercial to the requests he created: his list, search, status and detail; no count of all', async () => {
    const other = await loginAs(ctx, 'commercial');
    const own = await staffDemande({ nom_complet: 'Kouamé Apporteur Un' }, commercial.auth);
    const theirs = await staffDemande({ nom_complet: 'Kouamé Apporteur Deux' }, other.auth);
    const fromAdmin = await staffDemande({ nom_complet: 'Kouamé Apporteur Trois' });
    const ids = async (auth: Headers, query = '') => {
      const response = await inject('GET', `/api/demandes?limit=100${query}`, undefined, auth);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const mine = await ids(commercial.auth);
    expect(mine.data.map((d: { id: number }) => d.id)).toContain(own.id);
    expect(mine.data.every((d: { origine: string }) => d.origine === 'personnel')).toBe(true);
    for (const id of [theirs.id, fromAdmin.id]) expect(mine.data.map((d: { id: number }) => d.id)).not.toContain(id);
    const searched = await ids(commercial.auth, `&search=${encodeURIComponent('Kouamé Apporteur')}&statut=en_attente`);
    expect(searched.data.map((d: { id: number }) => d.id)).toEqual([own.id]);
    expect(searched.pagination.total).toBe(1);
    expect((await ids(other.auth)).data.map((d: { id: number }) => d.id)).toEqual([theirs.id]);
    const all = await ids(gestionnaire.auth, `&search=${encodeURIComponent('Kouamé Apporteur')}`);
    expect(all.data.map((d: { id: number }) => d.id).sort()).toEqual([own.id, theirs.id, fromAdmin.id].sort());

    expect((await inject('GET', `/api/demandes/${own.id}`, undefined, commercial.auth)).statusCode).toBe(200);
    const hidden = await inject('GET', `/api/demandes/${theirs.id}`, undefined, commercial.auth);
    expect(hidden.statusCode).toBe(404);
    expect((await inject('GET', '/api/demandes/stats', undefined, commercial.auth)).statusCode).toBe(403);
    expect((await inject('GET', '/api/demandes/stats', undefined, gestionnaire.auth)).statusCode).toBe(200);
    // Reading is all he may do with them.
    expect((await inject('PUT', `/api/demandes/${own.id}`, { notes: 'x' }, commercial.auth)).statusCode).toBe(403);
  });

  it('lets admin, gestionnaire, commercial and demandeur create and read; only the admin deletes', async () => {
    for (const [role, status] of [
      ['comptable', 403],
      ['membre', 403],
    ] as const) {
      const { auth } = await loginAs(ctx, role);
      const produit = await createProduit(ctx.db);
      const { site_web: _s, ...body } = publicBody(produit);
      expect((await inject('POST', '/api/demandes', body, auth)).statusCode, role).toBe(status);
    }
    const demande = await staffDemande({}, commercial.auth);
    expect((await inject('GET', `/api/demandes/${demande.id}`, undefined, gestionnaire.auth)).statusCode).toBe(200);
    for (const role of ['comptable', 'membre'] as const) {
      const { auth } = await loginAs(ctx, role);
      expect((await inject('GET', '/api/demandes', undefined, auth)).statusCode, role).toBe(403);
      expect((await inject('GET', `/api/demandes/${demande.id}`, undefined, auth)).statusCode, role).toBe(403);
    }
    // A demandeur reads his own only: another's is as missing.
    const { auth: applicant } = await loginAs(ctx, 'demandeur');
    expect((await inject('GET', `/api/demandes/${demande.id}`, undefined, applicant)).statusCode).toBe(404);
    for (const auth of [gestionnaire.auth, commercial.auth]) {
      expect((await inject('DELETE', `/api/demandes/${demande.id}`, undefined, auth)).statusCode).toBe(403);
    }
  });

  it('lets a demandeur file his own request under his verified address, and follow his own only', async () => {
    const me = await loginAs(ctx, 'demandeur');
    const other = await loginAs(ctx, 'demandeur');
    const produit_id = await createProduit(ctx.db);
    const { site_web: _honeypot, ...body } = publicBody(produit_id, { email: 'une.autre.adresse@test.example' });
    const filed = await inject('POST', '/api/demandes', body, me.auth);
    expect(filed.statusCode, filed.body).toBe(201);
    const mine = filed.json().data;
    // Filed by the applicant himself, under his account's address whatever the form said.
    expect(mine).toMatchObject({ email: me.account.email, statut: 'en_attente', origine: 'public' });
    const row = await ctx.db.selectFrom('demandes').selectAll().where('id', '=', mine.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ demandeur_id: me.account.id, created_by: null });
    // A second one while it waits is refused, as for anyone.
    const again = await inject('POST', '/api/demandes', publicBody(await createProduit(ctx.db)), me.auth);
    expect(again.statusCode).toBe(409);

    const list = await inject('GET', '/api/demandes?statut=en_attente', undefined, me.auth);
    expect(list.json().data.map((d: { id: number }) => d.id)).toEqual([mine.id]);
    expect((await inject('GET', '/api/demandes', undefined, other.auth)).json().data).toEqual([]);
    expect((await inject('GET', `/api/demandes/${mine.id}`, undefined, other.auth)).statusCode).toBe(404);
    expect((await inject('GET', `/api/demandes/${mine.id}`, undefined, me.auth)).statusCode).toBe(200);
    // Deciding, correcting and counting are not his.
    expect((await inject('PUT', `/api/demandes/${mine.id}`, { notes: 'x' }, me.auth)).statusCode).toBe(403);
    expect((await inject('GET', '/api/demandes/stats', undefined, me.auth)).statusCode).toBe(403);
    // The staff who decide are told.
    const told = await ctx.db
      .selectFrom('notifications')
      .select('utilisateur_id')
      .where('cle', '=', `demande:${mine.id}`)
      .execute();
    expect(told.map((n) => n.utilisateur_id)).toEqual(
      expect.arrayContaining([admin.account.id, gestionnaire.account.id]),
    );
  });

  it('lists the active gestionnaires, with position and department, to admin and gestionnaire only', async () => {
    const inactive = await createAccount(ctx.db, { role: 'gestionnaire', statut: 'inactif' });
    const response = await inject('GET', '/api/gestionnaires/actifs', undefined, gestionnaire.auth);
    expect(response.statusCode).toBe(200);
    const list = response.json().data;
    expect(list.map((g: { id: number }) => g.id)).toContain(gestionnaire.account.id);
    expect(list.map((g: { id: number }) => g.id)).not.toContain(inactive.id);
    expect(Object.keys(list[0]).sort()).toEqual(['departement', 'id', 'nom', 'poste', 'prenom']);
    expect((await inject('GET', '/api/gestionnaires/actifs', undefined, admin.auth)).statusCode).toBe(200);
    expect((await inject('GET', '/api/gestionnaires/actifs', undefined, commercial.auth)).statusCode).toBe(403);
  });
});
