import {
  type PasswordPolicy,
  passwordProblem,
  type Role,
  type Utilisateur,
  type UtilisateurCreate,
  type UtilisateurUpdate,
  utilisateurCreateSchema,
  utilisateurUpdateSchema,
} from '@app/shared';
import { schemaResolver } from '@mantine/form';
import { changedFields } from '../../ui/changed-fields.ts';

/** The add/edit account form as typed (spec 3 §5 "User creation"); the password only when adding. */
export interface UtilisateurFormValues {
  nom: string;
  prenom: string;
  email: string;
  telephone: string;
  role: Role;
  mot_de_passe: string;
}

/**
 * A new account is a demandeur, the only role created from the users page: a staff account comes
 * with its staff file, a member account from a validated request (decisions §3, §5).
 */
export const emptyUtilisateurValues = (): UtilisateurFormValues => ({
  nom: '',
  prenom: '',
  email: '',
  telephone: '',
  role: 'demandeur',
  mot_de_passe: '',
});

export const utilisateurValues = (u: Utilisateur): UtilisateurFormValues => ({
  nom: u.nom,
  prenom: u.prenom,
  email: u.email,
  telephone: u.telephone ?? '',
  role: u.role,
  mot_de_passe: '',
});

/** An edit sends no password; the role is sent only when changed, which only a staff account's can be. */
function updateInput(values: UtilisateurFormValues): Partial<UtilisateurFormValues> {
  const { mot_de_passe: _password, ...rest } = values;
  return rest;
}

const createErrors = schemaResolver(utilisateurCreateSchema, { sync: true });
const updateErrors = schemaResolver(utilisateurUpdateSchema, { sync: true });

/** The form's errors, first per field: the shared schemas, then the server's password policy once known. */
export function utilisateurFormErrors(
  values: UtilisateurFormValues,
  mode: 'create' | 'edit',
  policy: PasswordPolicy | undefined,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const found = mode === 'create' ? createErrors(values) : updateErrors(updateInput(values));
  for (const [field, message] of Object.entries(found)) if (message) errors[field] = String(message);
  const policyProblem =
    mode === 'create' && policy && values.mot_de_passe ? passwordProblem(values.mot_de_passe, policy) : null;
  if (policyProblem) errors.mot_de_passe = policyProblem;
  return errors;
}

/** The POST /utilisateurs body of valid values. */
export function utilisateurCreateBody(values: UtilisateurFormValues): UtilisateurCreate {
  return utilisateurCreateSchema.parse(values);
}

/** The PUT /utilisateurs/:id body: the changed fields only, compared with the account as the server sent it. */
export function utilisateurChanges(values: UtilisateurFormValues, current: Utilisateur): UtilisateurUpdate {
  const saved = {
    nom: current.nom,
    prenom: current.prenom,
    email: current.email,
    telephone: current.telephone,
    role: current.role,
  } as UtilisateurUpdate;
  return changedFields(utilisateurUpdateSchema.parse(updateInput(values)), saved);
}
