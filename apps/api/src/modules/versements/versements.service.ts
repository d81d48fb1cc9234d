import { createHash } from 'node:crypto';
import {
  formatDate,
  formatFCFA,
  VERSEMENT_MESSAGES,
  VERSEMENT_WORKFLOW,
  type Versement,
  type VersementListQuery,
  type VersementStats,
  versementGestionnaireSchema,
  versementMembreSchema,
  type versementRejectSchema,
} from '@app/shared';
import type { z } from 'zod';
import type { Caller } from '../../caller.ts';
import type { Database, Executor } from '../../db/database.ts';
import { claimKey, recordResult } from '../../db/idempotence.ts';
import { AppError, parseInput } from '../../errors.ts';
import type { MediaStore } from '../../media/media-store.ts';
import type { ParsedForm } from '../../plugins/files.ts';
import { guardWorkflow } from '../../workflow.ts';
import { insertAudit } from '../audit/audit.repository.ts';
import { isBanqueOpen } from '../banques/banques.repository.ts';
import { soldeInsuffisant } from '../banques/banques.service.ts';
import { addToMontantPaye, postMouvement } from '../banques/ledger.repository.ts';
import { notifier } from '../notifications/notifications.repository.ts';
import type { NoticeMailer } from '../preferences/notices.ts';
import {
  findMembreAccount,
  findMembreForVersement,
  findScan,
  findVersement,
  insertVersement,
  listVersements,
  lockVersement,
  recordValidation,
  updateVersement,
  type VersementRow,
  versementStats,
} from './versements.repository.ts';

type RejectBody = z.output<typeof versementRejectSchema>;

const notFound = () => new AppError('NOT_FOUND', VERSEMENT_MESSAGES.notFound);
/** A decision on a payment no longer pending, or on one's own declaration. */
const decided = { statut: VERSEMENT_MESSAGES.alreadyDecided, quatreYeux: VERSEMENT_MESSAGES.ownDeclaration };
const fieldError = (field: string, message: string) => new AppError('VALIDATION_ERROR', message, { [field]: message });

const person = (id: number | null, nom: string | null, prenom: string | null) =>
  id !== null && nom !== null && prenom !== null ? { id, nom, prenom } : null;

function toVersement(row: VersementRow): Versement {
  return {
    id: row.id,
    membre_id: row.membre_id,
    produit_id: row.produit_id,
    banque_id: row.banque_id,
    montant: Number(row.montant),
    type_versement: row.type_versement,
    numero_recu: row.numero_recu,
    date_recu: row.date_recu,
    date_versement: row.date_versement,
    scan_recu: row.scan_nom,
    scan_type: row.scan_type,
    commentaire: row.commentaire,
    statut: row.statut,
    date_validation: row.date_validation?.toISOString() ?? null,
    date_rejet: row.date_rejet?.toISOString() ?? null,
    motif: row.motif,
    membre: { id: row.membre_id, nom: row.membre_nom, prenom: row.membre_prenom, code_esv: row.membre_code },
    produit: { id: row.produit_id, titre: row.produit_titre, type: row.produit_type, prix: Number(row.produit_prix) },
    banque: { id: row.banque_id, nom: row.banque_nom },
    declare_par: person(row.created_by, row.declare_nom, row.declare_prenom),
    traite_par: person(row.traite_par, row.traite_nom, row.traite_prenom),
    created_at: row.created_at.toISOString(),
  };
}

/** What makes two creations "the same": every field sent and the scan's bytes. */
function fingerprint(form: ParsedForm): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(Object.entries(form.fields).sort(([a], [b]) => (a < b ? -1 : 1))));
  for (const file of form.files.scan) hash.update(file.data);
  return hash.digest('hex');
}

export interface CreateResult {
  versement: Versement;
  /** True when an Idempotency-Key replayed an earlier creation. */
  replayed: boolean;
}

/**
 * Payments (spec 3 §2.1, §4; decisions §4–§5): declared by a member for himself or by a gestionnaire
 * for a client; validated (the bank credited, the member's paid total raised), rejected or deleted
 * (a validated one reversed) by a gestionnaire for his clients or a comptable, each once.
 */
export class VersementsService {
  constructor(
    private readonly db: Database,
    private readonly media: MediaStore,
    private readonly notices: NoticeMailer,
  ) {}

  async list(caller: Caller, query: VersementListQuery) {
    const { rows, pagination } = await listVersements(this.db, caller.scope, query);
    return { data: rows.map(toVersement), pagination };
  }

  async stats(caller: Caller): Promise<VersementStats> {
    const row = await versementStats(this.db, caller.scope);
    return {
      total_versements: Number(row.total ?? 0),
      versements_en_attente: Number(row.en_attente ?? 0),
      versements_valides: Number(row.valide ?? 0),
      versements_rejetes: Number(row.rejete ?? 0),
      montant_total: Number(row.montant_valide ?? 0),
      montant_en_attente: Number(row.montant_en_attente ?? 0),
    };
  }

