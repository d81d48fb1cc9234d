import { z } from 'zod';
import { pageQuerySchema } from './api.ts';
import { emailField, optionalText, requiredText } from './fields.ts';
import { accountStatutSchema, ROLES, type Role, roleSchema, STAFF_ROLES } from './roles.ts';

/** A user account (spec 3 §3), whatever its role. */
export const utilisateurSchema = z.object({
  id: z.number().int(),
  nom: z.string(),
  prenom: z.string(),
  email: z.string(),
  telephone: z.string().nullable(),
  /** The profile photo's signed address, or null. */
  photo_profil: z.string().nullable(),
  role: roleSchema,
  statut: accountStatutSchema,
  /** The employee code or member code linked to the account, if any. */
  code: z.string().nullable(),
  must_change_password: z.boolean(),
  /** Two-factor sign-in is active on the account. */
  deux_facteurs: z.boolean(),
  date_derniere_connexion: z.string().nullable(),
  created_by: z.number().int().nullable(),
  updated_by: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Utilisateur = z.infer<typeof utilisateurSchema>;

/**
 * Roles an account can be created with from the users page: staff accounts come with their
 * staff file from the staff page, member accounts from a validated registration request
 * (decisions §3, §5).
 */
export const CREATABLE_ROLES = ['demandeur'] as const satisfies readonly Role[];

const accountFields = {
  nom: requiredText('Le nom est requis', 100),
  prenom: requiredText('Le prénom est requis', 100),
  email: emailField('L’e-mail n’est pas valide'),
  telephone: optionalText(30),
  role: z.enum(ROLES, { error: 'Veuillez choisir un rôle' }),
};

/** The role refused on the users page says where such an account is created. */
function creatableRoleMessage(role: unknown): string {
  if ((STAFF_ROLES as readonly unknown[]).includes(role)) return PEOPLE_MESSAGES.staffFileNeeded;
  if (role === 'membre') return PEOPLE_MESSAGES.membreFromDemande;
  return 'Veuillez choisir un rôle';
}

export const utilisateurCreateSchema = z.object({
  ...accountFields,
  role: z.enum(CREATABLE_ROLES, { error: (issue) => creatableRoleMessage(issue.input) }).default('demandeur'),
  mot_de_passe: z
    .string({ error: 'Le mot de passe est requis' })
    .min(6, 'Le mot de passe doit contenir au moins 6 caractères')
    .max(128),
});
export type UtilisateurCreate = z.input<typeof utilisateurCreateSchema>;

/** PUT /utilisateurs/{id}: identity and role; the status has its own actions. */
export const utilisateurUpdateSchema = z.object(accountFields).partial();
export type UtilisateurUpdate = z.infer<typeof utilisateurUpdateSchema>;

export const UTILISATEUR_SORTS = [
  'nom',
  'prenom',
  'email',
  'role',
  'statut',
  'created_at',
  'date_derniere_connexion',
] as const;

export const utilisateurListQuerySchema = pageQuerySchema.extend({
  limit: pageQuerySchema.shape.limit.default(10),
  search: z.string().trim().max(100).optional(),
  role: roleSchema.optional(),
  statut: accountStatutSchema.optional(),
  sortBy: z.enum(UTILISATEUR_SORTS).default('nom'),
});
export type UtilisateurListQuery = z.infer<typeof utilisateurListQuerySchema>;

export const utilisateurStatsSchema = z.object({
  total: z.number().int(),
  actifs: z.number().int(),
  inactifs: z.number().int(),
  suspendus: z.number().int(),
  par_role: z.object({
    admin: z.number().int(),
    gestionnaire: z.number().int(),
    comptable: z.number().int(),
    commercial: z.number().int(),
    membre: z.number().int(),
    demandeur: z.number().int(),
  }),
});
export type UtilisateurStats = z.infer<typeof utilisateurStatsSchema>;

/** The answer of an admin password reset: shown once (decisions §3). */
export const tempPasswordSchema = z.object({ tempPassword: z.string() });

export const PEOPLE_MESSAGES = {
  lastAdmin: 'Impossible : il doit rester au moins un administrateur actif.',
  notSelf: 'Vous ne pouvez pas effectuer cette action sur votre propre compte.',
  membreNeverDeleted:
    'Les membres ne sont jamais supprimés : leur historique de paiements doit être conservé. Désactivez ou suspendez le membre.',
  membreRoleFixed: 'Le rôle d’un compte membre ne peut pas être changé, ni un autre compte devenir membre.',
  staffRoleKept:
    'Ce compte a une fiche du personnel : son rôle doit rester admin, gestionnaire, comptable ou commercial.',
  gestionnaireHasClients: (count: number) =>
    `Ce gestionnaire suit encore ${count} membre(s) : réassignez-les à un autre gestionnaire d’abord.`,
  cniTaken: 'Ce numéro CNI est déjà enregistré.',
  codeTaken: 'Ce code employé est déjà utilisé.',
  staffFileNeeded:
    'Un compte du personnel se crée depuis la page Gestion des Personnels, avec sa fiche et son code employé.',
  membreFromDemande: 'Un compte membre naît de la validation de sa demande d’inscription.',
  keptForHistory: 'Ce compte a traité des demandes : il est gardé pour l’historique. Désactivez-le plutôt.',
} as const;
