import {
  formatFCFA,
  montantExceedsMessage,
  REMBOURSEMENT_MESSAGES,
  REMBOURSEMENT_WORKFLOW,
  type Remboursement,
  type RemboursementListQuery,
  type RemboursementMembre,
  type RemboursementStats,
  remboursementCreateSchema,
  type remboursementTraiterSchema,
} from '@app/shared';
import type { z } from 'zod';
import type { Caller } from '../../caller.ts';
import type { Database } from '../../db/database.ts';
import { AppError, parseInput } from '../../errors.ts';
import type { MediaStore } from '../../media/media-store.ts';
import type { PrivateFile } from '../../media/private-file.ts';
import type { ParsedForm } from '../../plugins/files.ts';
import { guardWorkflow } from '../../workflow.ts';
import { insertAudit } from '../audit/audit.repository.ts';
import { findPrincipale } from '../banques/banques.repository.ts';
import { soldeInsuffisant } from '../banques/banques.service.ts';
import { type Evenement, notifier } from '../notifications/notifications.repository.ts';
import type { NoticeMailer } from '../preferences/notices.ts';
import { findMembreAccount } from '../versements/versements.repository.ts';
import {
  deleteRemboursement,
  findRemboursement,
  findRemboursementJustificatif,
  insertRemboursement,
  listRemboursementMembres,
  listRemboursements,
  lockMembreForRemboursement,
  lockRemboursement,
  type RemboursementRow,
  recordApprobation,
  remboursementStats,
  updateRemboursement,
} from './remboursements.repository.ts';

type TraiterBody = z.output<typeof remboursementTraiterSchema>;

const notFound = () => new AppError('NOT_FOUND', REMBOURSEMENT_MESSAGES.notFound);
const conflict = (message: string) => new AppError('CONFLICT', message);
const membreNotFound = () =>
  new AppError('NOT_FOUND', REMBOURSEMENT_MESSAGES.membreNotFound, {
    membre_id: REMBOURSEMENT_MESSAGES.membreNotFound,
  });

const person = (id: number | null, nom: string | null, prenom: string | null) =>
  id !== null && nom !== null && prenom !== null ? { id, nom, prenom } : null;

function toRemboursement(row: RemboursementRow): Remboursement {
  return {
    id: row.id,
    membre_id: row.membre_id,
    montant: Number(row.montant),
    raison: row.raison,
    commentaire: row.commentaire,
    fichier_justificatif: row.justificatif_nom,
    justificatif_type: row.justificatif_type,
    statut: row.statut,
    commentaire_traitement: row.commentaire_traitement,
    date_creation: row.date_creation.toISOString(),
    date_traitement: row.date_traitement?.toISOString() ?? null,
    traite_par: row.traite_par,
    traitant: person(row.traite_par, row.traite_nom, row.traite_prenom),
    depose_par: person(row.created_by, row.depose_nom, row.depose_prenom),
    banque: row.banque_id !== null && row.banque_nom !== null ? { id: row.banque_id, nom: row.banque_nom } : null,
    membre: {
      id: row.membre_id,
      nom: row.membre_nom,
      prenom: row.membre_prenom,
      email: row.membre_email,
      code_esv: row.membre_code,
    },
  };
}

/** A refund request waiting for its processor's decision. */
const aTraiter = (id: number, montant: number): Evenement => ({
  type: 'remboursement',
  cle: `remboursement:${id}`,
  titre: 'Remboursement à traiter',
  message: `Une demande de remboursement de ${formatFCFA(montant)} attend d’être traitée.`,
  lien: '/remboursements',
});

/**
 * Refunds (spec 3 §2.3, §4; decisions §5): requested by a member for himself or by a processor
 * for a member, never above what he paid net of refunds approved or pending; approved (the
 * principal bank debited, the member's paid total lowered, in one transaction) or rejected with a
 * comment, once, by a processor other than the requester; cancelled while pending.
 */
export class RemboursementsService {
  constructor(
    private readonly db: Database,
    private readonly media: MediaStore,
    private readonly notices: NoticeMailer,
  ) {}

  async list(caller: Caller, query: RemboursementListQuery) {
    const { rows, pagination } = await listRemboursements(this.db, caller.scope, query);
    return { data: rows.map(toRemboursement), pagination };
  }

