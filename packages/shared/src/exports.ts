import { z } from 'zod';
import { AUDIT_ACTION_LABELS } from './audit.ts';
import { MOUVEMENT_OPERATION_LABELS } from './banques.ts';
import { CHANTIER_STATUT_LABELS } from './chantiers.ts';
import { DEMANDE_STATUT_LABELS } from './demandes.ts';
import { DEPENSE_STATUT_LABELS } from './depenses.ts';
import { TYPE_MEMBRE_LABELS } from './membres.ts';
import { LIGNE_RELEVE_STATUT_LABELS } from './releves-bancaires.ts';
import { REMBOURSEMENT_STATUT_LABELS } from './remboursements.ts';
import { ROLE_LABELS } from './roles.ts';
import { TRANCHE_LABELS } from './rules/echeancier.ts';
import { TYPE_VERSEMENT_LABELS, VERSEMENT_STATUT_LABELS } from './versements.ts';

/**
 * Exports of the lists (issue 27): `GET <list path>/export?format=csv|xlsx&<the list's filters and
 * sort>` answers every row the list would show, in its order, within the caller's scope. What each
 * list exports (its columns, named in French, each with its kind) is written once here; the server
 * reads its rows with the list's own query.
 */

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = {
  csv: 'CSV (point-virgule, UTF-8)',
  xlsx: 'Excel (XLSX)',
};

export const EXPORT_MESSAGES = {
  format: 'Le format d’export doit être csv ou xlsx.',
  failure: 'Erreur lors de l’export',
} as const;

/**
 * A list's export query: its own filters and sort, validated as the list validates them (its
 * refinements kept), and the format; its page and page size are ignored, every page is exported.
 */
export function exportQuerySchema<S extends z.ZodObject>(listQuery: S) {
  return listQuery.safeExtend({
    format: z.enum(EXPORT_FORMATS, { error: EXPORT_MESSAGES.format }).default('csv'),
  });
}

/** How a cell is written: text, whole FCFA and counts as numbers, days and instants as dates. */
export type ExportCellType = 'texte' | 'montant' | 'nombre' | 'date' | 'dateheure';
export type ExportValue = string | number | Date | null;
type Row = Record<string, unknown>;

export interface ExportColumn {
  titre: string;
  type: ExportCellType;
  valeur: (row: Row) => ExportValue;
}

export interface ExportList {
  /** The sheet's name and the audit's word for the list. */
  titre: string;
  /** The file's name before its date: 'versements-2026-12-02.csv'. */
  fichier: string;
  colonnes: readonly ExportColumn[];
}

const text = (value: unknown): string | null =>
  value === null || value === undefined || value === '' ? null : String(value);

/** Builders of the columns, from the row's fields as the list's query selects them. */
const col = {
  texte: (titre: string, cle: string): ExportColumn => ({ titre, type: 'texte', valeur: (r) => text(r[cle]) }),
  montant: (titre: string, cle: string): ExportColumn => ({
    titre,
    type: 'montant',
    valeur: (r) => (r[cle] === null || r[cle] === undefined ? null : Number(r[cle])),
  }),
  nombre: (titre: string, cle: string): ExportColumn => ({
    titre,
    type: 'nombre',
    valeur: (r) => (r[cle] === null || r[cle] === undefined ? null : Number(r[cle])),
  }),
  date: (titre: string, cle: string): ExportColumn => ({ titre, type: 'date', valeur: (r) => text(r[cle]) }),
  dateheure: (titre: string, cle: string): ExportColumn => ({
    titre,
    type: 'dateheure',
    valeur: (r) => (r[cle] instanceof Date ? (r[cle] as Date) : text(r[cle])),
  }),
  /** A code shown by its label ('valide' → 'Validé'); one with no label as it is. */
  libelle: (titre: string, cle: string, labels: Record<string, string>): ExportColumn => ({
    titre,
    type: 'texte',
    valeur: (r) => {
      const code = text(r[cle]);
      return code === null ? null : (labels[code] ?? code);
    },
  }),
  /** The amount when the row goes that way (a credit, a debit), else nothing. */
  sens: (titre: string, cle: string, sensCle: string, sens: 'credit' | 'debit'): ExportColumn => ({
    titre,
    type: 'montant',
    valeur: (r) => (r[sensCle] === sens ? Number(r[cle]) : null),
  }),
  /** A value computed from the row (a nested field). */
  calcul: (titre: string, type: ExportCellType, valeur: (row: Row) => ExportValue): ExportColumn => ({
    titre,
    type,
    valeur,
  }),
  /** Yes or no. */
  ouiNon: (titre: string, cle: string): ExportColumn => ({
    titre,
    type: 'texte',
    valeur: (r) => (r[cle] === null || r[cle] === undefined ? null : r[cle] ? 'Oui' : 'Non'),
  }),
  /** A person's full name from two fields ('Awa Koné'). */
  personne: (titre: string, prenom: string, nom: string): ExportColumn => ({
    titre,
    type: 'texte',
    valeur: (r) => text([r[prenom], r[nom]].filter((p) => p !== null && p !== undefined && p !== '').join(' ')),
  }),
};