  async get(caller: Caller, id: number): Promise<Versement> {
    const row = await findVersement(this.db, caller.scope, id);
    if (!row) throw notFound();
    return toVersement(row);
  }

  /**
   * Records a declared payment, pending. The member is the caller himself, or one of the
   * gestionnaire's clients; the product is the one he holds; the bank is active. With an
   * Idempotency-Key, a replay of the same form answers the first payment again.
   */
  async create(caller: Caller, form: ParsedForm, idempotencyKey?: string): Promise<CreateResult> {
    const body =
      caller.role === 'gestionnaire'
        ? parseInput(versementGestionnaireSchema, form.fields)
        : parseInput(versementMembreSchema, form.fields);
    const membreId = 'membre_id' in body ? (body.membre_id as number) : undefined;
    const outcome = await this.media.transactional((save) =>
      this.db.transaction().execute(async (trx) => {
        if (idempotencyKey) {
          const claim = await claimKey(trx, {
            utilisateur_id: caller.id,
            cle: idempotencyKey,
            operation: 'versements.create',
            empreinte: fingerprint(form),
          });
          if (claim.kind === 'reused') throw new AppError('CONFLICT', VERSEMENT_MESSAGES.idempotencyReused);
          if (claim.kind === 'replay') return { id: claim.resultatId, replayed: true };
        }
        const membre = await findMembreForVersement(trx, caller.scope, membreId);
        if (!membre) {
          throw new AppError('NOT_FOUND', VERSEMENT_MESSAGES.membreNotFound, {
            membre_id: VERSEMENT_MESSAGES.membreNotFound,
          });
        }
        if (membre.produit_id === null) throw fieldError('produit_id', VERSEMENT_MESSAGES.membreWithoutProduit);
        if (membre.produit_id !== body.produit_id) throw fieldError('produit_id', VERSEMENT_MESSAGES.produitNotMembre);
        if (!(await isBanqueOpen(trx, body.banque_id)))
          throw fieldError('banque_id', VERSEMENT_MESSAGES.banqueInactive);
        const { id } = await insertVersement(trx, {
          membre_id: membre.id,
          produit_id: body.produit_id,
          banque_id: body.banque_id,
          montant: body.montant,
          type_versement: body.type_versement,
          numero_recu: body.numero_recu,
          date_recu: body.date_recu,
          date_versement: body.date_versement ?? body.date_recu,
          commentaire: body.commentaire ?? null,
          created_by: caller.id,
        });
        const [scan] = await save(`versements/${id}`, form.files.scan);
        if (scan) {
          await updateVersement(trx, id, {
            scan_path: scan.path,
            scan_nom: scan.original_name,
            scan_type: scan.mime_type as VersementRow['scan_type'],
          });
        }
        await insertAudit(trx, caller, {
          action: 'created',
          table_name: 'versements',
          record_id: id,
          membre_id: membre.id,
          new_values: { ...body, membre_id: membre.id, scan_recu: scan?.original_name ?? null },
        });
        // Validated by someone other than its declarer: the comptables, and the member's gestionnaire.
        await notifier(
          trx,
          {
            type: 'versement',
            cle: `versement:${id}`,
            titre: 'Versement à valider',
            message: `Un versement de ${formatFCFA(body.montant)} (reçu ${body.numero_recu}) attend sa validation.`,
            lien: '/versements',
          },
          { roles: ['comptable'], utilisateurs: [membre.gestionnaire_id], sauf: caller.id },
        );
        if (idempotencyKey) await recordResult(trx, caller.id, idempotencyKey, id);
        return { id, replayed: false };
      }),
    );
    if (!outcome.replayed) return { versement: await this.get(caller, outcome.id), replayed: false };
    // The key is the caller's and so was the payment, even if it left his scope since (a client
    // moved to another gestionnaire); deleted since, it is no longer there to answer.
    const row = await findVersement(this.db, { kind: 'all' }, outcome.id);
    if (!row) throw new AppError('CONFLICT', VERSEMENT_MESSAGES.replayDeleted);
    return { versement: toVersement(row), replayed: true };
  }

  /** Validates a pending payment: its bank credited, the member's paid total raised, by someone other than its declarer. */
  async validate(caller: Caller, id: number): Promise<Versement> {
    await this.db.transaction().execute((trx) => this.validateIn(trx, caller, id));
    return this.validated(caller, id);
  }