  async stats(caller: Caller): Promise<RemboursementStats> {
    const row = await remboursementStats(this.db, caller.scope);
    return {
      total: Number(row.total ?? 0),
      en_attente: Number(row.en_attente ?? 0),
      approuves: Number(row.approuve ?? 0),
      rejetes: Number(row.rejete ?? 0),
      montant_approuve: Number(row.montant_approuve ?? 0),
      montant_en_attente: Number(row.montant_en_attente ?? 0),
    };
  }

  async membres(caller: Caller, query: { search?: string; limit: number }): Promise<RemboursementMembre[]> {
    const rows = await listRemboursementMembres(this.db, caller.scope, query);
    return rows.map((m) => ({
      ...m,
      montant_deja_paye: Number(m.montant_deja_paye),
      montant_remboursable: Number(m.montant_remboursable),
    }));
  }

  async get(caller: Caller, id: number): Promise<Remboursement> {
    const row = await findRemboursement(this.db, caller.scope, id);
    if (!row) throw notFound();
    return toRemboursement(row);
  }

  /** Files a pending request: a member for himself, a processor for a member in his scope, within what may be refunded. */
  async create(caller: Caller, form: ParsedForm): Promise<Remboursement> {
    const body = parseInput(remboursementCreateSchema, form.fields);
    if (caller.scope.kind !== 'self' && body.membre_id === undefined) {
      throw new AppError('VALIDATION_ERROR', REMBOURSEMENT_MESSAGES.membreRequired, {
        membre_id: REMBOURSEMENT_MESSAGES.membreRequired,
      });
    }
    const id = await this.media.transactional((save) =>
      this.db.transaction().execute(async (trx) => {
        const membre = await lockMembreForRemboursement(trx, caller.scope, body.membre_id);
        if (!membre) throw membreNotFound();
        const remboursable = Number(membre.montant_remboursable);
        if (body.montant > remboursable) {
          const message = montantExceedsMessage(remboursable);
          throw new AppError('VALIDATION_ERROR', message, { montant: message });
        }
        const { id } = await insertRemboursement(trx, {
          membre_id: membre.id,
          montant: body.montant,
          raison: body.raison,
          commentaire: body.commentaire ?? null,
          created_by: caller.id,
        });
        const [file] = await save(`remboursements/${id}`, form.files.scan);
        if (file) {
          await updateRemboursement(trx, id, {
            justificatif_path: file.path,
            justificatif_nom: file.original_name,
            justificatif_type: file.mime_type as RemboursementRow['justificatif_type'],
          });
        }
        await insertAudit(trx, caller, {
          action: 'created',
          table_name: 'remboursements',
          record_id: id,
          membre_id: membre.id,
          new_values: { ...body, membre_id: membre.id, fichier_justificatif: file?.original_name ?? null },
        });
        await notifier(trx, aTraiter(id, body.montant), {
          roles: ['admin', 'comptable'],
          utilisateurs: [membre.gestionnaire_id],
          sauf: caller.id,
        });
        return id;
      }),
    );
    return this.get(caller, id);
  }

  /** A full refund for a member leaving the programme: a pending request for all that may be refunded to him. */
  async total(caller: Caller, membreId: number): Promise<Remboursement> {
    const id = await this.db.transaction().execute(async (trx) => {
      const membre = await lockMembreForRemboursement(trx, caller.scope, membreId);
      if (!membre) throw membreNotFound();
      const montant = Number(membre.montant_remboursable);
      if (montant <= 0) throw conflict(REMBOURSEMENT_MESSAGES.nothingToRefund);
      const raison = REMBOURSEMENT_MESSAGES.totalRaison;
      const { id } = await insertRemboursement(trx, { membre_id: membre.id, montant, raison, created_by: caller.id });
      await insertAudit(trx, caller, {
        action: 'created',
        table_name: 'remboursements',
        record_id: id,
        membre_id: membre.id,
        new_values: { membre_id: membre.id, montant, raison, total: true },
      });
      await notifier(trx, aTraiter(id, montant), {
        roles: ['admin', 'comptable'],
        utilisateurs: [membre.gestionnaire_id],
        sauf: caller.id,
      });
      return id;
    });
    return this.get(caller, id);
  }

