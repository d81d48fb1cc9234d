/**
 * The data of the benchmark at scale: a dedicated database (`bench`, or --database) beside the one of DATABASE_URL,
 * migrated by the app's own migrations and filled with set-based SQL (INSERT … SELECT
 * generate_series): 200,000 demandes, 20,000 members with their accounts, products and validated
 * demandes, 25,000 products on 200 sites, and 40 staff with their files; for the payments' bench,
 * 8 banks, 200,000 payments with their ledger and 20 bench comptables (seedVersements). Deterministic:
 * the same rows at every seeding, so runs compare.
 */
import { DEFAULT_SETTINGS, mergeSettings } from '@app/shared';
import { sql } from 'kysely';
import pg from 'pg';
import { type Database, type Executor, migrateToLatest, openDatabase } from '../src/db/database.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { ledgerBreaches } from '../src/modules/banques/ledger.repository.ts';
import { upsertSetting } from '../src/modules/settings/settings.repository.ts';

export const BENCH_DATABASE = 'bench';
export const BENCH_PASSWORD = 'Bench@2026';
/** Admins signed in by the load: the API limit (at most 10,000 an hour) is counted per account. */
export const BENCH_ADMINS = 20;
export const benchAdminEmail = (n: number) => (n === 1 ? 'admin@bench.test' : `admin${n}@bench.test`);

