import { z } from 'zod';
import { pageQuerySchema } from './api.ts';
import { decimalField, idField, intField, montantField } from './fields.ts';

/** Upload limits of the catalogue forms (spec 2 §5, §9). */
export const MEDIA_LIMITS = {
  maxFileBytes: 10 * 1024 * 1024,
  produit: { photos: { min: 1, max: 10 }, plans: { min: 1, max: 5 } },
  site: { photos: { min: 1, max: 5 }, plans: { min: 0, max: 5 } },
  chantier: { photos: { min: 0, max: 10 } },
} as const;

/** Content types accepted, checked on the bytes by the server (not on the file name). */
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PLAN_MIME_TYPES = [
  ...PHOTO_MIME_TYPES,
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;

/** File-count messages of the product and site forms, the same in the browser and from the API. */
export const MEDIA_MESSAGES = {
  imageRequired: 'Au moins une image est obligatoire',
  planRequired: 'Au moins un plan est obligatoire',
  photoRequired: 'Au moins une photo est obligatoire',
  tooMany: (max: number, what: 'images' | 'photos' | 'plans') => `Au maximum ${max} ${what}`,
} as const;

export function fileTooLargeMessage(kind: 'image' | 'photo' | 'plan', name: string): string {
  const article = kind === 'plan' ? 'Le plan' : kind === 'photo' ? 'La photo' : 'L’image';
  const adjective = kind === 'plan' ? 'trop volumineux' : 'trop volumineuse';
  return `${article} « ${name} » est ${adjective}. Taille maximum : 10 Mo`;
}

const optionalUrl = z
  .string()
  .trim()
  .max(500)
  .transform((v) => (v === '' ? null : v))
  .pipe(z.url({ protocol: /^https?$/, error: 'Le lien doit être une URL valide (https://…)' }).nullable())
  .nullish()
  .transform((v) => v ?? null);

/** Amounts in FCFA (bigint columns). Numbers arrive as JSON numbers or, from a multipart form, as digits. */
const MAX_AMOUNT = 1e13;
const amount = (message: string) => montantField(message, { max: MAX_AMOUNT });
const count = (message: string) => intField(message, { max: 99 });

// ---------------------------------------------------------------- Sites

export const siteSchema = z.object({
  id: z.number().int(),
  nom_site: z.string(),
  adresse_site: z.string(),
  ville_site: z.string(),
  prix_metre_carre: z.number(),
  localisation_site: z.string().nullable(),
  video_site: z.string().nullable(),
  photo_site: z.string().nullable(),
  plan_site: z.string().nullable(),
  photos_site: z.array(z.string()),
  plans_site: z.array(z.string()),
  est_actif: z.boolean(),
  nombre_produits: z.number().int(),
  /** Staff only (right catalogue.management_info): absent for members and applicants. */
  created_by: z.number().int().nullable().optional(),
  updated_by: z.number().int().nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Site = z.infer<typeof siteSchema>;

/** The site form's fields (spec 2 §5), without the files. */
export const siteBodySchema = z.object({
  nom_site: z.string({ error: 'Le nom du site est requis' }).trim().min(1, 'Le nom du site est requis').max(150),
  adresse_site: z.string({ error: 'L’adresse est requise' }).trim().min(1, 'L’adresse est requise').max(300),
  ville_site: z.string({ error: 'La ville est requise' }).trim().min(1, 'La ville est requise').max(100),
  prix_metre_carre: amount('Le prix par m² doit être supérieur à 0'),
  localisation_site: z
    .string()
    .trim()
    .max(300)
    .nullish()
    .transform((v) => v || null),
  video_site: optionalUrl,
});
export type SiteBody = z.infer<typeof siteBodySchema>;

export const SITE_SORTS = ['nom_site', 'ville_site', 'prix_metre_carre', 'created_at'] as const;
export const siteListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  ville_site: z.string().trim().max(100).optional(),
  est_actif: z.enum(['true', 'false']).optional(),
  sortBy: z.enum(SITE_SORTS).default('nom_site'),
});
export type SiteListQuery = z.infer<typeof siteListQuerySchema>;

export const siteStatsSchema = z.object({
  total: z.number().int(),
  actifs: z.number().int(),
  villes: z.number().int(),
  prix_moyen_m2: z.number().nullable(),
  /** The lowest price per m²: where a buyer's budget starts. */
  prix_min_m2: z.number().nullable(),
});

// ---------------------------------------------------------------- Produits

export const PRODUIT_TYPES = ['logement', 'terrain'] as const;
export const DISPONIBILITES = ['disponible', 'reserve'] as const;

export const produitSiteSchema = z.object({
  id: z.number().int(),
  nom_site: z.string(),
  adresse_site: z.string(),
  ville_site: z.string(),
  prix_metre_carre: z.number(),
  localisation_site: z.string().nullable(),
  photo_site: z.string().nullable(),
  plan_site: z.string().nullable(),
  video_site: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const produitSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  site: produitSiteSchema,
  titre: z.string(),
  description: z.string(),
  type: z.enum(PRODUIT_TYPES),
  superficie: z.number(),
  surface: z.number(),
  nombre_chambre: z.number().int(),
  nombre_salon: z.number().int(),
  nombre_cuisine: z.number().int(),
  nombre_toilette: z.number().int(),
  delais_construction: z.number().int().nullable(),
  prix_vente: z.number(),
  caution: z.number(),
  /** prix_vente ÷ superficie, rounded (spec 2 §9). */
  prix_m2: z.number(),
  photos_logement: z.array(z.string()),
  plan_logement: z.array(z.string()),
  video_logement: z.string().nullable(),
  disponibilite: z.enum(DISPONIBILITES),
  est_actif: z.boolean(),
  date_creation: z.string(),
  date_modification: z.string(),
  /** Staff only (right catalogue.management_info): absent for members and applicants. */
  created_by: z.number().int().nullable().optional(),
  updated_by: z.number().int().nullable().optional(),
});
export type Produit = z.infer<typeof produitSchema>;

const MONTHS = 'Le délai de construction doit être un nombre de mois';

/** The product form's fields (spec 2 §5), without the files; an edit sends those it changes. */
export const produitFieldsSchema = z.object({
  titre: z.string({ error: 'Le titre du produit est requis' }).trim().min(1, 'Le titre du produit est requis').max(200),
  description: z.string({ error: 'La description est requise' }).trim().min(1, 'La description est requise').max(5000),
  type: z.enum(PRODUIT_TYPES, { error: 'Le type doit être logement ou terrain' }),
  superficie: decimalField('La superficie doit être supérieure à 0', { max: 10_000_000 }).refine(
    (v) => v > 0,
    'La superficie doit être supérieure à 0',
  ),
  prix_vente: amount('Le prix de vente doit être supérieur à 0'),
  caution: montantField('La caution ne peut pas être négative', { min: 0, max: MAX_AMOUNT }).default(0),
  nombre_chambre: count('Le nombre de chambres ne peut pas être négatif').default(1),
  nombre_salon: count('Le nombre de salons doit être supérieur à 0').default(1),
  nombre_cuisine: count('Le nombre de cuisines doit être supérieur à 0').default(1),
  nombre_toilette: count('Le nombre de toilettes doit être supérieur à 0').default(1),
  // Empty (or null) means no delay, e.g. a plot, or a delay cleared in an edit.
  delais_construction: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    intField(MONTHS, { min: 1, max: 240 }).nullable(),
  ),
  site_id: idField('Veuillez sélectionner un site'),
  video_logement: optionalUrl,
});