  /**
   * Approves or rejects a pending request, once. Approval debits the principal bank and lowers the
   * member's paid total; a balance or a paid total too low refuses it whole.
   */
  async traiter(caller: Caller, id: number, body: TraiterBody): Promise<Remboursement> {
    await this.db.transaction().execute(async (trx) => {
      const r = await lockRemboursement(trx, caller.scope, id);
      if (!r) throw notFound();
      const decision = body.statut === 'rejete' ? REMBOURSEMENT_WORKFLOW.reject : REMBOURSEMENT_WORKFLOW.approve;
      guardWorkflow(decision, caller, r, {
        statut: REMBOURSEMENT_MESSAGES.alreadyDecided,
        quatreYeux: REMBOURSEMENT_MESSAGES.ownFiling,
      });
      const commentaire_traitement = body.commentaire ?? null;
      if (body.statut === 'rejete') {
        const date_traitement = new Date();
        await updateRemboursement(trx, id, {
          statut: 'rejete',
          date_traitement,
          traite_par: caller.id,
          commentaire_traitement,
        });
        await insertAudit(trx, caller, {
          action: 'updated',
          table_name: 'remboursements',
          record_id: id,
          membre_id: r.membre_id,
          old_values: { statut: r.statut },
          new_values: { statut: 'rejete', date_traitement, commentaire_traitement },
        });
        return;
      }
      const principale = await findPrincipale(trx);
      if (!principale) throw conflict(REMBOURSEMENT_MESSAGES.noPrincipal);
      const montant = Number(r.montant);
      const approved = await recordApprobation(
        trx,
        { ...r, montant },
        principale.id,
        caller.id,
        commentaire_traitement,
      );
      if (approved === 'solde') throw soldeInsuffisant();
      if (approved === 'total') throw conflict(REMBOURSEMENT_MESSAGES.paidTotalChanged);
      await insertAudit(trx, caller, {
        action: 'updated',
        table_name: 'remboursements',
        record_id: id,
        membre_id: r.membre_id,
        old_values: { statut: r.statut },
        new_values: {
          statut: 'approuve',
          date_traitement: approved.date_traitement,
          commentaire_traitement,
          banque_id: principale.id,
          montant,
          solde_banque: approved.solde_apres,
        },
      });
    });
    const remboursement = await this.get(caller, id);
    const montant = formatFCFA(remboursement.montant);
    await this.tellMembre(
      remboursement.membre_id,
      body.statut === 'rejete' ? 'Votre demande de remboursement a été rejetée' : 'Votre remboursement a été approuvé',
      [
        body.statut === 'rejete'
          ? `Votre demande de remboursement de ${montant} a été rejetée.`
          : `Votre remboursement de ${montant} a été approuvé\u202f; il vous sera versé par l’entreprise.`,
        ...(body.commentaire ? [`Commentaire\u00a0: ${body.commentaire}`] : []),
      ],
    );
    return remboursement;
  }

  /** The member is told of the decision by e-mail, unless he turned such notices off. */
  private async tellMembre(membreId: number, subject: string, lines: string[]) {
    const account = await findMembreAccount(this.db, membreId);
    if (account) await this.notices.tell(account.id, subject, lines);
  }

  /** Cancels (withdraws) a pending request: by a processor in whose scope it is, or its member. */
  async cancel(caller: Caller, id: number): Promise<void> {
    const file = await this.db.transaction().execute(async (trx) => {
      const r = await lockRemboursement(trx, caller.scope, id);
      if (!r) throw notFound();
      guardWorkflow(REMBOURSEMENT_WORKFLOW.cancel, caller, r, { statut: REMBOURSEMENT_MESSAGES.onlyPendingCancel });
      await deleteRemboursement(trx, id);
      await insertAudit(trx, caller, {
        action: 'deleted',
        table_name: 'remboursements',
        record_id: id,
        membre_id: r.membre_id,
        old_values: {
          statut: r.statut,
          montant: Number(r.montant),
          raison: r.raison,
          commentaire: r.commentaire,
          fichier_justificatif: r.justificatif_nom,
        },
      });
      return r.justificatif_path;
    });
    if (file) await this.media.remove([file]);
  }

  /** The justificatif of a request the caller may see. */
  async justificatif(caller: Caller, id: number): Promise<PrivateFile> {
    const row = await findRemboursementJustificatif(this.db, caller.scope, id);
    if (!row) throw notFound();
    if (!row.justificatif_path || !row.justificatif_type) {
      throw new AppError('NOT_FOUND', REMBOURSEMENT_MESSAGES.justificatifNotFound);
    }
    return { path: row.justificatif_path, name: row.justificatif_nom || 'justificatif', type: row.justificatif_type };
  }
}
