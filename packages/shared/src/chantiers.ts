import { z } from 'zod';
import { pageQuerySchema } from './api.ts';
import { choiceField, idField, intField, MONTANT_MAX, montantField, optionalText } from './fields.ts';
import { formatDate } from './format.ts';
import { INPUT_MESSAGES } from './messages.ts';

/** Construction sites (spec 2 §2 'Gestion des Chantiers', §3 Chantier, §4, §5, §7). */
export const CHANTIER_STATUTS = ['planifie', 'en_cours', 'suspendu', 'termine', 'annule'] as const;
export const chantierStatutSchema = z.enum(CHANTIER_STATUTS);
export type ChantierStatut = z.infer<typeof chantierStatutSchema>;

export const CHANTIER_STATUT_LABELS: Record<ChantierStatut, string> = {
  planifie: 'Planifié',
  en_cours: 'En cours',
  suspendu: 'Suspendu',
  termine: 'Terminé',
  annule: 'Annulé',
};

/** A new chantier is planned or already running (spec 2 §4). */
export const CHANTIER_STATUTS_CREATION = ['planifie', 'en_cours'] as const;

/**
 * The changes of status after creation (the spec leaves them open): planifie → en_cours → termine,
 * en_cours ↔ suspendu, and any unfinished one → annule. Terminé and annulé are final.
 */
export const CHANTIER_TRANSITIONS: Record<ChantierStatut, readonly ChantierStatut[]> = {
  planifie: ['en_cours', 'annule'],
  en_cours: ['suspendu', 'termine', 'annule'],
  suspendu: ['en_cours', 'annule'],
  termine: [],
  annule: [],
};

/** Whether a chantier may go from one status to another (staying put is no change). */
export function canChangeStatut(from: ChantierStatut, to: ChantierStatut): boolean {
  return from === to || CHANTIER_TRANSITIONS[from].includes(to);
}

/** The form's countries (spec 2 §5), the company's own first. */
export const PAYS_CHANTIER = ['Côte d’Ivoire', 'Cameroun', 'Gabon', 'Congo', 'Tchad'] as const;

export const CHANTIER_MESSAGES = {
  nomRequired: 'Le nom du chantier est requis',
  descriptionRequired: 'La description est requise',
  adresseRequired: 'L’adresse est requise',
  villeRequired: 'La ville est requise',
  dateDebutRequired: 'La date de début est requise',
  dateFinRequired: 'La date de fin prévue est requise',
  datesOrder: 'La date de fin doit être postérieure à la date de début',
  budgetInvalid: 'Le budget prévu doit être supérieur à 0',
  budgetUtiliseInvalid: 'Le budget utilisé doit être un nombre positif',
  avancementInvalid: 'L’avancement doit être compris entre 0 et 100',
  paysInvalid: 'Pays non proposé',
  statutCreation: 'Un nouveau chantier est planifié ou en cours',
  videoInvalid: 'L’adresse de la vidéo doit commencer par http:// ou https://',
  photosAdded: 'Photos ajoutées au chantier',
  photoRemoved: 'Photo retirée du chantier',
  responsableNotFound: 'Responsable introuvable : choisissez un membre du personnel actif',
  siteNotFound: 'Site introuvable',
  produitNotFound: 'Produit introuvable',
  produitNotOnSite: 'Ce produit n’appartient pas au site choisi',
  notFound: 'Chantier non trouvé',
  created: 'Chantier créé avec succès',
  updated: 'Chantier mis à jour avec succès',
  deleted: 'Chantier supprimé avec succès',
  deleteConfirm: 'Êtes-vous sûr de vouloir supprimer ce chantier ? Cette action est irréversible.',
  loadError: 'Erreur lors du chargement des chantiers',
  createError: 'Erreur lors de la création du chantier',
  updateError: 'Erreur lors de la mise à jour du chantier',
  deleteError: 'Erreur lors de la suppression du chantier',
  dateUndefined: 'Non définie',
  dateInvalid: 'Date invalide',
} as const;

