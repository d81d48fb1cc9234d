import {
  type AccountStatut,
  fullName,
  isStaffRole,
  ROLES,
  type Utilisateur,
  type UtilisateurListQuery,
  type UtilisateurStats,
  type UtilisateurUpdate,
  type utilisateurCreateSchema,
} from '@app/shared';
import type { z } from 'zod';
import type { Caller } from '../../caller.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { changedFields, insertAudit } from '../audit/audit.repository.ts';
import { liftLoginLocks, revokeAccountSessions } from '../auth/auth.repository.ts';
import { hashPassword, temporaryPassword } from '../auth/passwords.ts';
import { linkDemandesToDemandeur } from '../demandes/demandes.repository.ts';
import { nouveauCompte, securite } from '../notifications/notifications.evenements.ts';
import { notifier } from '../notifications/notifications.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { assertAccountChange, assertPasswordPolicy, setAccountStatut, updateAccount } from './accounts.ts';
import {
  type AccountRow,
  accountStats,
  deleteUtilisateur,
  findAccount,
  insertUtilisateur,
  listAccounts,
} from './utilisateurs.repository.ts';

const notFound = () => new AppError('NOT_FOUND', 'Utilisateur non trouvé');

function toUtilisateur(row: AccountRow, media: MediaStore): Utilisateur {
  return {
    id: row.id,
    nom: row.nom,
    prenom: row.prenom,
    email: row.email,
    telephone: row.telephone,
    photo_profil: row.photo_profil ? media.url(row.photo_profil) : null,
    role: row.role,
    statut: row.statut,
    code: row.code,
    must_change_password: row.must_change_password,
    deux_facteurs: row.deux_facteurs,
    date_derniere_connexion: row.date_derniere_connexion?.toISOString() ?? null,
    created_by: row.created_by,
    updated_by: row.updated_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function toUtilisateurStats(row: Awaited<ReturnType<typeof accountStats>>): UtilisateurStats {
  return {
    total: Number(row.total),
    actifs: Number(row.actifs),
    inactifs: Number(row.inactifs),
    suspendus: Number(row.suspendus),
    par_role: Object.fromEntries(ROLES.map((role) => [role, Number(row[role])])) as UtilisateurStats['par_role'],
  };
}

/** User accounts (spec 3 §2.10): every action is the admin's and goes through the account rules. */
export class UtilisateursService {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    private readonly media: MediaStore,
  ) {}

  async list(_caller: Caller, query: UtilisateurListQuery) {
    const { rows, pagination } = await listAccounts(this.db, query);
    return { data: rows.map((row) => toUtilisateur(row, this.media)), pagination };
  }

  async get(_caller: Caller, id: number): Promise<Utilisateur> {
    const row = await findAccount(this.db, id);
    if (!row) throw notFound();
    return toUtilisateur(row, this.media);
  }

  async stats(_caller: Caller): Promise<UtilisateurStats> {
    return toUtilisateurStats(await accountStats(this.db));
  }

  async create(caller: Caller, body: z.output<typeof utilisateurCreateSchema>): Promise<Utilisateur> {
    await assertPasswordPolicy(this.settings, body.mot_de_passe, 'mot_de_passe');
    const password_hash = await hashPassword(body.mot_de_passe);
    const id = await this.db.transaction().execute(async (trx) => {
      const { mot_de_passe: _secret, ...identity } = body;
      const { id } = await insertUtilisateur(trx, {
        ...identity,
        telephone: identity.telephone ?? null,
        password_hash,
        photo_profil: null,
        created_by: caller.id,
        updated_by: caller.id,
      });
      await insertAudit(trx, caller, {
        action: 'created',
        table_name: 'utilisateurs',
        record_id: id,
        new_values: identity,
      });
      await notifier(trx, nouveauCompte(id, fullName(identity), identity.role), { roles: ['admin'], sauf: caller.id });
      // The applicant's requests become his (the dashboard's 'Mes demandes d’inscription').
      if (identity.role === 'demandeur') await linkDemandesToDemandeur(trx, id, identity.email);
      return id;
    });
    return this.get(caller, id);
  }

  async update(caller: Caller, id: number, patch: UtilisateurUpdate): Promise<Utilisateur> {
    await this.db.transaction().execute(async (trx) => {
      const before = await findAccount(trx, id);
      if (!before) throw notFound();
      const { old_values, new_values } = changedFields(before, patch as Partial<AccountRow>);
      if (Object.keys(new_values).length === 0) return;
      await assertAccountChange(trx, caller.id, before, { role: new_values.role });
      await updateAccount(trx, id, new_values, caller.id);
      await insertAudit(trx, caller, {
        action: 'updated',
        table_name: 'utilisateurs',
        record_id: id,
        old_values,
        new_values,
      });
    });
    return this.get(caller, id);
  }

  /** Activate, deactivate or suspend; leaving 'actif' ends the account's sessions. */
  async setStatut(caller: Caller, id: number, statut: AccountStatut): Promise<Utilisateur> {
    await this.db.transaction().execute(async (trx) => {
      const before = await findAccount(trx, id);
      if (!before) throw notFound();
      if (before.statut === statut) return;
      await assertAccountChange(trx, caller.id, before, { statut });
      await setAccountStatut(trx, id, statut, caller.id);
      await insertAudit(trx, caller, {
        action: 'updated',
        table_name: 'utilisateurs',
        record_id: id,
        old_values: { statut: before.statut },
        new_values: { statut },
      });
    });
    return this.get(caller, id);
  }

  /** Deletes an account (and its staff file); member accounts are never deleted. */
  async remove(caller: Caller, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const before = await findAccount(trx, id);
      if (!before) throw notFound();
      await assertAccountChange(trx, caller.id, before, { deleted: true });
      await deleteUtilisateur(trx, id);
      await insertAudit(trx, caller, {
        action: 'deleted',
        table_name: 'utilisateurs',
        record_id: id,
        old_values: {
          nom: before.nom,
          prenom: before.prenom,
          email: before.email,
          role: before.role,
          code: before.code,
        },
      });
    });
  }

  /**
   * A temporary password for someone else's account, answered once and never stored in
   * clear: the account must change it at its next sign-in, and its sessions end now.
   */
  async resetPassword(caller: Caller, id: number): Promise<string> {
    if (id === caller.id) {
      throw new AppError('CONFLICT', 'Pour votre propre compte, changez votre mot de passe depuis votre profil.');
    }
    const { security } = await this.settings.get();
    const tempPassword = temporaryPassword(security.passwordMinLength);
    const password_hash = await hashPassword(tempPassword);
    await this.db.transaction().execute(async (trx) => {
      const before = await findAccount(trx, id);
      if (!before) throw notFound();
      await updateAccount(
        trx,
        id,
        {
          password_hash,
          must_change_password: true,
          password_changed_at: new Date(),
        },
        caller.id,
      );
      await revokeAccountSessions(trx, id, 'password_reset_by_admin');
      await liftLoginLocks(trx, id);
      await insertAudit(trx, caller, {
        action: 'PASSWORD_RESET',
        table_name: 'utilisateurs',
        record_id: id,
        new_values: { must_change_password: true },
      });
      if (isStaffRole(before.role)) {
        await notifier(
          trx,
          securite(
            `reinitialisation:${id}:${Date.now()}`,
            'Mot de passe réinitialisé',
            `Le mot de passe de ${fullName(before)} a été réinitialisé par un administrateur.`,
          ),
          { roles: ['admin'], utilisateurs: [id], sauf: caller.id },
        );
      }
    });
    return tempPassword;
  }
}
