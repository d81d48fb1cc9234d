import {
  type AccountStatut,
  localIsoDate,
  type PasswordPolicy,
  type Personnel,
  type PersonnelCreate,
  type PersonnelUpdate,
  passwordProblem,
  personnelCreateSchema,
  personnelUpdateSchema,
  type StaffRole,
} from '@app/shared';
import { schemaResolver } from '@mantine/form';
import { changedFields } from '../../ui/changed-fields.ts';

/** The add/edit staff form as typed (spec 3 §5); code, password and status only when adding. */
export interface PersonnelFormValues {
  code_employe: string;
  num_cni: string;
  nom: string;
  prenom: string;
  email: string;
  telephone: string;
  password: string;
  role: StaffRole;
  departement: string;
  poste: string;
  date_embauche: string;
  salaire: number | string;
  statut: AccountStatut;
}

/** Defaults: role commercial, status actif, hired today (spec 3 §5). */
export const emptyPersonnelValues = (): PersonnelFormValues => ({
  code_employe: '',
  num_cni: '',
  nom: '',
  prenom: '',
  email: '',
  telephone: '',
  password: '',
  role: 'commercial',
  departement: '',
  poste: '',
  date_embauche: localIsoDate(),
  salaire: '',
  statut: 'actif',
});

export const personnelValues = (p: Personnel): PersonnelFormValues => ({
  code_employe: p.code_employe,
  num_cni: p.num_cni,
  nom: p.nom,
  prenom: p.prenom,
  email: p.email,
  telephone: p.telephone ?? '',
  password: '',
  role: p.role,
  departement: p.departement,
  poste: p.poste,
  date_embauche: p.date_embauche,
  salaire: p.salaire ?? '',
  statut: p.statut,
});

/** The creation body before validation: an empty code is left to the server, which draws one. */
function createInput(values: PersonnelFormValues): Partial<PersonnelFormValues> {
  const { code_employe, ...rest } = values;
  return code_employe.trim() ? values : rest;
}

/** An edit never sends the status: it changes through the cards' actions, which ask first. */
function updateInput(values: PersonnelFormValues): Partial<PersonnelFormValues> {
  const { code_employe: _code, password: _password, statut: _statut, ...rest } = values;
  return rest;
}

const createErrors = schemaResolver(personnelCreateSchema, { sync: true });
const updateErrors = schemaResolver(personnelUpdateSchema, { sync: true });

/**
 * The form's errors, first per field: the shared schemas, and the server's password policy
 * (from the public settings) once known.
 */
export function personnelFormErrors(
  values: PersonnelFormValues,
  mode: 'create' | 'edit',
  policy: PasswordPolicy | undefined,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const found = mode === 'create' ? createErrors(createInput(values)) : updateErrors(updateInput(values));
  for (const [field, message] of Object.entries(found)) if (message) errors[field] = String(message);
  const policyProblem =
    mode === 'create' && policy && values.password ? passwordProblem(values.password, policy) : null;
  if (policyProblem) errors.password = policyProblem;
  return errors;
}

/** The POST /admin/personnel body of valid values. */
export function personnelCreateBody(values: PersonnelFormValues): PersonnelCreate {
  return personnelCreateSchema.parse(createInput(values));
}

/** The PUT /personnel/:id body: the changed fields only, compared with the file as the server sent it. */
export function personnelChanges(values: PersonnelFormValues, current: Personnel): PersonnelUpdate {
  const saved: PersonnelUpdate = {
    num_cni: current.num_cni,
    nom: current.nom,
    prenom: current.prenom,
    email: current.email,
    telephone: current.telephone,
    role: current.role,
    departement: current.departement as PersonnelUpdate['departement'],
    poste: current.poste,
    date_embauche: current.date_embauche,
    salaire: current.salaire,
  };
  return changedFields(personnelUpdateSchema.parse(updateInput(values)), saved);
}