export const SCALE = {
  demandes: 200_000,
  membres: 20_000,
  produits: 25_000,
  sites: 200,
  staff: 40,
  versements: 200_000,
} as const;
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
export function benchDatabaseUrl(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Creates the bench database on the server of DATABASE_URL if missing (dropped first to reseed). */
export async function ensureBenchDatabase(databaseUrl: string, database: string, reseed: boolean): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  const name = client.escapeIdentifier(database);
  await client.connect();
  try {
    if (reseed) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

/**
 * Migrates the bench database and seeds it unless its counts are already there (reruns are quick);
 * with `versements`, adds the banks and payments (seedVersements) unless their marker is there;
 * raises the hourly API limit for the run either way. Returns whether it seeded.
 */
export async function prepareBenchDatabase(
  benchUrl: string,
  log: (line: string) => void,
  options: { versements?: boolean } = {},
): Promise<boolean> {
  const { db, close } = await openDatabase({ databaseUrl: benchUrl });
  try {
    await migrateToLatest(db);
    let seeded = !(await isSeeded(db));
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
    if (options.versements && !(await versementsSeeded(db))) {
      seeded = true;
      await seedVersements(db, log);
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
  // The members' schedules, which their insert trigger would have written.
  await sql`SELECT recompter_echeanciers()`.execute(db);
}

const textArray = (values: readonly string[]) => sql`ARRAY[${sql.join(values)}]::text[]`;

/**
 * The seeds' helpers, for the transaction: the name lists as a temporary table, and
 * `spread(i, k, n)`, a number in [0, n) hashed from i, independent for each seed k; `pick`, which
 * draws from a list with it; `slug`; `ago`, a moment in the last three years spread by i.
 */
async function createHelpers(db: Executor): Promise<void> {
  const exec = (query: ReturnType<typeof sql>) => query.execute(db);
  await exec(sql`
    CREATE TEMP TABLE bench_lists ON COMMIT DROP AS SELECT
      ${textArray(NOMS)} AS noms, ${textArray(PRENOMS)} AS prenoms, ${textArray(VILLES)} AS villes,
      ${textArray(QUARTIERS)} AS quartiers, ${textArray(PROFESSIONS)} AS professions,
      ${textArray(SITUATIONS)} AS situations, ${textArray(MOTIFS)} AS motifs`);
  await exec(sql`
    CREATE OR REPLACE FUNCTION pg_temp.spread(i bigint, k bigint, n bigint) RETURNS bigint IMMUTABLE LANGUAGE sql
    AS $$ SELECT (hashint8extended(i, k) % n + n) % n $$`);
  await exec(sql`
    CREATE OR REPLACE FUNCTION pg_temp.pick(list text[], i bigint, k bigint) RETURNS text IMMUTABLE LANGUAGE sql
    AS $$ SELECT list[1 + pg_temp.spread(i, k, cardinality(list))] $$`);
  // An address-safe e-mail part: lower case without accents or apostrophes.
  await exec(sql`
    CREATE OR REPLACE FUNCTION pg_temp.slug(t text) RETURNS text IMMUTABLE LANGUAGE sql
    AS $$ SELECT translate(lower(t), 'éèêëïîôöüûàâç'' ', 'eeeeiioouuaac') $$`);
  // A moment in the last three years, spread by i (created_at of the lists' sort).
  await exec(sql`
    CREATE OR REPLACE FUNCTION pg_temp.ago(i bigint, k bigint) RETURNS timestamptz STABLE LANGUAGE sql
    AS $$ SELECT now() - make_interval(secs => pg_temp.spread(i, k, 3 * 365 * 86400)::double precision) $$`);
}

async function seed(db: Executor, passwordHash: string): Promise<void> {
  const exec = (query: ReturnType<typeof sql>) => query.execute(db);
  await createHelpers(db);

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
                         montant_total, gestionnaire_id, demande_id, created_at, updated_at)
    SELECT u.id, 'ESV-' || extract(year FROM now())::int || '-' || lpad(nextval('membres_code_esv_seq')::text, 5, '0'),
           d.num_cni, d.date_naissance, d.situation_matrimoniale, d.profession, d.adresse, d.ville, d.pays,
           CASE WHEN b.i % 10 = 0 THEN 'vip' WHEN b.i % 4 = 1 THEN 'premium' ELSE 'standard' END,
           d.date_traitement::date, d.produit_id, d.engagement_mensuel, d.duree_paiement,
           d.engagement_mensuel * d.duree_paiement, d.gere_par, d.id,
           d.date_traitement, d.date_traitement
    FROM bench_people b
    JOIN demandes d ON d.num_cni = b.num_cni
    JOIN utilisateurs u ON lower(u.email) = b.email
        WHERE b.i <= ${SCALE.membres}
    ORDER BY b.i`);
  // The members validated since the price rule (migration 0017) owe their product's price, their
  // terms completed as a validator's 'derniere_echeance' choice does (rules/contrat.ts, contratPour).
  await exec(sql`
    UPDATE membres m SET
      prix_produit = p.prix_vente,
      montant_total = p.prix_vente,
      engagement_mensuel = least(m.engagement_mensuel, p.prix_vente),
      duree_paiement = CASE WHEN m.engagement_mensuel * m.duree_paiement >= p.prix_vente
        THEN ceil(p.prix_vente::numeric / m.engagement_mensuel)::int ELSE m.duree_paiement + 1 END
    FROM produits p
    WHERE p.id = m.produit_id
      AND m.created_at >= (SELECT timestamp::timestamptz FROM kysely_migration WHERE name = '2026-12-05-0017-contrat-prix')`);
}

/** Comptables signed in by the payments' load, as the admins are for the lists (the API limit is per account). */
export const BENCH_COMPTABLES = 20;
export const benchComptableEmail = (n: number) => (n === 1 ? 'comptable@bench.test' : `comptable${n}@bench.test`);

/** The banks of the payments; `poids` weighs how many payments each receives (the principal one the most). */
const BANQUES = [
  { code: 'CI008', nom: 'Société Générale Côte d’Ivoire', swift: 'SGCICIAB', poids: 6, solde_initial: 45_000_000 },
  { code: 'CI059', nom: 'Ecobank Côte d’Ivoire', swift: 'ECOCCIAB', poids: 4, solde_initial: 20_000_000 },
  { code: 'CI042', nom: 'NSIA Banque Côte d’Ivoire', swift: 'BIAOCIAB', poids: 3, solde_initial: 12_500_000 },
  { code: 'CI034', nom: 'Banque Atlantique Côte d’Ivoire', swift: 'ATCICIAB', poids: 2, solde_initial: 8_000_000 },
  { code: 'CI006', nom: 'BICICI', swift: 'BICICIAB', poids: 2, solde_initial: 5_000_000 },
  { code: 'CI007', nom: 'Société Ivoirienne de Banque', swift: 'SIBCCIAB', poids: 2, solde_initial: 5_000_000 },
  { code: 'CI166', nom: 'Coris Bank International', swift: 'CORICIAB', poids: 1, solde_initial: 2_000_000 },
  { code: 'CI155', nom: 'Bank of Africa Côte d’Ivoire', swift: 'AFRICIAB', poids: 1, solde_initial: 0 },
] as const;
const MOTIFS_REJET = [
  'Reçu illisible',
  'Montant différent du relevé bancaire',
  'Reçu déjà déclaré',
  'Versement introuvable sur le compte',
];
const COMMENTAIRES_AUTRES = ['Frais de dossier', 'Complément de mensualité', 'Pénalités de retard'];

/**
 * The payments' marker: the bench comptable account, written in the same transaction as the banks,
 * the payments and their movements, with the kept count of payments. Payments or banks without it
 * (made otherwise) are not mixed with the seed's: --reseed starts over.
 */
async function versementsSeeded(db: Database): Promise<boolean> {
  const { rows } = await sql<{ marker: boolean; versements: string | null; banques: string }>`
    SELECT EXISTS (SELECT 1 FROM utilisateurs WHERE lower(email) = ${benchComptableEmail(1)}) AS marker,
           (SELECT total FROM compteurs WHERE cle = 'versements') AS versements,
           (SELECT count(*) FROM banques) AS banques`.execute(db);
  const row = rows[0];
  if (row?.marker && Number(row.versements) === SCALE.versements) return true;
  if (row?.marker || Number(row?.versements ?? 0) > 0 || Number(row?.banques) > 0) {
    throw new Error(
      `la base bench a des versements ou des banques qui ne sont pas ceux du banc (${row?.versements ?? 0} versements, ` +
        `${row?.banques} banques) : relancez avec --reseed`,
    );
  }
  return false;
}

/**
 * Banks and payments, once, in one transaction with row triggers off (foreign keys, kept counters):
 * 8 banks; 200,000 payments over the 20,000 members, about one a month from each one's
 * registration (a member registered three years ago has paid about twenty times, one registered last
 * month once or twice; an "apport" the first month), most at the member's own bank, one third
 * validated, an eighth of the rest rejected; each validated one credited to its bank through a
 * movement carrying the running balance, the banks' balances and the members' paid totals summed
 * from them; 20 bench comptables (the marker). Then `recompter()`, the ledger checked
 * (ledgerBreaches: any breach fails the seed and rolls it back), VACUUM ANALYZE.
 */
async function seedVersements(db: Database, log: (line: string) => void): Promise<void> {
  const started = performance.now();
  log(`Versements et banques de la base bench (${SCALE.versements.toLocaleString('fr-FR')}, une fois)…`);
  const hash = await hashPassword(BENCH_PASSWORD);
  await db.transaction().execute(async (trx) => {
    const exec = (query: ReturnType<typeof sql>) => query.execute(trx);
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await createHelpers(trx);
    const banques = JSON.stringify(BANQUES.map((b, i) => ({ ...b, n: i + 1 })));

    await exec(sql`
      INSERT INTO banques (nom, code_banque, numero_compte, adresse, telephone, email, site_web, contact_principal,
                           iban, swift, devise, type_compte, statut, est_principale, solde_initial, solde,
                           created_by, updated_by, created_at, updated_at)
      SELECT b.nom, b.code, lpad((1001 + b.n * 37)::text, 5, '0') || '-' || lpad((b.n * 7919)::text, 12, '0'),
             'Plateau, avenue ' || (b.n * 3) || ', Abidjan', '+225 27 20 ' || lpad((b.n * 131)::text, 6, '0'),
             'entreprises' || b.n || '@banque.ci', 'https://www.' || lower(b.code) || '.ci',
             pg_temp.pick(l.prenoms, b.n, 71) || ' ' || pg_temp.pick(l.noms, b.n, 73),
             'CI93 ' || b.code || ' ' || lpad((b.n * 7919)::text, 12, '0') || ' 42', b.swift, 'XOF', 'courant',
             'active', b.n = 1, b.solde_initial, b.solde_initial, a.id, a.id,
             now() - interval '3 years 2 months' + make_interval(days => b.n::int), now()
      FROM jsonb_to_recordset(${banques}::jsonb) AS b(n int, code text, nom text, swift text, solde_initial bigint)
      CROSS JOIN bench_lists l
      CROSS JOIN (SELECT id FROM utilisateurs WHERE email = ${benchAdminEmail(1)}) a
      ORDER BY b.n`);
    // The banks by weight (a draw from this array favours the principal one); the staff comptables who decide.
    await exec(sql`
      CREATE TEMP TABLE bench_tirages ON COMMIT DROP AS SELECT
        (SELECT array_agg(b.id ORDER BY b.id, g)
         FROM jsonb_to_recordset(${banques}::jsonb) AS w(code text, poids int)
         JOIN banques b ON b.code_banque = w.code
         CROSS JOIN generate_series(1, w.poids) g) AS banques,
        (SELECT array_agg(id ORDER BY id) FROM utilisateurs WHERE role = 'comptable') AS comptables,
        ${textArray(MOTIFS_REJET)} AS motifs,
        ${textArray(COMMENTAIRES_AUTRES)} AS autres`);

    // Every month of every member since his registration is a possible payment; the payments are the
    // first 200,000 of them in a hashed order (n), so that each member skips some months.
    await exec(sql`
      CREATE TEMP TABLE bench_mois ON COMMIT DROP AS
      SELECT m.id AS membre_id, m.utilisateur_id, m.produit_id, m.gestionnaire_id, m.engagement_mensuel, k,
             m.date_inscription::timestamptz + make_interval(months => k) AS mois,
             row_number() OVER (ORDER BY pg_temp.spread(m.id * 1000 + k, 2718, 1000000007), m.id, k) AS n
      FROM membres m
      CROSS JOIN LATERAL generate_series(0, (extract(year FROM age(current_date, m.date_inscription)) * 12
                                             + extract(month FROM age(current_date, m.date_inscription)))::int) k`);
    const { rows: possible } = await sql<{ n: string }>`SELECT count(*) AS n FROM bench_mois`.execute(trx);
    if (Number(possible[0]?.n) < SCALE.versements) {
      throw new Error(`seulement ${possible[0]?.n} mois de cotisation possibles pour ${SCALE.versements} versements`);
    }
    await exec(sql`
      CREATE TEMP TABLE bench_versements ON COMMIT DROP AS
      SELECT c.*, t.banques[1 + CASE WHEN pg_temp.spread(c.n, 47, 100) < 85
                                   THEN pg_temp.spread(c.membre_id, 53, cardinality(t.banques))
                                   ELSE pg_temp.spread(c.n, 59, cardinality(t.banques)) END] AS banque_id,
             CASE WHEN c.k = 0 THEN 'apport' WHEN pg_temp.spread(c.n, 61, 20) = 0 THEN 'autre' ELSE 'mensualite' END
               AS type_versement,
             CASE WHEN c.n % 3 = 0 THEN 'valide' WHEN pg_temp.spread(c.n, 67, 8) = 0 THEN 'rejete' ELSE 'en_attente' END
               AS statut,
             -- Declared by the member himself (3 in 5) or by his gestionnaire.
             CASE WHEN pg_temp.spread(c.n, 71, 5) < 3 OR c.gestionnaire_id IS NULL THEN c.utilisateur_id
                  ELSE c.gestionnaire_id END AS created_by,
             least(c.mois + make_interval(days => pg_temp.spread(c.n, 73, 28)::int,
                                          hours => 8 + pg_temp.spread(c.n, 79, 10)::int,
                                          mins => pg_temp.spread(c.n, 83, 60)::int),
                   now() - make_interval(mins => 5 + pg_temp.spread(c.n, 89, 600)::int)) AS created_at
      FROM bench_mois c CROSS JOIN bench_tirages t
      WHERE c.n <= ${SCALE.versements}`);
    await exec(sql`
      INSERT INTO versements (membre_id, produit_id, banque_id, montant, type_versement, numero_recu, date_recu,
                              date_versement, scan_path, scan_nom, scan_type, commentaire, statut, date_validation,
                              date_rejet, motif, traite_par, created_by, created_at, updated_at)
      SELECT v.membre_id, v.produit_id, v.banque_id,
             CASE v.type_versement
               WHEN 'apport' THEN 500000 + pg_temp.spread(v.n, 97, 11) * 250000
               WHEN 'autre' THEN 25000 * (1 + pg_temp.spread(v.n, 101, 20))
               ELSE CASE WHEN pg_temp.spread(v.n, 103, 10) = 0 THEN v.engagement_mensuel / 2 ELSE v.engagement_mensuel END
             END,
             v.type_versement,
             'RC' || to_char(v.created_at, 'YYMM') || '-' || lpad(v.n::text, 6, '0'),
             d.date_versement, d.date_versement,
             CASE WHEN s.scan THEN 'versements/bench/' || v.n || s.ext END,
             CASE WHEN s.scan THEN 'recu-' || lpad(v.n::text, 6, '0') || s.ext END,
             CASE WHEN s.scan THEN CASE s.ext WHEN '.pdf' THEN 'application/pdf' ELSE 'image/jpeg' END END,
             CASE v.type_versement
               WHEN 'apport' THEN 'Apport initial'
               WHEN 'autre' THEN pg_temp.pick(t.autres, v.n, 107)
               ELSE CASE WHEN pg_temp.spread(v.n, 109, 4) = 0 THEN 'Mensualité de ' || to_char(v.mois, 'MM/YYYY') END
             END,
             v.statut,
             CASE WHEN v.statut = 'valide' THEN x.decide_le END,
             CASE WHEN v.statut = 'rejete' THEN x.decide_le END,
             CASE WHEN v.statut = 'rejete' THEN pg_temp.pick(t.motifs, v.n, 113) END,
             -- Four eyes: a member's own declaration is decided by his gestionnaire or a comptable, a
             -- gestionnaire's by a comptable.
             CASE WHEN v.statut <> 'en_attente' THEN
               CASE WHEN v.created_by = v.utilisateur_id AND v.gestionnaire_id IS NOT NULL
                         AND pg_temp.spread(v.n, 127, 2) = 0 THEN v.gestionnaire_id
                    ELSE t.comptables[1 + pg_temp.spread(v.n, 131, cardinality(t.comptables))] END
             END,
             v.created_by, v.created_at,
             CASE WHEN v.statut = 'en_attente' THEN v.created_at ELSE x.decide_le END
      FROM bench_versements v
      CROSS JOIN bench_tirages t
      CROSS JOIN LATERAL (SELECT (v.created_at - make_interval(days => pg_temp.spread(v.n, 137, 4)::int))::date
                                   AS date_versement) d
      CROSS JOIN LATERAL (SELECT pg_temp.spread(v.n, 139, 5) > 0 AS scan,
                                 CASE WHEN pg_temp.spread(v.n, 149, 3) = 0 THEN '.jpg' ELSE '.pdf' END AS ext) s
      CROSS JOIN LATERAL (SELECT least(now(), v.created_at + make_interval(hours => 1 + pg_temp.spread(v.n, 151, 72)::int))
                                   AS decide_le) x
      ORDER BY v.created_at, v.n`);

    // The ledger: each validated payment's credit with the bank's balance after it, in the order of
    // the validations; then the banks' balances and the members' paid totals from them.
    await exec(sql`
      INSERT INTO mouvements_bancaires (banque_id, type, operation, montant, solde_apres, source_table, source_id,
                                        commentaire, created_by, created_at, date_valeur)
      SELECT v.banque_id, 'credit', 'versement_valide', v.montant,
             b.solde_initial + sum(v.montant) OVER (PARTITION BY v.banque_id ORDER BY v.date_validation, v.id),
             'versements', v.id, 'Reçu ' || v.numero_recu, v.traite_par, v.date_validation, v.date_recu
      FROM versements v JOIN banques b ON b.id = v.banque_id
      WHERE v.statut = 'valide' AND v.date_suppression IS NULL
      ORDER BY v.date_validation, v.id`);
    await exec(sql`
      UPDATE banques b SET solde = b.solde_initial + c.credits
      FROM (SELECT banque_id, sum(CASE WHEN type = 'credit' THEN montant ELSE -montant END) AS credits
            FROM mouvements_bancaires GROUP BY banque_id) c
      WHERE c.banque_id = b.id`);
    await exec(sql`
      UPDATE membres m SET montant_deja_paye = s.paye
      FROM (SELECT membre_id, sum(montant) AS paye FROM versements
            WHERE statut = 'valide' AND date_suppression IS NULL GROUP BY membre_id) s
      WHERE s.membre_id = m.id`);

    // The comptables the load signs in, with their staff files (the marker: last, in this transaction).
    await exec(sql`
      INSERT INTO utilisateurs (email, password_hash, role, nom, prenom, telephone, created_at)
      SELECT CASE WHEN i = 1 THEN 'comptable@bench.test' ELSE 'comptable' || i || '@bench.test' END, ${hash},
             'comptable', pg_temp.pick(l.noms, i, 157), pg_temp.pick(l.prenoms, i, 163),
             '+225 01 ' || lpad(i::text, 8, '0'), pg_temp.ago(i, 167)
      FROM generate_series(1, ${BENCH_COMPTABLES}) i, bench_lists l
      ORDER BY i`);
    await exec(sql`
      INSERT INTO personnel (utilisateur_id, code_employe, num_cni, departement, poste, date_embauche, salaire)
      SELECT u.id, 'CHES-CPT-' || lpad(u.id::text, 6, '0'), 'CI09' || lpad(u.id::text, 9, '0'), 'Comptabilité',
             'Comptable', (DATE '2015-01-05' + (u.id * 97) % 3650), 450000
      FROM utilisateurs u
      WHERE u.email LIKE 'comptable%@bench.test'
      ORDER BY u.id`);

    await sql`SELECT recompter()`.execute(trx);
    await sql`SELECT recompter_totaux_journaliers()`.execute(trx);
    // The paid totals were written with the triggers off: their oldest unpaid due dates follow.
    await sql`SELECT recompter_echeanciers()`.execute(trx);
    await sql`ANALYZE`.execute(trx);
    await checkVersements(trx);
  });
  const loaded = performance.now();
  await sql`VACUUM ANALYZE`.execute(db);
  log(
    `Versements chargés et vérifiés en ${((loaded - started) / 1000).toFixed(0)} s ` +
      `(VACUUM ANALYZE ${((performance.now() - loaded) / 1000).toFixed(0)} s)`,
  );
}

/** The seed's counts, and the ledger's invariants (ledgerBreaches): a breach fails the seed, loudly. */
async function checkVersements(db: Executor): Promise<void> {
  const { rows } = await sql<{ total: string; valides: string; mouvements: string }>`
    SELECT (SELECT total FROM compteurs WHERE cle = 'versements') AS total,
           (SELECT total FROM compteurs WHERE cle = 'versements|statut=valide') AS valides,
           (SELECT total FROM compteurs WHERE cle = 'mouvements_bancaires') AS mouvements`.execute(db);
  const counts = rows[0];
  const valides = Math.floor(SCALE.versements / 3);
  if (
    Number(counts?.total) !== SCALE.versements ||
    Number(counts?.valides) !== valides ||
    Number(counts?.mouvements) !== valides
  ) {
    throw new Error(
      `versements du banc : ${counts?.total} versements, ${counts?.valides} validés, ${counts?.mouvements} mouvements ` +
        `(attendus : ${SCALE.versements}, ${valides}, ${valides})`,
    );
  }
  const breaches = await ledgerBreaches(db);
  if (breaches.length > 0) {
    const shown = breaches.slice(0, 20).map((b) => `  ${b.invariant} : ${b.detail}`);
    throw new Error(
      `le grand livre du banc est faux (${breaches.length} écarts) :\n${shown.join('\n')}` +
        (breaches.length > shown.length ? `\n  … et ${breaches.length - shown.length} autres` : ''),
    );
  }
}

/** The member with the most payments (the heaviest of the one-member pages), for `?membre_id=`. */
export async function benchMembre(benchUrl: string): Promise<{ id: number; versements: number }> {
  const client = new pg.Client({ connectionString: benchUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number; n: string }>(
      `SELECT membre_id AS id, count(*) AS n FROM versements WHERE date_suppression IS NULL
       GROUP BY membre_id ORDER BY count(*) DESC, membre_id LIMIT 1`,
    );
    const row = rows[0];
    if (!row) throw new Error('la base bench n’a pas de versements');
    return { id: row.id, versements: Number(row.n) };
  } finally {
    await client.end();
  }
}
