import {
  ACTIVITY_MAX,
  type ActivityPriority,
  type Capability,
  CHANTIER_STATUT_LABELS,
  can,
  completionTrend,
  type Dashboard,
  type DashboardActivity,
  type DashboardAlert,
  type DashboardFigure,
  type DashboardMonth,
  DEMANDE_STATUT_LABELS,
  DEPENSE_STATUT_LABELS,
  formatFCFA,
  plural,
  REMBOURSEMENT_STATUT_LABELS,
  ROLE_LABELS,
  type Role,
  VERSEMENT_STATUT_LABELS,
} from '@app/shared';
import type { Caller } from '../../caller.ts';
import { counterKey } from '../../db/counters.ts';
import type { Database } from '../../db/database.ts';
import { loadEcheancier } from '../echeanciers/echeanciers.service.ts';
import { alerteSauvegarde } from '../sauvegardes/sauvegardes.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import {
  type ActivitySources,
  adminLists,
  auditBusy,
  banksBalance,
  chantierFigures,
  clientFigures,
  counters,
  memberAccount,
  monthlyTotals,
  ownDemandes,
  recentActivity,
} from './dashboard.repository.ts';

const NONE: ActivitySources = {
  demandes: 0,
  versements: 0,
  depenses: 0,
  remboursements: 0,
  chantiers: 0,
  personnel: 0,
};

/** What each role's activity feed reads (spec 1 §9: up to 3 requests, 2 of each other source). */
const ACTIVITY: Record<Role, ActivitySources> = {
  admin: { demandes: 3, versements: 2, depenses: 2, remboursements: 2, chantiers: 2, personnel: 2 },
  comptable: { ...NONE, versements: 3, depenses: 3, remboursements: 2 },
  gestionnaire: { ...NONE, versements: 3, remboursements: 2, chantiers: 3 },
  commercial: { ...NONE, versements: 3 },
  membre: { ...NONE, versements: 4, remboursements: 4 },
  demandeur: NONE,
};

/** The right to open each source's list. */
const LIST_RIGHTS: Record<DashboardActivity['source'], Capability> = {
  demande: 'demandes.menu',
  versement: 'versements.read',
  depense: 'depenses.read',
  remboursement: 'remboursements.read',
  chantier: 'chantiers.read',
  personnel: 'personnel.read',
};

/** Spec 1 §9: rejected items urgent, validated ones normal, pending ones low. */
function priorityOf(source: string, statut: string): ActivityPriority {
  if (source === 'personnel' || source === 'chantier') {
    return ['inactif', 'suspendu', 'annule'].includes(statut) ? 'urgent' : 'normal';
  }
  if (statut.startsWith('rejet')) return 'urgent';
  if (statut === 'en_attente') return 'faible';
  return 'normal';
}

const fig = (
  key: string,
  label: string,
  value: number,
  unit: DashboardFigure['unit'],
  to: string | null,
): DashboardFigure => ({
  key,
  label,
  value,
  unit,
  to,
});