/** A status change refused, with the changes allowed from there. */
export function transitionRefusedMessage(from: ChantierStatut, to: ChantierStatut): string {
  const allowed = CHANTIER_TRANSITIONS[from].map((s) => CHANTIER_STATUT_LABELS[s].toLowerCase());
  const then = allowed.length
    ? `depuis « ${CHANTIER_STATUT_LABELS[from].toLowerCase()} », il peut passer à : ${allowed.join(', ')}`
    : `un chantier ${CHANTIER_STATUT_LABELS[from].toLowerCase()} ne change plus de statut`;
  return `Un chantier ne passe pas de « ${CHANTIER_STATUT_LABELS[from].toLowerCase()} » à « ${CHANTIER_STATUT_LABELS[to].toLowerCase()} » : ${then}.`;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day of 2000–2100, as 'YYYY-MM-DD'. */
const isCalendarDay = (v: string) =>
  DATE.test(v) &&
  v >= '2000-01-01' &&
  v <= '2100-12-31' &&
  !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
  new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** A chantier date as the screen shows it (spec 2 §2): 'Non définie' when missing, 'Date invalide' when unparsable. */
export function formatChantierDate(value: string | null | undefined): string {
  if (!value) return CHANTIER_MESSAGES.dateUndefined;
  if (DATE.test(value) && !isCalendarDay(value)) return CHANTIER_MESSAGES.dateInvalid;
  return formatDate(value) || CHANTIER_MESSAGES.dateInvalid;
}

/** A form's optional id: empty, 0 or null is none (spec 2 §5: "0 when empty"). */
const optionalId = z.preprocess(
  (v) => (v === '' || v === null || v === 0 || v === '0' ? undefined : v),
  idField().optional(),
);

/** The form's fields, each as it is once the spec's checks have passed. */
const chantierFields = {
  nom_chantier: z.string().trim().max(200),
  description: z.string().trim().max(5000),
  adresse: z.string().trim().max(300),
  ville: z.string().trim().max(100),
  pays: choiceField(PAYS_CHANTIER, CHANTIER_MESSAGES.paysInvalid).default('Côte d’Ivoire'),
  date_debut: z.string().trim(),
  date_fin_prevue: z.string().trim(),
  budget_prevu: montantField(CHANTIER_MESSAGES.budgetInvalid),
  budget_utilise: montantField(CHANTIER_MESSAGES.budgetUtiliseInvalid, { min: 0 }).default(0),
  pourcentage_avancement: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    intField(CHANTIER_MESSAGES.avancementInvalid, { max: 100 }).nullable(),
  ),
  responsable_id: optionalId,
  site_id: optionalId,
  produit_id: optionalId,
  video_url: optionalText(500).refine((v) => !v || /^https?:\/\/\S+$/i.test(v), CHANTIER_MESSAGES.videoInvalid),
};

/** The fields the spec's creation checks read, in its order (spec 2 §5). */
const REQUIRED: [string, string][] = [
  ['nom_chantier', CHANTIER_MESSAGES.nomRequired],
  ['description', CHANTIER_MESSAGES.descriptionRequired],
  ['adresse', CHANTIER_MESSAGES.adresseRequired],
  ['ville', CHANTIER_MESSAGES.villeRequired],
  ['date_debut', CHANTIER_MESSAGES.dateDebutRequired],
  ['date_fin_prevue', CHANTIER_MESSAGES.dateFinRequired],
];

/** What a field holds as text: trimmed; anything that is not text or a number is none. */
const asText = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** The spec's eight checks in order: the first failing one, with its field. */
function firstFailure(v: Record<string, unknown>): { field: string; message: string } | null {
  for (const [field, message] of REQUIRED) {
    const value = asText(v[field]);
    if (!value) return { field, message };
    if (field.startsWith('date_') && !isCalendarDay(value)) return { field, message: INPUT_MESSAGES.dateInvalid };
  }
  if (asText(v.date_fin_prevue) <= asText(v.date_debut)) {
    return { field: 'date_fin_prevue', message: CHANTIER_MESSAGES.datesOrder };
  }
  const budget = asText(v.budget_prevu);
  if (!/^\d{1,16}$/.test(budget) || Number(budget) <= 0 || Number(budget) > MONTANT_MAX) {
    return { field: 'budget_prevu', message: CHANTIER_MESSAGES.budgetInvalid };
  }
  return null;
}

/**
 * The spec's checks run first, in its order, and stop at the first failure (spec 2 §5), on both
 * sides, so one message is said at a time; the other fields are read once those pass.
 */
function ordered<S extends z.ZodObject>(fields: S) {
  return z
    .looseObject({})
    .superRefine((v, ctx) => {
      const failure = firstFailure(v);
      if (failure) ctx.addIssue({ code: 'custom', path: [failure.field], message: failure.message });
    })
    .pipe(fields);
}

