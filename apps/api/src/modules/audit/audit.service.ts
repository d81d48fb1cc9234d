import {
  AUDIT_MESSAGES,
  type AuditEntry,
  type AuditListQuery,
  type AuditStats,
  type AuditUser,
  fullName,
} from '@app/shared';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { type AuditRow, auditStats, findAudit, listAudit, searchAuditUsers } from './audit.repository.ts';

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: Number(row.id),
    action: row.action,
    table_name: row.table_name,
    record_id: row.record_id,
    user_id: row.user_id,
    membre_id: row.membre_id,
    personnel_id: row.personnel_id,
    old_values: row.old_values,
    new_values: row.new_values,
    ip_address: row.ip_address,
    user_agent: row.user_agent,
    created_at: row.created_at.toISOString(),
    position: Number(row.position),
    empreinte: row.empreinte,
    user:
      row.user_id !== null && row.user_nom !== null
        ? { id: row.user_id, nom: row.user_nom, prenom: row.user_prenom ?? '', email: row.user_email ?? '' }
        : null,
  };
}

/** The audit journal, read by admin and comptable (spec 3 §2.5, §7 Audit); it is written only by the changes it records. */
export class AuditService {
  constructor(private readonly db: Database) {}

  async list(query: AuditListQuery) {
    const { rows, pagination } = await listAudit(this.db, query);
    return { data: rows.map(toEntry), pagination };
  }

  async get(id: number): Promise<AuditEntry> {
    const row = await findAudit(this.db, id);
    if (!row) throw new AppError('NOT_FOUND', AUDIT_MESSAGES.notFound);
    return toEntry(row);
  }

  /** The user filter's choices: up to 20 accounts the journal names, by name or e-mail. */
  async users(search: string): Promise<AuditUser[]> {
    return searchAuditUsers(this.db, search);
  }

  async stats(): Promise<AuditStats> {
    const { tiles, users, tables } = await auditStats(this.db);
    return {
      total_audits: Number(tiles.total ?? 0),
      audits_today: Number(tiles.today),
      audits_this_week: Number(tiles.week),
      audits_this_month: Number(tiles.month),
      most_active_users: users.map((u) => ({ user_id: u.id, user_name: fullName(u), audit_count: Number(u.n) })),
      most_audited_tables: tables.map((t) => ({ table_name: t.table_name, audit_count: Number(t.n) })),
    };
  }
}
