/**
 * The baseline of the benchmark at scale: a bare `node:http` + `pg` server answering the lists'
 * pages as a naive implementation would, with each repository's joins, filters and order,
 * `LIMIT`/`OFFSET`, and a separate `count(*)` with the same filters (over the table and the joins
 * the filters name); the payments' figures by a grouped count and sum; JSON-encoded, no auth.
 * Run by lists.bench.ts and versements.bench.ts (harness.ts):
 * DATABASE_URL=… PORT=… node --import tsx apps/api/bench/bare-server.ts
 */
import http from 'node:http';
import pg from 'pg';

interface Params {
  get(name: string): string | null;
}

interface List {
  table: string;
  /** The list's joins by alias: the page takes them all, the count only those its filters name. */
  joins?: Record<string, string>;
  columns: string;
  /** Sort columns by `sortBy`; the first is the default. */
  sorts: Record<string, string>;
  tieBreaker: string;
  defaults: { limit: number; sortOrder: 'asc' | 'desc' };
  /** The filters' conditions; `bind` adds a value and gives its `$n` placeholder. */
  where(params: Params, bind: (value: unknown) => string): string[];
  /** Extra queries a page needs (media addresses), as the app's service makes. */
  extra?: (pool: pg.Pool, rows: Record<string, unknown>[]) => Promise<unknown>;
}

/** `%term%` for ILIKE, the user's own % and _ taken literally (as db/search.ts). */
const contains = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function search(columns: string[]) {
  return (params: Params, bind: (value: unknown) => string) => {
    const term = params.get('search')?.trim();
    if (!term) return [];
    const pattern = bind(contains(term));
    return [`(${columns.map((column) => `${column} ILIKE ${pattern}`).join(' OR ')})`];
  };
}

function equals(param: string, column: string) {
  return (params: Params, bind: (value: unknown) => string) => {
    const value = params.get(param);
    return value ? [`${column} = ${bind(value)}`] : [];
  };
}

function all(...filters: List['where'][]): List['where'] {
  return (params, bind) => filters.flatMap((filter) => filter(params, bind));
}

const medias = (table: string, owner: string) => (pool: pg.Pool, ids: unknown[]) =>
  ids.length === 0
    ? Promise.resolve()
    : pool.query(
        `SELECT ${owner}, kind, path FROM ${table} WHERE ${owner} = ANY($1) ORDER BY ${owner}, kind, position`,
        [ids],
      );

