/**
 * The data of the benchmark at scale: a dedicated database `bench` beside the one of DATABASE_URL,
 * migrated by the app's own migrations and filled with set-based SQL (INSERT … SELECT
 * generate_series): 200,000 demandes, 20,000 members with their accounts, products and validated
 * demandes, 25,000 products on 200 sites, and 40 staff with their files. Deterministic: the same
 * rows at every seeding, so runs compare.
 */
import { DEFAULT_SETTINGS, mergeSettings } from '@app/shared';
import { sql } from 'kysely';
import pg from 'pg';
import { type Database, type Executor, migrateToLatest, openDatabase } from '../src/db/database.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { upsertSetting } from '../src/modules/settings/settings.repository.ts';

export const BENCH_DATABASE = 'bench';
export const BENCH_PASSWORD = 'Bench@2026';
/** Admins signed in by the load: the API limit (at most 10,000 an hour) is counted per account. */
export const BENCH_ADMINS = 20;
export const benchAdminEmail = (n: number) => (n === 1 ? 'admin@bench.test' : `admin${n}@bench.test`);

export const SCALE = { demandes: 200_000, membres: 20_000, produits: 25_000, sites: 200, staff: 40 } as const;
/** Staff: 20 admins, then 12 gestionnaires (the members' managers), 4 comptables, 4 commerciaux. */
const GESTIONNAIRES = { first: 21, count: 12 };

/** Names of the region; a few are frequent on purpose, so a search on them finds thousands of rows. */
const NOMS = [
  'Kouassi',
  'Koné',
  'Traoré',
  'Coulibaly',
  'Kouassi',
  'Koné',
  'Yao',
  'Kouadio',
  'Konan',
  'Bamba',
  'Ouattara',
  'Diabaté',
  'Touré',
  'Diomandé',
  'Fofana',
  'Cissé',
  'Doumbia',
  'Bakayoko',
  'Sanogo',
  'Soro',
  'Kassi',
  'Aka',
  'Assi',
  'Yapo',
  'Ehui',
  'Amani',
  'Adou',
  'Tanoh',
  "N'Guessan",
  'Gnagne',
  'Zadi',
  'Ouédraogo',
];
const PRENOMS = [
  'Aya',
  'Koffi',
  'Adjoua',
  'Yao',
  'Aminata',
  'Moussa',
  'Fatou',
  'Ibrahim',
  'Mariam',
  'Kouamé',
  'Akissi',
  'Drissa',
  'Salimata',
  'Sékou',
  'Amenan',
  'Brou',
  'Lassina',
  'Rokia',
  'Éléonore',
  'Tiémoko',
  'Bintou',
  'Clarisse',
  'Issouf',
  'Véronique',
  'Didier',
  'Assita',
  'Blaise',
  'Nathalie',
  'Siaka',
  'Prisca',
  "N'Dri",
  'Hervé',
];
const VILLES = ['Abidjan', 'Abidjan', 'Abidjan', 'Yamoussoukro', 'Bouaké', 'San-Pédro', 'Grand-Bassam', 'Daloa'];
const QUARTIERS = ['Cocody', 'Yopougon', 'Marcory', 'Plateau', 'Koumassi', 'Riviera', 'Angré', 'Bingerville'];
const PROFESSIONS = ['Enseignant', 'Infirmière', 'Commerçant', 'Banquière', 'Ingénieur BTP', 'Médecin', 'Juriste'];
const SITUATIONS = ['celibataire', 'marie', 'divorce', 'veuf', 'union_libre'];
const MOTIFS = ['Dossier incomplet', 'Revenus insuffisants', 'Produit déjà réservé', 'Pièce illisible'];

/** The bench database's address: the one of DATABASE_URL with the database name replaced. */
export function benchDatabaseUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${BENCH_DATABASE}`;
  return url.toString();
}

/** Creates the bench database on the server of DATABASE_URL if missing (dropped first to reseed). */
export async function ensureBenchDatabase(databaseUrl: string, reseed: boolean): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    if (reseed) await client.query(`DROP DATABASE IF EXISTS ${BENCH_DATABASE} WITH (FORCE)`);
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [BENCH_DATABASE]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${BENCH_DATABASE}`);
  } finally {
    await client.end();
  }
}

/**
 * Migrates the bench database and seeds it unless its counts are already there (reruns are quick);
 * raises the hourly API limit for the run either way. Returns whether it seeded.
 */
