import { can, ROLES } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXE, multipart, PDF, PNG, PRODUIT_FIELDS, SITE_FIELDS } from './catalogue-helpers.ts';
import { auditRows, buildTestApp, loginAs, type TestContext } from './helpers.ts';
import { createMembre } from './people-helpers.ts';
import { storedFiles } from './stored-files.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await loginAs(ctx, 'admin');
});
afterAll(async () => {
  await ctx.close();
});

async function createSite(fields: Record<string, string | number> = SITE_FIELDS, auth = admin.auth) {
  const form = multipart(fields, [{ field: 'photo', name: 'entree.png', data: PNG }]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/sites',
    headers: { ...auth, ...form.headers },
    payload: form.payload,
  });
}

async function createProduit(
  siteId: number,
  fields: Record<string, string | number> = PRODUIT_FIELDS,
  auth = admin.auth,
) {
  const form = multipart({ ...fields, site_id: siteId }, [
    { field: 'image', name: 'facade.png', data: PNG },
    { field: 'image', name: 'salon.png', data: PNG },
    { field: 'plan', name: 'plan.pdf', data: PDF },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/produits',
    headers: { ...auth, ...form.headers },
    payload: form.payload,
  });
}

async function holdProduct(produitId: number) {
  await createMembre(ctx.db, { produit_id: produitId });
}

