import { DEFAULT_SETTINGS, type MouvementOperation, mergeSettings } from '@app/shared';
import { sql } from 'kysely';
import { counterKey } from '../../db/counters.ts';
import type { Executor } from '../../db/database.ts';
import { listOf, pageOf } from '../../db/paging.ts';
import type { MouvementsBancairesTable } from '../../db/schema.ts';
import { journalBreaches } from '../comptabilite/comptabilite.service.ts';
import { listSettingRows } from '../settings/settings.repository.ts';

const CREDITS: readonly MouvementOperation[] = ['versement_valide', 'depot'];

export interface NewMouvement {
  banque_id: number;
  operation: MouvementOperation;
  montant: number;
  source_table: MouvementsBancairesTable['source_table'];
  source_id: number;
  commentaire?: string | null;
  created_by: number | null;
  /** Only the demo seed dates a movement in the past; the product's are stamped when posted. */
  created_at?: Date;
  /**
   * The day the bank knows it by (a payment's bank-slip date, an expense's date); by default the
   * company's day it is posted (migration 0026).
   */
  date_valeur?: string;
  /** A manual operation's counterpart account in the journal, when chosen. */
  compte_contrepartie?: string;
}

/**
 * Posts one movement: the bank's balance moves by its amount and the movement row records it with
 * the balance after, in the caller's transaction. The balance update locks the bank's row, so
 * movements of one bank run one after the other; a debit that would go below zero changes nothing
 * and answers null (the caller refuses with 'Solde insuffisant').
 */
export async function postMouvement(db: Executor, mouvement: NewMouvement): Promise<{ solde_apres: number } | null> {
  const credit = CREDITS.includes(mouvement.operation);
  const delta = credit ? mouvement.montant : -mouvement.montant;
  const updated = await db
    .updateTable('banques')
    .set({ solde: sql`solde + ${delta}`, updated_at: new Date() })
    .where('id', '=', mouvement.banque_id)
    .where(sql<boolean>`solde + ${delta} >= 0`)
    .returning('solde')
    .executeTakeFirst();
  if (!updated) return null;
  await db
    .insertInto('mouvements_bancaires')
    .values({
      banque_id: mouvement.banque_id,
      type: credit ? 'credit' : 'debit',
      operation: mouvement.operation,
      montant: mouvement.montant,
      solde_apres: updated.solde,
      source_table: mouvement.source_table,
      source_id: mouvement.source_id,
      commentaire: mouvement.commentaire ?? null,
      compte_contrepartie: mouvement.compte_contrepartie ?? null,
      created_by: mouvement.created_by,
      created_at: mouvement.created_at,
      // The demo's past movements take the day they are dated.
      date_valeur:
        mouvement.date_valeur ??
        (mouvement.created_at &&
          sql<string>`(${mouvement.created_at}::timestamptz AT TIME ZONE fuseau_societe())::date`),
    })
    .execute();
  return { solde_apres: Number(updated.solde) };
}

/**
 * Adds to (or, negative, takes from) a member's paid total; `montant_du` follows (a generated
 * column). A decrease below zero changes nothing and answers false: what was refunded to the
 * member can no longer be taken back from him.
 */
export async function addToMontantPaye(db: Executor, membreId: number, delta: number): Promise<boolean> {
  const updated = await db
    .updateTable('membres')
    .set({ montant_deja_paye: sql`montant_deja_paye + ${delta}`, updated_at: new Date() })
    .where('id', '=', membreId)
    .where(sql<boolean>`montant_deja_paye + ${delta} >= 0`)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/**
 * A bank's movements, newest first in the order they moved its balance (ids are drawn under the
 * bank's row lock; two transactions' start times may cross), paged on its index; the total is
 * the bank's kept counter.
 */
export function mouvementsList(db: Executor, banqueId: number, query: { non_rapproches: boolean }) {
  let matching = db.selectFrom('mouvements_bancaires as mv').where('mv.banque_id', '=', banqueId);
  if (query.non_rapproches) {
    matching = matching.where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('rapprochement_mouvements as rm').whereRef('rm.mouvement_id', '=', 'mv.id'))),
    );
  }
  return listOf({
    matching,
    key: 'mv.id',
    order: [['mv.id', 'desc']],
    details: (inPage) =>
      db
        .selectFrom('mouvements_bancaires as mv')
        .leftJoin('utilisateurs as a', 'a.id', 'mv.created_by')
        .leftJoin('rapprochement_mouvements as rm', 'rm.mouvement_id', 'mv.id')
        .selectAll('mv')
        .select(['a.nom as auteur_nom', 'a.prenom as auteur_prenom', 'rm.rapprochement_id'])
        .where(inPage),
    // The unmatched ones are counted, capped: what no counter keeps.
    total: query.non_rapproches ? 'search' : { counter: counterKey('mouvements_bancaires', { banque_id: banqueId }) },
  });
}

