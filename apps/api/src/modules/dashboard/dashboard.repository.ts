import { AUDIT_ALERT_THRESHOLD, type Role } from '@app/shared';
import { sql } from 'kysely';
import type { Scope } from '../../caller.ts';
import type { Executor } from '../../db/database.ts';
import { enRetard } from '../../db/echeances.ts';

/**
 * The dashboard's reads (issue 14). Each one walks an index or reads kept totals, so the page
 * costs the same at 100,000 payments as at 100: counters (`compteurs`), daily money totals
 * (`totaux_journaliers`), a few newest rows per source, a scope's own rows.
 */

/** Kept totals by counter key, in one round trip; a key never counted reads 0. */
export async function counters(db: Executor, keys: readonly string[]) {
  if (keys.length === 0) return new Map<string, { total: number; somme: number }>();
  const rows = await db.selectFrom('compteurs').select(['cle', 'total', 'somme']).where('cle', 'in', keys).execute();
  const found = new Map(rows.map((row) => [row.cle, { total: Number(row.total), somme: Number(row.somme) }]));
  return new Map(keys.map((key) => [key, found.get(key) ?? { total: 0, somme: 0 }]));
}

/**
 * Money in and out per month over the last 12 months (the current one last), from the daily totals
 * kept in the company's time zone: at most 366 rows per domain.
 */
export async function monthlyTotals(db: Executor, since: string) {
  const { rows } = await sql<{ mois: string; domaine: string; somme: string }>`
    SELECT to_char(jour, 'YYYY-MM') AS mois, domaine, sum(somme) AS somme
    FROM totaux_journaliers WHERE jour >= ${since}::date
    GROUP BY 1, 2`.execute(db);
  return rows.map((row) => ({ mois: row.mois, domaine: row.domaine, somme: Number(row.somme) }));
}

/** The sum of the active banks' balances (a handful of rows). */
export async function banksBalance(db: Executor) {
  const row = await db
    .selectFrom('banques')
    .select(sql<string>`coalesce(sum(solde), 0)`.as('solde'))
    .where('statut', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.solde);
}

/** Chantiers: in progress past their planned end (an index range), and finished since a date. */
export async function chantierFigures(db: Executor, today: string, monthStart: string) {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('chantiers')
        .select(eb.fn.countAll<string>().as('n'))
        .where('statut', '=', 'en_cours')
        .where('date_fin_prevue', '<', today)
        .as('en_retard'),
      eb
        .selectFrom('chantiers')
        .select(eb.fn.countAll<string>().as('n'))
        .where('statut', '=', 'termine')
        .where('date_fin_reelle', '>=', monthStart)
        .as('termines_mois'),
    ])
    .executeTakeFirstOrThrow();
  return { enRetard: Number(row.en_retard), terminesMois: Number(row.termines_mois) };
}

