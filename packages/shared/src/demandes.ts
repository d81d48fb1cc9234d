import { z } from 'zod';
import { pageQuerySchema } from './api.ts';
import { PRODUIT_TYPES } from './catalogue.ts';
import {
  AMOUNT_MESSAGES,
  canonicalChoice,
  choiceField,
  emailField,
  idField,
  intField,
  optionalText,
  requiredText,
} from './fields.ts';
import { formatFCFA } from './format.ts';
import { cniSchema } from './membres.ts';
import { SOLDES } from './rules/contrat.ts';
import { STAFF_ID_DESCRIPTION } from './staff-id.ts';

/** Registration requests (spec 1 §2.4–2.6, §3, §5; decisions §5). */
export const DEMANDE_STATUTS = ['en_attente', 'validee', 'rejetee'] as const;
export const demandeStatutSchema = z.enum(DEMANDE_STATUTS);
export type DemandeStatut = z.infer<typeof demandeStatutSchema>;

export const DEMANDE_STATUT_LABELS: Record<DemandeStatut, string> = {
  en_attente: 'En attente',
  validee: 'Validée',
  rejetee: 'Rejetée',
};

/** The English words the original also accepted as a status filter (spec 1 §2.5). */
const STATUT_ALIASES: Record<string, DemandeStatut> = {
  pending: 'en_attente',
  approved: 'validee',
  rejected: 'rejetee',
};

/** A status filter's value: the French code or its English equivalent; undefined for anything else. */
export function parseDemandeStatut(value: unknown): DemandeStatut | undefined {
  if (typeof value !== 'string') return undefined;
  const code = value.trim().toLowerCase();
  return (DEMANDE_STATUTS as readonly string[]).includes(code) ? (code as DemandeStatut) : STATUT_ALIASES[code];
}

export const SITUATIONS_MATRIMONIALES = ['celibataire', 'marie', 'divorce', 'veuf', 'union_libre'] as const;
export type SituationMatrimoniale = (typeof SITUATIONS_MATRIMONIALES)[number];

export const SITUATION_LABELS: Record<SituationMatrimoniale, string> = {
  celibataire: 'Célibataire',
  marie: 'Marié(e)',
  divorce: 'Divorcé(e)',
  veuf: 'Veuf/Veuve',
  union_libre: 'Union libre',
};

const SITUATION_WORDS: Record<string, SituationMatrimoniale> = {
  celibataire: 'celibataire',
  marie: 'marie',
  mariee: 'marie',
  divorce: 'divorce',
  divorcee: 'divorce',
  veuf: 'veuf',
  veuve: 'veuf',
  'veuf/veuve': 'veuf',
  'union libre': 'union_libre',
  union_libre: 'union_libre',
};

/**
 * The forms send 'célibataire', 'marié(e)', 'veuf/veuve' or 'union libre' (spec 1 §3): the
 * stored code drops accents, the '(e)' and the feminine form. Other words are left to be refused.
 */
export function normaliseSituation(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const plain = value
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace('(e)', '');
  if (plain === '') return undefined;
  return SITUATION_WORDS[plain] ?? value;
}

const situationSchema = z.preprocess(
  normaliseSituation,
  z.enum(SITUATIONS_MATRIMONIALES, { error: 'Veuillez choisir une situation matrimoniale' }),
);

export const PAYS = ['Côte d’Ivoire', 'Burkina Faso', 'Mali', 'Ghana', 'Sénégal'] as const;
export type Pays = (typeof PAYS)[number];
export const PAYS_PAR_DEFAUT: Pays = 'Côte d’Ivoire';
export const VILLES_COTE_D_IVOIRE = [
  'Abidjan',
  'Bouaké',
  'Daloa',
  'Yamoussoukro',
  'San-Pédro',
  'Korhogo',
  'Man',
  'Divo',
  'Gagnoa',
  'Abengourou',
] as const;

/**
 * The cities offered for a country: the spec lists Côte d'Ivoire's (spec 1 §3). In a country
 * without a list, the city is typed.
 */
const VILLES_PAR_PAYS: Partial<Record<Pays, readonly string[]>> = { 'Côte d’Ivoire': VILLES_COTE_D_IVOIRE };

