import type {
  AccountStatut,
  BanqueStatut,
  ChantierStatut,
  ColonnesReleve,
  DEVISES,
  DemandeStatut,
  DepenseCategorie,
  DepenseStatut,
  LigneReleveStatut,
  MouvementOperation,
  NotificationType,
  ReleveFormat,
  RemboursementStatut,
  Role,
  SCAN_MIME_TYPES,
  SituationMatrimoniale,
  StatutRappel,
  TYPES_COMPTE,
  TypeRappel,
  TypeVersement,
  VersementStatut,
} from '@app/shared';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** A timestamptz column: Date when read, Date or ISO string when written, defaulted. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json = ColumnType<unknown, string | null | undefined, string | null>;

export interface UtilisateursTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  role: Role;
  statut: ColumnType<AccountStatut, AccountStatut | undefined, AccountStatut>;
  nom: string;
  prenom: string;
  telephone: string | null;
  photo_profil: string | null;
  must_change_password: Generated<boolean>;
  /** A self-registered account until its e-mail is verified (issue 26): it cannot sign in. */
  email_non_verifie: Generated<boolean>;
  /** Two-factor sign-in (migration 0023): the sealed TOTP secret, active once a code confirmed it. */
  totp_secret: string | null;
  totp_active_at: NullableTimestamp;
  /** The time step of the last TOTP code accepted: that code and the earlier ones are refused. */
  totp_last_step: number | null;
  date_derniere_connexion: NullableTimestamp;
  password_changed_at: Timestamp;
  created_by: number | null;
  updated_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PersonnelTable {
  id: Generated<number>;
  utilisateur_id: number;
  code_employe: string;
  num_cni: string;
  departement: string;
  poste: string;
  /** date: read as 'YYYY-MM-DD' text (see database.ts type parsers). */
  date_embauche: string;
  /** bigint FCFA: read as string to stay exact. */
  salaire: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  utilisateur_id: number;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  last_activity_at: Timestamp;
  revoked_at: NullableTimestamp;
  revoked_reason: string | null;
  ip_address: string | null;
  user_agent: string | null;
  /** Opened by a password alone where two factors are required: it may only enrol (migration 0023). */
  deux_facteurs_a_activer: Generated<boolean>;
}

