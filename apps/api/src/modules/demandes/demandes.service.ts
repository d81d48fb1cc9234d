import {
  applicantName,
  type Contrat,
  can,
  contratPour,
  couverture,
  DEMANDE_MESSAGES,
  type Demande,
  type DemandeListQuery,
  type DemandeStats,
  type DemandeStatut,
  type demandeCreateSchema,
  type demandePublicSchema,
  type demandeRejectSchema,
  type demandeUpdateSchema,
  type demandeValidateSchema,
  formatFCFA,
  fullName,
  manqueMessage,
  type PublicProduit,
  plural,
  type Solde,
  splitNomComplet,
  totalToPay,
  villeError,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Caller, Visitor } from '../../caller.ts';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { type Mailer, type MailMessage, sendInBackground } from '../../mail/mailer.ts';
import { changedFields, insertAudit } from '../audit/audit.repository.ts';
import { hashPassword, temporaryPassword } from '../auth/passwords.ts';
import { findMembreByCni, insertMembre } from '../membres/membres.repository.ts';
import { notifier } from '../notifications/notifications.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import {
  findAccount,
  findActiveGestionnaire,
  findUtilisateurByEmail,
  insertUtilisateur,
  updateUtilisateur,
} from '../utilisateurs/utilisateurs.repository.ts';
import {
  type DemandeRow,
  type DemandesOf,
  deleteDemande,
  demandeStats,
  findDemande,
  hasPendingDemande,
  insertDemande,
  isProduitAvailable,
  isProduitHeld,
  listAvailableProduits,
  listDemandes,
  lockDemande,
  lockProduit,
  updateDemande,
} from './demandes.repository.ts';

type PublicBody = z.output<typeof demandePublicSchema>;
type CreateBody = z.output<typeof demandeCreateSchema>;
type UpdateBody = z.output<typeof demandeUpdateSchema>;
type RejectBody = z.output<typeof demandeRejectSchema>;
type ValidateBody = z.output<typeof demandeValidateSchema>;
type LockedDemande = NonNullable<Awaited<ReturnType<typeof lockDemande>>>;

const notFound = () => new AppError('NOT_FOUND', DEMANDE_MESSAGES.notFound);
const alreadyProcessed = () => new AppError('VALIDATION_ERROR', DEMANDE_MESSAGES.alreadyProcessed);
const conflict = (message: string) => new AppError('CONFLICT', message);
const fieldError = (field: string, message: string) => new AppError('VALIDATION_ERROR', message, { [field]: message });

