import { createHash } from 'node:crypto';
import {
  BANQUE_MESSAGES,
  CLOTURE_MESSAGES,
  type ColonnesReleve,
  colonnesReleveSchema,
  colonnesRetenues,
  decoderReleve,
  estReleveXml,
  identitesLignes,
  type Lecture,
  type LigneReleve,
  type LigneReleveListQuery,
  lireReleveCsv,
  lireTableau,
  periodeReleve,
  RELEVE_MESSAGES,
  type ReleveFormat,
  type ReleveImport,
  type ReleveLu,
} from '@app/shared';
import type { Caller } from '../../caller.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { ParsedForm } from '../../plugins/files.ts';
import { insertAudit } from '../audit/audit.repository.ts';
import { findBanque, lockBanque } from '../banques/banques.repository.ts';
import { lireCamt053 } from './camt053.ts';
import { moisClosDuReleve } from './clotures.repository.ts';
import {
  insertLignes,
  insertReleve,
  type LigneReleveRow,
  listLignes,
  saveColonnes,
  setLignesNouvelles,
} from './releves-bancaires.repository.ts';

const refused = (message: string) => new AppError('VALIDATION_ERROR', message, { fichier: message });

export function toLigne(row: LigneReleveRow): LigneReleve {
  return {
    id: Number(row.id),
    banque_id: row.banque_id,
    releve_id: row.releve_id,
    date_operation: row.date_operation,
    date_valeur: row.date_valeur,
    libelle: row.libelle,
    reference: row.reference,
    sens: row.sens,
    montant: Number(row.montant),
    solde: row.solde === null ? null : Number(row.solde),
    statut: row.statut,
    rapprochement_id: row.rapprochement_id,
    created_at: row.created_at.toISOString(),
  };
}

/** The `colonnes` field of the form (JSON), if sent. */
function sentColonnes(raw: string | undefined): ColonnesReleve | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw refused(RELEVE_MESSAGES.colonnesIncompletes);
  }
  const parsed = colonnesReleveSchema.safeParse(value);
  if (!parsed.success) throw refused(RELEVE_MESSAGES.colonnesIncompletes);
  return parsed.data;
}

/** The digest stored as a line's identity: fixed length, whatever the label. */
const digest = (identity: string) => createHash('sha256').update(identity).digest('hex');

/** Bank statements (issue 27, decisions 0029): imported per bank by the admin and the comptable. */
export class RelevesBancairesService {
  constructor(private readonly db: Database) {}

  /**
   * Reads the statement whole before anything is written (a wrong line refuses the file, naming
   * it), then adds in one transaction the import, the lines not seen before and its audit row.
   */
  async importer(caller: Caller, banqueId: number, form: ParsedForm): Promise<ReleveImport> {
    const file = form.files.releve[0];
    if (!file) throw refused(RELEVE_MESSAGES.fichierRequis);
    const banque = await findBanque(this.db, banqueId);
    if (!banque) throw new AppError('NOT_FOUND', BANQUE_MESSAGES.notFound);

    const text = decoderReleve(file.data);
    let format: ReleveFormat;
    let lu: Lecture<ReleveLu>;
    let chosen: ColonnesReleve | undefined;
    if (estReleveXml(text)) {
      format = 'camt053';
      lu = lireCamt053(text);
    } else {
      format = 'csv';
      const tableau = lireTableau(text);
      if (!tableau.ok) throw refused(tableau.erreur);
      chosen = sentColonnes(form.fields.colonnes);
      // Columns chosen on the preview, else the bank's remembered ones, else recognised by their names.
      lu = lireReleveCsv(tableau.value, chosen ?? colonnesRetenues(tableau.value.entetes, banque.releve_colonnes));
    }
    if (!lu.ok) throw refused(lu.erreur);

    const { lignes, solde_final } = lu.value;
    const identites = identitesLignes(lignes).map(digest);
    const periode = periodeReleve(lignes);
    return this.db.transaction().execute(async (trx) => {
      // The bank's row locked as a closure locks it: no line slips into a month being closed.
      await lockBanque(trx, banqueId);
      const id = await insertReleve(trx, {
        banque_id: banqueId,
        format,
        nom_fichier: file.filename.slice(0, 255),
        lignes_lues: lignes.length,
        date_debut: periode.debut,
        date_fin: periode.fin,
        solde_final,
        importe_par: caller.id,
      });
      const nouvelles = await insertLignes(
        trx,
        banqueId,
        id,
        lignes.map((l, i) => ({ ...l, identite: identites[i] ?? '' })),
      );
      const clos = await moisClosDuReleve(trx, id);
      if (clos) throw new AppError('CONFLICT', CLOTURE_MESSAGES.releveMoisClos(clos));
      await setLignesNouvelles(trx, id, nouvelles);
      if (chosen) await saveColonnes(trx, banqueId, chosen);
      const result: ReleveImport = {
        id,
        format,
        lignes_lues: lignes.length,
        lignes_nouvelles: nouvelles,
        doublons: lignes.length - nouvelles,
        periode,
        solde_final,
      };
      await insertAudit(trx, caller, {
        action: 'created',
        table_name: 'releves_bancaires',
        record_id: id,
        new_values: { banque_id: banqueId, nom_fichier: file.filename, ...result, colonnes: chosen },
      });
      return result;
    });
  }

  async lignes(_caller: Caller, banqueId: number, query: LigneReleveListQuery) {
    if (!(await findBanque(this.db, banqueId))) throw new AppError('NOT_FOUND', BANQUE_MESSAGES.notFound);
    const { rows, pagination } = await listLignes(this.db, banqueId, query);
    return { data: rows.map(toLigne), pagination };
  }
}