  /**
   * The validation itself, in the caller's transaction (a reconciliation validates the pending
   * payments it matches); `banqueId`, when given, is the bank it must be on.
   */
  async validateIn(trx: Executor, caller: Caller, id: number, banqueId?: number): Promise<void> {
    const v = await lockVersement(trx, caller.scope, id);
    if (!v || (banqueId !== undefined && v.banque_id !== banqueId)) throw notFound();
    guardWorkflow(VERSEMENT_WORKFLOW.validate, caller, v, decided);
    const montant = Number(v.montant);
    const { date_validation, solde_apres } = await recordValidation(trx, { ...v, montant }, caller.id);
    await insertAudit(trx, caller, {
      action: 'updated',
      table_name: 'versements',
      record_id: id,
      membre_id: v.membre_id,
      old_values: { statut: v.statut },
      new_values: {
        statut: 'valide',
        date_validation,
        banque_id: v.banque_id,
        montant,
        solde_banque: solde_apres,
      },
    });
  }

  /** Once a validation is committed: the payment as it now is, and the member told. */
  async validated(caller: Caller, id: number): Promise<Versement> {
    const versement = await this.get(caller, id);
    await this.tellMembre(versement, 'Votre versement a été validé', [
      `Votre versement de ${formatFCFA(versement.montant)} (reçu n° ${versement.numero_recu}, ${versement.banque.nom}) a été validé le ${formatDate(versement.date_validation)}.`,
    ]);
    return versement;
  }

  /** The member is told of the decision on his payment by e-mail, unless he turned such notices off. */
  private async tellMembre(versement: Versement, subject: string, lines: string[]) {
    const account = await findMembreAccount(this.db, versement.membre_id);
    if (!account) return;
    await this.notices.send({
      utilisateurId: account.id,
      to: account.email,
      subject,
      lines: [`Bonjour ${account.prenom},`, '', ...lines],
    });
  }

  async reject(caller: Caller, id: number, body: RejectBody): Promise<Versement> {
    await this.db.transaction().execute(async (trx) => {
      const v = await lockVersement(trx, caller.scope, id);
      if (!v) throw notFound();
      guardWorkflow(VERSEMENT_WORKFLOW.reject, caller, v, decided);
      const date_rejet = new Date();
      const motif = body.motif ?? null;
      await updateVersement(trx, id, { statut: 'rejete', date_rejet, motif, traite_par: caller.id });
      await insertAudit(trx, caller, {
        action: 'updated',
        table_name: 'versements',
        record_id: id,
        membre_id: v.membre_id,
        old_values: { statut: v.statut },
        new_values: { statut: 'rejete', date_rejet, motif },
      });
    });
    const versement = await this.get(caller, id);
    await this.tellMembre(versement, 'Votre versement a été rejeté', [
      `Votre versement de ${formatFCFA(versement.montant)} (reçu n° ${versement.numero_recu}, ${versement.banque.nom}) a été rejeté.`,
      ...(versement.motif ? [`Motif : ${versement.motif}`] : []),
      'Vous pouvez contacter votre gestionnaire pour en savoir plus.',
    ]);
    return versement;
  }

  /**
   * Deletes a payment: it leaves the lists but stays on record. A validated one is reversed
   * by a compensating debit of its bank (refused if the balance no longer holds it) and
   * leaves the member's paid total.
   */
  async remove(caller: Caller, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const v = await lockVersement(trx, caller.scope, id);
      if (!v) throw notFound();
      const montant = Number(v.montant);
      if (v.statut === 'valide') {
        const posted = await postMouvement(trx, {
          banque_id: v.banque_id,
          operation: 'versement_supprime',
          montant,
          source_table: 'versements',
          source_id: id,
          commentaire: `Suppression du versement validé (reçu ${v.numero_recu})`,
          created_by: caller.id,
        });
        if (!posted) throw soldeInsuffisant();
        if (!(await addToMontantPaye(trx, v.membre_id, -montant))) {
          throw new AppError('CONFLICT', VERSEMENT_MESSAGES.alreadyRefunded);
        }
      }
      await updateVersement(trx, id, { date_suppression: new Date(), supprime_par: caller.id });
      await insertAudit(trx, caller, {
        action: 'deleted',
        table_name: 'versements',
        record_id: id,
        membre_id: v.membre_id,
        old_values: { statut: v.statut, montant, banque_id: v.banque_id, numero_recu: v.numero_recu },
      });
    });
  }

  /** The receipt scan of a payment the caller may see. */
  async scan(caller: Caller, id: number) {
    const row = await findScan(this.db, caller.scope, id);
    if (!row) throw notFound();
    if (!row.scan_path || !row.scan_type) throw new AppError('NOT_FOUND', VERSEMENT_MESSAGES.scanNotFound);
    return { path: row.scan_path, name: row.scan_nom || 'recu', type: row.scan_type };
  }
}