const LISTS: Record<string, List> = {
  demandes: {
    table: 'demandes d',
    joins: {
      p: 'JOIN produits p ON p.id = d.produit_id',
      s: 'JOIN sites s ON s.id = p.site_id',
      g: 'LEFT JOIN utilisateurs g ON g.id = d.gere_par',
      m: 'LEFT JOIN membres m ON m.demande_id = d.id',
    },
    columns: `d.*, p.titre AS produit_titre, p.prix_vente AS produit_prix, s.nom_site, s.ville_site,
      g.nom AS gestionnaire_nom, g.prenom AS gestionnaire_prenom, m.id AS membre_id, m.code_esv AS membre_code`,
    sorts: { created_at: 'd.created_at' },
    tieBreaker: 'd.id',
    defaults: { limit: 20, sortOrder: 'desc' },
    where: all(equals('statut', 'd.statut'), search(['d.nom_complet', 'p.titre', 'd.notes'])),
  },
  membres: {
    table: 'membres m',
    joins: {
      u: 'JOIN utilisateurs u ON u.id = m.utilisateur_id',
      g: 'LEFT JOIN utilisateurs g ON g.id = m.gestionnaire_id',
      p: 'LEFT JOIN produits p ON p.id = m.produit_id',
      s: 'LEFT JOIN sites s ON s.id = p.site_id',
    },
    columns: `m.id, m.utilisateur_id, m.code_esv, u.nom, u.prenom, u.email, u.telephone, u.statut, m.date_naissance,
      m.profession, m.adresse, m.ville, m.pays, m.num_cni, m.type_membre, m.date_inscription, m.engagement_mensuel,
      m.duree_paiement, m.montant_deja_paye, m.montant_du, m.gestionnaire_id, g.nom AS gestionnaire_nom,
      g.prenom AS gestionnaire_prenom, m.produit_id, p.titre AS produit_nom, p.prix_vente AS produit_prix,
      p.type AS produit_type, s.id AS site_id, s.nom_site, s.adresse_site, s.ville_site, m.created_at, m.updated_at`,
    sorts: {
      nom: 'u.nom',
      prenom: 'u.prenom',
      email: 'u.email',
      date_inscription: 'm.date_inscription',
      statut: 'u.statut',
    },
    tieBreaker: 'm.id',
    defaults: { limit: 12, sortOrder: 'asc' },
    where: all(
      equals('statut', 'u.statut'),
      equals('type_membre', 'm.type_membre'),
      search(['u.nom', 'u.prenom', `u.prenom || ' ' || u.nom`, 'u.email', 'u.telephone', 'm.code_esv', 'm.num_cni']),
    ),
  },
  utilisateurs: {
    table: 'utilisateurs u',
    joins: {
      p: 'LEFT JOIN personnel p ON p.utilisateur_id = u.id',
      m: 'LEFT JOIN membres m ON m.utilisateur_id = u.id',
    },
    columns: `u.id, u.email, u.nom, u.prenom, u.telephone, u.role, u.statut, u.must_change_password,
      u.date_derniere_connexion, u.created_by, u.updated_by, u.created_at, u.updated_at,
      coalesce(p.code_employe, m.code_esv) AS code`,
    sorts: {
      nom: 'u.nom',
      prenom: 'u.prenom',
      email: 'u.email',
      role: 'u.role',
      statut: 'u.statut',
      created_at: 'u.created_at',
      date_derniere_connexion: 'u.date_derniere_connexion',
    },
    tieBreaker: 'u.id',
    defaults: { limit: 10, sortOrder: 'asc' },
    where: all(
      equals('role', 'u.role'),
      equals('statut', 'u.statut'),
      search([
        'u.nom',
        'u.prenom',
        `u.prenom || ' ' || u.nom`,
        'u.email',
        'u.telephone',
        'p.code_employe',
        'm.code_esv',
      ]),
    ),
  },
  // Signed in as an admin: inactive products and sites are listed too.
  produits: {
    table: 'produits p',
    joins: { s: 'JOIN sites s ON s.id = p.site_id' },
    columns: `p.id, p.site_id, p.titre, p.description, p.type, p.superficie, p.nombre_chambre, p.nombre_salon,
      p.nombre_cuisine, p.nombre_toilette, p.delais_construction, p.prix_vente, p.caution, p.video_logement,
      p.est_actif, p.created_by, p.updated_by, p.date_creation, p.date_modification, s.nom_site, s.adresse_site,
      s.ville_site, s.prix_metre_carre, s.localisation_site, s.est_actif AS site_actif, s.video_site,
      s.created_at AS site_created_at, s.updated_at AS site_updated_at,
      CASE WHEN EXISTS (SELECT 1 FROM membres m WHERE m.produit_id = p.id) THEN 'reserve' ELSE 'disponible' END
        AS disponibilite`,
    sorts: {
      date_creation: 'p.date_creation',
      titre: 'p.titre',
      prix_vente: 'p.prix_vente',
      superficie: 'p.superficie',
    },
    tieBreaker: 'p.id',
    defaults: { limit: 50, sortOrder: 'desc' },
    where: all(equals('type', 'p.type'), search(['p.titre', 'p.description', 's.nom_site', 's.ville_site'])),
    extra: (pool, rows) =>
      Promise.all([
        medias('produit_medias', 'produit_id')(
          pool,
          rows.map((r) => r.id),
        ),
        medias('site_medias', 'site_id')(pool, [...new Set(rows.map((r) => r.site_id))]),
      ]),
  },
  personnel: {
    table: 'personnel p',
    joins: { u: 'JOIN utilisateurs u ON u.id = p.utilisateur_id' },
    columns: `p.id, p.utilisateur_id, p.code_employe, p.num_cni, u.nom, u.prenom, u.email, u.telephone, u.role,
      u.statut, u.date_derniere_connexion, p.departement, p.poste, p.date_embauche, p.salaire, p.created_at,
      p.updated_at`,
    sorts: {
      nom: 'u.nom',
      prenom: 'u.prenom',
      email: 'u.email',
      role: 'u.role',
      departement: 'p.departement',
      date_embauche: 'p.date_embauche',
      created_at: 'p.created_at',
    },
    tieBreaker: 'p.id',
    defaults: { limit: 50, sortOrder: 'asc' },
    where: all(
      equals('role', 'u.role'),
      equals('statut', 'u.statut'),
      search(['u.nom', 'u.prenom', `u.prenom || ' ' || u.nom`, 'u.email', 'p.code_employe', 'p.poste', 'p.num_cni']),
    ),
  },
  sites: {
    table: 'sites s',
    columns: `s.id, s.nom_site, s.adresse_site, s.ville_site, s.prix_metre_carre, s.localisation_site, s.video_site,
      s.est_actif, s.created_by, s.updated_by, s.created_at, s.updated_at,
      (SELECT count(*) FROM produits WHERE produits.site_id = s.id) AS nombre_produits`,
    sorts: {
      nom_site: 's.nom_site',
      ville_site: 's.ville_site',
      prix_metre_carre: 's.prix_metre_carre',
      created_at: 's.created_at',
    },
    tieBreaker: 's.id',
    defaults: { limit: 50, sortOrder: 'asc' },
    where: search(['s.nom_site', 's.ville_site', 's.adresse_site']),
    extra: (pool, rows) =>
      medias('site_medias', 'site_id')(
        pool,
        rows.map((r) => r.id),
      ),
  },
  // The payments as the product pages them (modules/versements/versements.repository.ts, signed in as
  // a comptable: every payment not deleted), with the member, his account, the product, the bank, who
  // declared and who decided.
  versements: {
    table: 'versements v',
    joins: {
      m: 'JOIN membres m ON m.id = v.membre_id',
      mu: 'JOIN utilisateurs mu ON mu.id = m.utilisateur_id',
      p: 'JOIN produits p ON p.id = v.produit_id',
      b: 'JOIN banques b ON b.id = v.banque_id',
      d: 'LEFT JOIN utilisateurs d ON d.id = v.created_by',
      t: 'LEFT JOIN utilisateurs t ON t.id = v.traite_par',
    },
    columns: `v.*, mu.nom AS membre_nom, mu.prenom AS membre_prenom, m.code_esv AS membre_code,
      p.titre AS produit_titre, p.type AS produit_type, p.prix_vente AS produit_prix, b.nom AS banque_nom,
      d.nom AS declare_nom, d.prenom AS declare_prenom, t.nom AS traite_nom, t.prenom AS traite_prenom`,
    sorts: { created_at: 'v.created_at', date_versement: 'v.date_versement', montant: 'v.montant' },
    tieBreaker: 'v.id',
    defaults: { limit: 20, sortOrder: 'desc' },
    where: all(
      () => ['v.date_suppression IS NULL'],
      equals('statut', 'v.statut'),
      equals('type_versement', 'v.type_versement'),
      equals('produit_id', 'v.produit_id'),
      equals('banque_id', 'v.banque_id'),
      equals('membre_id', 'v.membre_id'),
    ),
  },
};

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });

