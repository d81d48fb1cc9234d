import {
  type BalanceGenerale,
  type ComptabiliteSettings,
  compteMembre,
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
 * The trial balance (balance générale) of a period: each general account's debits and credits over
 * the journal's entries, computed from the movements summed by what decides their accounts. The
 * members' own accounts (411 + code, one per member in the journal) are summed in the clients'
 * collective account, with their number: the balance stays a page however many members paid.
 */
export async function balanceGenerale(
  db: Executor,
  settings: ComptabiliteSettings,
  debut: string,
  fin: string,
): Promise<BalanceGenerale> {
  const groupes = await groupesComptables(db, { debut, fin });
  const comptes = new Map<string, { debit: number; credit: number; auxiliaires: Set<string> }>();
  let ecritures = 0;
  for (const g of groupes) {
    ecritures += Number(g.nombre);
    const membre = g.code_esv ? compteMembre(settings, g.code_esv) : null;
    for (const ligne of ecritureDuMouvement(asMouvement(g), settings)) {
      const general = ligne.compte === membre ? settings.compteClients : ligne.compte;
      const compte = comptes.get(general) ?? { debit: 0, credit: 0, auxiliaires: new Set<string>() };
      compte.debit += ligne.debit;
      compte.credit += ligne.credit;
      if (general !== ligne.compte) compte.auxiliaires.add(ligne.compte);
      comptes.set(general, compte);
    }
  }
  const rows = [...comptes.entries()]
    .map(([compte, { debit, credit, auxiliaires }]) => ({
      compte,
      debit,
      credit,
      solde: debit - credit,
      auxiliaires: auxiliaires.size,
    }))
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
 * What check:ledger verifies of the journal (invariant 16 of docs/data-model.md): every movement's entry has its accounts
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
