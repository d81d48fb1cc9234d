import {
  DEPENSE_MESSAGES,
  DEPENSE_WORKFLOW,
  type Depense,
  type DepenseListQuery,
  type DepenseStats,
  depenseCreateSchema,
  type depenseRejectSchema,
  formatFCFA,
} from '@app/shared';
import type { z } from 'zod';
import type { Caller } from '../../caller.ts';
import type { Database, Executor } from '../../db/database.ts';
import { AppError, parseInput } from '../../errors.ts';
import type { MediaStore } from '../../media/media-store.ts';
import type { PrivateFile } from '../../media/private-file.ts';
import type { ParsedForm } from '../../plugins/files.ts';
import { guardWorkflow } from '../../workflow.ts';
import { insertAudit } from '../audit/audit.repository.ts';
import { findPrincipale, isBanqueOpen } from '../banques/banques.repository.ts';
import { soldeInsuffisant } from '../banques/banques.service.ts';
import { notifier } from '../notifications/notifications.repository.ts';
import type { NoticeMailer } from '../preferences/notices.ts';
import {
  type DepenseRow,
  deleteDepense,
  depenseStats,
  findDepense,
  findDepenseJustificatif,
  insertDepense,
  listDepenses,
  lockDepense,
  recordApprobation,
  updateDepense,
} from './depenses.repository.ts';

type CreateBody = z.output<typeof depenseCreateSchema>;
type RejectBody = z.output<typeof depenseRejectSchema>;

const notFound = () => new AppError('NOT_FOUND', DEPENSE_MESSAGES.notFound);
/** A decision on an expense no longer pending, or on one's own filing. */
const decided = { statut: DEPENSE_MESSAGES.alreadyDecided, quatreYeux: DEPENSE_MESSAGES.ownFiling };
const fieldError = (field: string, message: string) => new AppError('VALIDATION_ERROR', message, { [field]: message });

const person = (id: number | null, nom: string | null, prenom: string | null) =>
  id !== null && nom !== null && prenom !== null ? { id, nom, prenom } : null;