export async function listMouvements(
  db: Executor,
  banqueId: number,
  query: { page: number; limit: number; non_rapproches: boolean },
) {
  return pageOf(db, { ...mouvementsList(db, banqueId, query), page: query.page, limit: query.limit });
}

export type MouvementRow = Awaited<ReturnType<typeof listMouvements>>['rows'][number];

/** What check:ledger went through. */
export async function ledgerSize(db: Executor) {
  return db
    .selectNoFrom((eb) => [
      eb.selectFrom('banques').select(eb.fn.countAll<string>().as('n')).as('banques'),
      eb.selectFrom('mouvements_bancaires').select(eb.fn.countAll<string>().as('n')).as('mouvements'),
      eb.selectFrom('versements').select(eb.fn.countAll<string>().as('n')).as('versements'),
      eb.selectFrom('depenses').select(eb.fn.countAll<string>().as('n')).as('depenses'),
      eb.selectFrom('remboursements').select(eb.fn.countAll<string>().as('n')).as('remboursements'),
      eb.selectFrom('membres').select(eb.fn.countAll<string>().as('n')).as('membres'),
    ])
    .executeTakeFirstOrThrow();
}

export interface LedgerBreach {
  invariant: string;
  detail: string;
}

/**
 * What `npm run check:ledger` and the property tests verify (docs/decisions/0012-ledger.md), each
 * as one query that lists the rows breaking it:
 * 1. every bank's balance = its opening balance + its credits − its debits;
 * 2. every member's paid total = his validated payments − his approved refunds;
 * 3. every movement has its source row;
 * 4. every validated payment has exactly its credit, every deleted validated one its compensating debit,
 *    and no other payment has a movement;
 * 5. every approved expense and refund has exactly its debit, and no other one a movement;
 * 6. the daily totals the dashboard reads (migration 0013) equal a recount;
 * 7. every member has one current schedule (migration 0015), numbered from 1, whose total is his
 *    contract's (engagement × duration), and his paid total, allocated oldest instalment first,
 *    is all allocated (to the instalments, the rest as an excess);
 * 8. every member's kept oldest unpaid due date and arrears at the kept cut-off, and the kept
 *    arrears totals, equal a recount;
 * 9. every reconciliation's statement lines and movements (all of its bank) sum to its amount;
 * 10. the accounting journal (decisions 0031): every movement's entry has its accounts and balances,
 *     and the journal's debits equal its credits.
 */
