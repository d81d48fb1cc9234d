import { z } from 'zod';
import type { MouvementOperation } from './banques.ts';
import { DEPENSE_CATEGORIES, type DepenseCategorie } from './depenses.ts';
import { dateField } from './fields.ts';

/**
 * The accounting journal (issue 27, decisions 0031): every money event of the ledger — each bank
 * movement — as one balanced entry of the OHADA chart (SYSCOHADA révisé), for the company's
 * accounting software. Which accounts are used is a setting, with the OHADA defaults below.
 */

/** An account of the OHADA chart, as the settings and a manual operation name it. */
export const compteField = z
  .string({ error: 'Un compte est un numéro du plan OHADA (2 à 12 chiffres ou lettres).' })
  .trim()
  .regex(/^[0-9][0-9A-Z]{1,11}$/, { error: 'Un compte est un numéro du plan OHADA (2 à 12 chiffres ou lettres).' });
const journalField = z
  .string({ error: 'Un code journal a 2 à 6 lettres ou chiffres.' })
  .trim()
  .regex(/^[A-Z0-9]{2,6}$/, { error: 'Un code journal a 2 à 6 lettres ou chiffres.' });

/** An expense's category → its charge account (classe 6 of SYSCOHADA révisé). */
export const COMPTES_CATEGORIES_OHADA: Record<DepenseCategorie, string> = {
  Transport: '6181',
  'Fournitures de bureau': '6055',
  'Repas et restauration': '6385',
  Hébergement: '6181',
  'Matériel informatique': '6056',
  Formation: '633',
  Communication: '6281',
  Maintenance: '624',
  Autre: '658',
};

export const comptabiliteSettingsSchema = z.object({
  /** Per expense category. */
  comptesCategories: z.object(
    Object.fromEntries(DEPENSE_CATEGORIES.map((c) => [c, compteField])) as Record<DepenseCategorie, typeof compteField>,
  ),
  /** Per bank (by id): its account (521x) and journal code; a bank not listed gets `5211<id>` and `BQ<id>`. */
  comptesBanques: z.record(z.string().regex(/^\d+$/), z.object({ compte: compteField, journal: journalField })),
  /** The members' accounts: this prefix and the member's code (411 Clients). */
  compteClients: compteField,
  /** A manual deposit's or withdrawal's counterpart (471 Débiteurs et créditeurs divers). */
  compteAttente: compteField,
  /**
   * How many days apart a statement line and a movement (by its value date) may be and still be
   * suggested together: a slip deposited on a Friday is booked by the bank the next working days.
   */
  fenetreRapprochementJours: z
    .number({ error: 'La fenêtre de rapprochement doit être comprise entre 0 et 30 jours.' })
    .int({ error: 'La fenêtre de rapprochement doit être comprise entre 0 et 30 jours.' })
    .min(0, { error: 'La fenêtre de rapprochement doit être comprise entre 0 et 30 jours.' })
    .max(30, { error: 'La fenêtre de rapprochement doit être comprise entre 0 et 30 jours.' }),
  /** After how many days an unmatched line or movement is an exception to look into. */
  exceptionsJours: z
    .number({ error: 'Le délai des exceptions doit être compris entre 1 et 365 jours.' })
    .int({ error: 'Le délai des exceptions doit être compris entre 1 et 365 jours.' })
    .min(1, { error: 'Le délai des exceptions doit être compris entre 1 et 365 jours.' })
    .max(365, { error: 'Le délai des exceptions doit être compris entre 1 et 365 jours.' }),
});
export type ComptabiliteSettings = z.infer<typeof comptabiliteSettingsSchema>;

export const DEFAULT_COMPTABILITE: ComptabiliteSettings = {
  comptesCategories: COMPTES_CATEGORIES_OHADA,
  comptesBanques: {},
  compteClients: '411',
  compteAttente: '471',
  fenetreRapprochementJours: 5,
  exceptionsJours: 30,
};

export function compteBanque(settings: ComptabiliteSettings, banqueId: number) {
  return settings.comptesBanques[String(banqueId)] ?? { compte: `5211${banqueId}`, journal: `BQ${banqueId}` };
}

/** A member's account: the clients' prefix and his code without its separators ('411ESV20260001'). */
export const compteMembre = (settings: ComptabiliteSettings, codeEsv: string) =>
  `${settings.compteClients}${codeEsv.replace(/[^0-9A-Za-z]/g, '').toUpperCase()}`;