function toDemande(row: DemandeRow): Demande {
  const engagement = Number(row.engagement_mensuel);
  return {
    id: row.id,
    nom_complet: row.nom_complet,
    num_cni: row.num_cni,
    date_naissance: row.date_naissance,
    situation_matrimoniale: row.situation_matrimoniale,
    profession: row.profession,
    engagement_mensuel: engagement,
    duree_paiement: row.duree_paiement,
    montant_total: totalToPay(engagement, row.duree_paiement),
    email: row.email,
    telephone: row.telephone,
    pays: row.pays,
    ville: row.ville,
    adresse: row.adresse,
    produit_id: row.produit_id,
    produit_nom: row.produit_titre,
    produit: {
      id: row.produit_id,
      titre: row.produit_titre,
      prix_vente: Number(row.produit_prix),
      site_id: row.site_id,
      site_nom: row.nom_site,
      site_ville: row.ville_site,
    },
    notes: row.notes,
    statut: row.statut,
    gere_par: row.gere_par,
    gestionnaire:
      row.gere_par !== null && row.gestionnaire_nom !== null && row.gestionnaire_prenom !== null
        ? { id: row.gere_par, nom: row.gestionnaire_nom, prenom: row.gestionnaire_prenom }
        : null,
    motif_rejet: row.motif_rejet,
    commentaires: row.commentaires,
    traite_par: row.traite_par,
    date_traitement: row.date_traitement?.toISOString() ?? null,
    membre:
      row.membre_id !== null && row.membre_code !== null ? { id: row.membre_id, code_esv: row.membre_code } : null,
    origine: row.created_by === null ? 'public' : 'personnel',
    date_creation: row.created_at.toISOString(),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function toPublicProduit(row: Awaited<ReturnType<typeof listAvailableProduits>>[number]): PublicProduit {
  return { ...row, prix_vente: Number(row.prix_vente) };
}

/**
 * The member's contract: he owes the product's price (issue 23). Terms that fall short of it need
 * the validator's choice of how the remainder is paid; without one, the refusal says what is missing.
 */
function contractOf(demande: LockedDemande, prix: number, solde: Solde | undefined): Contrat {
  const engagement = Number(demande.engagement_mensuel);
  const contrat = contratPour(prix, engagement, demande.duree_paiement, solde);
  if (contrat) return contrat;
  const manque = couverture(prix, engagement, demande.duree_paiement);
  throw fieldError('solde', `${manque ? `${manqueMessage(manque)} ` : ''}${DEMANDE_MESSAGES.soldeRequired}.`);
}

/** The contract in the member's words: what he pays each month and in all. */
function contratText({ total, engagement, duree, derniere }: Contrat): string {
  const last = derniere === engagement ? '' : `, la dernière de ${formatFCFA(derniere)}`;
  return `Votre contrat\u00a0: ${plural(duree, 'échéance mensuelle', 'échéances mensuelles')} de ${formatFCFA(engagement)}${last}, soit ${formatFCFA(total)} au total.`;
}

/** The new member's e-mail: his code, his gestionnaire, his contract and the temporary password to change. */
function validatedMail(
  demande: LockedDemande,
  membre: { code_esv: string },
  gestionnaire: { nom: string; prenom: string },
  contrat: Contrat,
  tempPassword: string,
  companyName: string,
): MailMessage {
  return {
    to: demande.email,
    subject: 'Votre demande d’inscription est validée',
    text: [
      `Bonjour ${applicantName(demande.nom_complet)},`,
      '',
      `Votre demande d’inscription a été validée. Votre code membre est ${membre.code_esv}.`,
      `Votre gestionnaire est ${fullName(gestionnaire)}.`,
      contratText(contrat),
      '',
      'Connectez-vous avec votre adresse e-mail (ou votre code membre) et ce mot de passe,',
      'que vous devrez changer à la première connexion :',
      '',
      `Mot de passe temporaire : ${tempPassword}`,
      '',
      companyName,
    ].join('\n'),
  };
}

function rejectedMail(demande: LockedDemande, body: RejectBody, companyName: string): MailMessage {
  return {
    to: demande.email,
    subject: 'Votre demande d’inscription n’a pas été retenue',
    text: [
      `Bonjour ${applicantName(demande.nom_complet)},`,
      '',
      'Nous sommes au regret de vous informer que votre demande d’inscription n’a pas été retenue.',
      `Motif : ${body.motif_rejet}`,
      ...(body.commentaires ? [`Commentaires : ${body.commentaires}`] : []),
      '',
      'Vous pouvez nous contacter pour en savoir plus ou déposer une nouvelle demande.',
      '',
      companyName,
    ].join('\n'),
  };
}

/** Registration requests: the public form, the staff's list and forms, validation and rejection. */
export class DemandesService {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
  ) {}

  async listPublicProduits(_visitor: Visitor): Promise<PublicProduit[]> {
    return (await listAvailableProduits(this.db)).map(toPublicProduit);
  }

  async list(caller: Caller, query: DemandeListQuery) {
    const { rows, pagination } = await listDemandes(this.db, query, ownerOf(caller));
    return { data: rows.map(toDemande), pagination };
  }

  async stats(_caller: Caller): Promise<DemandeStats> {
    const row = await demandeStats(this.db);
    return {
      total: Number(row.total),
      en_attente: Number(row.en_attente),
      validee: Number(row.validee),
      rejetee: Number(row.rejetee),
    };
  }

  async get(caller: Caller, id: number): Promise<Demande> {
    const row = await findDemande(this.db, id);
    const owner = ownerOf(caller);
    // Another's request is answered as a missing one: its existence is not his to know.
    if (!row || (owner && row[owner.column] !== owner.id)) throw notFound();
    return toDemande(row);
  }

  /**
   * The login screen's form. A filled honeypot, or a second pending request of the same person,
   * is answered like a success and keeps nothing: the answer never tells a stranger who applied.
   */
  async submitPublic(visitor: Visitor, body: PublicBody): Promise<void> {
    const { site_web, ...fields } = body;
    if (site_web) {
      this.log.warn({ ip: visitor.ip }, 'demande publique ignorée (champ piège rempli)');
      return;
    }
    const id = await this.insert(visitor, fields);
    if (id === null) this.log.info({ ip: visitor.ip }, 'demande publique ignorée (déjà une demande en attente)');
  }

  /**
   * Staff file a request for someone, who sees the conflict when the person already has one
   * pending. A demandeur files his own (issue 26): under his verified address whatever the form
   * says, linked to his account, and like the public form's, by the applicant himself (no staff
   * author).
   */
  async create(caller: Caller, body: CreateBody): Promise<Demande> {
    let id: number | null;
    if (caller.role === 'demandeur') {
      const account = await findAccount(this.db, caller.id);
      if (!account) throw notFound();
      id = await this.insert(caller, { ...body, email: account.email }, caller.id);
    } else {
      id = await this.insert(caller, body);
    }
    if (id === null) throw conflict(DEMANDE_MESSAGES.alreadyPending);
    return this.get(caller, id);
  }

  /**
   * The new demande's id, or null when the person already has one pending. A visitor's, and a
   * demandeur's own (`demandeurId`), have no staff author.
   */
  private async insert(who: Visitor | Caller, fields: CreateBody, demandeurId?: number): Promise<number | null> {
    const createdBy = 'id' in who && demandeurId === undefined ? who.id : null;
    return this.db.transaction().execute(async (trx) => {
      await assertAvailable(trx, fields.produit_id);
      if (await hasPendingDemande(trx, fields)) return null;
      const { id } = await insertDemande(trx, {
        ...fields,
        situation_matrimoniale: fields.situation_matrimoniale ?? null,
        notes: fields.notes ?? null,
        created_by: createdBy,
        updated_by: createdBy,
        demandeur_id: demandeurId ?? null,
      });
      await insertAudit(trx, who, { action: 'created', table_name: 'demandes', record_id: id, new_values: fields });
      await notifier(
        trx,
        {
          type: 'demande',
          cle: `demande:${id}`,
          titre: 'Nouvelle demande d’inscription',
          message: `${applicantName(fields.nom_complet)} a déposé une demande, en attente de décision.`,
          lien: '/demandes',
        },
        { roles: ['admin', 'gestionnaire'], sauf: createdBy },
      );
      return id;
    });
  }

  /** Changes the fields sent, while the demande waits. */
  async update(caller: Caller, id: number, patch: UpdateBody): Promise<Demande> {
    await this.db.transaction().execute(async (trx) => {
      const before = await lockDemande(trx, id);
      if (!before) throw notFound();
      if (before.statut !== 'en_attente') throw alreadyProcessed();
      const villeMessage = villeError(patch.pays ?? before.pays, patch.ville ?? before.ville);
      if (villeMessage) throw fieldError('ville', villeMessage);
      const { old_values, new_values } = changedFields(before as Record<string, unknown>, patch);
      if (Object.keys(new_values).length === 0) return;
      if (patch.produit_id !== undefined && 'produit_id' in new_values) await assertAvailable(trx, patch.produit_id);
      if ('num_cni' in new_values || 'email' in new_values) {
        const person = { num_cni: patch.num_cni ?? before.num_cni, email: patch.email ?? before.email };
        if (await hasPendingDemande(trx, person, id)) throw conflict(DEMANDE_MESSAGES.alreadyPending);
      }
      await updateDemande(trx, id, { ...new_values, updated_by: caller.id });
      await insertAudit(trx, caller, {
        action: 'updated',
        table_name: 'demandes',
        record_id: id,
        old_values,
        new_values,
      });
    });
    return this.get(caller, id);
  }

  /** A validated demande made a member and stays; the others may go. */
  async remove(caller: Caller, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const before = await lockDemande(trx, id);
      if (!before) throw notFound();
      if (before.statut === 'validee') throw conflict(DEMANDE_MESSAGES.validatedNotDeletable);
      await deleteDemande(trx, id);
      await insertAudit(trx, caller, {
        action: 'deleted',
        table_name: 'demandes',
        record_id: id,
        old_values: { nom_complet: before.nom_complet, email: before.email, statut: before.statut },
      });
    });
  }

  /**
   * In one transaction (decisions §5): the demande becomes validee with its manager, a member is
   * created from it with a member account and a temporary password, and the product is held.
   * The row lock makes a second, concurrent validation wait, then find it processed.
   */
  async validate(caller: Caller, id: number, { gere_par: gerePar, solde }: ValidateBody): Promise<Demande> {
    const { security, general } = await this.settings.get();
    const tempPassword = temporaryPassword(security.passwordMinLength);
    const password_hash = await hashPassword(tempPassword);
    const mail = await this.db.transaction().execute(async (trx) => {
      const demande = await lockDemande(trx, id);
      if (!demande) throw notFound();
      if (demande.statut !== 'en_attente') throw alreadyProcessed();
      const gestionnaire = await findActiveGestionnaire(trx, gerePar);
      if (!gestionnaire) throw fieldError('gere_par', DEMANDE_MESSAGES.gestionnaireInactive);
      // The product's row lock makes two validations for one product (two demandes) wait in turn.
      const produit = await lockProduit(trx, demande.produit_id);
      if (await isProduitHeld(trx, demande.produit_id)) throw conflict(DEMANDE_MESSAGES.productHeld);
      if (!produit || !(await isProduitAvailable(trx, demande.produit_id))) {
        throw conflict(DEMANDE_MESSAGES.productUnavailable);
      }
      if (await findMembreByCni(trx, demande.num_cni)) throw conflict(DEMANDE_MESSAGES.duplicateCni);
      const contrat = contractOf(demande, Number(produit.prix_vente), solde);

      const account = await this.memberAccount(trx, caller, demande, password_hash);
      const membre = await insertMembre(trx, {
        utilisateur_id: account.id,
        num_cni: demande.num_cni,
        date_naissance: demande.date_naissance,
        situation_matrimoniale: demande.situation_matrimoniale,
        profession: demande.profession,
        adresse: demande.adresse,
        ville: demande.ville,
        pays: demande.pays,
        produit_id: demande.produit_id,
        engagement_mensuel: contrat.engagement,
        duree_paiement: contrat.duree,
        montant_total: contrat.total,
        prix_produit: produit.prix_vente,
        gestionnaire_id: gestionnaire.id,
        demande_id: id,
      });
      const processed = { statut: 'validee' as DemandeStatut, gere_par: gestionnaire.id };
      await updateDemande(trx, id, {
        ...processed,
        traite_par: caller.id,
        date_traitement: new Date(),
        updated_by: caller.id,
      });
      await insertAudit(trx, caller, {
        action: 'updated',
        table_name: 'demandes',
        record_id: id,
        old_values: { statut: demande.statut },
        new_values: { ...processed, membre_id: membre.id },
      });
      await insertAudit(trx, caller, {
        action: 'created',
        table_name: 'membres',
        record_id: membre.id,
        membre_id: membre.id,
        new_values: {
          utilisateur_id: account.id,
          demande_id: id,
          produit_id: demande.produit_id,
          gestionnaire_id: gestionnaire.id,
          prix_produit: Number(produit.prix_vente),
          montant_total: contrat.total,
          engagement_mensuel: contrat.engagement,
          duree_paiement: contrat.duree,
          ...(solde && { solde }),
        },
      });
      return validatedMail(demande, membre, gestionnaire, contrat, tempPassword, general.companyName);
    });
    sendInBackground(this.mailer, this.log, mail);
    return this.get(caller, id);
  }

  /**
   * The member's account: a new one, or the applicant's own demandeur account turned into a
   * member account. Either way the password is the temporary one, to change at next sign-in.
   */
  private async memberAccount(trx: Executor, caller: Caller, demande: LockedDemande, password_hash: string) {
    const { email, nom_complet, telephone } = demande;
    const existing = await findUtilisateurByEmail(trx, email);
    const secret = { password_hash, must_change_password: true, password_changed_at: new Date() };
    if (existing) {
      if (existing.role !== 'demandeur') throw conflict(DEMANDE_MESSAGES.accountExists);
      await updateUtilisateur(trx, existing.id, { ...secret, role: 'membre', updated_by: caller.id });
      await insertAudit(trx, caller, {
        action: 'updated',
        table_name: 'utilisateurs',
        record_id: existing.id,
        old_values: { role: 'demandeur' },
        new_values: { role: 'membre', must_change_password: true },
      });
      return existing;
    }
    const identity = { email, role: 'membre' as const, ...splitNomComplet(nom_complet), telephone };
    const account = await insertUtilisateur(trx, {
      ...identity,
      ...secret,
      photo_profil: null,
      created_by: caller.id,
      updated_by: caller.id,
    });
    await insertAudit(trx, caller, {
      action: 'created',
      table_name: 'utilisateurs',
      record_id: account.id,
      new_values: identity,
    });
    return account;
  }

  /** Rejected with one of the six reasons; the applicant is told by e-mail. */
  async reject(caller: Caller, id: number, body: RejectBody): Promise<Demande> {
    const { general } = await this.settings.get();
    const mail = await this.db.transaction().execute(async (trx) => {
      const demande = await lockDemande(trx, id);
      if (!demande) throw notFound();
      if (demande.statut !== 'en_attente') throw alreadyProcessed();
      const processed = {
        statut: 'rejetee' as DemandeStatut,
        motif_rejet: body.motif_rejet,
        commentaires: body.commentaires ?? null,
      };
      await updateDemande(trx, id, {
        ...processed,
        traite_par: caller.id,
        date_traitement: new Date(),
        updated_by: caller.id,
      });
      await insertAudit(trx, caller, {
        action: 'updated',
        table_name: 'demandes',
        record_id: id,
        old_values: { statut: demande.statut },
        new_values: processed,
      });
      return rejectedMail(demande, body, general.companyName);
    });
    sendInBackground(this.mailer, this.log, mail);
    return this.get(caller, id);
  }
}

/**
 * Whose requests a caller reads: all when he decides them; a demandeur his own (filed in the app or
 * from the public form with his verified address); anyone else those he created (a commercial).
 */
export function ownerOf(caller: Caller): DemandesOf | undefined {
  if (can(caller.role, 'demandes.read_all')) return undefined;
  return { column: caller.role === 'demandeur' ? 'demandeur_id' : 'created_by', id: caller.id };
}

/** The product must exist, be active and be held by nobody. */
async function assertAvailable(db: Executor, produitId: number) {
  if (!(await isProduitAvailable(db, produitId))) {
    throw fieldError('produit_id', DEMANDE_MESSAGES.productUnavailable);
  }
}