describe('sites', () => {
  it('creates a site with its photo and answers it with a signed media URL that serves the file', async () => {
    const response = await createSite();
    expect(response.statusCode).toBe(201);
    const site = response.json().data;
    expect(site).toMatchObject({
      nom_site: 'Résidence Les Palmiers',
      prix_metre_carre: 75000,
      nombre_produits: 0,
      est_actif: true,
    });
    expect(site.photos_site).toHaveLength(1);
    const media = await ctx.app.inject({ method: 'GET', url: site.photo_site });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/png');
    expect(media.rawPayload.equals(PNG)).toBe(true);
    // Without the signature, or with another one, nothing is served.
    expect((await ctx.app.inject({ method: 'GET', url: site.photo_site.split('?')[0] })).statusCode).toBe(400);
    const sig = new URL(site.photo_site, 'http://x').searchParams.get('sig') ?? '';
    const forged = site.photo_site.replace(`sig=${sig}`, `sig=${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`);
    expect((await ctx.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    expect(media.headers['cache-control']).toBe('private, max-age=86400, immutable');
    const [row] = await auditRows(ctx.db, { action: 'created', user_id: admin.account.id });
    expect(row?.table_name).toBe('sites');
  });

  it('refuses a site without photo and with bad fields, with the spec messages', async () => {
    const none = await ctx.app.inject({ method: 'POST', url: '/api/sites', headers: admin.auth, payload: SITE_FIELDS });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.photo).toBe('Au moins une photo est obligatoire');
    const bad = await createSite({ nom_site: ' ', adresse_site: '', ville_site: '', prix_metre_carre: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      nom_site: 'Le nom du site est requis',
      adresse_site: 'L’adresse est requise',
      ville_site: 'La ville est requise',
      prix_metre_carre: 'Le prix par m² doit être supérieur à 0',
    });
  });

  it('lists, searches and paginates in SQL', async () => {
    await createSite({ ...SITE_FIELDS, nom_site: 'Cité Zeta Bouaké', ville_site: 'Bouaké' });
    const search = await ctx.app.inject({ method: 'GET', url: '/api/sites?search=zeta', headers: admin.auth });
    expect(search.json().data.map((s: { nom_site: string }) => s.nom_site)).toEqual(['Cité Zeta Bouaké']);
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/api/sites?limit=1&page=2&sortBy=nom_site',
      headers: admin.auth,
    });
    expect(page.json().pagination).toMatchObject({ page: 2, limit: 1 });
    expect(page.json().pagination.total).toBeGreaterThanOrEqual(2);
    expect(page.json().data).toHaveLength(1);
  });

  it('refuses to delete a site that still has products (409), deletes an empty one and its files', async () => {
    const site = (await createSite()).json().data;
    await createProduit(site.id);
    const refused = await ctx.app.inject({ method: 'DELETE', url: `/api/sites/${site.id}`, headers: admin.auth });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/contient encore 1 produit/);

    const empty = (await createSite()).json().data;
    const before = await storedFiles(ctx);
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/sites/${empty.id}`, headers: admin.auth });
    expect(deleted.statusCode).toBe(200);
    expect((await storedFiles(ctx)).length).toBe(before.length - 1);
  });

  it('hides a deactivated site from non-managers', async () => {
    const site = (await createSite()).json().data;
    await ctx.app.inject({ method: 'PUT', url: `/api/sites/${site.id}/deactivate`, headers: admin.auth });
    const commercial = await loginAs(ctx, 'commercial');
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/sites/${site.id}`, headers: commercial.auth })).statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/sites/${site.id}`, headers: admin.auth })).json().data
        .est_actif,
    ).toBe(false);
  });
});

describe('produits', () => {
  let siteId: number;
  beforeAll(async () => {
    siteId = (await createSite()).json().data.id;
  });

  it('creates a product with images and plans, computes price per m² and is available', async () => {
    const response = await createProduit(siteId);
    expect(response.statusCode).toBe(201);
    const produit = response.json().data;
    expect(produit).toMatchObject({
      titre: 'Villa Test 4 pièces',
      type: 'logement',
      superficie: 250.5,
      prix_vente: 25000000,
      caution: 500000,
      prix_m2: Math.round(25000000 / 250.5),
      disponibilite: 'disponible',
      site: { id: siteId, nom_site: 'Résidence Les Palmiers' },
    });
    expect(produit.site.photo_site).toMatch(/^\/api\/media\/sites\//);
    expect(produit.site.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(produit.photos_logement).toHaveLength(2);
    expect(produit.plan_logement).toHaveLength(1);
    const plan = await ctx.app.inject({ method: 'GET', url: produit.plan_logement[0] });
    expect(plan.headers['content-type']).toBe('application/pdf');
  });

  it('gives each validation message of the product form', async () => {
    const form = multipart(
      {
        titre: '',
        description: '',
        type: 'logement',
        superficie: 0,
        prix_vente: -5,
        caution: -1,
        nombre_salon: 0,
        site_id: siteId,
      },
      [],
    );
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/produits',
      headers: { ...admin.auth, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({
      titre: 'Le titre du produit est requis',
      description: 'La description est requise',
      superficie: 'La superficie doit être supérieure à 0',
      prix_vente: 'Le prix de vente doit être supérieur à 0',
      caution: 'La caution ne peut pas être négative',
    });
    const noFiles = await ctx.app.inject({
      method: 'POST',
      url: '/api/produits',
      headers: admin.auth,
      payload: { ...PRODUIT_FIELDS, site_id: siteId },
    });
    expect(noFiles.json().errors).toMatchObject({ image: 'Au moins une image est obligatoire' });
    const rooms = await createProduit(siteId, { ...PRODUIT_FIELDS, nombre_cuisine: 0 });
    expect(rooms.json().errors.nombre_cuisine).toBe('Le nombre de cuisines doit être supérieur à 0');
    const terrain = await createProduit(siteId, {
      ...PRODUIT_FIELDS,
      type: 'terrain',
      nombre_cuisine: 0,
      nombre_salon: 0,
      nombre_toilette: 0,
      nombre_chambre: 0,
    });
    expect(terrain.statusCode).toBe(201);
  });

  it('refuses more than 10 images, a file over 10 MB and a file whose bytes are not an image, leaving nothing behind', async () => {
    const before = await storedFiles(ctx);
    const count = (
      await ctx.db
        .selectFrom('produits')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

    const tooMany = multipart({ ...PRODUIT_FIELDS, site_id: siteId }, [
      ...Array.from({ length: 11 }, (_, i) => ({ field: 'image', name: `p${i}.png`, data: PNG })),
      { field: 'plan', name: 'plan.pdf', data: PDF },
    ]);
    const many = await ctx.app.inject({
      method: 'POST',
      url: '/api/produits',
      headers: { ...admin.auth, ...tooMany.headers },
      payload: tooMany.payload,
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().errors.image).toBe('Au maximum 10 images');

    const big = multipart({ ...PRODUIT_FIELDS, site_id: siteId }, [
      { field: 'image', name: 'ok.png', data: PNG },
      { field: 'image', name: 'enorme.png', data: Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]) },
      { field: 'plan', name: 'plan.pdf', data: PDF },
    ]);
    const large = await ctx.app.inject({
      method: 'POST',
      url: '/api/produits',
      headers: { ...admin.auth, ...big.headers },
      payload: big.payload,
    });
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toBe('L’image « enorme.png » est trop volumineuse. Taille maximum : 10 Mo');

    const disguised = multipart({ ...PRODUIT_FIELDS, site_id: siteId }, [
      { field: 'image', name: 'photo.jpg', data: EXE, type: 'image/jpeg' },
      { field: 'plan', name: 'plan.pdf', data: PDF },
    ]);
    const exe = await ctx.app.inject({
      method: 'POST',
      url: '/api/produits',
      headers: { ...admin.auth, ...disguised.headers },
      payload: disguised.payload,
    });
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toMatch(/photo\.jpg.*n’est pas accepté/);

    const planAsImage = multipart({ ...PRODUIT_FIELDS, site_id: siteId }, [
      { field: 'image', name: 'plan.png', data: PDF },
      { field: 'plan', name: 'plan.pdf', data: PDF },
    ]);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/produits',
          headers: { ...admin.auth, ...planAsImage.headers },
          payload: planAsImage.payload,
        })
      ).statusCode,
    ).toBe(415);

    expect(await storedFiles(ctx)).toEqual(before);
    const after = (
      await ctx.db
        .selectFrom('produits')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    expect(after).toBe(count);
  });

  it('removes the written files when the database refuses the product', async () => {
    const before = await storedFiles(ctx);
    const response = await createProduit(999_999);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.site_id).toBe('Veuillez sélectionner un site');
    expect(await storedFiles(ctx)).toEqual(before);
  });

  it('marks a product held by a member as reserved, filters on it and refuses its deletion (409)', async () => {
    const held = (await createProduit(siteId, { ...PRODUIT_FIELDS, titre: 'Produit tenu' })).json().data;
    await holdProduct(held.id);
    const reserved = await ctx.app.inject({
      method: 'GET',
      url: `/api/produits?disponibilite=reserve&site_id=${siteId}`,
      headers: admin.auth,
    });
    expect(reserved.json().data.map((p: { id: number }) => p.id)).toEqual([held.id]);
    expect(reserved.json().data[0].disponibilite).toBe('reserve');
    const available = await ctx.app.inject({
      method: 'GET',
      url: `/api/produits?disponibilite=disponible&site_id=${siteId}&limit=1000`,
      headers: admin.auth,
    });
    expect(available.json().data.map((p: { id: number }) => p.id)).not.toContain(held.id);
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/produits/${held.id}`, headers: admin.auth });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('Ce produit est réservé par un membre : il ne peut pas être supprimé.');
  });

  it('filters by type and searches title, description, site and city; sorts by price', async () => {
    const site = (await createSite({ ...SITE_FIELDS, nom_site: 'Domaine Omega', ville_site: 'Korhogo' })).json().data;
    await createProduit(site.id, { ...PRODUIT_FIELDS, titre: 'Terrain Omega A', type: 'terrain', prix_vente: 3000000 });
    await createProduit(site.id, { ...PRODUIT_FIELDS, titre: 'Terrain Omega B', type: 'terrain', prix_vente: 2000000 });
    await createProduit(site.id, { ...PRODUIT_FIELDS, titre: 'Villa Omega' });
    const terrains = await ctx.app.inject({
      method: 'GET',
      url: `/api/produits?type=terrain&search=korhogo&sortBy=prix_vente&sortOrder=asc`,
      headers: admin.auth,
    });
    expect(terrains.json().data.map((p: { titre: string }) => p.titre)).toEqual(['Terrain Omega B', 'Terrain Omega A']);
    expect(terrains.json().pagination).toEqual({ page: 1, limit: 50, total: 2, totalPages: 1, totalExact: true });
    const bySite = await ctx.app.inject({ method: 'GET', url: `/api/produits/site/${site.id}`, headers: admin.auth });
    expect(bySite.json().pagination).toMatchObject({ limit: 10, total: 3 });
  });

  it('updates the given fields, replaces images when sent, audits the change', async () => {
    const produit = (await createProduit(siteId)).json().data;
    const form = multipart({ prix_vente: 27000000 }, [{ field: 'image', name: 'nouvelle.png', data: PNG }]);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/produits/${produit.id}`,
      headers: { ...admin.auth, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ prix_vente: 27000000, titre: PRODUIT_FIELDS.titre });
    expect(response.json().data.photos_logement).toHaveLength(1);
    const audit = await ctx.db
      .selectFrom('audit')
      .selectAll()
      .where('table_name', '=', 'produits')
      .where('record_id', '=', String(produit.id))
      .where('action', '=', 'updated')
      .executeTakeFirstOrThrow();
    expect(audit.new_values).toMatchObject({ prix_vente: 27000000, images: 1 });
    expect(audit.old_values).toMatchObject({ prix_vente: '25000000' });
  });

  it('hides inactive products from the roles that do not manage the catalogue', async () => {
    const produit = (await createProduit(siteId, { ...PRODUIT_FIELDS, titre: 'Produit masqué' })).json().data;
    await ctx.app.inject({ method: 'PUT', url: `/api/produits/${produit.id}/deactivate`, headers: admin.auth });
    const membre = await loginAs(ctx, 'membre');
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/produits/${produit.id}`, headers: membre.auth })).statusCode,
    ).toBe(404);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/produits?search=masqué', headers: membre.auth });
    expect(list.json().data).toEqual([]);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/produits?search=masqué', headers: admin.auth })).json().data,
    ).toHaveLength(1);
  });

  it('answers 404 "Produit non trouvé" for an unknown product', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/produits/424242', headers: admin.auth });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Produit non trouvé');
  });
});