export const EXPORTS = {
  versements: {
    titre: 'Versements',
    fichier: 'versements',
    colonnes: [
      col.texte('N° reçu', 'numero_recu'),
      col.date('Date du versement', 'date_versement'),
      col.date('Date du bordereau', 'date_recu'),
      col.texte('Code ESV', 'membre_code'),
      col.personne('Membre', 'membre_prenom', 'membre_nom'),
      col.texte('Produit', 'produit_titre'),
      col.texte('Banque', 'banque_nom'),
      col.libelle('Type', 'type_versement', TYPE_VERSEMENT_LABELS),
      col.montant('Montant (FCFA)', 'montant'),
      col.libelle('Statut', 'statut', VERSEMENT_STATUT_LABELS),
      col.personne('Déclaré par', 'declare_prenom', 'declare_nom'),
      col.personne('Traité par', 'traite_prenom', 'traite_nom'),
      col.dateheure('Date de validation', 'date_validation'),
      col.texte('Motif', 'motif'),
      col.dateheure('Enregistré le', 'created_at'),
    ],
  },
  depenses: {
    titre: 'Dépenses',
    fichier: 'depenses',
    colonnes: [
      col.date('Date', 'date_depense'),
      col.texte('Description', 'description'),
      col.texte('Catégorie', 'categorie'),
      col.texte('Précision', 'categorie_autre'),
      col.texte('N° reçu', 'numero_recu'),
      col.texte('Banque', 'banque_nom'),
      col.montant('Montant (FCFA)', 'montant'),
      col.libelle('Statut', 'statut', DEPENSE_STATUT_LABELS),
      col.personne('Déclarée par', 'createur_prenom', 'createur_nom'),
      col.personne('Traitée par', 'traite_prenom', 'traite_nom'),
      col.texte('Commentaire', 'commentaire'),
      col.dateheure('Enregistrée le', 'created_at'),
    ],
  },
  remboursements: {
    titre: 'Remboursements',
    fichier: 'remboursements',
    colonnes: [
      col.texte('Code ESV', 'membre_code'),
      col.personne('Membre', 'membre_prenom', 'membre_nom'),
      col.montant('Montant (FCFA)', 'montant'),
      col.texte('Raison', 'raison'),
      col.libelle('Statut', 'statut', REMBOURSEMENT_STATUT_LABELS),
      col.texte('Banque', 'banque_nom'),
      col.personne('Déposé par', 'depose_prenom', 'depose_nom'),
      col.personne('Traité par', 'traite_prenom', 'traite_nom'),
      col.dateheure('Traité le', 'date_traitement'),
      col.texte('Commentaire du traitement', 'commentaire_traitement'),
      col.dateheure('Demandé le', 'date_creation'),
    ],
  },
  membres: {
    titre: 'Membres',
    fichier: 'membres',
    colonnes: [
      col.texte('Code ESV', 'code_esv'),
      col.texte('Nom', 'nom'),
      col.texte('Prénom', 'prenom'),
      col.texte('E-mail', 'email'),
      col.texte('Téléphone', 'telephone'),
      col.libelle('Type', 'type_membre', TYPE_MEMBRE_LABELS),
      col.texte('Ville', 'ville'),
      col.texte('Produit', 'produit_nom'),
      col.texte('Site', 'nom_site'),
      col.personne('Gestionnaire', 'gestionnaire_prenom', 'gestionnaire_nom'),
      col.montant('Engagement mensuel (FCFA)', 'engagement_mensuel'),
      col.nombre('Durée (mois)', 'duree_paiement'),
      col.montant('Montant total (FCFA)', 'montant_total'),
      col.montant('Déjà payé (FCFA)', 'montant_deja_paye'),
      col.montant('Reste dû (FCFA)', 'montant_du'),
      col.date('Inscrit le', 'date_inscription'),
    ],
  },
  demandes: {
    titre: 'Demandes',
    fichier: 'demandes',
    colonnes: [
      col.dateheure('Reçue le', 'created_at'),
      col.texte('Nom complet', 'nom_complet'),
      col.texte('E-mail', 'email'),
      col.texte('Téléphone', 'telephone'),
      col.texte('Ville', 'ville'),
      col.texte('Produit', 'produit_titre'),
      col.montant('Prix du produit (FCFA)', 'produit_prix'),
      col.montant('Engagement mensuel (FCFA)', 'engagement_mensuel'),
      col.nombre('Durée (mois)', 'duree_paiement'),
      col.libelle('Statut', 'statut', DEMANDE_STATUT_LABELS),
      col.personne('Gestionnaire', 'gestionnaire_prenom', 'gestionnaire_nom'),
      col.texte('Code ESV', 'membre_code'),
      col.texte('Motif de rejet', 'motif_rejet'),
    ],
  },
  personnel: {
    titre: 'Personnel',
    fichier: 'personnel',
    colonnes: [
      col.texte('Code employé', 'code_employe'),
      col.texte('Nom', 'nom'),
      col.texte('Prénom', 'prenom'),
      col.texte('E-mail', 'email'),
      col.texte('Téléphone', 'telephone'),
      col.libelle('Rôle', 'role', ROLE_LABELS),
      col.texte('Statut', 'statut'),
      col.texte('Département', 'departement'),
      col.texte('Poste', 'poste'),
      col.date('Embauché le', 'date_embauche'),
      col.dateheure('Dernière connexion', 'date_derniere_connexion'),
    ],
  },
  utilisateurs: {
    titre: 'Utilisateurs',
    fichier: 'utilisateurs',
    colonnes: [
      col.texte('Nom', 'nom'),
      col.texte('Prénom', 'prenom'),
      col.texte('E-mail', 'email'),
      col.texte('Téléphone', 'telephone'),
      col.libelle('Rôle', 'role', ROLE_LABELS),
      col.texte('Statut', 'statut'),
      col.dateheure('Dernière connexion', 'date_derniere_connexion'),
      col.dateheure('Créé le', 'created_at'),
    ],
  },
  produits: {
    titre: 'Produits',
    fichier: 'produits',
    colonnes: [
      col.texte('Titre', 'titre'),
      col.texte('Type', 'type'),
      col.texte('Site', 'nom_site'),
      col.texte('Ville', 'ville_site'),
      col.nombre('Superficie (m²)', 'superficie'),
      col.nombre('Chambres', 'nombre_chambre'),
      col.montant('Prix de vente (FCFA)', 'prix_vente'),
      col.montant('Caution (FCFA)', 'caution'),
      col.texte('Disponibilité', 'disponibilite'),
      col.ouiNon('Actif', 'est_actif'),
      col.dateheure('Créé le', 'date_creation'),
    ],
  },
  sites: {
    titre: 'Sites',
    fichier: 'sites',
    colonnes: [
      col.texte('Nom du site', 'nom_site'),
      col.texte('Adresse', 'adresse_site'),
      col.texte('Ville', 'ville_site'),
      col.montant('Prix du m² (FCFA)', 'prix_metre_carre'),
      col.texte('Localisation', 'localisation_site'),
      col.nombre('Produits', 'nombre_produits'),
      col.ouiNon('Actif', 'est_actif'),
      col.dateheure('Créé le', 'created_at'),
    ],
  },
  chantiers: {
    titre: 'Chantiers',
    fichier: 'chantiers',
    colonnes: [
      col.texte('Chantier', 'nom_chantier'),
      col.texte('Site', 'site_nom'),
      col.texte('Ville', 'ville'),
      col.texte('Produit', 'produit_titre'),
      col.libelle('Statut', 'statut', CHANTIER_STATUT_LABELS),
      col.nombre('Avancement (%)', 'pourcentage_avancement'),
      col.montant('Budget prévu (FCFA)', 'budget_prevu'),
      col.montant('Budget utilisé (FCFA)', 'budget_utilise'),
      col.date('Début', 'date_debut'),
      col.date('Fin prévue', 'date_fin_prevue'),
      col.ouiNon('En retard', 'en_retard'),
      col.personne('Responsable', 'responsable_prenom', 'responsable_nom'),
    ],
  },
  audit: {
    titre: 'Journal d’audit',
    fichier: 'audit',
    colonnes: [
      col.nombre('Position', 'position'),
      col.dateheure('Date', 'created_at'),
      col.personne('Utilisateur', 'user_prenom', 'user_nom'),
      col.texte('E-mail', 'user_email'),
      col.libelle('Action', 'action', AUDIT_ACTION_LABELS),
      col.texte('Table', 'table_name'),
      col.texte('Enregistrement', 'record_id'),
      col.texte('Adresse IP', 'ip_address'),
    ],
  },
  mouvements: {
    titre: 'Mouvements bancaires',
    fichier: 'mouvements',
    colonnes: [
      col.dateheure('Date', 'created_at'),
      col.date('Date de valeur', 'date_valeur'),
      col.libelle('Opération', 'operation', MOUVEMENT_OPERATION_LABELS),
      col.sens('Crédit (FCFA)', 'montant', 'type', 'credit'),
      col.sens('Débit (FCFA)', 'montant', 'type', 'debit'),
      col.montant('Solde après (FCFA)', 'solde_apres'),
      col.texte('Commentaire', 'commentaire'),
      col.personne('Par', 'auteur_prenom', 'auteur_nom'),
      col.nombre('Rapprochement', 'rapprochement_id'),
    ],
  },
  lignes_releve: {
    titre: 'Lignes de relevé',
    fichier: 'lignes-releve',
    colonnes: [
      col.date('Date', 'date_operation'),
      col.date('Date de valeur', 'date_valeur'),
      col.texte('Libellé', 'libelle'),
      col.texte('Référence', 'reference'),
      col.sens('Débit (FCFA)', 'montant', 'sens', 'debit'),
      col.sens('Crédit (FCFA)', 'montant', 'sens', 'credit'),
      col.montant('Solde (FCFA)', 'solde'),
      col.libelle('Statut', 'statut', LIGNE_RELEVE_STATUT_LABELS),
      col.nombre('Rapprochement', 'rapprochement_id'),
    ],
  },
  retards: {
    titre: 'Retards',
    fichier: 'retards',
    colonnes: [
      col.texte('Code ESV', 'code_esv'),
      col.texte('Nom', 'nom'),
      col.texte('Prénom', 'prenom'),
      col.texte('Téléphone', 'telephone'),
      col.texte('Produit', 'produit'),
      col.calcul('Site', 'texte', (r) => text((r.site as { nom?: string } | null)?.nom)),
      col.calcul('Gestionnaire', 'texte', (r) => {
        const g = r.gestionnaire as { prenom: string; nom: string } | null;
        return g ? `${g.prenom} ${g.nom}` : null;
      }),
      col.date('Plus ancienne échéance impayée', 'echeance_impayee'),
      col.nombre('Jours de retard', 'jours'),
      col.libelle('Tranche', 'tranche', TRANCHE_LABELS),
      col.montant('Montant en retard (FCFA)', 'montant_retard'),
      col.montant('Pénalité (FCFA)', 'penalite'),
      col.date('Dernier versement', 'dernier_versement'),
    ],
  },
  journal: {
    titre: 'Journal comptable',
    fichier: 'journal',
    colonnes: [
      col.date('Date', 'date'),
      col.texte('Journal', 'journal'),
      col.texte('N° pièce', 'piece'),
      col.texte('Compte', 'compte'),
      col.texte('Libellé', 'libelle'),
      col.montant('Débit', 'debit'),
      col.montant('Crédit', 'credit'),
    ],
  },
} as const satisfies Record<string, ExportList>;
export type ExportListName = keyof typeof EXPORTS;
