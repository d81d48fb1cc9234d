import { z } from 'zod';
import { pageQuerySchema } from './api.ts';
import { emailField, idField, optionalText, requiredText } from './fields.ts';
import { accountStatutSchema } from './roles.ts';
import { STAFF_ID_DESCRIPTION } from './staff-id.ts';

export const TYPES_MEMBRE = ['standard', 'premium', 'vip'] as const;
export const typeMembreSchema = z.enum(TYPES_MEMBRE);
export type TypeMembre = z.infer<typeof typeMembreSchema>;

export const TYPE_MEMBRE_LABELS: Record<TypeMembre, string> = {
  standard: 'Standard',
  premium: 'Premium',
  vip: 'VIP',
};

/** A member file (spec 3 §3) with its account's identity, product and money figures. */
export const membreSchema = z.object({
  id: z.number().int(),
  utilisateur_id: z.number().int(),
  code_esv: z.string(),
  nom: z.string(),
  prenom: z.string(),
  email: z.string(),
  telephone: z.string().nullable(),
  /** The profile photo's signed address, or null. */
  photo_profil: z.string().nullable(),
  date_naissance: z.string(),
  profession: z.string(),
  adresse: z.string(),
  ville: z.string(),
  pays: z.string(),
  num_cni: z.string(),
  /** The account's status: a suspended or inactive member cannot sign in. */
  statut: accountStatutSchema,
  type_membre: typeMembreSchema,
  date_inscription: z.string(),
  engagement_mensuel: z.number(),
  duree_paiement: z.number().int(),
  /** engagement_mensuel × duree_paiement. */
  montant_total: z.number(),
  montant_deja_paye: z.number(),
  montant_du: z.number(),
  gestionnaire_id: z.number().int().nullable().describe(STAFF_ID_DESCRIPTION),
  gestionnaire: z
    .object({ id: z.number().int().describe(STAFF_ID_DESCRIPTION), nom: z.string(), prenom: z.string() })
    .nullable(),
  produit_id: z.number().int().nullable(),
  produit: z
    .object({
      id: z.number().int(),
      nom: z.string(),
      prix: z.number(),
      type: z.string(),
      site: z.object({ id: z.number().int(), nom: z.string(), adresse: z.string(), ville: z.string() }),
    })
    .nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Membre = z.infer<typeof membreSchema>;

/** Sort fields of the members list (spec 3 §9). */
export const MEMBRE_SORTS = ['nom', 'prenom', 'email', 'date_inscription', 'statut'] as const;

export const membreListQuerySchema = pageQuerySchema.extend({
  limit: pageQuerySchema.shape.limit.default(12),
  search: z.string().trim().max(100).optional(),
  statut: accountStatutSchema.optional(),
  type_membre: typeMembreSchema.optional(),
  gestionnaire_id: idField().describe(STAFF_ID_DESCRIPTION).optional(),
  /** Only the members behind on their instalments today (the dashboard's 'Clients en retard'). */
  en_retard: z.enum(['true', 'false']).optional(),
  sortBy: z.enum(MEMBRE_SORTS).default('nom'),
});
export type MembreListQuery = z.infer<typeof membreListQuerySchema>;

export const membreStatsSchema = z.object({
  total: z.number().int(),
  actifs: z.number().int(),
  inactifs: z.number().int(),
  suspendus: z.number().int(),
  premium: z.number().int(),
  vip: z.number().int(),
  nouveaux_mois: z.number().int(),
  parType: z.array(z.object({ type_membre: typeMembreSchema, count: z.number().int() })),
});
export type MembreStats = z.infer<typeof membreStatsSchema>;

const CNI_MESSAGE = 'Le numéro CNI doit contenir exactement 13 caractères';
export const cniSchema = z
  .string({ error: 'Le numéro CNI est requis' })
  .trim()
  .min(1, 'Le numéro CNI est requis')
  .length(13, CNI_MESSAGE);

/** The detail modal's edit (spec 3 §5 "Member edit"); only the fields sent change. Admin only. */
export const membreUpdateSchema = z
  .object({
    nom: requiredText('Le nom est requis', 100),
    prenom: requiredText('Le prénom est requis', 100),
    email: emailField(),
    telephone: optionalText(30),
    date_naissance: z.iso.date({ error: 'La date de naissance est invalide' }),
    profession: requiredText('La profession est requise', 150),
    adresse: requiredText('L’adresse est requise', 300),
    ville: requiredText('La ville est requise', 100),
    pays: requiredText('Le pays est requis', 100),
    num_cni: cniSchema,
    statut: accountStatutSchema,
    type_membre: typeMembreSchema,
  })
  .partial();
export type MembreUpdate = z.infer<typeof membreUpdateSchema>;

const gestionnaireId = idField('Veuillez sélectionner un gestionnaire').describe(STAFF_ID_DESCRIPTION);

export const membreGestionnaireSchema = z.object({ gestionnaire_id: gestionnaireId });

export const membresGestionnaireSchema = z.object({
  membre_ids: z
    .array(idField(), { error: 'Veuillez sélectionner au moins un membre' })
    .min(1, 'Veuillez sélectionner au moins un membre')
    .max(1000),
  gestionnaire_id: gestionnaireId,
});