export interface SessionTokensTable {
  token_hash: string;
  session_id: string;
  created_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface PasswordResetCodesTable {
  id: Generated<number>;
  utilisateur_id: number;
  code_hash: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: NullableTimestamp;
  attempts: Generated<number>;
  created_at: Timestamp;
}

/** Sign-in failures of one account from one client address (migration 0006). */
export interface LoginThrottlesTable {
  utilisateur_id: number;
  address: string;
  failures: Generated<number>;
  lockouts: Generated<number>;
  locked_until: NullableTimestamp;
  updated_at: Timestamp;
}

/** The lock notice's single-use unlock links, by SHA-256. */
export interface UnlockTokensTable {
  token_hash: string;
  utilisateur_id: number;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

/** Self-registration's single-use e-mail verification links, by SHA-256. */
/** An account's single-use recovery codes (migration 0023), stored hashed. */
export interface CodesSecoursTable {
  id: Generated<number>;
  utilisateur_id: number;
  code_hash: string;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

/** A sign-in whose password was right, waiting for its second factor (migration 0023). */
export interface ConnexionsDeuxFacteursTable {
  jeton_hash: string;
  utilisateur_id: number;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface EmailVerificationsTable {
  token_hash: string;
  utilisateur_id: number;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

/** A notification's e-mail: none wanted, waiting, being sent (claimed), sent, or failed. */
type EtatCourriel = 'aucun' | 'attente' | 'envoi' | 'envoye' | 'echec';

export interface NotificationsTable {
  id: Generated<number>;
  utilisateur_id: number;
  type: NotificationType;
  cle: string;
  titre: string;
  message: string;
  lien: string | null;
  lue_at: NullableTimestamp;
  courriel: EtatCourriel;
  courriel_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface SettingsTable {
  grp: string;
  value: Json;
  updated_by: number | null;
  updated_at: Timestamp;
}

export interface PreferencesTable {
  utilisateur_id: number;
  value: Json;
  updated_at: Timestamp;
}

export interface AuditTable {
  id: Generated<string>;
  action: string;
  table_name: string;
  record_id: string | null;
  user_id: number | null;
  membre_id: number | null;
  personnel_id: number | null;
  old_values: Json;
  new_values: Json;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  /** Its place in the chain and its SHA-256 link to the row before: written by the trigger (migration 0011). */
  position: Generated<string>;
  empreinte: Generated<string>;
}

/** bigint FCFA and numeric columns are read as strings to stay exact. */
type Exact = ColumnType<string, number | string, number | string>;
type ExactDefaulted = ColumnType<string, number | string | undefined, number | string>;

export interface SitesTable {
  id: Generated<number>;
  nom_site: string;
  adresse_site: string;
  ville_site: string;
  prix_metre_carre: Exact;
  localisation_site: string | null;
  video_site: string | null;
  est_actif: Generated<boolean>;
  created_by: number | null;
  updated_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type MediaKind = 'photo' | 'plan';

interface MediaColumns {
  id: Generated<number>;
  kind: MediaKind;
  path: string;
  original_name: string;
  mime_type: string;
  size_bytes: number;
  position: number;
  created_at: Timestamp;
}

export interface SiteMediasTable extends MediaColumns {
  site_id: number;
}

export interface ProduitMediasTable extends MediaColumns {
  produit_id: number;
}

export interface ProduitsTable {
  id: Generated<number>;
  site_id: number;
  titre: string;
  description: string;
  type: 'logement' | 'terrain';
  superficie: Exact;
  nombre_chambre: number;
  nombre_salon: number;
  nombre_cuisine: number;
  nombre_toilette: number;
  delais_construction: number | null;
  prix_vente: Exact;
  caution: ExactDefaulted;
  video_logement: string | null;
  est_actif: Generated<boolean>;
  created_by: number | null;
  updated_by: number | null;
  date_creation: Timestamp;
  date_modification: Timestamp;
}

export interface FavorisTable {
  utilisateur_id: number;
  produit_id: number;
  created_at: Timestamp;
}

export interface MembresTable {
  id: Generated<number>;
  utilisateur_id: number;
  code_esv: string;
  num_cni: string;
  date_naissance: string;
  situation_matrimoniale: string | null;
  profession: string;
  adresse: string;
  ville: string;
  pays: string;
  type_membre: ColumnType<'standard' | 'premium' | 'vip', 'standard' | 'premium' | 'vip' | undefined>;
  date_inscription: ColumnType<string, string | undefined, string>;
  produit_id: number | null;
  engagement_mensuel: Exact;
  duree_paiement: number;
  /** What he owes in all: his product's price (migration 0017); his terms' product before that. */
  montant_total: Exact;
  /** The product's price his contract was made at, for the members validated under the price rule. */
  prix_produit: ColumnType<string | null, number | string | null | undefined, never>;
  gestionnaire_id: number | null;
  demande_id: number | null;
  montant_deja_paye: ExactDefaulted;
  montant_du: ColumnType<string, never, never>;
  /** Due date of the oldest instalment not fully paid, kept by triggers (migration 0015). */
  echeance_impayee: ColumnType<string | null, never, never>;
  /** What he owes on the instalments due before the kept cut-off (`retards_arrete`), kept by triggers. */
  retard_montant: ColumnType<string, never, never>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A version of a member's schedule; the current one has no `remplace_le` (migration 0015). */
export interface EcheanciersTable {
  id: Generated<number>;
  membre_id: number;
  version: number;
  premiere_echeance: string;
  motif: string | null;
  cree_par: number | null;
  created_at: Timestamp;
  remplace_le: NullableTimestamp;
}

export interface EcheancesTable {
  echeancier_id: number;
  numero: number;
  date_echeance: string;
  montant: Exact;
  /** Running total of the schedule up to this instalment. */
  cumul: Exact;
}

/** A reminder e-mail of an instalment, written before it is sent (migration 0016). */
export interface RappelsTable {
  id: Generated<number>;
  membre_id: number;
  echeancier_id: number;
  numero: number;
  date_echeance: string;
  type_rappel: TypeRappel;
  /** What remained to pay on the instalment when it was sent. */
  montant: Exact;
  email: string;
  statut: ColumnType<StatutRappel, StatutRappel | undefined, StatutRappel>;
  tentatives: ColumnType<number, number | undefined, number>;
  /** The (last) attempt's time. */
  sent_at: Timestamp;
}

/** A monthly statement e-mailed to a member, written before it is sent (migration 0016). */
export interface RelevesMensuelsTable {
  id: Generated<number>;
  membre_id: number;
  /** The month's first day. */
  mois: string;
  email: string;
  statut: ColumnType<StatutRappel, StatutRappel | undefined, StatutRappel>;
  tentatives: ColumnType<number, number | undefined, number>;
  /** The (last) attempt's time. */
  sent_at: Timestamp;
}

/** Late members and their arrears per oldest unpaid due date, gestionnaire and site (0: all), kept by triggers. */
export interface RetardsTotauxTable {
  gestionnaire_id: number;
  site_id: number;
  echeance_impayee: string;
  membres: number;
  montant: string;
}

export interface DemandesTable {
  id: Generated<number>;
  nom_complet: string;
  num_cni: string;
  date_naissance: string;
  situation_matrimoniale: SituationMatrimoniale | null;
  profession: string;
  engagement_mensuel: Exact;
  duree_paiement: number;
  email: string;
  telephone: string;
  pays: string;
  ville: string;
  adresse: string;
  produit_id: number;
  notes: string | null;
  /** The applicant's demandeur account, when he has one (migration 0014). */
  demandeur_id: ColumnType<number | null, number | null | undefined, number | null>;
  statut: ColumnType<DemandeStatut, DemandeStatut | undefined, DemandeStatut>;
  gere_par: number | null;
  motif_rejet: string | null;
  commentaires: string | null;
  traite_par: number | null;
  date_traitement: NullableTimestamp;
  created_by: number | null;
  updated_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Money in and out per day of the company's time zone, kept by triggers (migration 0013). */
export interface TotauxJournaliersTable {
  domaine: 'versements' | 'depenses' | 'remboursements';
  jour: string;
  total: number;
  somme: string;
}

/** Kept list totals (migration 0005): one row per list and combination of counted filters. */
export interface CompteursTable {
  cle: string;
  total: string;
  /** The sum of the counted rows' `montant` (migration 0008). */
  somme: ColumnType<string, string | number | undefined, string | number>;
}

export interface BanquesTable {
  id: Generated<number>;
  nom: string;
  code_banque: string;
  numero_compte: string;
  adresse: string | null;
  telephone: string | null;
  email: string | null;
  site_web: string | null;
  contact_principal: string | null;
  iban: string | null;
  swift: string | null;
  devise: ColumnType<(typeof DEVISES)[number], (typeof DEVISES)[number] | undefined>;
  type_compte: ColumnType<(typeof TYPES_COMPTE)[number], (typeof TYPES_COMPTE)[number] | undefined>;
  statut: ColumnType<BanqueStatut, BanqueStatut | undefined>;
  est_principale: Generated<boolean>;
  solde_initial: ExactDefaulted;
  /** Kept by the movements only (postMouvement, modules/banques/ledger.repository.ts). */
  solde: Exact;
  /** The columns chosen for this bank's CSV statements (migration 0025), by their headers. */
  releve_colonnes: ColumnType<ColonnesReleve | null, string | null | undefined, string | null>;
  created_by: number | null;
  updated_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An import of a bank's statement (migration 0025). */
export interface RelevesBancairesTable {
  id: Generated<number>;
  banque_id: number;
  format: ReleveFormat;
  nom_fichier: string;
  lignes_lues: number;
  lignes_nouvelles: number;
  date_debut: string;
  date_fin: string;
  solde_final: ColumnType<string | null, number | string | null, number | string | null>;
  importe_par: number;
  created_at: Timestamp;
}

/** An operation the bank reported, once whatever the imports that carried it (migration 0025). */
export interface LignesReleveTable {
  id: Generated<string>;
  banque_id: number;
  releve_id: number;
  identite: string;
  date_operation: string;
  date_valeur: string | null;
  libelle: string;
  reference: string | null;
  sens: 'credit' | 'debit';
  montant: Exact;
  solde: ColumnType<string | null, number | string | null, number | string | null>;
  statut: ColumnType<LigneReleveStatut, LigneReleveStatut | undefined>;
  rapprochement_id: number | null;
  created_at: Timestamp;
}

export interface VersementsTable {
  id: Generated<number>;
  membre_id: number;
  produit_id: number;
  banque_id: number;
  montant: Exact;
  type_versement: TypeVersement;
  numero_recu: string;
  date_recu: string;
  date_versement: string;
  scan_path: string | null;
  scan_nom: string | null;
  scan_type: (typeof SCAN_MIME_TYPES)[number] | null;
  commentaire: string | null;
  statut: ColumnType<VersementStatut, VersementStatut | undefined>;
  date_validation: NullableTimestamp;
  date_rejet: NullableTimestamp;
  motif: string | null;
  traite_par: number | null;
  created_by: number;
  date_suppression: NullableTimestamp;
  supprime_par: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MouvementsBancairesTable {
  id: Generated<string>;
  banque_id: number;
  type: 'credit' | 'debit';
  operation: MouvementOperation;
  montant: Exact;
  solde_apres: Exact;
  source_table: 'versements' | 'banques' | 'depenses' | 'remboursements';
  source_id: number;
  commentaire: string | null;
  created_by: number | null;
  created_at: Timestamp;
  /** The day the bank knows it by (migration 0026); by default the company's day it is posted. */
  date_valeur: ColumnType<string, string | undefined, string>;
  /** A manual operation's counterpart in the journal (migration 0031); none: the suspense account. */
  compte_contrepartie: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Statement lines matched to ledger movements of one bank, their sums equal (migration 0026). */
export interface RapprochementsTable {
  id: Generated<number>;
  banque_id: number;
  montant: Exact;
  created_by: number;
  created_at: Timestamp;
}

export interface RapprochementMouvementsTable {
  mouvement_id: string | number;
  rapprochement_id: number;
}

/** A daily run of the ledger's and the audit journal's checks (migration 0029). */
export interface ControlesIntegriteTable {
  id: Generated<number>;
  fait_le: Timestamp;
  grand_livre_ok: boolean;
  audit_ok: boolean;
  ecarts: ColumnType<{ invariant: string; detail: string }[], string, string>;
  duree_ms: number;
}

/** A bank's closed month (migration 0027): no movement dated in it while it is not reopened. */
export interface CloturesBancairesTable {
  id: Generated<number>;
  banque_id: number;
  /** The month's first day. */
  mois: string;
  /** The balance, ledger and statement alike, at the month's last day. */
  solde: Exact;
  cloturee_par: number;
  created_at: Timestamp;
  rouverte_par: number | null;
  rouverte_le: NullableTimestamp;
  motif_reouverture: string | null;
}

export interface DepensesTable {
  id: Generated<number>;
  montant: Exact;
  numero_recu: string | null;
  description: string;
  categorie: DepenseCategorie;
  categorie_autre: string | null;
  date_depense: string;
  banque_id: number;
  statut: ColumnType<DepenseStatut, DepenseStatut | undefined>;
  commentaire: string | null;
  date_approbation: NullableTimestamp;
  date_rejet: NullableTimestamp;
  traite_par: number | null;
  justificatif_path: string | null;
  justificatif_nom: string | null;
  justificatif_type: (typeof SCAN_MIME_TYPES)[number] | null;
  created_by: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RemboursementsTable {
  id: Generated<number>;
  membre_id: number;
  montant: Exact;
  raison: string;
  commentaire: string | null;
  justificatif_path: string | null;
  justificatif_nom: string | null;
  justificatif_type: (typeof SCAN_MIME_TYPES)[number] | null;
  statut: ColumnType<RemboursementStatut, RemboursementStatut | undefined>;
  commentaire_traitement: string | null;
  date_traitement: NullableTimestamp;
  traite_par: number | null;
  /** The principal bank debited at approval. */
  banque_id: number | null;
  created_by: number;
  date_creation: Timestamp;
  date_modification: Timestamp;
}

export interface ChantiersTable {
  id: Generated<number>;
  nom_chantier: string;
  description: string;
  adresse: string;
  ville: string;
  pays: string;
  date_debut: string;
  date_fin_prevue: string;
  date_debut_reelle: string | null;
  date_fin_reelle: string | null;
  statut: ColumnType<ChantierStatut, ChantierStatut | undefined>;
  budget_prevu: Exact;
  budget_utilise: ExactDefaulted;
  pourcentage_avancement: number | null;
  responsable_id: number | null;
  site_id: number | null;
  produit_id: number | null;
  video_url: string | null;
  created_by: number | null;
  updated_by: number | null;
  date_creation: Timestamp;
  date_modification: Timestamp;
}

/** A chantier's photos (migration 0024), in the order they were added. */
export interface ChantierPhotosTable {
  id: Generated<number>;
  chantier_id: number;
  path: string;
  original_name: string;
  mime_type: string;
  size_bytes: number;
  created_at: Timestamp;
}

export interface IdempotenceTable {
  utilisateur_id: number;
  cle: string;
  operation: string;
  empreinte: string;
  resultat_id: number | null;
  created_at: Timestamp;
}

export interface SauvegardesTable {
  id: Generated<number>;
  debut: Timestamp;
  fin: NullableTimestamp;
  declenchement: 'planifiee' | 'manuelle';
  creneau: NullableTimestamp;
  demandeur_id: number | null;
  statut: ColumnType<'en_cours' | 'verifiee' | 'echec', 'en_cours' | undefined, 'en_cours' | 'verifiee' | 'echec'>;
  motif: string | null;
  etape: 'base' | 'medias' | 'verification' | null;
  progression: number | null;
  battement: Timestamp;
  fichier: string | null;
  /** bigint bytes: read as string. */
  taille: ColumnType<string | null, number | null | undefined, number | null>;
  chiffree: boolean;
  manifeste: Json;
  alerte_envoyee: Generated<boolean>;
}

export interface SauvegardeAlertesTable {
  cle: string;
  envoyee_le: Timestamp;
}

export interface DB {
  utilisateurs: UtilisateursTable;
  personnel: PersonnelTable;
  sessions: SessionsTable;
  session_tokens: SessionTokensTable;
  password_reset_codes: PasswordResetCodesTable;
  login_throttles: LoginThrottlesTable;
  unlock_tokens: UnlockTokensTable;
  email_verifications: EmailVerificationsTable;
  codes_secours: CodesSecoursTable;
  chantier_photos: ChantierPhotosTable;
  connexions_deux_facteurs: ConnexionsDeuxFacteursTable;
  notifications: NotificationsTable;
  settings: SettingsTable;
  preferences: PreferencesTable;
  audit: AuditTable;
  sites: SitesTable;
  site_medias: SiteMediasTable;
  produits: ProduitsTable;
  produit_medias: ProduitMediasTable;
  favoris: FavorisTable;
  membres: MembresTable;
  echeanciers: EcheanciersTable;
  echeances: EcheancesTable;
  retards_totaux: RetardsTotauxTable;
  rappels: RappelsTable;
  releves_mensuels: RelevesMensuelsTable;
  demandes: DemandesTable;
  compteurs: CompteursTable;
  totaux_journaliers: TotauxJournaliersTable;
  banques: BanquesTable;
  versements: VersementsTable;
  mouvements_bancaires: MouvementsBancairesTable;
  releves_bancaires: RelevesBancairesTable;
  lignes_releve: LignesReleveTable;
  rapprochements: RapprochementsTable;
  rapprochement_mouvements: RapprochementMouvementsTable;
  clotures_bancaires: CloturesBancairesTable;
  controles_integrite: ControlesIntegriteTable;
  idempotence: IdempotenceTable;
  depenses: DepensesTable;
  remboursements: RemboursementsTable;
  chantiers: ChantiersTable;
  sauvegardes: SauvegardesTable;
  sauvegarde_alertes: SauvegardeAlertesTable;
}

export type Utilisateur = Selectable<UtilisateursTable>;
export type NewUtilisateur = Insertable<UtilisateursTable>;
export type UtilisateurUpdate = Updateable<UtilisateursTable>;
export type NewAudit = Insertable<AuditTable>;