/** Whether the journal holds more than the threshold of entries in the last hour (stops counting past it). */
export async function auditBusy(db: Executor) {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM (
      SELECT 1 FROM audit WHERE created_at > now() - interval '1 hour' LIMIT ${AUDIT_ALERT_THRESHOLD + 1}
    ) recent`.execute(db);
  return Number(rows[0]?.n ?? 0) > AUDIT_ALERT_THRESHOLD;
}

/** A gestionnaire's figures over his clients (a few hundred rows at most). */
export async function clientFigures(
  db: Executor,
  gestionnaireId: number,
  today: string,
  monthStart: string,
  timeZone: string,
) {
  const { rows } = await sql<{
    en_retard: string;
    versements_attente: string;
    montant_attente: string;
    encaisse_mois: string;
    remboursements_attente: string;
  }>`
    WITH clients AS (SELECT m.* FROM membres m WHERE m.gestionnaire_id = ${gestionnaireId})
    SELECT
      (SELECT count(*) FROM clients m JOIN utilisateurs u ON u.id = m.utilisateur_id
        WHERE u.statut = 'actif' AND ${enRetard(today)}) AS en_retard,
      count(*) FILTER (WHERE v.statut = 'en_attente') AS versements_attente,
      coalesce(sum(v.montant) FILTER (WHERE v.statut = 'en_attente'), 0) AS montant_attente,
      coalesce(sum(v.montant) FILTER (
        WHERE v.statut = 'valide' AND v.date_validation >= ${monthStart}::timestamp AT TIME ZONE ${timeZone}), 0) AS encaisse_mois,
      (SELECT count(*) FROM remboursements r WHERE r.statut = 'en_attente'
        AND r.membre_id IN (SELECT id FROM clients)) AS remboursements_attente
    FROM versements v
    WHERE v.date_suppression IS NULL AND v.membre_id IN (SELECT id FROM clients)`.execute(db);
  const row = rows[0];
  return {
    enRetard: Number(row?.en_retard ?? 0),
    versementsAttente: Number(row?.versements_attente ?? 0),
    montantAttente: Number(row?.montant_attente ?? 0),
    encaisseMois: Number(row?.encaisse_mois ?? 0),
    remboursementsAttente: Number(row?.remboursements_attente ?? 0),
  };
}

/** A member's own file, product and last payments. */
export async function memberAccount(db: Executor, utilisateurId: number) {
  const membre = await db
    .selectFrom('membres as m')
    .leftJoin('produits as p', 'p.id', 'm.produit_id')
    .select([
      'm.id',
      'm.code_esv',
      'm.date_inscription',
      'm.engagement_mensuel',
      'm.duree_paiement',
      'm.montant_total',
      'm.montant_deja_paye',
      'p.id as produit_id',
      'p.titre as produit_titre',
      'p.prix_vente as produit_prix',
    ])
    .where('m.utilisateur_id', '=', utilisateurId)
    .executeTakeFirst();
  if (!membre) return null;
  const versements = await db
    .selectFrom('versements')
    .select(['id', 'montant', 'date_versement', 'statut', 'type_versement'])
    .where('membre_id', '=', membre.id)
    .where('date_suppression', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(5)
    .execute();
  const pending = await db
    .selectFrom('versements')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('membre_id', '=', membre.id)
    .where('statut', '=', 'en_attente')
    .where('date_suppression', 'is', null)
    .executeTakeFirstOrThrow();
  return { membre, versements, pending: Number(pending.n) };
}

/** A demandeur's own registration requests (linked to his account, migration 0014). */
export async function ownDemandes(db: Executor, utilisateurId: number) {
  return db
    .selectFrom('demandes as d')
    .leftJoin('produits as p', 'p.id', 'd.produit_id')
    .select(['d.id', 'd.created_at', 'd.statut', 'p.titre as produit'])
    .where('d.demandeur_id', '=', utilisateurId)
    .orderBy('d.created_at', 'desc')
    .limit(10)
    .execute();
}

/** Which recent rows a role's activity feed reads, and how many of each (spec 1 §9). */
export interface ActivitySources {
  demandes: number;
  versements: number;
  depenses: number;
  remboursements: number;
  chantiers: number;
  personnel: number;
}

/**
 * The newest rows of each source the role reads, in its scope: each is a walk down a primary key or a
 * scope's own rows, never a sort of the table.
 */
export async function recentActivity(db: Executor, scope: Scope, take: ActivitySources) {
  const membreIn =
    scope.kind === 'clients'
      ? sql`membre_id IN (SELECT id FROM membres WHERE gestionnaire_id = ${scope.gestionnaireId})`
      : scope.kind === 'self'
        ? sql`membre_id IN (SELECT id FROM membres WHERE utilisateur_id = ${scope.utilisateurId})`
        : sql`true`;
  const { rows } = await sql<{
    source: string;
    id: number;
    statut: string;
    montant: string | null;
    libelle: string;
    /** A staff member's role. */
    role: Role | null;
    at: Date;
  }>`
    (SELECT 'demande' AS source, d.id, d.statut, NULL::numeric AS montant, d.nom_complet AS libelle,
       NULL AS role, coalesce(d.date_traitement, d.created_at) AS at
     FROM demandes d ORDER BY d.id DESC LIMIT ${take.demandes})
    UNION ALL
    (SELECT 'versement', v.id, v.statut, v.montant, u.prenom || ' ' || u.nom, NULL,
       coalesce(v.date_validation, v.date_rejet, v.created_at)
     FROM versements v JOIN membres m ON m.id = v.membre_id JOIN utilisateurs u ON u.id = m.utilisateur_id
     WHERE v.date_suppression IS NULL AND ${membreIn} ORDER BY v.id DESC LIMIT ${take.versements})
    UNION ALL
    (SELECT 'depense', d.id, d.statut, d.montant, d.description, NULL, coalesce(d.date_approbation, d.date_rejet, d.created_at)
     FROM depenses d ORDER BY d.id DESC LIMIT ${take.depenses})
    UNION ALL
    (SELECT 'remboursement', r.id, r.statut, r.montant, u.prenom || ' ' || u.nom, NULL, coalesce(r.date_traitement, r.date_creation)
     FROM remboursements r JOIN membres m ON m.id = r.membre_id JOIN utilisateurs u ON u.id = m.utilisateur_id
     WHERE ${membreIn} ORDER BY r.id DESC LIMIT ${take.remboursements})
    UNION ALL
    (SELECT 'chantier', c.id, c.statut, NULL, c.nom_chantier, NULL, c.date_modification
     FROM chantiers c ORDER BY c.id DESC LIMIT ${take.chantiers})
    UNION ALL
    (SELECT 'personnel', u.id, u.statut, NULL, u.prenom || ' ' || u.nom, u.role, u.created_at
     FROM utilisateurs u WHERE u.role IN ('admin', 'gestionnaire', 'comptable', 'commercial')
     ORDER BY u.id DESC LIMIT ${take.personnel})`.execute(db);
  return rows.map((row) => ({ ...row, montant: row.montant === null ? null : Number(row.montant) }));
}

/** GET /dashboard/admin (spec 1 §7): the newest expenses, banks, chantiers, gestionnaires and audit entries. */
export async function adminLists(db: Executor) {
  const [depenses, banques, chantiers, gestionnaires, audits] = await Promise.all([
    db
      .selectFrom('depenses')
      .select(['id', 'description', 'categorie', 'montant', 'date_depense', 'statut', 'banque_id'])
      .orderBy('id', 'desc')
      .limit(5)
      .execute(),
    db.selectFrom('banques').select(['id', 'nom', 'solde', 'statut', 'est_principale']).orderBy('nom').execute(),
    db
      .selectFrom('chantiers')
      .select(['id', 'nom_chantier', 'statut', 'date_fin_prevue', 'pourcentage_avancement'])
      .orderBy('id', 'desc')
      .limit(5)
      .execute(),
    db
      .selectFrom('utilisateurs')
      .select(['id', 'prenom', 'nom', 'email', 'statut'])
      .where('role', '=', 'gestionnaire')
      .orderBy('nom')
      .orderBy('prenom')
      .limit(50)
      .execute(),
    db
      .selectFrom('audit')
      .select(['id', 'action', 'table_name', 'record_id', 'user_id', 'created_at'])
      .orderBy('position', 'desc')
      .limit(10)
      .execute(),
  ]);
  return { depenses, banques, chantiers, gestionnaires, audits };
}