/** 'Tableau de bord' (spec 1 §2.7, §9; issue 14): one answer per role, every figure from the data. */
export class DashboardService {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
  ) {}

  async forCaller(caller: Caller): Promise<Dashboard> {
    const settings = await this.settings.get();
    const { general } = settings;
    const tz = general.timeZone;
    const { today, monthStart, yearStart } = calendarIn(tz);
    const base: Dashboard = {
      role: caller.role,
      attente: [],
      cartes: [],
      activite: [],
      performance: null,
      finance: null,
      alertes: null,
      graphique: null,
      compte: null,
      demandes: null,
    };

    if (caller.role === 'membre') {
      const [activite, account] = await Promise.all([this.activity(caller), this.member(caller, today)]);
      return { ...base, activite, ...account };
    }
    if (caller.role === 'demandeur') {
      const rows = await ownDemandes(this.db, caller.id);
      return {
        ...base,
        demandes: rows.map((d) => ({
          id: d.id,
          date: d.created_at.toISOString(),
          statut: d.statut,
          produit: d.produit,
        })),
      };
    }

    const keys = {
      demandesAttente: counterKey('demandes', { statut: 'en_attente' }),
      versementsAttente: counterKey('versements', { statut: 'en_attente' }),
      depensesAttente: counterKey('depenses', { statut: 'en_attente' }),
      remboursementsAttente: counterKey('remboursements', { statut: 'en_attente' }),
      membresActifs: counterKey('membres', { statut: 'actif' }),
      mesClients: counterKey('membres', { gestionnaire_id: caller.id }),
      chantiers: counterKey('chantiers', {}),
      chantiersEnCours: counterKey('chantiers', { statut: 'en_cours' }),
      chantiersTermines: counterKey('chantiers', { statut: 'termine' }),
      gestionnaires: counterKey('utilisateurs', { role: 'gestionnaire' }),
      gestionnairesActifs: counterKey('utilisateurs', { role: 'gestionnaire', statut: 'actif' }),
      personnelActif: ['admin', 'gestionnaire', 'comptable', 'commercial'].map((role) =>
        counterKey('utilisateurs', { role, statut: 'actif' }),
      ),
      produitsVisibles: counterKey('produits', { visible: 'true' }),
    };
    // Independent reads, at once on PostgreSQL's pool.
    const money = caller.role === 'admin' || caller.role === 'comptable';
    const [activite, kept, months, chantiers, banques, busy, clients, sauvegarde] = await Promise.all([
      this.activity(caller),
      counters(this.db, Object.values(keys).flat()),
      monthlyTotals(this.db, yearStart),
      chantierFigures(this.db, today, monthStart),
      money ? banksBalance(this.db) : 0,
      money ? auditBusy(this.db) : false,
      caller.role === 'gestionnaire' ? clientFigures(this.db, caller.id, today, monthStart, tz) : null,
      // Backups are the admin's: a failed one, or none verified within its period.
      caller.role === 'admin' ? alerteSauvegarde(this.db, settings, new Date()) : null,
    ]);
    base.activite = activite;
    const n = (key: string) => kept.get(key)?.total ?? 0;
    const sum = (key: string) => kept.get(key)?.somme ?? 0;

    const graphique = lastTwelveMonths(today, months);
    const current = graphique.at(-1) as DashboardMonth;
    const remboursementsMois = months
      .filter((m) => m.domaine === 'remboursements' && m.mois === current.mois)
      .reduce((total, m) => total + m.somme, 0);
    const chantiersTotal = n(keys.chantiers);
    const gestionnairesTotal = n(keys.gestionnaires);
    const gestionnairesActifs = n(keys.gestionnairesActifs);
    const tauxCompletion = chantiersTotal === 0 ? 0 : Math.round((n(keys.chantiersTermines) / chantiersTotal) * 100);
    const performance = {
      chantiersTraites: chantiers.terminesMois,
      chantiersTotal,
      chantiersTermines: n(keys.chantiersTermines),
      gestionnairesActifs,
      gestionnairesTotal,
      tauxCompletion,
      tendance: completionTrend(tauxCompletion),
    };
    const objectif = general.monthlyTarget > 0 ? general.monthlyTarget : null;
    const finance = {
      encaisseMois: current.versements,
      objectifMensuel: objectif,
      tauxObjectif: objectif === null ? null : Math.round((current.versements / objectif) * 100),
      depensesMois: current.depenses,
      remboursementsMois,
    };

    const alerts: DashboardAlert[] = [];
    const lateChantiers = () => {
      if (chantiers.enRetard > 0) {
        alerts.push({
          key: 'chantiers_retard',
          title: 'Chantiers en retard',
          message: `${plural(chantiers.enRetard, 'chantier')} en cours ${chantiers.enRetard > 1 ? 'ont' : 'a'} dépassé la date de fin prévue.`,
          to: '/chantiers?statut=en_cours',
        });
      }
    };
    const inactiveManagers = () => {
      const inactifs = gestionnairesTotal - gestionnairesActifs;
      if (inactifs > 0) {
        alerts.push({
          key: 'gestionnaires_inactifs',
          title: 'Gestionnaires inactifs',
          message: `${plural(inactifs, 'gestionnaire')} ${inactifs > 1 ? 'ne sont' : 'n’est'} pas actif${inactifs > 1 ? 's' : ''}.`,
          to: '/personnels',
        });
      }
    };
    const busyAudit = () => {
      if (busy) {
        alerts.push({
          key: 'audit_eleve',
          title: 'Activité d’audit élevée',
          message: 'Plus de 10 opérations enregistrées dans le journal au cours de la dernière heure.',
          to: '/entreprise',
        });
      }
    };

    switch (caller.role) {
      case 'admin': {
        lateChantiers();
        inactiveManagers();
        busyAudit();
        if (sauvegarde) alerts.push(sauvegarde.alerte);
        return {
          ...base,
          attente: [
            fig('demandes', 'Demandes en attente', n(keys.demandesAttente), 'nombre', '/demandes?statut=en_attente'),
            fig('depenses', 'Dépenses à approuver', n(keys.depensesAttente), 'nombre', '/depenses?statut=en_attente'),
            fig(
              'remboursements',
              'Remboursements à traiter',
              n(keys.remboursementsAttente),
              'nombre',
              '/remboursements?statut=en_attente',
            ),
          ],
          cartes: [
            fig('membres', 'Membres actifs', n(keys.membresActifs), 'nombre', '/membres'),
            fig('encaisse', 'Encaissé ce mois', current.versements, 'fcfa', '/versements?statut=valide'),
            fig('depenses_mois', 'Dépenses du mois', current.depenses, 'fcfa', '/depenses?statut=approuvee'),
            fig('banques', 'Solde des banques', banques, 'fcfa', '/entreprise?onglet=banques'),
            fig('chantiers', 'Chantiers en cours', n(keys.chantiersEnCours), 'nombre', '/chantiers?statut=en_cours'),
            fig(
              'personnel',
              'Personnel actif',
              keys.personnelActif.reduce((total, key) => total + n(key), 0),
              'nombre',
              '/personnels',
            ),
          ],
          performance,
          finance,
          alertes: alerts,
          graphique,
        };
      }
      case 'comptable': {
        busyAudit();
        return {
          ...base,
          attente: [
            fig(
              'versements',
              'Versements à valider',
              n(keys.versementsAttente),
              'nombre',
              '/versements?statut=en_attente',
            ),
            fig('depenses', 'Dépenses à approuver', n(keys.depensesAttente), 'nombre', '/depenses?statut=en_attente'),
            fig(
              'remboursements',
              'Remboursements à traiter',
              n(keys.remboursementsAttente),
              'nombre',
              '/remboursements?statut=en_attente',
            ),
          ],
          cartes: [
            fig('encaisse', 'Encaissé ce mois', current.versements, 'fcfa', '/versements?statut=valide'),
            fig(
              'attente_montant',
              'Versements en attente',
              sum(keys.versementsAttente),
              'fcfa',
              '/versements?statut=en_attente',
            ),
            fig('depenses_mois', 'Dépenses du mois', current.depenses, 'fcfa', '/depenses?statut=approuvee'),
            fig(
              'remboursements_mois',
              'Remboursements du mois',
              remboursementsMois,
              'fcfa',
              '/remboursements?statut=approuve',
            ),
            fig('banques', 'Solde des banques', banques, 'fcfa', '/entreprise?onglet=banques'),
            fig('membres', 'Membres actifs', n(keys.membresActifs), 'nombre', null),
          ],
          finance,
          alertes: alerts,
          graphique,
        };
      }
      case 'gestionnaire': {
        if (!clients) throw new Error('Les chiffres des clients manquent');
        lateChantiers();
        return {
          ...base,
          attente: [
            // He decides the requests too (issue 26): the count opens them.
            fig('demandes', 'Demandes en attente', n(keys.demandesAttente), 'nombre', '/demandes?statut=en_attente'),
            fig(
              'versements',
              'Versements à valider',
              clients.versementsAttente,
              'nombre',
              '/versements?statut=en_attente',
            ),
            fig('retards', 'Clients en retard', clients.enRetard, 'nombre', '/membres?retard=true&statut=actif'),
            fig(
              'remboursements',
              'Remboursements à traiter',
              clients.remboursementsAttente,
              'nombre',
              '/remboursements?statut=en_attente',
            ),
          ],
          cartes: [
            fig('clients', 'Mes clients', n(keys.mesClients), 'nombre', '/membres'),
            fig(
              'encaisse',
              'Encaissé ce mois (mes clients)',
              clients.encaisseMois,
              'fcfa',
              '/versements?statut=valide',
            ),
            fig(
              'attente_montant',
              'Versements en attente',
              clients.montantAttente,
              'fcfa',
              '/versements?statut=en_attente',
            ),
            fig('chantiers', 'Chantiers en cours', n(keys.chantiersEnCours), 'nombre', '/chantiers?statut=en_cours'),
            fig('chantiers_retard', 'Chantiers en retard', chantiers.enRetard, 'nombre', '/chantiers?statut=en_cours'),
            fig('completion', 'Taux de complétion', tauxCompletion, 'pourcent', '/chantiers?statut=termine'),
          ],
          performance,
          alertes: alerts,
        };
      }
      default:
        // commercial: the catalogue he sells from, and how many members there are; no company money.
        return {
          ...base,
          cartes: [
            fig('produits', 'Produits au catalogue', n(keys.produitsVisibles), 'nombre', '/produits'),
            fig('membres', 'Membres actifs', n(keys.membresActifs), 'nombre', null),
          ],
        };
    }
  }

  /** A member's account: product, paid, remaining, next instalment, arrears, last payments. */
  private async member(caller: Caller, today: string): Promise<Partial<Dashboard>> {
    const account = await memberAccount(this.db, caller.id);
    if (!account) return {};
    const { membre, versements, pending } = account;
    const engagement = Number(membre.engagement_mensuel);
    const total = Number(membre.montant_total);
    const paid = Number(membre.montant_deja_paye);
    const { recouvrement } = await this.settings.get();
    const echeancier = await loadEcheancier(this.db, membre.id, { today, ...recouvrement });
    return {
      attente: [
        fig('versements', 'Versements en attente de validation', pending, 'nombre', '/versements?statut=en_attente'),
      ],
      compte: {
        codeEsv: membre.code_esv,
        produit:
          membre.produit_id === null
            ? null
            : { id: membre.produit_id, nom: membre.produit_titre ?? '', prix: Number(membre.produit_prix) },
        engagementMensuel: engagement,
        dureePaiement: membre.duree_paiement,
        montantTotal: total,
        dejaPaye: paid,
        reste: Math.max(0, total - paid),
        progression: total === 0 ? 0 : Math.min(100, Math.floor((paid / total) * 100)),
        echeancier,
        derniersVersements: versements.map((v) => ({
          id: v.id,
          montant: Number(v.montant),
          date: v.date_versement,
          statut: v.statut,
          type: v.type_versement,
        })),
      },
    };
  }

  /** Up to 8 recent items from the sources the role reads, newest first. */
  private async activity(caller: Caller): Promise<DashboardActivity[]> {
    const rows = await recentActivity(this.db, caller.scope, ACTIVITY[caller.role]);
    return (
      rows
        .map((row) => describe(row))
        // A link only where the role may open the list.
        .map((item) => (can(caller.role, LIST_RIGHTS[item.source]) ? item : { ...item, to: null }))
        .sort((a, b) => b.at.localeCompare(a.at))
        .slice(0, ACTIVITY_MAX)
    );
  }

  /** GET /dashboard/admin (spec 1 §7's lists). */
  async adminLists() {
    return adminLists(this.db);
  }
}

