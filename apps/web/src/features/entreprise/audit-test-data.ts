import type { AuditEntry, AuditStats } from '@app/shared';
import { mockFetch, type RecordedCall, type Responder } from '../../test/fetch-mock.ts';

export function makeAuditEntry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    action: 'updated',
    table_name: 'versements',
    record_id: '42',
    user_id: 3,
    membre_id: 7,
    personnel_id: null,
    old_values: { statut: 'en_attente' },
    new_values: { statut: 'valide', date_validation: '2026-11-20' },
    ip_address: '196.47.12.8',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
    created_at: '2026-11-20T10:30:00.000Z',
    position: id,
    empreinte: `${'ab'.repeat(31)}${String(id).padStart(2, '0')}`,
    user: { id: 3, nom: 'Traoré', prenom: 'Mariam', email: 'comptable@demo.test' },
    ...overrides,
  };
}

export const AUDIT_ENTRIES: AuditEntry[] = [
  makeAuditEntry(3),
  makeAuditEntry(2, {
    action: 'LOGIN_FAILED',
    table_name: 'utilisateurs',
    record_id: '9',
    user_id: null,
    membre_id: null,
    old_values: null,
    new_values: { reason: 'bad_password' },
    created_at: '2026-11-19T08:05:00.000Z',
    user: null,
  }),
  makeAuditEntry(1, {
    action: 'created',
    table_name: 'banques',
    record_id: '4',
    user_id: null,
    membre_id: null,
    old_values: null,
    new_values: null,
    ip_address: null,
    user_agent: null,
    created_at: '2026-11-18T07:00:00.000Z',
    user: null,
  }),
];

export const AUDIT_STATS: AuditStats = {
  total_audits: 1284,
  audits_today: 12,
  audits_this_week: 87,
  audits_this_month: 342,
  most_active_users: [
    { user_id: 3, user_name: 'Mariam Traoré', audit_count: 120 },
    { user_id: 1, user_name: 'Serge Konan', audit_count: 64 },
  ],
  most_audited_tables: [
    { table_name: 'versements', audit_count: 150 },
    { table_name: 'personnel', audit_count: 20 },
  ],
};

export const auditPagination = (total: number, pageNumber = 1, totalExact = true) => ({
  page: pageNumber,
  limit: 20,
  total,
  totalPages: Math.max(1, Math.ceil(total / 20)),
  totalExact,
});

/** The audit API; `override` answers first when it returns something. */
export function serveAudit(override?: (call: RecordedCall) => Awaited<ReturnType<Responder>> | undefined) {
  return mockFetch(async (call) => {
    const answer = override?.(call);
    if (answer) return answer;
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/audit/stats') return { status: 200, body: { success: true, data: AUDIT_STATS } };
    if (url.pathname === '/api/audit') {
      const pageNumber = Number(url.searchParams.get('page') ?? 1);
      return {
        status: 200,
        body: { success: true, data: AUDIT_ENTRIES, pagination: auditPagination(45, pageNumber) },
      };
    }
    const one = /^\/api\/audit\/(\d+)$/.exec(url.pathname);
    const entry = one && AUDIT_ENTRIES.find((e) => e.id === Number(one[1]));
    if (entry) return { status: 200, body: { success: true, data: entry } };
    return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Entrée du journal non trouvée' } };
  });
}

/** The GET /audit calls made, as addresses. */
export const auditListCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/audit?')).map((c) => new URL(c.url, 'http://x'));