function toDepense(row: DepenseRow): Depense {
  return {
    id: row.id,
    montant: Number(row.montant),
    numero_recu: row.numero_recu,
    description: row.description,
    categorie: row.categorie,
    categorie_autre: row.categorie_autre,
    date_depense: row.date_depense,
    banque_id: row.banque_id,
    statut: row.statut,
    commentaire: row.commentaire,
    date_approbation: row.date_approbation?.toISOString() ?? null,
    date_rejet: row.date_rejet?.toISOString() ?? null,
    fichier_justificatif: row.justificatif_nom,
    justificatif_type: row.justificatif_type,
    createur: { id: row.created_by, nom: row.createur_nom, prenom: row.createur_prenom },
    banque: { id: row.banque_id, nom: row.banque_nom },
    approbateur: person(row.traite_par, row.traite_nom, row.traite_prenom),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * Expenses (spec 3 §2.2, §4; decisions §5): filed by a member with an optional justificatif,
 * changed or withdrawn while pending; approved (its bank debited, in the approval's transaction)
 * or rejected with a reason by an admin or a comptable, each once, never by their filer.
 */
export class DepensesService {
  constructor(
    private readonly db: Database,
    private readonly media: MediaStore,
    private readonly notices: NoticeMailer,
  ) {}

  async list(caller: Caller, query: DepenseListQuery) {
    const { rows, pagination } = await listDepenses(this.db, caller.scope, query);
    return { data: rows.map(toDepense), pagination };
  }

  async stats(caller: Caller): Promise<DepenseStats> {
    const { totals, categories } = await depenseStats(this.db, caller.scope);
    return {
      total: Number(totals.total ?? 0),
      en_attente: Number(totals.en_attente ?? 0),
      approuvees: Number(totals.approuvee ?? 0),
      rejetees: Number(totals.rejetee ?? 0),
      montant_total: Number(totals.montant_total ?? 0),
      montant_approuve: Number(totals.montant_approuve ?? 0),
      montant_en_attente: Number(totals.montant_en_attente ?? 0),
      categories: categories.map((c) => ({ categorie: c.categorie, nombre: Number(c.total) })),
    };
  }

  async get(caller: Caller, id: number): Promise<Depense> {
    const row = await findDepense(this.db, caller.scope, id);
    if (!row) throw notFound();
    return toDepense(row);
  }

  /** Records an expense, pending, on the bank named (active, in FCFA) or else the principal one. */
  async create(caller: Caller, form: ParsedForm): Promise<Depense> {
    const body = parseInput(depenseCreateSchema, form.fields);
    const id = await this.media.transactional((save) =>
      this.db.transaction().execute(async (trx) => {
        const banque_id = await this.banqueFor(trx, body);
        const { id } = await insertDepense(trx, { ...this.columns(body), banque_id, created_by: caller.id });
        const [file] = await save(`depenses/${id}`, form.files.scan);
        if (file) {
          await updateDepense(trx, id, {
            justificatif_path: file.path,
            justificatif_nom: file.original_name,
            justificatif_type: file.mime_type as DepenseRow['justificatif_type'],
          });
        }
        await insertAudit(trx, caller, {
          action: 'created',
          table_name: 'depenses',
          record_id: id,
          new_values: { ...body, banque_id, fichier_justificatif: file?.original_name ?? null },
        });
        await notifier(
          trx,
          {
            type: 'depense',
            cle: `depense:${id}`,
            titre: 'Dépense à décider',
            message: `Une dépense de ${formatFCFA(body.montant)} attend d’être approuvée ou rejetée.`,
            lien: '/depenses',
          },
          { roles: ['admin', 'comptable'], sauf: caller.id },
        );
        return id;
      }),
    );
    return this.get(caller, id);
  }

  /** Changes a pending expense, by its filer; a new justificatif replaces the old one. */
  async update(caller: Caller, id: number, form: ParsedForm): Promise<Depense> {
    const body = parseInput(depenseCreateSchema, form.fields);
    const replaced = await this.media.transactional((save) =>
      this.db.transaction().execute(async (trx) => {
        const before = await lockDepense(trx, caller.scope, id);
        if (!before) throw notFound();
        guardWorkflow(DEPENSE_WORKFLOW.update, caller, before, { statut: DEPENSE_MESSAGES.onlyPendingEdit });
        const banque_id = await this.banqueFor(trx, body);
        const [file] = await save(`depenses/${id}`, form.files.scan);
        const changes = {
          ...this.columns(body),
          banque_id,
          ...(file && {
            justificatif_path: file.path,
            justificatif_nom: file.original_name,
            justificatif_type: file.mime_type as DepenseRow['justificatif_type'],
          }),
        };
        await updateDepense(trx, id, changes);
        await insertAudit(trx, caller, {
          action: 'updated',
          table_name: 'depenses',
          record_id: id,
          old_values: auditable(before),
          new_values: { ...body, banque_id, fichier_justificatif: file?.original_name ?? before.justificatif_nom },
        });
        return file ? before.justificatif_path : null;
      }),
    );
    if (replaced) await this.media.remove([replaced]);
    return this.get(caller, id);
  }

  /**
   * Withdraws an expense that moved no money: a member his own pending ones, an admin or a
   * comptable a pending or rejected one. An approved expense is final (its debit stays on the ledger).
   */
  async remove(caller: Caller, id: number): Promise<void> {
    const file = await this.db.transaction().execute(async (trx) => {
      const before = await lockDepense(trx, caller.scope, id);
      if (!before) throw notFound();
      // The filer withdraws what waits; a decision stays on his file (admin and comptable may clear a rejection).
      guardWorkflow(DEPENSE_WORKFLOW.delete, caller, before, {
        statut: before.statut === 'approuvee' ? DEPENSE_MESSAGES.approvedFinal : DEPENSE_MESSAGES.onlyPendingDelete,
      });
      await deleteDepense(trx, id);
      await insertAudit(trx, caller, {
        action: 'deleted',
        table_name: 'depenses',
        record_id: id,
        old_values: auditable(before),
      });
      return before.justificatif_path;
    });
    if (file) await this.media.remove([file]);
  }

  /** Approves a pending expense: its bank debited (refused below zero), by someone other than its filer. */
  async approve(caller: Caller, id: number, commentaire: string | null): Promise<Depense> {
    await this.db.transaction().execute(async (trx) => {
      const d = await lockDepense(trx, caller.scope, id);
      if (!d) throw notFound();
      guardWorkflow(DEPENSE_WORKFLOW.approve, caller, d, decided);
      const montant = Number(d.montant);
      const approved = await recordApprobation(trx, { ...d, montant }, caller.id, commentaire);
      if (!approved) throw soldeInsuffisant();
      const { date_approbation, solde_apres } = approved;
      await insertAudit(trx, caller, {
        action: 'updated',
        table_name: 'depenses',
        record_id: id,
        old_values: { statut: d.statut },
        new_values: {
          statut: 'approuvee',
          date_approbation,
          commentaire,
          banque_id: d.banque_id,
          montant,
          solde_banque: solde_apres,
        },
      });
    });
    const depense = await this.get(caller, id);
    await this.tellFiler(depense, 'Votre dépense a été approuvée', [
      `Votre dépense de ${formatFCFA(depense.montant)} («\u00a0${depense.description}\u00a0») a été approuvée.`,
    ]);
    return depense;
  }

  /** Its filer is told of the decision by e-mail, unless he turned such notices off. */
  private async tellFiler(depense: Depense, subject: string, lines: string[]) {
    await this.notices.tell(depense.createur.id, subject, lines);
  }

  async reject(caller: Caller, id: number, body: RejectBody): Promise<Depense> {
    await this.db.transaction().execute(async (trx) => {
      const d = await lockDepense(trx, caller.scope, id);
      if (!d) throw notFound();
      guardWorkflow(DEPENSE_WORKFLOW.reject, caller, d, decided);
      const date_rejet = new Date();
      await updateDepense(trx, id, {
        statut: 'rejetee',
        date_rejet,
        commentaire: body.commentaire,
        traite_par: caller.id,
      });
      await insertAudit(trx, caller, {
        action: 'updated',
        table_name: 'depenses',
        record_id: id,
        old_values: { statut: d.statut },
        new_values: { statut: 'rejetee', date_rejet, commentaire: body.commentaire },
      });
    });
    const depense = await this.get(caller, id);
    await this.tellFiler(depense, 'Votre dépense a été rejetée', [
      `Votre dépense de ${formatFCFA(depense.montant)} («\u00a0${depense.description}\u00a0») a été rejetée.`,
      `Motif\u00a0: ${body.commentaire}`,
    ]);
    return depense;
  }

  /** The justificatif of an expense the caller may see. */
  async justificatif(caller: Caller, id: number): Promise<PrivateFile> {
    const row = await findDepenseJustificatif(this.db, caller.scope, id);
    if (!row) throw notFound();
    if (!row.justificatif_path || !row.justificatif_type) {
      throw new AppError('NOT_FOUND', DEPENSE_MESSAGES.justificatifNotFound);
    }
    return { path: row.justificatif_path, name: row.justificatif_nom || 'justificatif', type: row.justificatif_type };
  }

  /** The bank named if it takes expenses (active, in FCFA); without one, the principal bank. */
  private async banqueFor(db: Executor, body: CreateBody): Promise<number> {
    if (body.banque_id === undefined) {
      const principale = await findPrincipale(db);
      if (!principale) throw fieldError('banque_id', DEPENSE_MESSAGES.banqueRequired);
      return principale.id;
    }
    if (!(await isBanqueOpen(db, body.banque_id))) throw fieldError('banque_id', DEPENSE_MESSAGES.banqueInactive);
    return body.banque_id;
  }

  private columns(body: CreateBody) {
    return {
      montant: body.montant,
      categorie: body.categorie,
      categorie_autre: body.categorie_autre,
      description: body.description,
      date_depense: body.date_depense,
      numero_recu: body.numero_recu ?? null,
    };
  }
}

/** What the audit keeps of an expense changed or withdrawn. */
function auditable(row: {
  montant: string | number;
  categorie: string;
  categorie_autre: string | null;
  description: string;
  date_depense: string;
  numero_recu: string | null;
  banque_id: number;
  statut: string;
  justificatif_nom: string | null;
}) {
  return {
    montant: Number(row.montant),
    categorie: row.categorie,
    categorie_autre: row.categorie_autre,
    description: row.description,
    date_depense: row.date_depense,
    numero_recu: row.numero_recu,
    banque_id: row.banque_id,
    statut: row.statut,
    fichier_justificatif: row.justificatif_nom,
  };
}