type ActivityRow = Awaited<ReturnType<typeof recentActivity>>[number];
type Source = DashboardActivity['source'];

interface Reading {
  title: (row: ActivityRow) => string;
  detail: (row: ActivityRow) => string;
  /** The list it opens, filtered on its status. */
  list: string;
}

/** A named row (a demande's applicant, a chantier): its name in the title, its status below. */
const named = (noun: string, labels: Record<string, string>, list: string): Reading => ({
  title: (row) => `${noun} — ${row.libelle}`,
  detail: (row) => labels[row.statut] ?? row.statut,
  list,
});

/** A sum of money: its amount in the title, whose it is and its status below. */
const money = (noun: string, labels: Record<string, string>, list: string): Reading => ({
  title: (row) => `${noun}${row.montant === null ? '' : ` de ${formatFCFA(row.montant)}`}`,
  detail: (row) => `${row.libelle} · ${labels[row.statut] ?? row.statut}`,
  list,
});

const READINGS: Record<Source, Reading> = {
  demande: named('Demande d’inscription', DEMANDE_STATUT_LABELS, '/demandes'),
  versement: money('Versement', VERSEMENT_STATUT_LABELS, '/versements'),
  depense: money('Dépense', DEPENSE_STATUT_LABELS, '/depenses'),
  remboursement: money('Remboursement', REMBOURSEMENT_STATUT_LABELS, '/remboursements'),
  chantier: named('Chantier', CHANTIER_STATUT_LABELS, '/chantiers'),
  personnel: {
    title: (row) => `${row.role ? ROLE_LABELS[row.role] : 'Personnel'} — ${row.libelle}`,
    detail: (row) => (row.statut === 'actif' ? 'Compte actif' : 'Compte non actif'),
    list: '/personnels',
  },
};

