import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSchema,
  type DatabaseHandle,
  dropSchema,
  migrateToLatest,
  migrateUpTo,
  openDatabase,
} from '../src/db/database.ts';
import { ledgerBreaches } from '../src/modules/banques/ledger.repository.ts';

/** An empty database of its own: in-memory PGlite, or a fresh schema on PostgreSQL. */
let handle: DatabaseHandle;
let schema: string | undefined;
beforeAll(async () => {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = await openDatabase({ databaseUrl });
    await createSchema(admin.db, schema);
    await admin.close();
  }
  handle = await openDatabase(databaseUrl ? { databaseUrl, schema } : {});
});
afterAll(async () => {
  if (schema) await dropSchema(handle.db, schema);
  await handle.close();
});

describe('migration 0017: a member owes his product’s price', () => {
  it('keeps the terms’ total and schedule of the members there already are', async () => {
    const db = handle.db as unknown as Kysely<unknown>;
    // Under the schema lock like every migration: Kysely's migrator reads every schema's tables,
    // and another test file's schema may be dropped meanwhile.
    await migrateUpTo(handle.db, '2026-12-04-0016-rappels', schema);
    // A member of before: a 12 M product at 65 000 FCFA over 36 months.
    const { rows } = await sql<{ id: number }>`
      WITH s AS (INSERT INTO sites (nom_site, adresse_site, ville_site, prix_metre_carre)
                 VALUES ('Cité', 'Rue 1', 'Abidjan', 50000) RETURNING id),
           p AS (INSERT INTO produits (site_id, titre, description, type, superficie, prix_vente, nombre_chambre,
                   nombre_salon, nombre_cuisine, nombre_toilette)
                 SELECT id, 'Appartement', 'T3', 'logement', 90, 12000000, 2, 1, 1, 1 FROM s RETURNING id),
           u AS (INSERT INTO utilisateurs (email, password_hash, role, nom, prenom)
                 VALUES ('ancien@test.example', 'x', 'membre', 'Koné', 'Ali') RETURNING id)
      INSERT INTO membres (utilisateur_id, code_esv, num_cni, date_naissance, profession, adresse, ville, pays,
        produit_id, engagement_mensuel, duree_paiement, date_inscription)
      SELECT u.id, 'ESV-2026-00001', 'CI00000000001', '1980-01-01', 'Commerçant', 'Cocody', 'Abidjan', 'Côte d’Ivoire',
        p.id, 65000, 36, DATE '2026-01-15' FROM u, p
      RETURNING id`.execute(db);
    const id = rows[0]?.id ?? 0;

    await migrateToLatest(handle.db, schema);
    const membre = await handle.db
      .selectFrom('membres')
      .select(['montant_total', 'montant_du', 'prix_produit', 'engagement_mensuel', 'duree_paiement'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(membre).toEqual({
      montant_total: '2340000',
      montant_du: '2340000',
      prix_produit: null,
      engagement_mensuel: '65000',
      duree_paiement: 36,
    });
    const montants = await handle.db
      .selectFrom('echeances as e')
      .innerJoin('echeanciers as s', 's.id', 'e.echeancier_id')
      .where('s.membre_id', '=', id)
      .select('e.montant')
      .orderBy('e.numero')
      .execute();
    expect(montants).toHaveLength(36);
    expect(montants.every((e) => e.montant === '65000')).toBe(true);
    expect((await ledgerBreaches(handle.db)).filter((b) => b.detail.startsWith(`membre ${id} `))).toEqual([]);
  });
});