/** A bank movement with what its entry needs (its payment's receipt and member, its expense's category). */
export interface MouvementComptable {
  id: number;
  banque_id: number;
  operation: MouvementOperation;
  montant: number;
  date_valeur: string;
  source_id: number;
  commentaire: string | null;
  numero_recu: string | null;
  code_esv: string | null;
  categorie: DepenseCategorie | null;
  /** A manual operation's counterpart, when chosen with it. */
  compte_contrepartie: string | null;
}

export interface LigneJournal {
  date: string;
  journal: string;
  piece: string;
  compte: string;
  libelle: string;
  debit: number;
  credit: number;
}

/**
 * One movement's entry, two lines of equal amount: a payment validated debits the bank and credits
 * the member; its deletion reverses it; a refund debits the member; an expense debits its category;
 * a manual deposit or withdrawal has the account chosen with it, else the suspense account.
 */
export function ecritureDuMouvement(
  mv: MouvementComptable,
  settings: ComptabiliteSettings,
): [LigneJournal, LigneJournal] {
  const banque = compteBanque(settings, mv.banque_id);
  const membre = compteMembre(settings, mv.code_esv ?? '');
  const [contrepartie, piece, libelle, entre] = ((): [string, string, string, boolean] => {
    switch (mv.operation) {
      case 'versement_valide':
        return [membre, mv.numero_recu ?? `VRS${mv.source_id}`, `Versement ${mv.code_esv ?? ''}`.trim(), true];
      case 'versement_supprime':
        return [
          membre,
          mv.numero_recu ?? `VRS${mv.source_id}`,
          `Annulation du versement ${mv.code_esv ?? ''}`.trim(),
          false,
        ];
      case 'remboursement_approuve':
        return [membre, `RMB${mv.source_id}`, `Remboursement ${mv.code_esv ?? ''}`.trim(), false];
      case 'depense_approuvee':
        return [
          settings.comptesCategories[mv.categorie ?? 'Autre'],
          `DEP${mv.source_id}`,
          `Dépense ${mv.categorie ?? ''}`.trim(),
          false,
        ];
      case 'depot':
        return [mv.compte_contrepartie ?? settings.compteAttente, `MVT${mv.id}`, mv.commentaire ?? 'Dépôt', true];
      case 'retrait':
        return [mv.compte_contrepartie ?? settings.compteAttente, `MVT${mv.id}`, mv.commentaire ?? 'Retrait', false];
    }
  })();
  const line = (compte: string, debit: number, credit: number): LigneJournal => ({
    date: mv.date_valeur,
    journal: banque.journal,
    piece,
    compte,
    libelle: libelle.slice(0, 200),
    debit,
    credit,
  });
  // Money in: the bank is debited; money out: credited.
  return entre
    ? [line(banque.compte, mv.montant, 0), line(contrepartie, 0, mv.montant)]
    : [line(contrepartie, mv.montant, 0), line(banque.compte, 0, mv.montant)];
}

export const journalQuerySchema = z
  .object({
    date_debut: dateField('Indiquez la date de début au format AAAA-MM-JJ.'),
    date_fin: dateField('Indiquez la date de fin au format AAAA-MM-JJ.'),
  })
  .refine((q) => q.date_debut <= q.date_fin, {
    path: ['date_fin'],
    error: 'La date de fin doit suivre la date de début.',
  });
export type JournalQuery = z.infer<typeof journalQuerySchema>;

/** One general account of the trial balance (balance générale) over a period. */
export const compteBalanceSchema = z.object({
  compte: z.string(),
  debit: z.number(),
  credit: z.number(),
  /** Debit − credit. */
  solde: z.number(),
  /** The clients' collective account: how many members' own accounts it sums (0 for the others). */
  auxiliaires: z.number().int(),
});
export const balanceGeneraleSchema = z.object({
  date_debut: z.string(),
  date_fin: z.string(),
  comptes: z.array(compteBalanceSchema),
  total_debit: z.number(),
  total_credit: z.number(),
  ecritures: z.number().int(),
});
export type BalanceGenerale = z.infer<typeof balanceGeneraleSchema>;

/** The last run of the ledger's and the audit journal's checks inside the product (GET /controles/dernier). */
export const controleIntegriteSchema = z.object({
  id: z.number().int(),
  fait_le: z.string(),
  grand_livre_ok: z.boolean(),
  audit_ok: z.boolean(),
  /** What broke, each with its invariant and the rows. */
  ecarts: z.array(z.object({ invariant: z.string(), detail: z.string() })),
  duree_ms: z.number().int(),
});
export type ControleIntegrite = z.infer<typeof controleIntegriteSchema>;
