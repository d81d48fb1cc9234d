import { type AccountStatut, isStaffRole, PEOPLE_MESSAGES, passwordProblem, type Role } from '@app/shared';
import type { Executor } from '../../db/database.ts';
import type { UtilisateurUpdate } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { revokeAccountSessions } from '../auth/auth.repository.ts';
import { countClients } from '../membres/membres.repository.ts';
import { hasStaffFile } from '../personnel/personnel.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { lockActiveAdmins, updateUtilisateur } from './utilisateurs.repository.ts';

interface AccountState {
  id: number;
  role: Role;
  statut: AccountStatut;
}

/** What a change does to an account: a new role, a new status, or its removal. */
interface AccountChange {
  role?: Role | undefined;
  statut?: AccountStatut | undefined;
  deleted?: boolean;
}

/**
 * The rules every account change goes through, whichever page makes it: nobody disables,
 * demotes or deletes their own account; at least one active admin always remains; a member
 * account keeps its role and is never deleted; a staff file keeps a staff role, and only an
 * account with a staff file takes one; a
 * gestionnaire who still follows members keeps his role and account until they are
 * reassigned. Call it inside the change's transaction: the active admins are locked until
 * it ends, so two admins cannot demote each other at the same moment.
 */
export async function assertAccountChange(
  db: Executor,
  actorId: number | null,
  target: AccountState,
  change: AccountChange,
) {
  const roleChanges = change.role !== undefined && change.role !== target.role;
  if (change.deleted && target.role === 'membre') throw new AppError('CONFLICT', PEOPLE_MESSAGES.membreNeverDeleted);
  if (roleChanges && (target.role === 'membre' || change.role === 'membre')) {
    throw new AppError('CONFLICT', PEOPLE_MESSAGES.membreRoleFixed);
  }
  const losesAccess =
    change.deleted === true || (change.statut !== undefined && change.statut !== 'actif') || roleChanges;
  if (!losesAccess) return;
  if (target.id === actorId) throw new AppError('CONFLICT', PEOPLE_MESSAGES.notSelf);
  if (roleChanges && change.role) {
    const file = await hasStaffFile(db, target.id);
    if (file && !isStaffRole(change.role)) throw new AppError('CONFLICT', PEOPLE_MESSAGES.staffRoleKept);
    if (!file && isStaffRole(change.role)) throw new AppError('CONFLICT', PEOPLE_MESSAGES.staffFileNeeded);
  }
  if ((roleChanges || change.deleted) && target.role === 'gestionnaire') {
    const clients = await countClients(db, target.id);
    if (clients > 0) throw new AppError('CONFLICT', PEOPLE_MESSAGES.gestionnaireHasClients(clients));
  }
  if (target.role !== 'admin' || target.statut !== 'actif') return;
  const admins = await lockActiveAdmins(db);
  if (admins.every((admin) => admin.id === target.id)) throw new AppError('CONFLICT', PEOPLE_MESSAGES.lastAdmin);
}

/** Sets an account's status; leaving 'actif' ends its sessions at once. */
export async function setAccountStatut(db: Executor, id: number, statut: AccountStatut, updatedBy: number | null) {
  await updateUtilisateur(db, id, { statut, updated_by: updatedBy });
  if (statut !== 'actif') await revokeAccountSessions(db, id, `statut_${statut}`);
}

/** Refuses a password the settings' policy does not accept, as a field error. */
export async function assertPasswordPolicy(settings: SettingsService, password: string, field: string) {
  const { security } = await settings.get();
  const problem = passwordProblem(password, security);
  if (problem) throw new AppError('VALIDATION_ERROR', problem, { [field]: problem });
}

/** Changes an account's identity fields and role (the status goes through setAccountStatut). */
export async function updateAccount(db: Executor, id: number, values: UtilisateurUpdate, updatedBy: number | null) {
  if (Object.keys(values).length === 0) return;
  await updateUtilisateur(db, id, { ...values, updated_by: updatedBy });
}
