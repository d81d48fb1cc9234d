import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../src/db/seed/demo.ts';
import { fileStoreFor } from '../src/media/file-store.ts';
import { MediaStore } from '../src/media/media-store.ts';
import { ledgerBreaches } from '../src/modules/banques/ledger.repository.ts';
import { buildTestApp, login, type TestContext } from './helpers.ts';

let ctx: TestContext;
let auth: { authorization: string };
beforeAll(async () => {
  ctx = await buildTestApp();
  // Into the app's own store, as the server's start does.
  await seedDemo(ctx.db, new MediaStore(fileStoreFor(ctx.config), ctx.config.jwtSecret));
  const token = (await login(ctx.app, 'admin@demo.test', DEMO_PASSWORD)).json().data.token;
  auth = { authorization: `Bearer ${token}` };
});
afterAll(async () => {
  await ctx.close();
});

describe('demo data', () => {
  it('lets each of the six demo accounts sign in with Demo@2026', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const response = await login(ctx.app, account.email, DEMO_PASSWORD);
      expect(response.statusCode, account.email).toBe(200);
      expect(response.json().data.personnel.role).toBe(account.role);
    }
  });

  it('lets the demo member sign in with the member code', async () => {
    const membre = await ctx.db.selectFrom('membres').select('code_esv').orderBy('id').executeTakeFirstOrThrow();
    expect(membre.code_esv).toMatch(/^ESV-\d{4}-00001$/);
    const response = await login(ctx.app, membre.code_esv.toLowerCase(), DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.personnel.email).toBe('membre@demo.test');
  });

  it('has several sites and 20+ products of both types, with photos and plans', async () => {
    const sites = (await ctx.app.inject({ method: 'GET', url: '/api/sites', headers: auth })).json();
    expect(sites.pagination.total).toBeGreaterThanOrEqual(5);
    const produits = (await ctx.app.inject({ method: 'GET', url: '/api/produits?limit=100', headers: auth })).json();
    expect(produits.pagination.total).toBeGreaterThanOrEqual(20);
    const types = new Set(produits.data.map((p: { type: string }) => p.type));
    expect(types).toEqual(new Set(['logement', 'terrain']));
    for (const produit of produits.data) {
      expect(produit.photos_logement.length, produit.titre).toBeGreaterThan(0);
      expect(produit.plan_logement.length, produit.titre).toBeGreaterThan(0);
    }
    const photo = await ctx.app.inject({ method: 'GET', url: produits.data[0].photos_logement[0] });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
  });

  it('contains the five products of the original public form, the Villa Premium held by the demo member', async () => {
    const produits = (await ctx.app.inject({ method: 'GET', url: '/api/produits?limit=100', headers: auth })).json()
      .data;
    const price = (titre: string) => produits.find((p: { titre: string }) => p.titre === titre)?.prix_vente;
    expect(price('Villa Premium')).toBe(25_000_000);
    expect(price('Appartement T3')).toBe(15_000_000);
    expect(price('Studio Moderne')).toBe(8_000_000);
    expect(price('Duplex Familial')).toBe(35_000_000);
    expect(price('Appartement T2')).toBe(12_000_000);
    const availability = (titre: string) => produits.find((p: { titre: string }) => p.titre === titre)?.disponibilite;
    expect(availability('Villa Premium')).toBe('reserve');
    for (const titre of ['Appartement T3', 'Studio Moderne', 'Duplex Familial', 'Appartement T2']) {
      expect(availability(titre), titre).toBe('disponible');
    }
  });

  it('has 30+ members each holding a product, spread over gestionnaires, statuses and types', async () => {
    const membres = (await ctx.app.inject({ method: 'GET', url: '/api/membres?limit=100', headers: auth })).json();
    expect(membres.pagination.total).toBeGreaterThanOrEqual(30);
    for (const membre of membres.data) expect(membre.produit, membre.code_esv).not.toBeNull();
    const distinct = (key: string) => new Set(membres.data.map((m: Record<string, unknown>) => m[key]));
    expect(distinct('statut')).toEqual(new Set(['actif', 'inactif', 'suspendu']));
    expect(distinct('type_membre')).toEqual(new Set(['standard', 'premium', 'vip']));
    expect(distinct('gestionnaire_id').size).toBeGreaterThanOrEqual(3);
    const stats = (await ctx.app.inject({ method: 'GET', url: '/api/membres/stats', headers: auth })).json().data;
    expect(stats.nouveaux_mois).toBeGreaterThan(0);

    const gestionnaire = (await login(ctx.app, 'gestionnaire@demo.test', DEMO_PASSWORD)).json().data.token;
    const clients = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/membres/mes-clients?limit=100',
        headers: { authorization: `Bearer ${gestionnaire}` },
      })
    ).json();
    expect(clients.pagination.total).toBeGreaterThanOrEqual(10);
  });

  it('has staff in every role and department, in the three statuses', async () => {
    const stats = (await ctx.app.inject({ method: 'GET', url: '/api/personnel/stats', headers: auth })).json().data;
    expect(Object.keys(stats.par_role).sort()).toEqual(['admin', 'commercial', 'comptable', 'gestionnaire']);
    expect(Object.keys(stats.par_departement).sort()).toEqual(
      ['Administration', 'Commercial', 'Comptabilité', 'Direction', 'Gestion', 'Technique'].sort(),
    );
    expect(stats.inactifs).toBeGreaterThan(0);
    expect(stats.suspendus).toBeGreaterThan(0);
  });

  it('has pending, validated and rejected demandes; each member comes from a validated one that matches him', async () => {
    const get = async (url: string) => (await ctx.app.inject({ method: 'GET', url, headers: auth })).json();
    for (const statut of ['en_attente', 'validee', 'rejetee']) {
      expect((await get(`/api/demandes?statut=${statut}`)).pagination.total, statut).toBeGreaterThan(0);
    }
    const validated = (await get('/api/demandes?statut=validee&limit=100')).data;
    const membres = (await get('/api/membres?limit=100')).data;
    expect(validated).toHaveLength(membres.length);
    for (const demande of validated) {
      const membre = membres.find((m: { id: number }) => m.id === demande.membre.id);
      expect(membre, demande.nom_complet).toMatchObject({
        email: demande.email,
        num_cni: demande.num_cni,
        produit_id: demande.produit_id,
        engagement_mensuel: demande.engagement_mensuel,
        duree_paiement: demande.duree_paiement,
        gestionnaire_id: demande.gere_par,
      });
    }
    // The waiting ones ask for products still free: each can be validated.
    for (const demande of (await get('/api/demandes?statut=en_attente')).data) {
      const produit = (await get(`/api/produits/${demande.produit_id}`)).data;
      expect(produit.disponibilite, demande.produit_nom).toBe('disponible');
    }
  });

  it('has three banks (one principal), payments in the three states for the demo member and the clients, and a ledger that holds', async () => {
    const banques = await ctx.app.inject({ method: 'GET', url: '/api/banques', headers: auth });
    expect(banques.json().data).toHaveLength(3);
    expect(banques.json().data.filter((b: { est_principale: boolean }) => b.est_principale)).toHaveLength(1);
    const token = (await login(ctx.app, 'membre@demo.test', DEMO_PASSWORD)).json().data.token;
    const own = await ctx.app.inject({
      method: 'GET',
      url: '/api/versements?limit=100',
      headers: { authorization: `Bearer ${token}` },
    });
    const statuts = new Set(own.json().data.map((v: { statut: string }) => v.statut));
    expect(statuts).toEqual(new Set(['en_attente', 'valide', 'rejete']));
    const gestionnaire = (await login(ctx.app, 'gestionnaire@demo.test', DEMO_PASSWORD)).json().data.token;
    const clients = await ctx.app.inject({
      method: 'GET',
      url: '/api/versements/gestionnaire?limit=200',
      headers: { authorization: `Bearer ${gestionnaire}` },
    });
    const membres = new Set(clients.json().data.map((v: { membre_id: number }) => v.membre_id));
    expect(membres.size).toBeGreaterThan(5);
    expect(await ledgerBreaches(ctx.db)).toEqual([]);
  });
});
