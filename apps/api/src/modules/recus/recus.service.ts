import { fullName, RECU_MESSAGES, type RecuVerification, VERSEMENT_MESSAGES } from '@app/shared';
import type { Caller, Visitor } from '../../caller.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { findVersement } from '../versements/versements.repository.ts';
import { renderRecu } from './recu-pdf.ts';
import { RecuSigner } from './recu-token.ts';
import { findSoldeAuRecu, findVerifiable } from './recus.repository.ts';

/**
 * Our receipt number, derived from the payment: its validation year (UTC, so that a change of the
 * company's time zone never renumbers a receipt) and its id. The bank slip's number is the
 * payment's `numero_recu`, shown as such.
 */
export function recuNumero(versementId: number, validatedAt: Date): string {
  return `REC-${validatedAt.getUTCFullYear()}-${String(versementId).padStart(6, '0')}`;
}

/** 'A. K.' for Awa Kouamé: first name first, as every name is written. */
export function initiales(prenom: string, nom: string): string {
  return [prenom, nom]
    .map((part) => part.trim().charAt(0).toLocaleUpperCase('fr-FR'))
    .filter(Boolean)
    .map((letter) => `${letter}.`)
    .join(' ');
}

export interface PdfFile {
  fileName: string;
  pdf: Buffer;
}

const notGenuine = () => new AppError('NOT_FOUND', RECU_MESSAGES.notGenuine);

/** Receipts of validated payments (issue 15) and their public verification. */
export class RecusService {
  private readonly signer: RecuSigner;

  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    private readonly config: Pick<Config, 'jwtSecret' | 'publicUrl'>,
  ) {
    this.signer = new RecuSigner(config.jwtSecret);
  }

  /** The public address a receipt's QR code opens. */
  verificationUrl(versementId: number): string {
    return `${this.config.publicUrl}/verification/${this.signer.sign(versementId)}`;
  }

  /** The PDF receipt of a validated payment the caller may see (404 otherwise, as for the payment). */
  async recu(caller: Caller, versementId: number): Promise<PdfFile> {
    const v = await findVersement(this.db, caller.scope, versementId);
    if (!v) throw new AppError('NOT_FOUND', VERSEMENT_MESSAGES.notFound);
    if (v.statut !== 'valide' || !v.date_validation) throw new AppError('NOT_FOUND', RECU_MESSAGES.noRecu);
    const [{ general }, solde] = await Promise.all([this.settings.get(), findSoldeAuRecu(this.db, v.id)]);
    if (!solde) throw new AppError('NOT_FOUND', VERSEMENT_MESSAGES.notFound);
    const engagement = Number(solde.engagement_mensuel);
    const total = Number(solde.montant_total);
    const verseNet = Number(solde.verse ?? 0) - Number(solde.rembourse ?? 0);
    const numero = recuNumero(v.id, v.date_validation);
    const pdf = await renderRecu({
      company: general,
      numero,
      emisLe: new Date(),
      membre: { nom: fullName({ prenom: v.membre_prenom, nom: v.membre_nom }), code_esv: v.membre_code },
      produit: v.produit_titre,
      montant: Number(v.montant),
      type_versement: v.type_versement,
      date_versement: v.date_versement,
      date_validation: v.date_validation,
      banque: v.banque_nom,
      bordereau: v.numero_recu,
      validePar:
        v.traite_nom !== null && v.traite_prenom !== null
          ? fullName({ prenom: v.traite_prenom, nom: v.traite_nom })
          : null,
      contrat: { engagement, duree: solde.duree_paiement, total },
      verseNet,
      // Paid beyond the contract leaves nothing to pay, not a negative amount.
      reste: Math.max(0, total - verseNet),
      verification: this.verificationUrl(v.id),
    });
    return { fileName: `recu-${numero}.pdf`, pdf };
  }

  /**
   * Whether a verification token is a genuine receipt's: only a token this server signed, for a
   * payment still validated, answers; anything else is the same "not genuine" and reveals nothing.
   */
  async verify(_visitor: Visitor, token: string): Promise<RecuVerification> {
    const id = this.signer.verify(token);
    if (id === null) throw notGenuine();
    const row = await findVerifiable(this.db, id);
    if (!row?.date_validation) throw notGenuine();
    return {
      authentique: true,
      numero: recuNumero(row.id, row.date_validation),
      date_validation: row.date_validation.toISOString(),
      montant: Number(row.montant),
      initiales: initiales(row.prenom, row.nom),
    };
  }
}