/** The cities to choose from in this country, or null when the city is typed. */
export function villesDuPays(pays: unknown): readonly string[] | null {
  const country = typeof pays === 'string' ? canonicalChoice(PAYS, pays) : undefined;
  return (country && VILLES_PAR_PAYS[country]) ?? null;
}

/** Every listed city: a typed variant of one ('san-pédro', 'San‑Pédro' with a no-break hyphen) is stored as listed. */
const VILLES_LISTEES = Object.values(VILLES_PAR_PAYS).flat();

export const DUREES_PAIEMENT = [12, 24, 36, 48, 60] as const;
export const ENGAGEMENT_MINIMUM_PUBLIC = 50_000;
/** The largest monthly engagement a request takes (ten billion FCFA). */
export const ENGAGEMENT_MAXIMUM = 1e10;
/** The public form's hint and refusal (spec 1 §5, in French typography): 'Minimum : 50 000 FCFA'. */
export const ENGAGEMENT_MINIMUM_HINT = `Minimum : ${formatFCFA(ENGAGEMENT_MINIMUM_PUBLIC)}`;

export const MOTIFS_REJET = [
  'Documents incomplets',
  'Informations incorrectes',
  'Critères d’éligibilité non respectés',
  'Doublon détecté',
  'Demande non conforme',
  'Autre (préciser dans les commentaires)',
] as const;
export const MOTIF_AUTRE = MOTIFS_REJET[5];

export const DEMANDE_MESSAGES = {
  alreadyProcessed: 'Données invalides ou demande déjà traitée.',
  rejectInvalid: 'Motif de rejet manquant ou données invalides.',
  notFound: 'Demande non trouvée.',
  noActiveGestionnaire: 'Aucun gestionnaire actif disponible',
  gestionnaireRequired: 'Veuillez sélectionner un gestionnaire',
  gestionnaireInactive: 'Ce gestionnaire n’existe pas ou n’est pas actif',
  motifRequired: 'Le motif de rejet est obligatoire',
  motifWizard: 'Veuillez sélectionner un motif de rejet',
  autreNeedsComment: 'Veuillez préciser le motif dans les commentaires',
  productRequired: 'Veuillez sélectionner un produit',
  productUnavailable: 'Ce produit n’est plus disponible. Veuillez en choisir un autre.',
  productHeld: 'Ce produit est déjà réservé par un autre membre.',
  duplicateCni: 'Doublon détecté : un membre existe déjà avec ce numéro CNI.',
  accountExists: 'Un compte existe déjà avec cette adresse e-mail.',
  alreadyPending: 'Une demande est déjà en attente pour ce numéro CNI ou cette adresse e-mail.',
  validated: 'Demande validée avec succès',
  rejected: 'Demande rejetée avec succès',
  created: 'Demande créée avec succès !',
  submitted: 'Demande soumise avec succès !',
  updated: 'Demande mise à jour avec succès',
  deleted: 'Demande supprimée avec succès',
  validatedNotDeletable: 'Une demande validée ne peut pas être supprimée : elle a créé un membre.',
  invalidId: 'ID de demande invalide',
  villeOutsideList: 'Veuillez choisir une ville dans la liste',
  soldeRequired: 'Choisissez comment régler le solde',
} as const;

/** A city outside the list of its country (when it has one) is refused; null when it fits. */
export function villeError(pays: unknown, ville: unknown): string | null {
  const villes = villesDuPays(pays);
  if (!villes || typeof ville !== 'string' || ville.trim() === '') return null;
  return canonicalChoice(villes, ville) ? null : DEMANDE_MESSAGES.villeOutsideList;
}