/** GET /api/versements/stats, naively: one grouped count and sum over the payments at every request. */
async function versementStats() {
  const { rows } = await pool.query<{ statut: string; n: string; somme: string }>(
    `SELECT statut, count(*) AS n, coalesce(sum(montant), 0) AS somme
     FROM versements WHERE date_suppression IS NULL GROUP BY statut`,
  );
  const of = (statut: string) => rows.find((row) => row.statut === statut);
  return {
    success: true,
    data: {
      total_versements: rows.reduce((total, row) => total + Number(row.n), 0),
      versements_en_attente: Number(of('en_attente')?.n ?? 0),
      versements_valides: Number(of('valide')?.n ?? 0),
      versements_rejetes: Number(of('rejete')?.n ?? 0),
      montant_total: Number(of('valide')?.somme ?? 0),
      montant_en_attente: Number(of('en_attente')?.somme ?? 0),
    },
  };
}

/**
 * GET /api/dashboard of a comptable, naively: what waits counted, this month's and the last 12
 * months' money summed over the rows at every request, in one round trip.
 */
async function dashboard() {
  const { rows } = await pool.query(
    `WITH debut AS (SELECT date_trunc('month', now()) - interval '11 months' AS debut)
     SELECT
       (SELECT count(*) FROM versements WHERE statut = 'en_attente' AND date_suppression IS NULL) AS versements_attente,
       (SELECT coalesce(sum(montant), 0) FROM versements WHERE statut = 'en_attente' AND date_suppression IS NULL) AS montant_attente,
       (SELECT count(*) FROM depenses WHERE statut = 'en_attente') AS depenses_attente,
       (SELECT count(*) FROM remboursements WHERE statut = 'en_attente') AS remboursements_attente,
       (SELECT coalesce(sum(solde), 0) FROM banques WHERE statut = 'active') AS banques,
       (SELECT json_object_agg(mois, somme) FROM (
          SELECT to_char(date_validation, 'YYYY-MM') AS mois, sum(montant) AS somme FROM versements, debut
          WHERE statut = 'valide' AND date_suppression IS NULL AND date_validation >= debut GROUP BY 1) v) AS versements,
       (SELECT json_object_agg(mois, somme) FROM (
          SELECT to_char(date_approbation, 'YYYY-MM') AS mois, sum(montant) AS somme FROM depenses, debut
          WHERE statut = 'approuvee' AND date_approbation >= debut GROUP BY 1) d) AS depenses`,
  );
  const row = rows[0];
  const attente = [
    { key: 'versements', value: Number(row.versements_attente) },
    { key: 'depenses', value: Number(row.depenses_attente) },
    { key: 'remboursements', value: Number(row.remboursements_attente) },
  ];
  return { success: true, data: { ...row, attente } };
}