describe('staff information', () => {
  it('sends who created and changed a product or a site to staff only, never to a member or an applicant', async () => {
    const siteId = (await createSite()).json().data.id;
    const produitId = (await createProduit(siteId)).json().data.id;
    const urls = [`/api/produits/${produitId}`, `/api/sites/${siteId}`];
    for (const role of ROLES) {
      const { auth } = await loginAs(ctx, role);
      for (const url of urls) {
        const data = (await ctx.app.inject({ method: 'GET', url, headers: auth })).json().data;
        const list = (
          await ctx.app.inject({ method: 'GET', url: `${url.replace(/\/\d+$/, '')}?limit=1000`, headers: auth })
        )
          .json()
          .data.find((row: { id: number }) => row.id === data.id);
        for (const row of [data, list]) {
          if (can(role, 'catalogue.management_info')) {
            expect(row, `${role} ${url}`).toMatchObject({ created_by: admin.account.id, updated_by: admin.account.id });
          } else {
            expect(row, `${role} ${url}`).not.toHaveProperty('created_by');
            expect(row, `${role} ${url}`).not.toHaveProperty('updated_by');
          }
        }
      }
    }
    expect(ROLES.filter((role) => can(role, 'catalogue.management_info'))).toEqual([
      'admin',
      'gestionnaire',
      'comptable',
      'commercial',
    ]);
  });
});