/** A demande as the API answers it, with its product, its manager and the member it created. */
export const demandeSchema = z.object({
  id: z.number().int(),
  nom_complet: z.string(),
  num_cni: z.string(),
  date_naissance: z.string(),
  situation_matrimoniale: z.enum(SITUATIONS_MATRIMONIALES).nullable(),
  profession: z.string(),
  engagement_mensuel: z.number(),
  duree_paiement: z.number().int(),
  /** engagement_mensuel × duree_paiement. */
  montant_total: z.number(),
  email: z.string(),
  telephone: z.string(),
  pays: z.string(),
  ville: z.string(),
  adresse: z.string(),
  produit_id: z.number().int(),
  produit_nom: z.string(),
  produit: z.object({
    id: z.number().int(),
    titre: z.string(),
    prix_vente: z.number(),
    site_id: z.number().int(),
    site_nom: z.string(),
    site_ville: z.string(),
  }),
  notes: z.string().nullable(),
  statut: demandeStatutSchema,
  gere_par: z.number().int().nullable().describe(STAFF_ID_DESCRIPTION),
  gestionnaire: z
    .object({ id: z.number().int().describe(STAFF_ID_DESCRIPTION), nom: z.string(), prenom: z.string() })
    .nullable(),
  motif_rejet: z.string().nullable(),
  commentaires: z.string().nullable(),
  traite_par: z.number().int().nullable().describe(STAFF_ID_DESCRIPTION),
  date_traitement: z.string().nullable(),
  /** The member created by the validation, with his code. */
  membre: z.object({ id: z.number().int(), code_esv: z.string() }).nullable(),
  /** 'public' from the login screen's form, else the staff member who typed it. */
  origine: z.enum(['public', 'personnel']),
  date_creation: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Demande = z.infer<typeof demandeSchema>;

/** The total to pay: monthly engagement × duration (spec 1 §9); 0 while either is missing. */
export function totalToPay(monthly: unknown, duration: unknown): number {
  const m = Number(monthly);
  const d = Number(duration);
  return Number.isFinite(m) && Number.isFinite(d) && m > 0 && d > 0 ? m * d : 0;
}

/** Adults only: a purchase by instalments is a contract. */
export function isAdult(dateNaissance: string, today = new Date()): boolean {
  const [y, m, d] = dateNaissance.split('-').map(Number);
  if (!y || !m || !d) return false;
  const eighteenth = new Date(Date.UTC(y + 18, m - 1, d));
  return eighteenth.getTime() <= today.getTime();
}

const dateNaissanceSchema = z.iso
  .date({ error: 'La date de naissance est requise' })
  .refine((v) => isAdult(v), 'Le demandeur doit avoir au moins 18 ans');

const commonFields = {
  nom_complet: requiredText('Le nom complet est requis', 200).refine(
    (v) => v.split(/\s+/).length >= 2,
    'Veuillez saisir le nom et le prénom',
  ),
  num_cni: cniSchema,
  date_naissance: dateNaissanceSchema,
  profession: requiredText('La profession est requise', 150),
  email: emailField(),
  telephone: requiredText('Le téléphone est requis', 30).regex(
    /^\+?[0-9][0-9 .-]{6,}[0-9]$/,
    'Numéro de téléphone invalide',
  ),
  adresse: requiredText('L’adresse est requise', 300),
  produit_id: idField(DEMANDE_MESSAGES.productRequired),
  notes: optionalText(2000),
};

/**
 * The fields of a demande, the same for the public form and the staff's (one form, one set of
 * choices): closed lists for marital status, country and duration, the city from its country's
 * list when it has one, and the public minimum monthly engagement (spec 1 §3, §5).
 */
const demandeFields = {
  ...commonFields,
  situation_matrimoniale: situationSchema,
  pays: choiceField(PAYS, 'Veuillez choisir un pays'),
  ville: z.preprocess(
    (v) => (typeof v === 'string' ? (canonicalChoice(VILLES_LISTEES, v) ?? v) : v),
    requiredText('La ville est requise', 100),
  ),
  engagement_mensuel: intField(ENGAGEMENT_MINIMUM_HINT, {
    min: ENGAGEMENT_MINIMUM_PUBLIC,
    max: ENGAGEMENT_MAXIMUM,
    integerMessage: 'L’engagement mensuel doit être un nombre entier de FCFA',
    maxMessage: AMOUNT_MESSAGES.tooLarge(ENGAGEMENT_MAXIMUM),
  }),
  duree_paiement: intField('Veuillez choisir une durée de paiement').refine(
    (v) => (DUREES_PAIEMENT as readonly number[]).includes(v),
    'Veuillez choisir une durée de paiement',
  ),
};

/**
 * The city belongs to the country's list, checked on the city. It runs even while other fields
 * are wrong, so that a form step shows it at once.
 */
const cityOfCountry = [
  (body: { pays?: unknown; ville?: unknown }, ctx: z.RefinementCtx) => {
    // Running whatever the other checks found, it may see anything but an object.
    if (typeof body !== 'object' || body === null) return;
    const message = villeError(body.pays, body.ville);
    if (message) ctx.addIssue({ code: 'custom', message, path: ['ville'] });
  },
  { when: () => true },
] as const;

/** POST /demandes/public: the login screen's four-step form (spec 1 §5), with a honeypot. */
export const demandePublicSchema = z
  .object({
    ...demandeFields,
    pays: demandeFields.pays.default(PAYS_PAR_DEFAUT),
    /** Hidden from people; a robot that fills it is answered as usual and nothing is kept. */
    site_web: z.string().max(500).optional(),
  })
  .superRefine(...cityOfCountry);
export type DemandePublicBody = z.input<typeof demandePublicSchema>;

/** POST /demandes: the staff creation modal (spec 1 §2.6), with the public form's fields and rules. */
export const demandeCreateSchema = z
  .object({ ...demandeFields, pays: demandeFields.pays.default(PAYS_PAR_DEFAUT) })
  .superRefine(...cityOfCountry);
export type DemandeCreateBody = z.input<typeof demandeCreateSchema>;

/**
 * PUT /demandes/{id}: the fields sent change, while the demande is pending (no default fills a
 * field not sent). A city sent alone is checked against the stored country by the service.
 */
export const demandeUpdateSchema = z
  .object(demandeFields)
  .partial()
  .superRefine(...cityOfCountry);
export type DemandeUpdateBody = z.input<typeof demandeUpdateSchema>;

/** PUT /demandes/{id}/validate. */
export const demandeValidateSchema = z.object({
  id: idField(DEMANDE_MESSAGES.invalidId).optional(),
  gere_par: idField(DEMANDE_MESSAGES.gestionnaireRequired).describe(STAFF_ID_DESCRIPTION),
  solde: z
    .enum(SOLDES, { error: DEMANDE_MESSAGES.soldeRequired })
    .optional()
    .describe(
      'Quand les conditions ne couvrent pas le prix du produit : derniere_echeance (une échéance de plus pour le reste) ou mensualite_ajustee (la mensualité qui couvre le prix sur la durée)',
    ),
});
export type DemandeValidateBody = z.input<typeof demandeValidateSchema>;

/** PUT /demandes/{id}/reject: one of the six reasons; 'Autre' needs a comment. */
export const demandeRejectSchema = z
  .object({
    motif_rejet: choiceField(MOTIFS_REJET, DEMANDE_MESSAGES.motifRequired),
    commentaires: optionalText(2000),
  })
  .refine((body) => body.motif_rejet !== MOTIF_AUTRE || !!body.commentaires, {
    message: DEMANDE_MESSAGES.autreNeedsComment,
    path: ['commentaires'],
  });
export type DemandeRejectBody = z.input<typeof demandeRejectSchema>;

export const demandeListQuerySchema = pageQuerySchema.extend({
  limit: pageQuerySchema.shape.limit.default(20),
  search: z.string().trim().max(100).optional(),
  statut: z.preprocess((v) => (v === '' ? undefined : (parseDemandeStatut(v) ?? v)), demandeStatutSchema.optional()),
  sortBy: z.enum(['created_at']).default('created_at'),
  sortOrder: pageQuerySchema.shape.sortOrder.default('desc'),
});
export type DemandeListQuery = z.infer<typeof demandeListQuerySchema>;

/** GET /demandes/stats: how many demandes there are in each status (the sidebar's 'en attente' badge). */
export const demandeStatsSchema = z.object({
  total: z.number().int(),
  en_attente: z.number().int(),
  validee: z.number().int(),
  rejetee: z.number().int(),
});
export type DemandeStats = z.infer<typeof demandeStatsSchema>;

/** What a visitor may see of a product on the public form: nothing more. */
export const publicProduitSchema = z.object({
  id: z.number().int(),
  titre: z.string(),
  type: z.enum(PRODUIT_TYPES),
  prix_vente: z.number(),
  site_nom: z.string(),
  site_ville: z.string(),
});
export type PublicProduit = z.infer<typeof publicProduitSchema>;

/** An active gestionnaire offered at validation (spec 1 §2.5): name, position and department. */
export const gestionnaireActifSchema = z.object({
  /** The gestionnaire's account id: the value of `gere_par`. */
  id: z.number().int().describe(STAFF_ID_DESCRIPTION),
  nom: z.string(),
  prenom: z.string(),
  poste: z.string(),
  departement: z.string(),
});
export type GestionnaireActif = z.infer<typeof gestionnaireActifSchema>;
