import type { ControleIntegrite } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { firstBrokenLink } from '../audit/audit.repository.ts';
import { ledgerBreaches } from '../banques/ledger.repository.ts';
import { integriteRompue } from '../notifications/notifications.evenements.ts';
import { notifier } from '../notifications/notifications.repository.ts';
import { dernierControle, destinatairesControles, insertControle } from './controles.repository.ts';

/** How many broken rows an alert's e-mail names; the screen and check:ledger give them all. */
const ECARTS_PAR_COURRIEL = 20;

function toControle(row: NonNullable<Awaited<ReturnType<typeof dernierControle>>>): ControleIntegrite {
  return { ...row, fait_le: row.fait_le.toISOString() };
}

/**
 * The ledger checks itself (issue 27): once a day, what `check:ledger` and `check:audit` verify,
 * run inside the product; the result is kept and shown beside the last closure, and a broken
 * invariant is at once a notification and an e-mail to the admins and the comptables, naming the rows.
 */
export class ControlesService {
  constructor(
    private readonly db: Database,
    private readonly mail: Mailer,
    private readonly log: FastifyBaseLogger,
  ) {}

  async run(): Promise<ControleIntegrite> {
    const started = Date.now();
    const grandLivre = await ledgerBreaches(this.db);
    const lien = await firstBrokenLink(this.db);
    const ecarts = [
      ...grandLivre,
      ...(lien
        ? [{ invariant: 'audit', detail: `position ${lien.position} (id ${lien.id})\u00a0: ${lien.raison}` }]
        : []),
    ];
    const id = await insertControle(this.db, {
      grand_livre_ok: grandLivre.length === 0,
      audit_ok: lien === undefined || lien === null,
      ecarts,
      duree_ms: Date.now() - started,
    });
    if (ecarts.length > 0) await this.alert(ecarts);
    else
      this.log.info(
        { duree_ms: Date.now() - started },
        'contrôle d’intégrité : grand livre et journal d’audit cohérents',
      );
    const row = await dernierControle(this.db);
    if (!row || row.id !== id) throw new Error(`contrôle ${id} introuvable`);
    return toControle(row);
  }

  async dernier(): Promise<ControleIntegrite | null> {
    const row = await dernierControle(this.db);
    return row ? toControle(row) : null;
  }

  private async alert(ecarts: { invariant: string; detail: string }[]) {
    this.log.error({ ecarts: ecarts.length }, 'contrôle d’intégrité : écarts trouvés');
    await notifier(this.db, integriteRompue(ecarts.length, new Date()), { roles: ['admin', 'comptable'] });
    const lignes = ecarts.slice(0, ECARTS_PAR_COURRIEL).map((e) => `- [${e.invariant}] ${e.detail}`);
    const reste = ecarts.length - lignes.length;
    const text = [
      'Bonjour,',
      '',
      `Le contrôle quotidien du grand livre et du journal d’audit a trouvé ${ecarts.length} écart(s)\u00a0:`,
      ...lignes,
      ...(reste > 0 ? [`… et ${reste} autre(s)\u00a0: npm run check:ledger les donne tous.`] : []),
      '',
      'Aucune écriture n’a été corrigée automatiquement.',
    ].join('\n');
    for (const to of await destinatairesControles(this.db)) {
      await this.mail.send({ to, subject: 'Écart dans le grand livre ou le journal d’audit', text });
    }
  }
}
