import { z } from 'zod';
import { pageQuerySchema } from './api.ts';
import { dateField, idField } from './fields.ts';
import { formatFCFA, formatFCFASigne } from './format.ts';

/**
 * Bank statements (issue 27, decisions 0029): a bank's own list of its account's lines, imported
 * from the CSV a French bank exports or from an ISO 20022 camt.053 file, to be matched against the
 * ledger. How a file is read is in rules/releve-csv.ts, for the server and the import screen's preview.
 */

/** What a column of a statement may hold. */
export const RELEVE_COLONNES = [
  'date',
  'date_valeur',
  'libelle',
  'reference',
  'debit',
  'credit',
  'montant',
  'solde',
] as const;
export type ReleveColonne = (typeof RELEVE_COLONNES)[number];

export const RELEVE_COLONNE_LABELS: Record<ReleveColonne, string> = {
  date: 'Date',
  date_valeur: 'Date de valeur',
  libelle: 'Libellé',
  reference: 'Référence',
  debit: 'Débit',
  credit: 'Crédit',
  montant: 'Montant (signé)',
  solde: 'Solde',
};

/** Which header of the file holds each kind of column (remembered per bank once chosen). */
export type ColonnesReleve = Partial<Record<ReleveColonne, string>>;

export const colonnesReleveSchema = z
  .object(Object.fromEntries(RELEVE_COLONNES.map((c) => [c, z.string().trim().min(1).max(100).optional()])))
  .strict() as z.ZodType<ColonnesReleve>;

export const RELEVE_FORMATS = ['csv', 'camt053'] as const;
export type ReleveFormat = (typeof RELEVE_FORMATS)[number];
export const RELEVE_FORMAT_LABELS: Record<ReleveFormat, string> = { csv: 'CSV', camt053: 'ISO 20022 camt.053' };

export const RELEVE_MAX_BYTES = 5 * 1024 * 1024;
export const RELEVE_MIME_TYPES = ['text/csv', 'application/xml'] as const;

const ligneTexte = (n: number) => `Ligne ${n}\u00a0:`;

export const RELEVE_MESSAGES = {
  fichierRequis: 'Choisissez le fichier du relevé (CSV ou XML camt.053).',
  fichierType: 'Le relevé doit être un fichier CSV ou XML camt.053.',
  fichierTropGros: 'Le relevé dépasse 5\u00a0Mo\u00a0: importez-le en plusieurs périodes.',
  unSeul: 'Importez un seul relevé à la fois.',
  vide: 'Le relevé ne contient aucune opération.',
  entete: 'La ligne d’en-tête du relevé est introuvable.',
  colonnesIncompletes:
    'Les colonnes du relevé ne sont pas toutes reconnues\u00a0: indiquez la date, le libellé et le montant (ou le débit et le crédit).',
  colonneAbsente: (nom: string) => `La colonne «\u00a0${nom}\u00a0» n’existe pas dans ce relevé.`,
  date: (n: number, valeur: string) =>
    `${ligneTexte(n)} la date «\u00a0${valeur}\u00a0» n’est pas une date valide (JJ/MM/AAAA).`,
  montant: (n: number, valeur: string) =>
    `${ligneTexte(n)} le montant «\u00a0${valeur}\u00a0» n’est pas un montant entier en FCFA.`,
  sansMontant: (n: number) => `${ligneTexte(n)} l’opération n’a ni débit ni crédit.`,
  debitEtCredit: (n: number) => `${ligneTexte(n)} l’opération a à la fois un débit et un crédit.`,
  solde: (n: number, valeur: string) =>
    `${ligneTexte(n)} le solde «\u00a0${valeur}\u00a0» n’est pas un montant valide.`,
  libelle: (n: number) => `${ligneTexte(n)} le libellé est vide.`,
  tropLong: (n: number) => `${ligneTexte(n)} le libellé dépasse 500 caractères.`,
  xml: (n: number) => `${ligneTexte(n)} le fichier XML est mal formé.`,
  camt: 'Ce fichier XML n’est pas un relevé camt.053 (BkToCstmrStmt).',
  camtEntree: (n: number, raison: string) => `Opération ${n} du relevé camt.053\u00a0: ${raison}.`,
  devise: (devise: string) => `Le relevé est en ${devise}\u00a0: seuls les relevés en FCFA (XOF ou XAF) sont acceptés.`,
  imported: 'Relevé importé',
} as const;