export async function prepareBenchDatabase(benchUrl: string, log: (line: string) => void): Promise<boolean> {
  const { db, close } = await openDatabase({ databaseUrl: benchUrl });
  try {
    await migrateToLatest(db);
    const seeded = !(await isSeeded(db));
    if (seeded) {
      const started = performance.now();
      log('Remplissage de la base bench (une fois ; --reseed pour recommencer)…');
      const hash = await hashPassword(BENCH_PASSWORD);
      await db.transaction().execute(async (trx) => {
        // A bulk load: row triggers (foreign keys, kept counters) off; afterSeed brings the derived data up to date.
        await sql`SET LOCAL session_replication_role = replica`.execute(trx);
        await seed(trx, hash);
        await afterSeed(trx);
      });
      await sql`VACUUM ANALYZE`.execute(db);
      log(`Base remplie en ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
    const system = mergeSettings(DEFAULT_SETTINGS, { system: { apiRateLimit: 10_000 } }).system;
    await upsertSetting(db, 'system', system, null);
    return seeded;
  } finally {
    await close();
  }
}

async function isSeeded(db: Database): Promise<boolean> {
  const { rows } = await sql<{ demandes: string; membres: string; admin: boolean }>`
    SELECT (SELECT count(*) FROM demandes) AS demandes, (SELECT count(*) FROM membres) AS membres,
           EXISTS (SELECT 1 FROM utilisateurs WHERE email = ${benchAdminEmail(1)}) AS admin`.execute(db);
  const row = rows[0];
  return Number(row?.demandes) === SCALE.demandes && Number(row?.membres) === SCALE.membres && row?.admin === true;
}

/**
 * The one step after seeding: whatever the app derives from the rows, such as the list totals kept
 * by triggers (rebuilt by the migrations' `recompter()`), is brought up to date here.
 */
async function afterSeed(db: Executor): Promise<void> {
  const { rows } = await sql<{ found: boolean }>`SELECT to_regproc('recompter') IS NOT NULL AS found`.execute(db);
  if (rows[0]?.found) await sql`SELECT recompter()`.execute(db);
}

const textArray = (values: readonly string[]) => sql`ARRAY[${sql.join(values)}]::text[]`;

async function seed(db: Executor, passwordHash: string): Promise<void> {
  // `spread(i, k, n)`: a number in [0, n) hashed from i, independent for each seed k; `pick` draws from a list with it.
  const exec = (query: ReturnType<typeof sql>) => query.execute(db);
  await exec(sql`
    CREATE TEMP TABLE bench_lists ON COMMIT DROP AS SELECT
      ${textArray(NOMS)} AS noms, ${textArray(PRENOMS)} AS prenoms, ${textArray(VILLES)} AS villes,
      ${textArray(QUARTIERS)} AS quartiers, ${textArray(PROFESSIONS)} AS professions,
      ${textArray(SITUATIONS)} AS situations, ${textArray(MOTIFS)} AS motifs`);
  await exec(sql`
    CREATE FUNCTION pg_temp.spread(i bigint, k bigint, n bigint) RETURNS bigint IMMUTABLE LANGUAGE sql
    AS $$ SELECT (hashint8extended(i, k) % n + n) % n $$`);
  await exec(sql`
    CREATE FUNCTION pg_temp.pick(list text[], i bigint, k bigint) RETURNS text IMMUTABLE LANGUAGE sql
    AS $$ SELECT list[1 + pg_temp.spread(i, k, cardinality(list))] $$`);
  // An address-safe e-mail part: lower case without accents or apostrophes.
  await exec(sql`
    CREATE FUNCTION pg_temp.slug(t text) RETURNS text IMMUTABLE LANGUAGE sql
    AS $$ SELECT translate(lower(t), 'éèêëïîôöüûàâç'' ', 'eeeeiioouuaac') $$`);
  // A moment in the last three years, spread by i (created_at of the lists' sort).
  await exec(sql`
    CREATE FUNCTION pg_temp.ago(i bigint, k bigint) RETURNS timestamptz STABLE LANGUAGE sql
    AS $$ SELECT now() - make_interval(secs => pg_temp.spread(i, k, 3 * 365 * 86400)::double precision) $$`);

  // Staff: accounts and files.
  await exec(sql`
    INSERT INTO utilisateurs (email, password_hash, role, nom, prenom, telephone, created_at)
    SELECT CASE WHEN i <= ${BENCH_ADMINS} THEN CASE WHEN i = 1 THEN 'admin@bench.test' ELSE 'admin' || i || '@bench.test' END
                ELSE pg_temp.slug(pg_temp.pick(l.prenoms, i, 7)) || '.' || pg_temp.slug(pg_temp.pick(l.noms, i, 11)) || '.staff' || i || '@bench.test' END,
           ${passwordHash},
           CASE WHEN i <= ${BENCH_ADMINS} THEN 'admin' WHEN i < ${GESTIONNAIRES.first + GESTIONNAIRES.count} THEN 'gestionnaire'
                WHEN i <= ${SCALE.staff - 4} THEN 'comptable' ELSE 'commercial' END,
           pg_temp.pick(l.noms, i, 11), pg_temp.pick(l.prenoms, i, 7),
           '+225 07 ' || lpad(i::text, 8, '0'), pg_temp.ago(i, 86413)
    FROM generate_series(1, ${SCALE.staff}) i, bench_lists l
    ORDER BY i`);
  await exec(sql`
    INSERT INTO personnel (utilisateur_id, code_employe, num_cni, departement, poste, date_embauche, salaire)
    SELECT u.id,
           'CHES-' || CASE u.role WHEN 'admin' THEN 'ADM' WHEN 'gestionnaire' THEN 'GES' WHEN 'comptable' THEN 'CPT' ELSE 'COM' END
             || '-' || lpad(u.id::text, 6, '0'),
           'CI09' || lpad(u.id::text, 9, '0'),
           CASE u.role WHEN 'admin' THEN 'Administration' WHEN 'gestionnaire' THEN 'Gestion' WHEN 'comptable' THEN 'Comptabilité' ELSE 'Commercial' END,
           CASE u.role WHEN 'admin' THEN 'Administrateur' WHEN 'gestionnaire' THEN 'Gestionnaire de portefeuille' WHEN 'comptable' THEN 'Comptable' ELSE 'Commercial terrain' END,
           (DATE '2015-01-05' + (u.id * 97) % 3650),
           300000 + (u.id % 10) * 50000
    FROM utilisateurs u ORDER BY u.id`);

  // Sites, then products spread over them (the first 20,000 are held by the members).
  await exec(sql`
    INSERT INTO sites (nom_site, adresse_site, ville_site, prix_metre_carre, created_at)
    SELECT 'Résidence ' || pg_temp.pick(l.noms, i, 5) || ' ' || i, pg_temp.pick(l.quartiers, i, 3) || ', lot ' || i,
           pg_temp.pick(l.villes, i, 1), 50000 + (i % 20) * 10000, pg_temp.ago(i, 604801)
    FROM generate_series(1, ${SCALE.sites}) i, bench_lists l`);
  await exec(sql`
    INSERT INTO produits (site_id, titre, description, type, superficie, nombre_chambre, nombre_salon, nombre_cuisine,
                          nombre_toilette, delais_construction, prix_vente, caution, est_actif, date_creation, date_modification)
    SELECT s.id,
           CASE WHEN i % 5 = 0 THEN 'Terrain ' || (300 + (i % 4) * 100) || ' m² lot ' || i
                ELSE 'Villa ' || (2 + i % 4) || ' chambres lot ' || i END,
           'Lot ' || i || ', quartier ' || pg_temp.pick(l.quartiers, i, 3) || ', titre foncier en cours.',
           CASE WHEN i % 5 = 0 THEN 'terrain' ELSE 'logement' END,
           150 + (i % 40) * 10,
           CASE WHEN i % 5 = 0 THEN 0 ELSE 2 + i % 4 END,
           CASE WHEN i % 5 = 0 THEN 0 ELSE 1 END, CASE WHEN i % 5 = 0 THEN 0 ELSE 1 END,
           CASE WHEN i % 5 = 0 THEN 0 ELSE 1 + i % 3 END,
           12 + (i % 4) * 6, 15000000 + (i % 50) * 1000000, 500000, i % 50 <> 7,
           pg_temp.ago(i, 7919), pg_temp.ago(i, 7919)
    FROM generate_series(1, ${SCALE.produits}) i
    CROSS JOIN bench_lists l
    JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM sites) s ON s.n = 1 + i % ${SCALE.sites}`);

  // The people: one row per member (i ≤ 20,000, his validated demande) or other applicant.
  await exec(sql`
    CREATE TEMP TABLE bench_people ON COMMIT DROP AS
    SELECT i, nom, prenom,
           pg_temp.slug(prenom) || '.' || pg_temp.slug(nom) || '.' || i || '@exemple.ci' AS email,
           'CI' || lpad(i::text, 11, '0') AS num_cni,
           (DATE '1960-01-01' + (i * 37) % 14600) AS date_naissance,
           pg_temp.pick(l.situations, i, 3) AS situation_matrimoniale,
           pg_temp.pick(l.professions, i, 5) AS profession,
           '+225 05 ' || lpad(i::text, 8, '0') AS telephone,
           pg_temp.pick(l.villes, i, 7) AS ville,
           pg_temp.pick(l.quartiers, i, 11) || ', rue ' || (i % 90 + 1) AS adresse,
           pg_temp.ago(i, 104729) AS created_at,
           CASE WHEN i <= ${SCALE.membres} THEN 'validee' WHEN i % 18 < 5 THEN 'en_attente' ELSE 'rejetee' END AS statut,
           p.id AS produit_id,
           g.ids[1 + i % cardinality(g.ids)] AS gestionnaire_id,
           a.id AS admin_id
    FROM generate_series(1, ${SCALE.demandes}) i
    CROSS JOIN bench_lists l
    CROSS JOIN LATERAL (SELECT pg_temp.pick(l.noms, i, 13) AS nom, pg_temp.pick(l.prenoms, i, 17) AS prenom) n
    JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM produits) p
      ON p.n = CASE WHEN i <= ${SCALE.membres} THEN i ELSE ${SCALE.membres} + 1 + i % ${SCALE.produits - SCALE.membres} END
    CROSS JOIN (SELECT array_agg(id ORDER BY id) AS ids FROM utilisateurs WHERE role = 'gestionnaire') g
    CROSS JOIN (SELECT id FROM utilisateurs WHERE email = 'admin@bench.test') a`);
  await exec(sql`
    INSERT INTO demandes (nom_complet, num_cni, date_naissance, situation_matrimoniale, profession, engagement_mensuel,
                          duree_paiement, email, telephone, pays, ville, adresse, produit_id, notes, statut, gere_par,
                          motif_rejet, traite_par, date_traitement, created_by, created_at, updated_at)
    SELECT nom || ' ' || prenom, num_cni, date_naissance, situation_matrimoniale, profession, 250000 + (i % 10) * 25000,
           60, email, telephone, 'Côte d''Ivoire', ville, adresse, produit_id,
           CASE WHEN i % 7 = 0 THEN 'Souhaite un rendez-vous sur le site.' END,
           statut,
           CASE WHEN statut = 'validee' THEN gestionnaire_id END,
           CASE WHEN statut = 'rejetee' THEN pg_temp.pick(l.motifs, i, 3) END,
           CASE WHEN statut <> 'en_attente' THEN admin_id END,
           CASE WHEN statut <> 'en_attente' THEN least(now(), created_at + make_interval(days => 1 + i % 10)) END,
           CASE WHEN i % 3 = 0 THEN admin_id END,
           created_at, created_at
    FROM bench_people, bench_lists l ORDER BY i`);
  await exec(sql`
    INSERT INTO utilisateurs (email, password_hash, role, statut, nom, prenom, telephone, created_at)
    SELECT email, ${passwordHash}, 'membre',
           CASE WHEN i % 20 = 0 THEN 'suspendu' WHEN i % 10 = 5 THEN 'inactif' ELSE 'actif' END,
           nom, prenom, telephone, created_at
    FROM bench_people WHERE i <= ${SCALE.membres} ORDER BY i`);
  await exec(sql`
    INSERT INTO membres (utilisateur_id, code_esv, num_cni, date_naissance, situation_matrimoniale, profession, adresse,
                         ville, pays, type_membre, date_inscription, produit_id, engagement_mensuel, duree_paiement,
                         gestionnaire_id, demande_id, created_at, updated_at)
    SELECT u.id, 'ESV-' || extract(year FROM now())::int || '-' || lpad(nextval('membres_code_esv_seq')::text, 5, '0'),
           d.num_cni, d.date_naissance, d.situation_matrimoniale, d.profession, d.adresse, d.ville, d.pays,
           CASE WHEN b.i % 10 = 0 THEN 'vip' WHEN b.i % 4 = 1 THEN 'premium' ELSE 'standard' END,
           d.date_traitement::date, d.produit_id, d.engagement_mensuel, d.duree_paiement, d.gere_par, d.id,
           d.date_traitement, d.date_traitement
    FROM bench_people b
    JOIN demandes d ON d.num_cni = b.num_cni
    JOIN utilisateurs u ON lower(u.email) = b.email
    WHERE b.i <= ${SCALE.membres}
    ORDER BY b.i`);
}