/** The body's fields, for the API reference. */
export const CHANTIER_FORM_FIELDS = [...Object.keys(chantierFields), 'statut'];

/** POST /chantiers: planned (default) or already running. */
export const chantierCreateSchema = ordered(
  z.object({
    ...chantierFields,
    statut: z.enum(CHANTIER_STATUTS_CREATION, { error: CHANTIER_MESSAGES.statutCreation }).default('planifie'),
  }),
);
export type ChantierCreateBody = z.input<typeof chantierCreateSchema>;

/** PUT /chantiers/{id}: the same form, with any status the transitions allow from the current one. */
export const chantierUpdateSchema = ordered(z.object({ ...chantierFields, statut: chantierStatutSchema }));
export type ChantierUpdateBody = z.input<typeof chantierUpdateSchema>;

const personRef = z.object({ id: z.number().int(), nom: z.string(), prenom: z.string() });

export const chantierSchema = z.object({
  id: z.number().int(),
  nom_chantier: z.string(),
  description: z.string(),
  adresse: z.string(),
  ville: z.string(),
  pays: z.string(),
  date_debut: z.string(),
  date_fin_prevue: z.string(),
  date_debut_reelle: z.string().nullable(),
  date_fin_reelle: z.string().nullable(),
  statut: chantierStatutSchema,
  budget_prevu: z.number(),
  budget_utilise: z.number(),
  /** As entered (0–100), or null: the shared rule `chantierProgress` gives the value shown. */
  pourcentage_avancement: z.number().int().nullable(),
  responsable_id: z.number().int().nullable(),
  site_id: z.number().int().nullable(),
  produit_id: z.number().int().nullable(),
  video_url: z.string().nullable(),
  /** Its photos at their signed addresses, oldest first (up to MEDIA_LIMITS.chantier). */
  photos: z.array(z.object({ id: z.number().int(), url: z.string(), nom: z.string() })),
  /** In progress past its planned end. */
  en_retard: z.boolean(),
  responsable: personRef.nullable(),
  produit: z.object({ id: z.number().int(), titre: z.string(), type: z.string(), prix_vente: z.number() }).nullable(),
  site: z.object({ id: z.number().int(), nom_site: z.string(), ville_site: z.string() }).nullable(),
  createur: personRef.nullable(),
  created_by: z.number().int().nullable(),
  updated_by: z.number().int().nullable(),
  date_creation: z.string(),
  date_modification: z.string(),
});
export type Chantier = z.infer<typeof chantierSchema>;

export const CHANTIER_SORTS = ['date_debut', 'date_fin_prevue', 'nom_chantier', 'statut', 'date_creation'] as const;

/** The screen asks for 20 a page, newest start first (spec 2 §7); the service's default page is 10. */
export const CHANTIER_PAGE_SIZE = 20;

export const chantierListQuerySchema = pageQuerySchema.extend({
  limit: pageQuerySchema.shape.limit.default(10),
  search: z.string().trim().max(100).optional(),
  statut: z.preprocess((v) => (v === '' ? undefined : v), chantierStatutSchema.optional()),
  ville: z.string().trim().max(100).optional(),
  responsable_id: idField().optional(),
  site_id: idField().optional(),
  produit_id: idField().optional(),
  sortBy: z.enum(CHANTIER_SORTS).default('date_debut'),
  sortOrder: pageQuerySchema.shape.sortOrder.default('desc'),
});
export type ChantierListQuery = z.infer<typeof chantierListQuerySchema>;
export type ChantierFilters = z.input<typeof chantierListQuerySchema>;

/** GET /chantiers/stats, within the caller's scope. */
export const chantierStatsSchema = z.object({
  total: z.number().int(),
  par_statut: z.record(chantierStatutSchema, z.number().int()),
  /** Cities with their count, most first: the screen's city filter. */
  par_ville: z.array(z.object({ ville: z.string(), nombre: z.number().int() })),
  budget_prevu: z.number(),
  budget_utilise: z.number(),
  /** The mean of the progress shown (entered, or by the rule), whole percent; 0 without chantiers. */
  avancement_moyen: z.number().int(),
  /** In progress past their planned end. */
  en_retard: z.number().int(),
});
export type ChantierStats = z.infer<typeof chantierStatsSchema>;