/** What an import answers. */
export const releveImportSchema = z.object({
  id: z.number().int(),
  format: z.enum(RELEVE_FORMATS),
  lignes_lues: z.number().int(),
  lignes_nouvelles: z.number().int(),
  doublons: z.number().int(),
  periode: z.object({ debut: z.string(), fin: z.string() }),
  solde_final: z.number().nullable(),
});
export type ReleveImport = z.infer<typeof releveImportSchema>;

export const LIGNE_RELEVE_STATUTS = ['non_rapprochee', 'rapprochee'] as const;
export type LigneReleveStatut = (typeof LIGNE_RELEVE_STATUTS)[number];
export const LIGNE_RELEVE_STATUT_LABELS: Record<LigneReleveStatut, string> = {
  non_rapprochee: 'Non rapprochée',
  rapprochee: 'Rapprochée',
};

export const ligneReleveSchema = z.object({
  id: z.number().int(),
  banque_id: z.number().int(),
  releve_id: z.number().int(),
  date_operation: z.string(),
  date_valeur: z.string().nullable(),
  libelle: z.string(),
  reference: z.string().nullable(),
  sens: z.enum(['credit', 'debit']),
  montant: z.number(),
  solde: z.number().nullable(),
  statut: z.enum(LIGNE_RELEVE_STATUTS),
  /** The match it is in, if any. */
  rapprochement_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type LigneReleve = z.infer<typeof ligneReleveSchema>;

export const ligneReleveListQuerySchema = pageQuerySchema.extend({
  limit: pageQuerySchema.shape.limit.default(20),
  statut: z.enum(LIGNE_RELEVE_STATUTS).optional(),
  date_debut: z.iso.date().optional(),
  date_fin: z.iso.date().optional(),
});
export type LigneReleveListQuery = z.infer<typeof ligneReleveListQuerySchema>;

export const RAPPROCHEMENT_MESSAGES = {
  lignesRequises: 'Choisissez au moins une ligne du relevé.',
  mouvementsRequis: 'Choisissez au moins un mouvement ou un versement en attente.',
  ecart: (lignes: number, mouvements: number) =>
    `La somme des lignes (${formatFCFASigne(lignes)}) diffère de celle des mouvements (${formatFCFASigne(mouvements)})\u00a0: écart de ${formatFCFA(Math.abs(lignes - mouvements))}.`,
  validationInterdite:
    'Rapprocher un versement en attente le valide\u00a0: seuls le comptable et les gestionnaires valident les versements.',
  uneBanque: 'Les lignes d’un rapprochement doivent être d’une même banque.',
  ligneIndisponible: 'Une des lignes choisies n’est pas une ligne non rapprochée de cette banque.',
  mouvementIndisponible: 'Un des mouvements choisis n’est pas un mouvement non rapproché de cette banque.',
  created: 'Rapprochement enregistré',
  deleted: 'Rapprochement annulé',
  notFound: 'Rapprochement non trouvé',
} as const;

const ids = (message: string) => z.array(idField(), { error: message }).max(500);

/**
 * POST /rapprochements: statement lines of one bank matched to its ledger movements, and to pending
 * payments of that bank that the match validates; one to many either way, their sums equal.
 */
export const rapprochementCreateSchema = z
  .object({
    lignes: ids(RAPPROCHEMENT_MESSAGES.lignesRequises).min(1, RAPPROCHEMENT_MESSAGES.lignesRequises),
    mouvements: ids(RAPPROCHEMENT_MESSAGES.mouvementsRequis).default([]),
    versements: ids(RAPPROCHEMENT_MESSAGES.mouvementsRequis).default([]),
  })
  .refine((b) => b.mouvements.length + b.versements.length > 0, {
    path: ['mouvements'],
    message: RAPPROCHEMENT_MESSAGES.mouvementsRequis,
  });
export type RapprochementCreateBody = z.input<typeof rapprochementCreateSchema>;

export const rapprochementSchema = z.object({
  id: z.number().int(),
  banque_id: z.number().int(),
  /** The matched sum, signed (credits positive). */
  montant: z.number(),
  lignes: z.array(z.number().int()),
  mouvements: z.array(z.number().int()),
  created_at: z.string(),
});
export type Rapprochement = z.infer<typeof rapprochementSchema>;

/** A ledger movement as the reconciliation offers it: its value date and what it comes from. */
export const mouvementARapprocherSchema = z.object({
  id: z.number().int(),
  type: z.enum(['credit', 'debit']),
  operation: z.string(),
  montant: z.number(),
  date_valeur: z.string(),
  libelle: z.string(),
});
export type MouvementARapprocher = z.infer<typeof mouvementARapprocherSchema>;

/** A pending payment of the bank, which a match would validate. */
export const versementARapprocherSchema = z.object({
  id: z.number().int(),
  montant: z.number(),
  date_recu: z.string(),
  numero_recu: z.string(),
  membre: z.string(),
});
export type VersementARapprocher = z.infer<typeof versementARapprocherSchema>;

export const suggestionListQuerySchema = pageQuerySchema.extend({
  limit: pageQuerySchema.shape.limit.default(20),
});
export type SuggestionListQuery = z.infer<typeof suggestionListQuerySchema>;

/** GET /banques/{id}/suggestions: for each unmatched line (a page of them), what it may be. */
export const suggestionSchema = z.object({
  ligne: ligneReleveSchema,
  mouvements: z.array(mouvementARapprocherSchema),
  versements: z.array(versementARapprocherSchema),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

/** 'AAAA-MM' → 'octobre 2026'. */
export function moisLabel(mois: string): string {
  const [annee, numero] = mois.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(annee, numero - 1, 1)).toLocaleDateString('fr-FR', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** 'de novembre 2026', 'd’octobre 2026': the month after « de », elided before a vowel. */
export function deMois(mois: string): string {
  const label = moisLabel(mois);
  return /^[aeiou]/i.test(label) ? `d’${label}` : `de ${label}`;
}

/** The last day of a month 'AAAA-MM', as 'AAAA-MM-JJ'. */
export function finDeMois(mois: string): string {
  const [annee, numero] = mois.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(annee, numero, 0)).toISOString().slice(0, 10);
}

export const CLOTURE_MESSAGES = {
  moisInvalide: 'Indiquez le mois au format AAAA-MM.',
  moisNonEcoule: 'Seul un mois écoulé peut être clôturé.',
  dejaCloture: (mois: string) => `Le mois ${deMois(mois)} est déjà clôturé pour cette banque.`,
  sansReleve: (mois: string) =>
    `Aucun relevé importé ne donne le solde de la banque fin ${moisLabel(mois)}\u00a0: importez le relevé du mois avant de le clôturer.`,
  ecart: (mois: string, ecart: number) =>
    `Le grand livre et le relevé diffèrent de ${formatFCFA(Math.abs(ecart))} fin ${moisLabel(mois)}\u00a0: rapprochez ou corrigez avant de clôturer.`,
  /** A movement dated in a closed month (SQLSTATE CL001, migration 0027). */
  moisClos: (mois: string) =>
    `Le mois ${deMois(mois)} est clôturé pour cette banque\u00a0: enregistrez la correction dans le mois ouvert.`,
  rapprochementClos: 'Ce rapprochement touche un mois clôturé\u00a0: rouvrez le mois pour l’annuler.',
  nonCloture: (mois: string) => `Le mois ${deMois(mois)} n’est pas clôturé pour cette banque.`,
  motifRequis: 'Indiquez pourquoi le mois est rouvert.',
  closed: (mois: string) => `Mois ${deMois(mois)} clôturé`,
  reopened: (mois: string) => `Mois ${deMois(mois)} rouvert`,
  releveMoisClos: (mois: string) =>
    `Le relevé ajoute des opérations au mois ${deMois(mois)}, clôturé pour cette banque\u00a0: l’administrateur doit rouvrir le mois pour les importer.`,
} as const;

const moisField = z.string({ error: CLOTURE_MESSAGES.moisInvalide }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, {
  error: CLOTURE_MESSAGES.moisInvalide,
});

/** POST /banques/{id}/clotures */
export const clotureCreateSchema = z.object({ mois: moisField });
export type ClotureCreateBody = z.infer<typeof clotureCreateSchema>;

export const clotureMoisParamsSchema = z.object({ id: idField(), mois: moisField });

/** POST /banques/{id}/clotures/{mois}/reouverture: the admin's reason, kept with the closure. */
export const clotureReouvertureSchema = z.object({
  motif: z.string({ error: CLOTURE_MESSAGES.motifRequis }).trim().min(3, CLOTURE_MESSAGES.motifRequis).max(500),
});
export type ClotureReouvertureBody = z.infer<typeof clotureReouvertureSchema>;

export const clotureSchema = z.object({
  id: z.number().int(),
  banque_id: z.number().int(),
  mois: z.string(),
  solde: z.number(),
  cloturee_par: z.string(),
  created_at: z.string(),
  rouverte_par: z.string().nullable(),
  rouverte_le: z.string().nullable(),
  motif_reouverture: z.string().nullable(),
});
export type Cloture = z.infer<typeof clotureSchema>;

export const clotureListQuerySchema = pageQuerySchema.extend({ limit: pageQuerySchema.shape.limit.default(12) });
export type ClotureListQuery = z.infer<typeof clotureListQuerySchema>;

export const rapprochementAuQuerySchema = z.object({ date: dateField('Indiquez la date au format AAAA-MM-JJ.') });

/** How many of the unmatched items at a date are listed (their totals count them all). */
export const ELEMENTS_EN_SUSPENS_MAX = 100;

/**
 * GET /banques/{id}/rapprochement?date: the ledger's balance (by value dates) and the statement's at
 * the end of that day, their difference, and the items on one side only at that date that explain it.
 */
export const etatRapprochementSchema = z.object({
  banque_id: z.number().int(),
  date: z.string(),
  solde_comptable: z.number(),
  /** Null when no imported statement gives a balance to count from. */
  solde_releve: z.number().nullable(),
  /** Ledger − statement; null without a statement balance. */
  ecart: z.number().nullable(),
  mouvements_en_suspens: z.object({
    nombre: z.number().int(),
    /** Signed (credits positive). */
    total: z.number(),
    elements: z.array(mouvementARapprocherSchema),
  }),
  lignes_en_suspens: z.object({ nombre: z.number().int(), total: z.number(), elements: z.array(ligneReleveSchema) }),
  /** What the unmatched items leave unexplained (ledger − statement − their difference); 0 when they explain it all. */
  ecart_inexplique: z.number().nullable(),
  /** The closure of the date's month, if it is closed. */
  cloture: clotureSchema.nullable(),
});
export type EtatRapprochement = z.infer<typeof etatRapprochementSchema>;

/** GET /banques/{id}/exceptions: the unmatched items older than the settings' days, with their totals. */
export const exceptionsRapprochementSchema = etatRapprochementSchema.extend({ jours: z.number().int() });
export type ExceptionsRapprochement = z.infer<typeof exceptionsRapprochementSchema>;