/** A product as created or as it stands after an edit: rooms a housing must have. */
export const produitBodySchema = produitFieldsSchema.superRefine((body, ctx) => {
  // Living rooms, kitchens and toilets must be greater than 0 for housing; a plot may have none.
  if (body.type !== 'logement') return;
  const rooms = [
    ['nombre_salon', 'Le nombre de salons doit être supérieur à 0'],
    ['nombre_cuisine', 'Le nombre de cuisines doit être supérieur à 0'],
    ['nombre_toilette', 'Le nombre de toilettes doit être supérieur à 0'],
  ] as const;
  for (const [field, message] of rooms) {
    if (body[field] < 1) ctx.addIssue({ code: 'custom', path: [field], message });
  }
});
export type ProduitBody = z.infer<typeof produitBodySchema>;

export const PRODUIT_SORTS = ['date_creation', 'titre', 'prix_vente', 'superficie'] as const;
export const produitListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  type: z.enum(PRODUIT_TYPES).optional(),
  disponibilite: z.enum(DISPONIBILITES).optional(),
  site_id: idField().optional(),
  ville: z.string().trim().max(100).optional(),
  prix_min: intField(undefined, { max: MAX_AMOUNT }).optional(),
  prix_max: intField(undefined, { max: MAX_AMOUNT }).optional(),
  sortBy: z.enum(PRODUIT_SORTS).default('date_creation'),
  sortOrder: z
    .enum(['asc', 'desc', 'ASC', 'DESC'])
    .default('desc')
    .transform((v) => v.toLowerCase() as 'asc' | 'desc'),
});
export type ProduitListQuery = z.infer<typeof produitListQuerySchema>;

export const produitStatsSchema = z.object({
  total: z.number().int(),
  logements: z.number().int(),
  terrains: z.number().int(),
  disponibles: z.number().int(),
  reserves: z.number().int(),
  prix_moyen: z.number().nullable(),
});

// ---------------------------------------------------------------- Favoris

export const favoriSchema = z.object({
  produit_id: z.number().int(),
  created_at: z.string(),
  produit: z.object({
    id: z.number().int(),
    titre: z.string(),
    type: z.enum(PRODUIT_TYPES),
    prix_vente: z.number(),
    surface: z.number(),
    photo: z.string().nullable(),
    disponibilite: z.enum(DISPONIBILITES),
    site: z.object({ id: z.number().int(), nom_site: z.string(), ville_site: z.string() }),
  }),
});
export type Favori = z.infer<typeof favoriSchema>;

export const favoriBodySchema = z.object({
  produit_id: idField('Produit invalide'),
});
