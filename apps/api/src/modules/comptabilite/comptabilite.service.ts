import {
  type BalanceGenerale,
  type ComptabiliteSettings,
  type DepenseCategorie,
  ecritureDuMouvement,
  type LigneJournal,
  type MouvementComptable,
  type MouvementOperation,
} from '@app/shared';
import type { Executor } from '../../db/database.ts';
import { groupesComptables } from './comptabilite.repository.ts';

type Groupe = Awaited<ReturnType<typeof groupesComptables>>[number];

const MEMBER_OPERATIONS: readonly MouvementOperation[] = [
  'versement_valide',
  'versement_supprime',
  'remboursement_approuve',
];

/** A group of movements as one movement of their summed amount: its entry has the same accounts. */
function asMouvement(g: Groupe): MouvementComptable {
  return {
    id: 0,
    banque_id: g.banque_id,
    operation: g.operation,
    montant: Number(g.montant),
    date_valeur: '',
    source_id: 0,
    commentaire: null,
    numero_recu: null,
    code_esv: g.code_esv,
    categorie: g.categorie as DepenseCategorie | null,
    compte_contrepartie: g.compte_contrepartie,
  };
}

/** What keeps a group's entries from being right: a member's operation without its member, an expense without its category. */
function anomalie(g: Groupe): string | null {
  if (MEMBER_OPERATIONS.includes(g.operation) && !g.code_esv) return 'sans membre';
  if (g.operation === 'depense_approuvee' && !g.categorie) return 'sans catégorie';
  return null;
}

/**
 * The trial balance (balance générale) of a period: each account's debits and credits over the
 * journal's entries, computed from the movements summed by what decides their accounts.
 */
export async function balanceGenerale(
  db: Executor,
  settings: ComptabiliteSettings,
  debut: string,
  fin: string,
): Promise<BalanceGenerale> {
  const groupes = await groupesComptables(db, { debut, fin });
  const comptes = new Map<string, { debit: number; credit: number }>();
  let ecritures = 0;
  for (const g of groupes) {
    ecritures += Number(g.nombre);
    for (const ligne of ecritureDuMouvement(asMouvement(g), settings)) {
      const compte = comptes.get(ligne.compte) ?? { debit: 0, credit: 0 };
      compte.debit += ligne.debit;
      compte.credit += ligne.credit;
      comptes.set(ligne.compte, compte);
    }
  }
  const rows = [...comptes.entries()]
    .map(([compte, { debit, credit }]) => ({ compte, debit, credit, solde: debit - credit }))
    .sort((a, b) => a.compte.localeCompare(b.compte));
  return {
    date_debut: debut,
    date_fin: fin,
    comptes: rows,
    total_debit: rows.reduce((s, r) => s + r.debit, 0),
    total_credit: rows.reduce((s, r) => s + r.credit, 0),
    ecritures,
  };
}

/** The journal's lines of movements as they are read: two per movement. */
export async function* lignesJournal(
  mouvements: AsyncIterable<Record<string, unknown>>,
  settings: ComptabiliteSettings,
): AsyncGenerator<LigneJournal> {
  for await (const row of mouvements) {
    const mv = { ...row, id: Number(row.id), montant: Number(row.montant) } as unknown as MouvementComptable;
    yield* ecritureDuMouvement(mv, settings);
  }
}

/**
 * What check:ledger verifies of the journal (invariant 10): every movement's entry has its accounts
 * (a payment's or a refund's member, an expense's category) and balances, and the whole journal's
 * debits equal its credits.
 */
export async function journalBreaches(db: Executor, settings: ComptabiliteSettings) {
  const breaches: { invariant: string; detail: string }[] = [];
  let debit = 0;
  let credit = 0;
  for (const g of await groupesComptables(db)) {
    const probleme = anomalie(g);
    if (probleme) {
      breaches.push({
        invariant: 'journal',
        detail: `banque ${g.banque_id}, ${g.operation}\u00a0: ${g.nombre} mouvement(s) ${probleme}`,
      });
    }
    for (const ligne of ecritureDuMouvement(asMouvement(g), settings)) {
      debit += ligne.debit;
      credit += ligne.credit;
    }
  }
  if (debit !== credit) {
    breaches.push({ invariant: 'journal', detail: `débits ${debit}, crédits ${credit}` });
  }
  return breaches;
}
