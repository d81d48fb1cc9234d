import { randomInt } from 'node:crypto';
import {
  employeeCode,
  fullName,
  type GestionnaireActif,
  type Personnel,
  type PersonnelListQuery,
  type PersonnelStats,
  type PersonnelUpdate,
  type personnelCreateSchema,
  type StaffRole,
} from '@app/shared';
import type { z } from 'zod';
import type { Caller } from '../../caller.ts';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { changedFields, insertAudit } from '../audit/audit.repository.ts';
import { hashPassword } from '../auth/passwords.ts';
import { nouveauCompte } from '../notifications/notifications.evenements.ts';
import { notifier } from '../notifications/notifications.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import {
  assertAccountChange,
  assertPasswordPolicy,
  setAccountStatut,
  updateAccount,
} from '../utilisateurs/accounts.ts';
import { deleteUtilisateur, insertUtilisateur } from '../utilisateurs/utilisateurs.repository.ts';
import {
  codeEmployeExists,
  findPersonnel,
  insertPersonnel,
  listActiveGestionnaires,
  listPersonnel,
  type PersonnelRow,
  personnelStats,
  searchPersonnel,
  updatePersonnel,
} from './personnel.repository.ts';

const notFound = () => new AppError('NOT_FOUND', 'Personnel non trouvé');

/** Fields kept on the account rather than on the staff file. */
const ACCOUNT_FIELDS = ['nom', 'prenom', 'email', 'telephone', 'role', 'statut'] as const;
const SEARCH_LIMIT = 20;