function describe(row: ActivityRow): DashboardActivity {
  const source = row.source as Source;
  const reading = READINGS[source];
  return {
    key: `${source}-${row.id}`,
    source,
    title: reading.title(row),
    detail: reading.detail(row),
    at: new Date(row.at).toISOString(),
    priority: priorityOf(source, row.statut),
    to: source === 'personnel' ? reading.list : `${reading.list}?statut=${row.statut}`,
  };
}

/** The 12 months ending with today's, oldest first, each with its payments validated and expenses approved. */
function lastTwelveMonths(today: string, totals: { mois: string; domaine: string; somme: number }[]): DashboardMonth[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: 12 }, (_, i) => {
    const index = year * 12 + (month - 1) - (11 - i);
    const mois = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
    const of = (domaine: string) => totals.find((t) => t.mois === mois && t.domaine === domaine)?.somme ?? 0;
    return { mois, versements: of('versements'), depenses: of('depenses') };
  });
}

/** Today, this month's first day and the first day of the month 11 months back (YYYY-MM-DD) in a time zone. */
export function calendarIn(timeZone: string, now: Date = new Date()) {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  const [year, month] = today.split('-').map(Number) as [number, number];
  const back = year * 12 + (month - 1) - 11;
  const yearStart = `${Math.floor(back / 12)}-${String((back % 12) + 1).padStart(2, '0')}-01`;
  return { today, monthStart: `${today.slice(0, 7)}-01`, yearStart };
}
