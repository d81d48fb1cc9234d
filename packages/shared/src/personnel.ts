import { z } from 'zod';
import { pageQuerySchema } from './api.ts';
import { AMOUNT_MESSAGES, choiceField, emailField, idField, intField, optionalText, requiredText } from './fields.ts';
import { cniSchema } from './membres.ts';
import { accountStatutSchema, type Role, STAFF_ROLES } from './roles.ts';
import { STAFF_ID_DESCRIPTION } from './staff-id.ts';

export const staffRoleSchema = z.enum(STAFF_ROLES, { error: 'Veuillez choisir un rôle' });
export type StaffRole = z.infer<typeof staffRoleSchema>;

/** Departments of the add-staff form (spec 3 §5); the page's filter lists the first five. */
export const DEPARTEMENTS = [
  'Direction',
  'Gestion',
  'Comptabilité',
  'Commercial',
  'Administration',
  'Technique',
] as const;

/** Employee codes: CHES-{role prefix}-{6 digits} (spec 3 §5, §9). */
export const EMPLOYEE_CODE_PREFIXES: Record<StaffRole, string> = {
  admin: 'ADM',
  gestionnaire: 'GES',
  comptable: 'CPT',
  commercial: 'COM',
};
export const EMPLOYEE_CODE_PATTERN = /^CHES-(ADM|GES|CPT|COM)-[0-9]{6}$/;

/** A code for the role; `digits` is six digits (the server draws them at random and retries on a clash). */
export function employeeCode(role: StaffRole, digits: string): string {
  return `CHES-${EMPLOYEE_CODE_PREFIXES[role]}-${digits}`;
}

export function isStaffRole(role: Role | string): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role);
}

/** A staff member (spec 3 §3): the staff file with its account's identity, role and status. */
export const personnelSchema = z.object({
  id: z.number().int().describe(STAFF_ID_DESCRIPTION),
  code_employe: z.string(),
  num_cni: z.string(),
  nom: z.string(),
  prenom: z.string(),
  email: z.string(),
  telephone: z.string().nullable(),
  /** The profile photo's signed address, or null. */
  photo_profil: z.string().nullable(),
  role: staffRoleSchema,
  departement: z.string(),
  poste: z.string(),
  date_embauche: z.string(),
  salaire: z.number().nullable(),
  statut: accountStatutSchema,
  date_derniere_connexion: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Personnel = z.infer<typeof personnelSchema>;

const personnelFields = {
  num_cni: cniSchema,
  nom: requiredText('Le nom est requis', 100),
  prenom: requiredText('Le prénom est requis', 100),
  email: emailField(),
  telephone: optionalText(30),
  role: staffRoleSchema,
  departement: choiceField(DEPARTEMENTS, 'Veuillez choisir un département'),
  poste: requiredText('Le poste est requis', 150),
  date_embauche: z.iso.date({ error: 'La date d’embauche est requise' }),
  salaire: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    intField('Le salaire doit être supérieur à 0', {
      min: 1,
      max: 1e12,
      integerMessage: 'Le salaire doit être un nombre entier de FCFA',
      maxMessage: AMOUNT_MESSAGES.tooLarge(1e12),
    }).nullable(),
  ),
  statut: accountStatutSchema,
};

/** `/personnel/{id}`: the account id, as everywhere a staff member is named. */
export const personnelParamsSchema = z.object({ id: idField().describe(STAFF_ID_DESCRIPTION) });

/** POST /admin/personnel: creates the staff file and its account. Without a code, the server draws one. */
export const personnelCreateSchema = z
  .object({
    ...personnelFields,
    code_employe: z
      .string()
      .trim()
      .toUpperCase()
      .regex(EMPLOYEE_CODE_PATTERN, 'Le code employé doit avoir la forme CHES-ADM-123456')
      .optional(),
    password: z
      .string({ error: 'Le mot de passe est requis' })
      .min(6, 'Le mot de passe doit contenir au moins 6 caractères')
      .max(128),
    role: personnelFields.role.default('commercial'),
    statut: personnelFields.statut.default('actif'),
  })
  .refine((body) => !body.code_employe || body.code_employe.startsWith(`CHES-${EMPLOYEE_CODE_PREFIXES[body.role]}-`), {
    message: 'Le préfixe du code employé doit correspondre au rôle',
    path: ['code_employe'],
  });
export type PersonnelCreate = z.input<typeof personnelCreateSchema>;

/** PUT /personnel/{id}: only the fields sent change; activate and deactivate send `statut`. */
export const personnelUpdateSchema = z.object(personnelFields).partial();
export type PersonnelUpdate = z.infer<typeof personnelUpdateSchema>;

export const PERSONNEL_SORTS = [
  'nom',
  'prenom',
  'email',
  'role',
  'departement',
  'date_embauche',
  'created_at',
] as const;

export const personnelListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  role: staffRoleSchema.optional(),
  departement: choiceField(DEPARTEMENTS).optional(),
  statut: accountStatutSchema.optional(),
  sortBy: z.enum(PERSONNEL_SORTS).default('nom'),
});
export type PersonnelListQuery = z.infer<typeof personnelListQuerySchema>;

export const personnelSearchQuerySchema = z.object({
  q: z.string({ error: 'Le terme de recherche est requis' }).trim().min(1, 'Le terme de recherche est requis').max(100),
});

export const personnelStatsSchema = z.object({
  total: z.number().int(),
  actifs: z.number().int(),
  inactifs: z.number().int(),
  suspendus: z.number().int(),
  departements: z.number().int(),
  par_role: z.record(z.string(), z.number().int()),
  par_departement: z.record(z.string(), z.number().int()),
});
export type PersonnelStats = z.infer<typeof personnelStatsSchema>;