describe('rights on the catalogue', () => {
  it('lets every role read and only admin and gestionnaire create, update, delete and activate', async () => {
    const siteId = (await createSite()).json().data.id;
    const produitId = (await createProduit(siteId)).json().data.id;
    for (const role of ROLES) {
      const { auth } = await loginAs(ctx, role);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/produits', headers: auth })).statusCode, role).toBe(200);
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/api/produits/${produitId}`, headers: auth })).statusCode,
        role,
      ).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/sites', headers: auth })).statusCode, role).toBe(200);
      const created = await createProduit(siteId, PRODUIT_FIELDS, auth);
      const site = await createSite(SITE_FIELDS, auth);
      const deactivate = await ctx.app.inject({
        method: 'PUT',
        url: `/api/produits/${produitId}/deactivate`,
        headers: auth,
      });
      const update = await ctx.app.inject({
        method: 'PUT',
        url: `/api/sites/${siteId}`,
        headers: auth,
        payload: { ville_site: 'Abidjan' },
      });
      const expected = can(role, 'produits.manage') ? [201, 201, 200, 200] : [403, 403, 403, 403];
      expect([created.statusCode, site.statusCode, deactivate.statusCode, update.statusCode], role).toEqual(expected);
      await ctx.app.inject({ method: 'PUT', url: `/api/produits/${produitId}/activate`, headers: admin.auth });
    }
  });
});

describe('favoris', () => {
  it('adds, lists with search and sorts, removes and clears per account, and audits', async () => {
    const siteId = (await createSite({ ...SITE_FIELDS, nom_site: 'Site Favoris', ville_site: 'Daloa' })).json().data.id;
    const a = (await createProduit(siteId, { ...PRODUIT_FIELDS, titre: 'Appartement B', prix_vente: 10000000 })).json()
      .data;
    const b = (await createProduit(siteId, { ...PRODUIT_FIELDS, titre: 'Appartement A', prix_vente: 20000000 })).json()
      .data;
    const membre = await loginAs(ctx, 'membre');
    const other = await loginAs(ctx, 'demandeur');
    for (const id of [a.id, b.id]) {
      const added = await ctx.app.inject({
        method: 'POST',
        url: '/api/favoris',
        headers: membre.auth,
        payload: { produit_id: id },
      });
      expect(added.statusCode).toBe(201);
      expect(added.json().data.produit).toMatchObject({ id, site: { nom_site: 'Site Favoris', ville_site: 'Daloa' } });
    }
    // Adding twice keeps one.
    await ctx.app.inject({ method: 'POST', url: '/api/favoris', headers: membre.auth, payload: { produit_id: a.id } });
    const list = (q: string, auth = membre.auth) =>
      ctx.app.inject({ method: 'GET', url: `/api/favoris${q}`, headers: auth });
    expect((await list('')).json().pagination.total).toBe(2);
    expect((await list('?sort=prix')).json().data.map((f: { produit_id: number }) => f.produit_id)).toEqual([
      b.id,
      a.id,
    ]);
    expect((await list('?sort=titre')).json().data.map((f: { produit_id: number }) => f.produit_id)).toEqual([
      b.id,
      a.id,
    ]);
    expect((await list('?search=daloa')).json().data).toHaveLength(2);
    expect((await list('?search=inexistant')).json().data).toHaveLength(0);
    expect((await list('', other.auth)).json().data).toEqual([]);

    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/favoris/${a.id}`, headers: membre.auth })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/favoris/${a.id}`, headers: membre.auth })).statusCode,
    ).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/favoris', headers: membre.auth })).json().message).toBe(
      '1 favori(s) supprimé(s)',
    );
    expect((await list('')).json().pagination.total).toBe(0);
    const actions = (await auditRows(ctx.db, { user_id: membre.account.id })).filter((r) => r.table_name === 'favoris');
    expect(actions.map((r) => r.action)).toEqual(['created', 'created', 'deleted', 'deleted']);
  });

  it('refuses an unknown product', async () => {
    const membre = await loginAs(ctx, 'membre');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/favoris',
      headers: membre.auth,
      payload: { produit_id: 987654 },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('clearing an optional field', () => {
  it('clears the construction delay with null in JSON or an empty form field', async () => {
    const siteId = (await createSite()).json().data.id;
    const produit = (await createProduit(siteId)).json().data;
    expect(produit.delais_construction).toBe(12);
    const cleared = await ctx.app.inject({
      method: 'PUT',
      url: `/api/produits/${produit.id}`,
      headers: admin.auth,
      payload: { delais_construction: null },
    });
    expect(cleared.json().data.delais_construction).toBeNull();
    const form = multipart({ delais_construction: 6 });
    const set = await ctx.app.inject({
      method: 'PUT',
      url: `/api/produits/${produit.id}`,
      headers: { ...admin.auth, ...form.headers },
      payload: form.payload,
    });
    expect(set.json().data.delais_construction).toBe(6);
    const empty = multipart({ delais_construction: '' });
    const again = await ctx.app.inject({
      method: 'PUT',
      url: `/api/produits/${produit.id}`,
      headers: { ...admin.auth, ...empty.headers },
      payload: empty.payload,
    });
    expect(again.json().data.delais_construction).toBeNull();
  });
});

describe('review fixes', () => {
  it('hides the products of a deactivated site, and withdrawn products from favourites, for non-managers', async () => {
    const siteId = (await createSite({ ...SITE_FIELDS, nom_site: 'Site Retiré' })).json().data.id;
    const produit = (await createProduit(siteId, { ...PRODUIT_FIELDS, titre: 'Produit du site retiré' })).json().data;
    const membre = await loginAs(ctx, 'membre');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/favoris',
      headers: membre.auth,
      payload: { produit_id: produit.id },
    });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/favoris', headers: membre.auth })).json().pagination.total,
    ).toBe(1);
    await ctx.app.inject({ method: 'PUT', url: `/api/sites/${siteId}/deactivate`, headers: admin.auth });
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/produits/${produit.id}`, headers: membre.auth })).statusCode,
    ).toBe(404);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/produits?search=site retiré', headers: membre.auth });
    expect(list.json().data).toEqual([]);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/favoris', headers: membre.auth })).json().pagination.total,
    ).toBe(0);
    // Managers still see it, and cannot put a new product on the deactivated site.
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/produits/${produit.id}`, headers: admin.auth })).statusCode,
    ).toBe(200);
    const refused = await createProduit(siteId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.site_id).toMatch(/désactivé/);
  });

  it('answers the count of 11 images with its own message even with 16 files', async () => {
    const siteId = (await createSite()).json().data.id;
    const form = multipart({ ...PRODUIT_FIELDS, site_id: siteId }, [
      ...Array.from({ length: 11 }, (_, i) => ({ field: 'image', name: `p${i}.png`, data: PNG })),
      ...Array.from({ length: 5 }, (_, i) => ({ field: 'plan', name: `plan${i}.pdf`, data: PDF })),
    ]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/produits',
      headers: { ...admin.auth, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.image).toBe('Au maximum 10 images');
  });

  it('gives the real total on a page past the end', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/produits?page=999&limit=5',
      headers: admin.auth,
    });
    expect(response.json().data).toEqual([]);
    expect(response.json().pagination.total).toBeGreaterThan(0);
    const sites = await ctx.app.inject({ method: 'GET', url: '/api/sites?page=999&limit=5', headers: admin.auth });
    expect(sites.json().pagination.total).toBeGreaterThan(0);
  });

  it('refuses a video link that is not http(s) with a 400', async () => {
    const siteId = (await createSite()).json().data.id;
    const response = await createProduit(siteId, { ...PRODUIT_FIELDS, video_logement: 'javascript:alert(1)' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.video_logement).toBe('Le lien doit être une URL valide (https://…)');
  });
});

describe('stats and search endpoints', () => {
  it('counts products and sites in SQL, and /search answers like the filtered list', async () => {
    const siteId = (await createSite({ ...SITE_FIELDS, nom_site: 'Site Statistiques', ville_site: 'Man' })).json().data
      .id;
    await createProduit(siteId, { ...PRODUIT_FIELDS, titre: 'Terrain Stat', type: 'terrain', prix_vente: 1000000 });
    const produits = (await ctx.app.inject({ method: 'GET', url: '/api/produits/stats', headers: admin.auth })).json()
      .data;
    const all = (await ctx.app.inject({ method: 'GET', url: '/api/produits?limit=1000', headers: admin.auth })).json();
    expect(produits.total).toBe(all.pagination.total);
    expect(produits.logements + produits.terrains).toBe(produits.total);
    expect(produits.disponibles + produits.reserves).toBe(produits.total);
    expect(produits.reserves).toBe(
      all.data.filter((p: { disponibilite: string }) => p.disponibilite === 'reserve').length,
    );
    const sites = (await ctx.app.inject({ method: 'GET', url: '/api/sites/stats', headers: admin.auth })).json().data;
    expect(sites.total).toBe(
      (await ctx.app.inject({ method: 'GET', url: '/api/sites?limit=1000', headers: admin.auth })).json().pagination
        .total,
    );
    expect(sites.villes).toBeGreaterThanOrEqual(2);
    const prices = (await ctx.app.inject({ method: 'GET', url: '/api/sites?limit=1000', headers: admin.auth }))
      .json()
      .data.map((s: { prix_metre_carre: number }) => s.prix_metre_carre);
    expect(sites.prix_min_m2).toBe(Math.min(...prices));
    const search = await ctx.app.inject({
      method: 'GET',
      url: '/api/produits/search?search=Terrain Stat&type=terrain',
      headers: admin.auth,
    });
    expect(search.json().data.map((p: { titre: string }) => p.titre)).toEqual(['Terrain Stat']);
    const siteSearch = await ctx.app.inject({
      method: 'GET',
      url: '/api/sites/search?search=statistiques',
      headers: admin.auth,
    });
    expect(siteSearch.json().data.map((s: { id: number }) => s.id)).toEqual([siteId]);
  });
});