export async function ledgerBreaches(db: Executor): Promise<LedgerBreach[]> {
  const breaches: LedgerBreach[] = [];
  const banques = await sql<{ id: number; nom: string; solde: string; attendu: string }>`
    SELECT id, nom, solde, attendu FROM (
      SELECT b.id, b.nom, b.solde, b.solde_initial + coalesce(sum(
        CASE WHEN mv.type = 'credit' THEN mv.montant ELSE -mv.montant END), 0) AS attendu
      FROM banques b LEFT JOIN mouvements_bancaires mv ON mv.banque_id = b.id
      GROUP BY b.id
    ) AS par_banque
    WHERE solde <> attendu
    ORDER BY id`.execute(db);
  for (const b of banques.rows) {
    breaches.push({
      invariant: 'solde_banque',
      detail: `banque ${b.id} (${b.nom}) : solde ${b.solde}, solde initial + mouvements = ${b.attendu}`,
    });
  }

  const membres = await sql<{ id: number; code_esv: string; paye: string; attendu: string }>`
    SELECT m.id, m.code_esv, m.montant_deja_paye AS paye, v.valide - r.rembourse AS attendu
    FROM membres m
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(montant), 0) AS valide FROM versements
      WHERE membre_id = m.id AND statut = 'valide' AND date_suppression IS NULL
    ) v
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(montant), 0) AS rembourse FROM remboursements
      WHERE membre_id = m.id AND statut = 'approuve'
    ) r
    WHERE m.montant_deja_paye <> v.valide - r.rembourse
    ORDER BY m.id`.execute(db);
  for (const m of membres.rows) {
    breaches.push({
      invariant: 'total_paye_membre',
      detail: `membre ${m.id} (${m.code_esv}) : montant_deja_paye ${m.paye}, versements validés − remboursements = ${m.attendu}`,
    });
  }

  const orphelins = await sql<{ id: string; source_table: string; source_id: number }>`
    SELECT mv.id, mv.source_table, mv.source_id FROM mouvements_bancaires mv
    WHERE NOT CASE mv.source_table
      WHEN 'versements' THEN EXISTS (SELECT 1 FROM versements v WHERE v.id = mv.source_id AND v.banque_id = mv.banque_id)
      WHEN 'banques' THEN mv.source_id = mv.banque_id
      WHEN 'depenses' THEN EXISTS (SELECT 1 FROM depenses d WHERE d.id = mv.source_id AND d.banque_id = mv.banque_id)
      WHEN 'remboursements' THEN EXISTS (
        SELECT 1 FROM remboursements r WHERE r.id = mv.source_id AND r.banque_id = mv.banque_id)
      ELSE false
    END
    ORDER BY mv.id`.execute(db);
  for (const mv of orphelins.rows) {
    breaches.push({
      invariant: 'source_mouvement',
      detail: `mouvement ${mv.id} : source ${mv.source_table} ${mv.source_id} introuvable`,
    });
  }

  // What each payment's movements must be, from its state: a validated one its credit; a deleted
  // validated one its credit and the debit reversing it; any other none.
  const versements = await sql<{ id: number; statut: string; supprime: boolean; credits: string; debits: string }>`
    SELECT id, statut, supprime, credits, debits FROM (
      SELECT v.id, v.statut, v.date_suppression IS NOT NULL AS supprime,
        CASE WHEN v.statut = 'valide' THEN v.montant ELSE 0 END AS credit_attendu,
        CASE WHEN v.statut = 'valide' AND v.date_suppression IS NOT NULL THEN v.montant ELSE 0 END AS debit_attendu,
        count(mv.id) FILTER (WHERE mv.operation = 'versement_valide') AS nb_credits,
        count(mv.id) FILTER (WHERE mv.operation = 'versement_supprime') AS nb_debits,
        coalesce(sum(mv.montant) FILTER (WHERE mv.operation = 'versement_valide'), 0) AS credits,
        coalesce(sum(mv.montant) FILTER (WHERE mv.operation = 'versement_supprime'), 0) AS debits
      FROM versements v LEFT JOIN mouvements_bancaires mv
        ON mv.source_table = 'versements' AND mv.source_id = v.id
      GROUP BY v.id
    ) AS par_versement
    WHERE nb_credits <> sign(credit_attendu) OR nb_debits <> sign(debit_attendu)
      OR credits <> credit_attendu OR debits <> debit_attendu
    ORDER BY id`.execute(db);
  for (const v of versements.rows) {
    const etat = `${v.statut}${v.supprime ? ', supprimé' : ''}`;
    breaches.push({
      invariant: 'mouvements_versement',
      detail: `versement ${v.id} (${etat}) : crédits ${v.credits}, contrepassations ${v.debits}`,
    });
  }

  // An approved expense or refund has exactly its debit (on its bank); any other none.
  const decisions = await sql<{ source: string; id: number; statut: string; nombre: string; debits: string }>`
    SELECT source, id, statut, nombre, debits FROM (
      SELECT 'depenses' AS source, d.id, d.statut, d.statut = 'approuvee' AS approuve, d.montant,
        count(mv.id) AS nombre, coalesce(sum(mv.montant), 0) AS debits
      FROM depenses d LEFT JOIN mouvements_bancaires mv
        ON mv.source_table = 'depenses' AND mv.source_id = d.id AND mv.operation = 'depense_approuvee'
      GROUP BY d.id
      UNION ALL
      SELECT 'remboursements', r.id, r.statut, r.statut = 'approuve', r.montant,
        count(mv.id), coalesce(sum(mv.montant), 0)
      FROM remboursements r LEFT JOIN mouvements_bancaires mv
        ON mv.source_table = 'remboursements' AND mv.source_id = r.id AND mv.operation = 'remboursement_approuve'
      GROUP BY r.id
    ) AS par_decision
    WHERE nombre <> CASE WHEN approuve THEN 1 ELSE 0 END
      OR debits <> CASE WHEN approuve THEN montant ELSE 0 END
    ORDER BY source, id`.execute(db);
  for (const d of decisions.rows) {
    const depense = d.source === 'depenses';
    breaches.push({
      invariant: depense ? 'mouvement_depense' : 'mouvement_remboursement',
      detail: `${depense ? 'dépense' : 'remboursement'} ${d.id} (${d.statut}) : ${d.nombre} débit(s) pour ${d.debits}`,
    });
  }

  const totaux = await sql<{ domaine: string; jour: string; garde: string; recompte: string }>`
    SELECT coalesce(t.domaine, r.domaine) AS domaine, to_char(coalesce(t.jour, r.jour), 'YYYY-MM-DD') AS jour,
      coalesce(t.total, 0) || ' / ' || coalesce(t.somme, 0) AS garde,
      coalesce(r.total, 0) || ' / ' || coalesce(r.somme, 0) AS recompte
    FROM (SELECT * FROM totaux_journaliers WHERE total <> 0 OR somme <> 0) t
    FULL JOIN totaux_journaliers_recomptes r ON r.domaine = t.domaine AND r.jour = t.jour
    WHERE t.total IS DISTINCT FROM r.total OR t.somme IS DISTINCT FROM r.somme
    ORDER BY 1, 2`.execute(db);
  for (const t of totaux.rows) {
    breaches.push({
      invariant: 'totaux_journaliers',
      detail: `${t.domaine} du ${t.jour} : gardé ${t.garde}, recompté ${t.recompte}`,
    });
  }

  const echeanciers = await sql<{ id: number; code_esv: string; detail: string }>`
    SELECT m.id, m.code_esv, CASE
      WHEN e.versions IS DISTINCT FROM 1 THEN coalesce(e.versions, 0) || ' échéancier(s) en cours'
      WHEN e.total <> m.montant_total THEN 'total ' || e.total || ' pour un contrat de ' || m.montant_total
      WHEN e.numeros <> e.nombre THEN 'échéances numérotées ' || e.numeros || ' pour ' || e.nombre
      ELSE 'versé ' || m.montant_deja_paye || ', réparti ' || e.reparti || ' + excédent '
        || greatest(0, m.montant_deja_paye - e.total)
    END AS detail
    FROM membres m
    LEFT JOIN LATERAL (
      SELECT count(DISTINCT s.id) AS versions, sum(x.montant) AS total, count(*) AS nombre, max(x.numero) AS numeros,
        sum(least(x.montant, greatest(0, m.montant_deja_paye - (x.cumul - x.montant)))) AS reparti
      FROM echeanciers s JOIN echeances x ON x.echeancier_id = s.id
      WHERE s.membre_id = m.id AND s.remplace_le IS NULL
    ) e ON true
    WHERE e.versions IS DISTINCT FROM 1 OR e.total <> m.montant_total OR e.numeros <> e.nombre
      OR e.reparti + greatest(0, m.montant_deja_paye - e.total) <> m.montant_deja_paye
    ORDER BY m.id`.execute(db);
  for (const m of echeanciers.rows) {
    breaches.push({ invariant: 'echeancier_membre', detail: `membre ${m.id} (${m.code_esv}) : ${m.detail}` });
  }

  // A member owes his product's price (migration 0017): each one validated since owes the price his
  // contract was made at. The ones before keep their terms' total.
  const contrats = await sql<{ id: number; code_esv: string; detail: string }>`
    SELECT m.id, m.code_esv, CASE WHEN m.prix_produit IS NULL THEN 'validé sans prix de produit'
      ELSE 'doit ' || m.montant_total || ' pour un produit de ' || m.prix_produit END AS detail
    FROM membres m
    WHERE m.montant_total IS DISTINCT FROM m.prix_produit
      AND (m.prix_produit IS NOT NULL OR (m.demande_id IS NOT NULL AND m.created_at >= (
        SELECT timestamp::timestamptz FROM kysely_migration WHERE name = '2026-12-05-0017-contrat-prix')))
    ORDER BY m.id`.execute(db);
  for (const m of contrats.rows) {
    breaches.push({ invariant: 'contrat_prix', detail: `membre ${m.id} (${m.code_esv}) : ${m.detail}` });
  }

  // Recounted from the rows, apart from the triggers' statements.
  const impayees = await sql<{ id: number; code_esv: string; garde: string; recompte: string }>`
    SELECT id, code_esv, coalesce(to_char(echeance_impayee, 'YYYY-MM-DD'), 'aucune') || ', ' || retard_montant AS garde,
      coalesce(to_char(impayee, 'YYYY-MM-DD'), 'aucune') || ', ' || du AS recompte
    FROM (
      SELECT m.id, m.code_esv, m.echeance_impayee, m.retard_montant,
        (SELECT e.date_echeance FROM echeances e WHERE e.echeancier_id = s.id AND e.cumul > m.montant_deja_paye
          ORDER BY e.numero LIMIT 1) AS impayee,
        greatest(0, (SELECT coalesce(sum(e.montant), 0) FROM echeances e
          WHERE e.echeancier_id = s.id AND e.date_echeance < a.limite) - m.montant_deja_paye) AS du
      FROM membres m CROSS JOIN retards_arrete a
      LEFT JOIN echeanciers s ON s.membre_id = m.id AND s.remplace_le IS NULL
    ) AS recompte
    WHERE echeance_impayee IS DISTINCT FROM impayee OR retard_montant <> du
    ORDER BY id`.execute(db);
  for (const m of impayees.rows) {
    breaches.push({
      invariant: 'echeance_impayee',
      detail: `membre ${m.id} (${m.code_esv})\u00a0: gardée ${m.garde}, recomptée ${m.recompte}`,
    });
  }

  const retards = await sql<{ cle: string; garde: string; recompte: string }>`
    SELECT coalesce(t.gestionnaire_id, r.gestionnaire_id) || '/' || coalesce(t.site_id, r.site_id) || '/'
        || to_char(coalesce(t.echeance_impayee, r.echeance_impayee), 'YYYY-MM-DD') AS cle,
      coalesce(t.membres, 0) || ' / ' || coalesce(t.montant, 0) AS garde,
      coalesce(r.membres, 0) || ' / ' || coalesce(r.montant, 0) AS recompte
    FROM (SELECT * FROM retards_totaux WHERE membres <> 0 OR montant <> 0) t
    FULL JOIN retards_totaux_recomptes r ON r.gestionnaire_id = t.gestionnaire_id AND r.site_id = t.site_id
      AND r.echeance_impayee = t.echeance_impayee
    WHERE t.membres IS DISTINCT FROM r.membres OR t.montant IS DISTINCT FROM r.montant
    ORDER BY 1`.execute(db);
  for (const t of retards.rows) {
    breaches.push({ invariant: 'retards_totaux', detail: `${t.cle}\u00a0: gardé ${t.garde}, recompté ${t.recompte}` });
  }

  const matches = await sql<{ id: number; montant: string; lignes: string; mouvements: string }>`
    SELECT r.id, r.montant, coalesce(l.total, 0) AS lignes, coalesce(m.total, 0) AS mouvements
    FROM rapprochements r
    LEFT JOIN (SELECT rapprochement_id, sum(CASE WHEN sens = 'credit' THEN montant ELSE -montant END) AS total
      FROM lignes_releve WHERE rapprochement_id IS NOT NULL GROUP BY rapprochement_id) l ON l.rapprochement_id = r.id
    LEFT JOIN (SELECT rm.rapprochement_id, sum(CASE WHEN mv.type = 'credit' THEN mv.montant ELSE -mv.montant END) AS total
      FROM rapprochement_mouvements rm JOIN mouvements_bancaires mv ON mv.id = rm.mouvement_id
      WHERE mv.banque_id = (SELECT banque_id FROM rapprochements WHERE id = rm.rapprochement_id)
      GROUP BY rm.rapprochement_id) m ON m.rapprochement_id = r.id
    WHERE r.montant <> coalesce(l.total, 0) OR r.montant <> coalesce(m.total, 0)
    ORDER BY r.id`.execute(db);
  for (const r of matches.rows) {
    breaches.push({
      invariant: 'rapprochement',
      detail: `rapprochement ${r.id}\u00a0: ${r.montant}\u00a0FCFA, lignes ${r.lignes}, mouvements ${r.mouvements}`,
    });
  }

  const rows = await listSettingRows(db);
  const { comptabilite } = mergeSettings(DEFAULT_SETTINGS, Object.fromEntries(rows.map((r) => [r.grp, r.value])));
  breaches.push(...(await journalBreaches(db, comptabilite)));
  return breaches;
}