/**
 * GET /api/retards?limit=25, naively: each member's instalments due before today summed and compared
 * with his paid total, his oldest unpaid instalment found, at every request; the page and the
 * bucket totals from the same grouped rows.
 */
async function retards() {
  const late = `
    WITH position AS (
      SELECT m.id, m.code_esv, m.montant_deja_paye,
        sum(e.montant) FILTER (WHERE e.date_echeance < current_date) AS du,
        min(e.date_echeance) FILTER (WHERE e.cumul > m.montant_deja_paye) AS impayee
      FROM membres m JOIN echeanciers s ON s.membre_id = m.id AND s.remplace_le IS NULL
      JOIN echeances e ON e.echeancier_id = s.id
      GROUP BY m.id),
    late AS (
      SELECT id, code_esv, du - montant_deja_paye AS montant_retard, impayee, current_date - impayee AS jours,
        CASE WHEN current_date - impayee <= 30 THEN '1-30' WHEN current_date - impayee <= 60 THEN '31-60'
          WHEN current_date - impayee <= 90 THEN '61-90' ELSE '90+' END AS tranche
      FROM position WHERE impayee < current_date)`;
  const [rows, totals] = await Promise.all([
    pool.query(`${late} SELECT * FROM late ORDER BY impayee, id LIMIT 25`),
    pool.query(
      `${late} SELECT tranche, count(*)::int AS membres, sum(montant_retard) AS montant FROM late GROUP BY tranche`,
    ),
  ]);
  return {
    success: true,
    data: rows.rows.map((r) => ({ ...r, montant_retard: Number(r.montant_retard) })),
    totaux: totals.rows.sort((a, b) => a.tranche.localeCompare(b.tranche, 'fr', { numeric: true })),
  };
}

/** Answers that are not a list page, by path. */
const OTHERS: Record<string, () => Promise<unknown>> = { 'versements/stats': versementStats, dashboard, retards };

async function page(list: List, params: Params) {
  const values: unknown[] = [];
  const bind = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const conditions = list.where(params, bind);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const joins = Object.entries(list.joins ?? {});
  const from = [list.table, ...joins.map(([, join]) => join)].join(' ');
  // Joined rows are one per listed row (required or unique keys): the count needs only the filters' joins.
  const counted = [
    list.table,
    ...joins.filter(([alias]) => new RegExp(`\\b${alias}\\.`).test(where)).map(([, join]) => join),
  ];
  const countValues = [...values];
  const sortBy = list.sorts[params.get('sortBy') ?? ''] ?? Object.values(list.sorts)[0];
  const order = (params.get('sortOrder') ?? list.defaults.sortOrder).toLowerCase() === 'desc' ? 'DESC' : 'ASC';
  const pageNumber = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const limit = Math.min(100, Math.max(1, Number(params.get('limit') ?? list.defaults.limit) || list.defaults.limit));
  const [rows, count] = await Promise.all([
    pool.query(
      `SELECT ${list.columns} FROM ${from} ${where}
       ORDER BY ${sortBy} ${order}, ${list.tieBreaker} ${order} LIMIT ${bind(limit)} OFFSET ${bind((pageNumber - 1) * limit)}`,
      values,
    ),
    pool.query<{ total: string }>(`SELECT count(*) AS total FROM ${counted.join(' ')} ${where}`, countValues),
  ]);
  await list.extra?.(pool, rows.rows);
  const total = Number(count.rows[0]?.total ?? 0);
  return {
    success: true,
    data: rows.rows,
    pagination: { page: pageNumber, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) },
  };
}

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://bare');
  const name = url.pathname.replace(/^\/api\//, '');
  const list = LISTS[name];
  const other = OTHERS[name];
  if (!list && !other) {
    response.writeHead(404).end();
    return;
  }
  (list ? page(list, url.searchParams) : (other as () => Promise<unknown>)()).then(
    (body) => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    },
    (error: unknown) => {
      console.error(error);
      response.writeHead(500).end();
    },
  );
});

server.listen(Number(process.env.PORT), '127.0.0.1', () => {
  console.log(`bare server listening on ${process.env.PORT}`);
});
// Nothing to flush: a stop ends at once, whatever the load left in flight.
process.once('SIGTERM', () => process.exit(0));