/** The API names a staff member by his account id (`gere_par`, `gestionnaire_id`); the file's own id stays inside. */
function toPersonnel(row: PersonnelRow, media: MediaStore): Personnel {
  return {
    id: row.utilisateur_id,
    code_employe: row.code_employe,
    num_cni: row.num_cni,
    nom: row.nom,
    prenom: row.prenom,
    email: row.email,
    telephone: row.telephone,
    photo_profil: row.photo_profil ? media.url(row.photo_profil) : null,
    role: row.role as StaffRole,
    departement: row.departement,
    poste: row.poste,
    date_embauche: row.date_embauche,
    salaire: row.salaire === null ? null : Number(row.salaire),
    statut: row.statut,
    date_derniere_connexion: row.date_derniere_connexion?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function toPersonnelStats({ totals, roles, departements }: Awaited<ReturnType<typeof personnelStats>>): PersonnelStats {
  return {
    total: Number(totals.total),
    actifs: Number(totals.actifs),
    inactifs: Number(totals.inactifs),
    suspendus: Number(totals.suspendus),
    departements: Number(totals.departements),
    par_role: Object.fromEntries(roles.map((r) => [r.key, Number(r.count)])),
    par_departement: Object.fromEntries(departements.map((d) => [d.key, Number(d.count)])),
  };
}

/** A code nobody holds yet: six random digits, drawn again on a clash. */
async function freeEmployeeCode(db: Executor, role: StaffRole): Promise<string> {
  for (;;) {
    const code = employeeCode(role, String(randomInt(0, 1_000_000)).padStart(6, '0'));
    if (!(await codeEmployeExists(db, code))) return code;
  }
}

export class PersonnelService {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    private readonly media: MediaStore,
  ) {}

  async list(_caller: Caller, query: PersonnelListQuery) {
    const { rows, pagination } = await listPersonnel(this.db, query);
    return { data: rows.map((row) => toPersonnel(row, this.media)), pagination };
  }

  async search(_caller: Caller, q: string): Promise<Personnel[]> {
    return (await searchPersonnel(this.db, q, SEARCH_LIMIT)).map((row) => toPersonnel(row, this.media));
  }

  async activeGestionnaires(_caller: Caller): Promise<GestionnaireActif[]> {
    return listActiveGestionnaires(this.db);
  }

  /** `id` is the account id. */
  async get(_caller: Caller, id: number): Promise<Personnel> {
    const row = await findPersonnel(this.db, id);
    if (!row) throw notFound();
    return toPersonnel(row, this.media);
  }

  async stats(_caller: Caller): Promise<PersonnelStats> {
    return toPersonnelStats(await personnelStats(this.db));
  }

  /** Creates the staff file and its account (POST /admin/personnel). */
  async create(caller: Caller, body: z.output<typeof personnelCreateSchema>): Promise<Personnel> {
    await assertPasswordPolicy(this.settings, body.password, 'password');
    const password_hash = await hashPassword(body.password);
    const id = await this.db.transaction().execute(async (trx) => {
      const account = await insertUtilisateur(trx, {
        email: body.email,
        password_hash,
        role: body.role,
        statut: body.statut,
        nom: body.nom,
        prenom: body.prenom,
        telephone: body.telephone ?? null,
        photo_profil: null,
        created_by: caller.id,
        updated_by: caller.id,
      });
      const code_employe = body.code_employe ?? (await freeEmployeeCode(trx, body.role));
      const file = {
        code_employe,
        num_cni: body.num_cni,
        departement: body.departement,
        poste: body.poste,
        date_embauche: body.date_embauche,
        salaire: body.salaire,
      };
      const { id } = await insertPersonnel(trx, { ...file, utilisateur_id: account.id });
      await insertAudit(trx, caller, {
        action: 'created',
        table_name: 'personnel',
        record_id: account.id,
        personnel_id: id,
        new_values: {
          ...file,
          nom: body.nom,
          prenom: body.prenom,
          email: body.email,
          role: body.role,
          statut: body.statut,
        },
      });
      await notifier(trx, nouveauCompte(account.id, fullName(body), body.role), { roles: ['admin'], sauf: caller.id });
      return account.id;
    });
    return this.get(caller, id);
  }

  /** Changes the fields sent; activate and deactivate are a status change. */
  async update(caller: Caller, id: number, patch: PersonnelUpdate): Promise<Personnel> {
    await this.db.transaction().execute(async (trx) => {
      const before = await findPersonnel(trx, id);
      if (!before) throw notFound();
      const { old_values, new_values } = changedFields(before as Record<string, unknown>, patch);
      if (Object.keys(new_values).length === 0) return;
      const { statut, role } = new_values as PersonnelUpdate;
      await assertAccountChange(
        trx,
        caller.id,
        { id: before.utilisateur_id, role: before.role, statut: before.statut },
        { role, statut },
      );
      const account: Record<string, unknown> = {};
      const file: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(new_values)) {
        if (key === 'statut') continue;
        ((ACCOUNT_FIELDS as readonly string[]).includes(key) ? account : file)[key] = value;
      }
      await updateAccount(trx, id, account, caller.id);
      if (statut) await setAccountStatut(trx, id, statut, caller.id);
      if (Object.keys(file).length > 0) await updatePersonnel(trx, id, file);
      await insertAudit(trx, caller, {
        action: 'updated',
        table_name: 'personnel',
        record_id: id,
        personnel_id: before.id,
        old_values,
        new_values,
      });
    });
    return this.get(caller, id);
  }

  /** Deletes the staff file and its account; the journal keeps what they did. */
  async remove(caller: Caller, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const before = await findPersonnel(trx, id);
      if (!before) throw notFound();
      await assertAccountChange(
        trx,
        caller.id,
        { id: before.utilisateur_id, role: before.role, statut: before.statut },
        { deleted: true },
      );
      await deleteUtilisateur(trx, id);
      await insertAudit(trx, caller, {
        action: 'deleted',
        table_name: 'personnel',
        record_id: id,
        personnel_id: before.id,
        old_values: {
          code_employe: before.code_employe,
          nom: before.nom,
          prenom: before.prenom,
          email: before.email,
          role: before.role,
        },
      });
    });
  }
}
