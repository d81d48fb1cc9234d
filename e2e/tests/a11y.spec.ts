import { expect, type Locator, type Page, test } from '@playwright/test';
import { axeViolations, expectAccessible, settle } from './axe.ts';
import { DEMO, type DemoRole, signIn } from './helpers.ts';
import { altered, genuineToken } from './recus-helpers.ts';

/**
 * axe (WCAG 2.1 AA, no critical or serious violation) on every screen and dialog, as each view of it
 * shows (a role, or one standing for the roles that see the same), on a desktop, and on a phone once
 * per screen (per role where it differs: the dashboard, the drawer) (issue 10). One signed-in page
 * per role and width serves all its screens;
 * each screen starts from its address, so a failing one leaves the next ones unchanged.
 */

const VIEWPORTS = { 1366: { width: 1366, height: 800 }, 390: { width: 390, height: 844 } } as const;
type Width = keyof typeof VIEWPORTS;
const WIDTHS = [1366, 390] as const satisfies readonly Width[];

const ALL: readonly DemoRole[] = ['admin', 'gestionnaire', 'comptable', 'commercial', 'membre', 'demandeur'];
const CATALOGUE_MANAGERS: readonly DemoRole[] = ['admin', 'gestionnaire'];
/**
 * One of each view of the screens every role opens: a catalogue manager, other staff, a member, an
 * applicant (a gestionnaire's and a commercial's are an admin's and a comptable's).
 */
const VIEWS: readonly DemoRole[] = ['admin', 'comptable', 'membre', 'demandeur'];
const DIALOG = '[role="dialog"]';

/** A screen: who sees it, and how to open it; it answers the part to check (a dialog) or nothing for the page. */
interface Screen {
  name: string;
  roles: readonly DemoRole[];
  /** Only at this width (the phone's navigation drawer). */
  width?: Width;
  /**
   * Checked at 390 px for every role too, when its content differs per role; other screens lay out
   * the same whoever looks, so the phone checks them once, for the first role.
   */
  phoneEveryRole?: true;
  open: (page: Page) => Promise<string | undefined>;
}

/**
 * Opens an address of the app and waits for its page title. Already there (the screen before was a
 * dialog of the same page), it only closes that dialog: a reload per screen would double the time.
 */
async function visit(page: Page, path: string) {
  const here = new URL(page.url());
  if (`${here.pathname}${here.search}` === path) {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  } else if (here.protocol.startsWith('http')) {
    // Within the app, a client-side navigation as a link's: the page is not loaded and parsed again
    // for each screen (a fifth of the sweep's time went to reloads). What is open closes first, and
    // the pointer leaves what the last screen clicked (a reload forgot its hover).
    await page.keyboard.press('Escape');
    await page.mouse.move(0, 0);
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  } else {
    await page.goto(path);
  }
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await settle(page);
}

/**
 * Clicks what opens a dialog and waits for it, with the focus inside it: on its first field when it
 * has one (issue 10). The check then covers the dialog.
 */
async function openDialog(page: Page, trigger: Locator, name?: string | RegExp) {
  await trigger.click();
  await expect(page.getByRole('dialog', name ? { name } : undefined).last()).toBeVisible();
  const focusInPlace = () =>
    page.evaluate(() => {
      const dialog = Array.from(document.querySelectorAll('[role="dialog"]')).at(-1);
      const field = dialog?.querySelector('input:not([type="hidden"]):not(:disabled), textarea, select');
      return field ? document.activeElement === field : !!dialog?.contains(document.activeElement);
    });
  await expect.poll(focusInPlace, { message: 'focus à l’ouverture du dialogue' }).toBe(true);
  return DIALOG;
}

const SCREENS: readonly Screen[] = [
  { name: 'tableau de bord', roles: ALL, phoneEveryRole: true, open: (page) => visit(page, '/').then(() => undefined) },
  {
    name: 'menu de navigation ouvert',
    roles: ALL,
    width: 390,
    phoneEveryRole: true,
    open: async (page) => {
      await visit(page, '/');
      await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeInViewport();
      return undefined;
    },
  },
  {
    name: 'menu utilisateur ouvert',
    roles: VIEWS,
    open: async (page) => {
      await visit(page, '/');
      await page.getByRole('button', { name: 'Menu utilisateur' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      return undefined;
    },
  },
  {
    name: 'notifications ouvertes',
    roles: ['gestionnaire', 'comptable'],
    open: async (page) => {
      await visit(page, '/');
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Notifications/ })
        .click();
      await expect(page.getByRole('link', { name: 'Choisir mes notifications' })).toBeVisible();
      return undefined;
    },
  },
  { name: 'demandes', roles: ['admin', 'commercial'], open: (page) => visit(page, '/demandes').then(() => undefined) },
  {
    name: "détail d'une demande",
    roles: ['admin'],
    open: async (page) => {
      await visit(page, '/demandes?statut=en_attente');
      return openDialog(page, page.getByRole('button', { name: /^Voir détails/ }).first(), 'Détails de la demande');
    },
  },
  {
    name: 'valider une demande',
    roles: ['admin'],
    open: async (page) => {
      await visit(page, '/demandes?statut=en_attente');
      const validate = page.getByRole('button', { name: /^Valider la demande/ }).first();
      return openDialog(page, validate, 'Valider la demande');
    },
  },
  {
    name: 'valider une demande, confirmation',
    roles: ['admin'],
    open: async (page) => {
      await visit(page, '/demandes?statut=en_attente');
      const validate = page.getByRole('button', { name: /^Valider la demande/ }).first();
      await openDialog(page, validate, 'Valider la demande');
      const dialog = page.getByRole('dialog', { name: 'Valider la demande' });
      await dialog.getByRole('radiogroup', { name: 'Gestionnaire' }).getByRole('radio').first().check();
      // Terms short of the price also need the choice of how the remainder is paid.
      const solde = dialog.getByRole('radiogroup', { name: /^Comment régler le solde/ });
      if (await solde.count()) await solde.getByRole('radio').first().check();
      await dialog.getByRole('button', { name: 'Suivant' }).click();
      await expect(dialog.getByRole('button', { name: 'Confirmer la validation' })).toBeVisible();
      return DIALOG;
    },
  },
  {
    name: 'rejeter une demande',
    roles: ['admin'],
    open: async (page) => {
      await visit(page, '/demandes?statut=en_attente');
      const dialog = page.getByRole('dialog', { name: 'Rejeter la demande' });
      await page
        .getByRole('button', { name: /^Rejeter la demande/ })
        .first()
        .click();
      await expect(dialog.getByRole('radio').first()).toBeVisible();
      return DIALOG;
    },
  },
  {
    name: 'nouvelle demande',
    roles: ['admin'],
    open: async (page) => {
      await visit(page, '/demandes');
      return openDialog(page, page.getByRole('button', { name: 'Nouvelle demande' }), 'Nouvelle demande');
    },
  },
  { name: 'catalogue', roles: VIEWS, open: (page) => visit(page, '/produits').then(() => undefined) },
  {
    name: 'formulaire produit',
    roles: CATALOGUE_MANAGERS,
    open: async (page) => {
      await visit(page, '/produits');
      return openDialog(page, page.getByRole('button', { name: 'Ajouter un produit' }));
    },
  },
  {
    name: 'catalogue en liste',
    roles: VIEWS,
    open: async (page) => {
      await visit(page, '/produits');
      await page.getByRole('button', { name: 'Vue liste' }).click();
      await expect(page.getByRole('table', { name: 'Liste des produits' })).toBeVisible();
      return undefined;
    },
  },
  {
    name: "menu d'actions d'un produit",
    roles: CATALOGUE_MANAGERS,
    open: async (page) => {
      await visit(page, '/produits');
      await page.getByRole('button', { name: 'Vue liste' }).click();
      await page
        .getByRole('button', { name: /^Actions pour / })
        .first()
        .click();
      await expect(page.getByRole('menu')).toBeVisible();
      return undefined;
    },
  },
  {
    name: 'page produit',
    roles: VIEWS,
    open: async (page) => {
      await visit(page, '/produits');
      await page.getByRole('link', { name: 'Voir les détails' }).first().click();
      await expect(page.getByText(/Référence #\d+/)).toBeVisible();
      await expect(page.locator('main img').first()).toBeVisible();
      return undefined;
    },
  },
  {
    name: 'contacter la société',
    roles: ['membre', 'demandeur'],
    open: async (page) => {
      await visit(page, '/produits');
      await page.getByRole('link', { name: 'Voir les détails' }).first().click();
      await page.getByRole('button', { name: 'Contacter' }).click();
      await expect(page.getByRole('dialog', { name: 'Contacter la société' })).toBeVisible();
      return DIALOG;
    },
  },
  { name: 'sites', roles: VIEWS, open: (page) => visit(page, '/sites').then(() => undefined) },
  {
    name: 'formulaire site',
    roles: CATALOGUE_MANAGERS,
    open: async (page) => {
      await visit(page, '/sites');
      return openDialog(page, page.getByRole('button', { name: 'Ajouter un site' }));
    },
  },
  { name: 'favoris', roles: VIEWS, open: (page) => visit(page, '/favoris').then(() => undefined) },
  { name: 'membres', roles: ['admin'], open: (page) => visit(page, '/membres').then(() => undefined) },
  {
    name: "fiche d'un membre",
    roles: ['admin'],
    open: async (page) => {
      await visit(page, '/membres');
      return openDialog(page, page.getByRole('button', { name: /^Voir la fiche de / }).first());
    },
  },
  {
    name: "modification d'un membre",
    roles: ['admin'],
    open: async (page) => {
      await visit(page, '/membres');
      await openDialog(page, page.getByRole('button', { name: /^Voir la fiche de / }).first());
      await page.getByRole('dialog').getByRole('button', { name: 'Modifier', exact: true }).click();
      await expect(page.getByRole('dialog').getByRole('button', { name: 'Sauvegarder' })).toBeVisible();
      return DIALOG;
    },
  },
  { name: 'mes clients', roles: ['gestionnaire'], open: (page) => visit(page, '/membres').then(() => undefined) },
  {
    name: "fiche d'un client",
    roles: ['gestionnaire'],
    open: async (page) => {
      await visit(page, '/membres');
      // A client's name opens his file, in the table or on his card.
      const main = page.getByRole('main');
      const name = main
        .getByRole('table')
        .getByRole('button')
        .or(main.getByRole('button', { name: /^Voir la fiche/ }));
      return openDialog(page, name.first());
    },
  },
  { name: 'personnels', roles: ['admin'], open: (page) => visit(page, '/personnels').then(() => undefined) },
  {
    name: 'formulaire personnel',
    roles: ['admin'],
    open: async (page) => {
      await visit(page, '/personnels');
      return openDialog(page, page.getByRole('button', { name: 'Nouveau personnel' }), 'Nouveau personnel');
    },
  },
  {
    name: 'confirmation',
    roles: ['admin'],
    open: async (page) => {
      await visit(page, '/personnels');
      return openDialog(page, page.getByRole('button', { name: /^Désactiver / }).first(), 'Désactiver le personnel');
    },
  },
  {
    name: 'utilisateurs',
    roles: ['admin'],
    open: (page) => visit(page, '/personnels/utilisateurs').then(() => undefined),
  },
  {
    name: 'formulaire utilisateur',
    roles: ['admin'],
    open: async (page) => {
      await visit(page, '/personnels/utilisateurs');
      return openDialog(page, page.getByRole('button', { name: 'Nouvel utilisateur' }), 'Nouvel utilisateur');
    },
  },
  {
    name: 'mot de passe temporaire',
    roles: ['admin'],
    open: async (page) => {
      // An account of this run's own, so no demo account loses its password.
      await visit(page, '/personnels/utilisateurs');
      const stamp = String(Date.now()).slice(-10);
      const user = { prenom: 'Axe', nom: `Essai${stamp}`, email: `axe.${stamp}@demo.test` };
      await page.getByRole('button', { name: 'Nouvel utilisateur' }).click();
      const form = page.getByRole('dialog', { name: 'Nouvel utilisateur' });
      await form.getByRole('textbox', { name: 'Nom', exact: true }).fill(user.nom);
      await form.getByRole('textbox', { name: 'Prénom' }).fill(user.prenom);
      await form.getByRole('textbox', { name: /^e-?mail/i }).fill(user.email);
      await form.getByLabel('Mot de passe', { exact: true }).fill('Bienvenue@2026');
      await form.getByRole('button', { name: /^Créer l.utilisateur$/ }).click();
      await expect(form).toBeHidden();
      await page.getByRole('textbox', { name: 'Rechercher' }).fill(user.email);
      await page.getByRole('button', { name: `Réinitialiser le mot de passe de ${user.prenom} ${user.nom}` }).click();
      await page
        .getByRole('dialog', { name: 'Réinitialiser le mot de passe' })
        .getByRole('button', { name: 'Réinitialiser' })
        .click();
      await expect(page.getByRole('dialog', { name: 'Réinitialisation du mot de passe' })).toBeVisible();
      return DIALOG;
    },
  },
  { name: 'profil', roles: VIEWS, open: (page) => visit(page, '/profil').then(() => undefined) },
  {
    name: 'modifier le profil',
    roles: VIEWS,
    open: async (page) => {
      await visit(page, '/profil');
      return openDialog(page, page.getByRole('button', { name: 'Modifier le profil' }));
    },
  },
  {
    name: 'changer le mot de passe',
    roles: VIEWS,
    open: async (page) => {
      await visit(page, '/profil');
      return openDialog(page, page.getByRole('button', { name: /^Changer (le )?mot de passe$/ }));
    },
  },
  {
    name: 'photo de profil',
    roles: ['membre'],
    open: async (page) => {
      await visit(page, '/profil');
      await page.getByRole('button', { name: 'Ajouter une photo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Photo de profil' });
      await expect(dialog.getByRole('button', { name: 'Choisir une photo' })).toBeVisible();
      await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      return DIALOG;
    },
  },
  {
    name: 'activer la double authentification',
    roles: ['comptable'],
    open: async (page) => {
      await visit(page, '/profil');
      await page.getByRole('button', { name: 'Activer la double authentification' }).click();
      const dialog = page.getByRole('dialog', { name: 'Activer la double authentification' });
      await expect(dialog.getByRole('img', { name: /Code QR à scanner/ })).toBeVisible();
      await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      return DIALOG;
    },
  },
  // One's own preferences: the page is the same for every role but the tabs (an admin's five, the others' two).
  {
    name: 'paramètres',
    roles: ['admin', 'membre'],
    open: async (page) => {
      await visit(page, '/settings?onglet=utilisateur');
      await expect(page.getByRole('combobox', { name: 'Thème' })).toBeVisible();
      return undefined;
    },
  },
  {
    name: 'paramètres, notifications',
    roles: ['admin', 'membre', 'gestionnaire'],
    open: async (page) => {
      await visit(page, '/settings?onglet=notifications');
      await expect(page.getByText(/e-mails de sécurité/)).toBeVisible();
      return undefined;
    },
  },
  ...(['général', 'sécurité', 'système', 'recouvrement', 'comptabilité'] as const).map(
    (tab): Screen => ({
      name: `paramètres, ${tab}`,
      roles: ['admin'],
      open: async (page) => {
        const onglet = {
          général: 'general',
          sécurité: 'securite',
          système: 'systeme',
          recouvrement: 'recouvrement',
          comptabilité: 'comptabilite',
        }[tab];
        await visit(page, onglet === 'general' ? '/settings' : `/settings?onglet=${onglet}`);
        await expect(page.getByRole('button', { name: 'Sauvegarder' })).toBeVisible();
        return undefined;
      },
    }),
  ),
  {
    name: 'chantiers',
    roles: ['admin', 'gestionnaire', 'membre'],
    open: (page) => visit(page, '/chantiers').then(() => undefined),
  },
  {
    name: 'chantiers en liste',
    roles: ['gestionnaire', 'membre'],
    open: async (page) => {
      await visit(page, '/chantiers');
      await page.getByRole('button', { name: 'Vue liste' }).click();
      await expect(page.getByRole('table', { name: 'Liste des chantiers' })).toBeVisible();
      return undefined;
    },
  },
  {
    name: 'nouveau chantier',
    roles: ['gestionnaire'],
    open: async (page) => {
      await visit(page, '/chantiers');
      const button = page.getByRole('button', { name: 'Nouveau chantier' });
      return openDialog(page, button, 'Créer un nouveau chantier de construction');
    },
  },
  {
    name: 'modifier un chantier',
    roles: ['gestionnaire'],
    open: async (page) => {
      await visit(page, '/chantiers');
      const edit = page.getByRole('button', { name: /^Modifier le chantier/ }).first();
      return openDialog(page, edit, 'Modifier le chantier');
    },
  },
  {
    name: 'photos d’un chantier',
    roles: ['gestionnaire'],
    open: async (page) => {
      await visit(page, '/chantiers');
      // The cards: a screen before may have left the list view.
      await page.getByRole('button', { name: 'Vue grille' }).click();
      await page.getByRole('button', { name: 'Ajouter des photos' }).first().click();
      const dialog = page.getByRole('dialog', { name: /^Photos du chantier/ });
      await expect(dialog.getByRole('button', { name: 'Ajouter des photos' })).toBeVisible();
      await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      return DIALOG;
    },
  },
  {
    name: 'supprimer un chantier',
    roles: ['gestionnaire'],
    open: async (page) => {
      await visit(page, '/chantiers');
      const remove = page.getByRole('button', { name: /^Supprimer le chantier/ }).first();
      return openDialog(page, remove, 'Supprimer le chantier');
    },
  },
  {
    name: 'accès refusé',
    roles: ['demandeur'],
    open: async (page) => {
      await page.goto('/personnels');
      await expect(page.getByText('Seuls les administrateurs peuvent gérer le personnel.')).toBeVisible();
      return undefined;
    },
  },
  {
    name: 'entreprise, audit',
    roles: ['admin', 'comptable'],
    open: (page) => visit(page, '/entreprise').then(() => undefined),
  },
  {
    name: 'entreprise, audit, filtres ouverts',
    roles: ['admin', 'comptable'],
    open: async (page) => {
      await visit(page, '/entreprise');
      await page.getByRole('button', { name: /^Filtres/ }).click();
      await expect(page.getByRole('combobox', { name: 'Utilisateur' })).toBeVisible();
      await settle(page);
      return undefined;
    },
  },
  {
    name: "entreprise, détail d'une entrée d'audit",
    roles: ['admin', 'comptable'],
    open: async (page) => {
      await visit(page, '/entreprise');
      const details = page.getByRole('button', { name: /^Détails de l’entrée du / }).first();
      return openDialog(page, details, 'Détails de l’entrée');
    },
  },
  {
    name: 'entreprise, banques',
    roles: ['admin', 'comptable'],
    open: (page) => visit(page, '/entreprise?onglet=banques').then(() => undefined),
  },
  // The backups (issue 24): their encryption notice, the schedule's line and the list, or its empty state.
  {
    name: 'sauvegardes',
    roles: ['admin'],
    open: async (page) => {
      await visit(page, '/sauvegardes');
      await expect(page.getByText(/^(Prochaine sauvegarde|Sauvegardes automatiques désactivées)/)).toBeVisible();
      return undefined;
    },
  },
  {
    name: 'versements',
    roles: ['admin', 'gestionnaire', 'comptable', 'membre'],
    open: (page) => visit(page, '/versements').then(() => undefined),
  },
  // Late members (issue 15): an admin's with the gestionnaire filter, a gestionnaire's without his column.
  {
    name: 'retards',
    roles: ['admin', 'gestionnaire', 'comptable'],
    open: async (page) => {
      await visit(page, '/retards?tranche=90%2B');
      await expect(page.getByRole('button', { name: /^Plus de 90 jours/ })).toHaveAttribute('aria-pressed', 'true');
      return undefined;
    },
  },
  // The dialogs and the filter panel are the same for every role but a member (no product filter,
  // no actions): checked for a comptable and a member.
  {
    name: 'versements, filtres ouverts',
    roles: ['comptable', 'membre'],
    open: async (page) => {
      await visit(page, '/versements');
      await page.getByRole('button', { name: /^Filtres/ }).click();
      await expect(page.getByRole('combobox', { name: 'Banque' })).toBeVisible();
      await settle(page);
      return undefined;
    },
  },
  {
    name: 'nouveau versement',
    roles: ['gestionnaire', 'membre'],
    open: async (page) => {
      await visit(page, '/versements');
      const button = page.getByRole('button', { name: /^(Nouveau versement|Déclarer un versement)$/ });
      return openDialog(page, button, /^(Nouveau versement pour un client|Déclarer un versement)$/);
    },
  },
  {
    name: "détail d'un versement",
    roles: ['comptable', 'membre'],
    open: async (page) => {
      await visit(page, '/versements');
      return openDialog(
        page,
        page.getByRole('button', { name: /^Détails du versement/ }).first(),
        'Détails du versement',
      );
    },
  },
  {
    name: 'rejeter un versement',
    roles: ['comptable'],
    open: async (page) => {
      await visit(page, '/versements?statut=en_attente');
      const reject = page.getByRole('button', { name: /^Rejeter le versement/ }).first();
      return openDialog(page, reject, 'Rejeter le versement');
    },
  },
  {
    name: 'remboursements',
    roles: ['admin', 'gestionnaire', 'comptable', 'membre'],
    open: (page) => visit(page, '/remboursements').then(() => undefined),
  },
  // A member files for himself; a processor picks the member: both forms.
  {
    name: 'nouvelle demande de remboursement',
    roles: ['comptable', 'membre'],
    open: async (page) => {
      await visit(page, '/remboursements');
      const button = page.getByRole('button', { name: 'Nouvelle demande' });
      return openDialog(page, button, 'Nouvelle demande de remboursement');
    },
  },
  {
    name: "détail d'un remboursement",
    roles: ['comptable', 'membre'],
    open: async (page) => {
      await visit(page, '/remboursements');
      const details = page.getByRole('button', { name: /^Détails du remboursement/ }).first();
      return openDialog(page, details, 'Détails du remboursement');
    },
  },
  {
    name: 'traiter un remboursement',
    roles: ['comptable'],
    open: async (page) => {
      await visit(page, '/remboursements?statut=en_attente');
      const traiter = page.getByRole('button', { name: /^Traiter la demande/ }).first();
      return openDialog(page, traiter, 'Traiter la demande de remboursement');
    },
  },
  {
    name: 'dépenses',
    roles: ['admin', 'comptable', 'membre'],
    open: (page) => visit(page, '/depenses').then(() => undefined),
  },
  {
    name: 'dépenses en liste',
    roles: ['comptable', 'membre'],
    open: async (page) => {
      await visit(page, '/depenses');
      await page.getByRole('button', { name: 'Vue liste' }).click();
      await expect(page.getByRole('table', { name: 'Liste des dépenses' })).toBeVisible();
      return undefined;
    },
  },
  {
    name: 'nouvelle dépense',
    roles: ['membre'],
    open: async (page) => {
      await visit(page, '/depenses');
      return openDialog(page, page.getByRole('button', { name: 'Nouvelle Dépense' }), 'Nouvelle Dépense');
    },
  },
  {
    name: "détail d'une dépense",
    roles: ['comptable', 'membre'],
    open: async (page) => {
      await visit(page, '/depenses');
      const details = page.getByRole('button', { name: /^Détails de la dépense/ }).first();
      return openDialog(page, details, 'Détails de la dépense');
    },
  },
  {
    name: 'approuver une dépense',
    roles: ['comptable'],
    open: async (page) => {
      await visit(page, '/depenses?statut=en_attente');
      const approve = page.getByRole('button', { name: /^Approuver la dépense/ }).first();
      return openDialog(page, approve, 'Approuver la dépense');
    },
  },
  {
    name: 'rejeter une dépense',
    roles: ['comptable'],
    open: async (page) => {
      await visit(page, '/depenses?statut=en_attente');
      const reject = page.getByRole('button', { name: /^Rejeter la dépense/ }).first();
      return openDialog(page, reject, 'Rejeter la dépense');
    },
  },
];

test('the check itself finds what a person would miss: an unnamed field, text too faint, in the page and in a dialog', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await page.evaluate(() => {
    const main = document.querySelector('main') as HTMLElement;
    main.insertAdjacentHTML('beforeend', '<input id="sans-nom"><p style="color:#bbb;background:#fff">Pâle</p>');
    document.body.insertAdjacentHTML('beforeend', '<div role="dialog"><button id="bouton-vide"></button></div>');
  });
  const page_ = (await axeViolations(page)).join('\n');
  expect(page_).toContain('[critical] label');
  expect(page_).toContain('#sans-nom');
  expect(page_).toContain('[serious] color-contrast');
  expect((await axeViolations(page, DIALOG)).join('\n')).toContain('#bouton-vide');
});

for (const width of WIDTHS) {
  test.describe(`visiteur à ${width} px`, () => {
    test.use({ viewport: VIEWPORTS[width] });

    test('connexion', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
      await expectAccessible(page);
      // The same page with its fields' errors.
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await expect(page.getByRole('main').locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectAccessible(page);
    });

    test('mot de passe oublié, à chaque étape', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
      const dialog = page.getByRole('dialog', { name: 'Mot de passe oublié' });
      await dialog.getByRole('button', { name: 'Continuer' }).click();
      await expect(dialog.getByText(/non sélectionné/)).toBeVisible();
      await expectAccessible(page, DIALOG);
      await dialog.getByRole('radio', { name: 'Je suis un membre' }).check();
      await dialog.getByRole('button', { name: 'Continuer' }).click();
      await expect(dialog.getByText('Étape 2 sur 3')).toBeVisible();
      await expectAccessible(page, DIALOG);
      await dialog.getByRole('textbox').fill(DEMO.membre);
      await dialog.getByRole('button', { name: 'Envoyer le code' }).click();
      await expect(dialog.getByText('Étape 3 sur 3')).toBeVisible();
      await expectAccessible(page, DIALOG);
    });

    test('créer un compte, avec ses erreurs', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Créer un compte pour suivre vos demandes' }).click();
      const dialog = page.getByRole('dialog', { name: 'Créer un compte' });
      await expect(dialog.getByRole('textbox', { name: 'Nom', exact: true })).toBeFocused();
      await expectAccessible(page, DIALOG);
      await dialog.getByRole('button', { name: 'Créer mon compte' }).click();
      await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectAccessible(page, DIALOG);
    });

    test('vérification d’un reçu, authentique et non authentique', async ({ page, request }) => {
      const token = await genuineToken(request);
      await page.goto(`/verification/${token}`);
      await expect(page.getByText('Reçu authentique')).toBeVisible();
      await settle(page);
      await expectAccessible(page);
      await page.goto(`/verification/${altered(token)}`);
      await expect(page.getByText('Reçu non authentique')).toBeVisible();
      await settle(page);
      await expectAccessible(page);
    });

    test("demande d'inscription, à chaque étape", async ({ page }) => {
      await page.goto('/');
      await page.getByRole('button', { name: /Inscrivez-vous/ }).click();
      const dialog = page.getByRole('dialog', { name: /Demande d.Inscription/i });
      const next = dialog.getByRole('button', { name: 'Suivant' });
      const choose = async (label: string, option: string | RegExp) => {
        await dialog.getByRole('combobox', { name: label }).click();
        await page.getByRole('option', { name: option }).first().click();
      };

      await expect(dialog.getByText('Étape 1 sur 4')).toBeVisible();
      await expectAccessible(page, DIALOG);
      // In order, as a person would: a field left empty shows its error on leaving, which moves the next ones.
      await dialog.getByLabel('Nom complet').fill('Essai Axe');
      await dialog.getByLabel('Numéro CNI').fill(`CI9${String(Date.now()).slice(-9)}${width === 390 ? 1 : 0}`);
      await dialog.getByLabel('Date de naissance').fill('1990-03-15');
      await dialog.getByRole('combobox', { name: 'Situation matrimoniale' }).click();
      await expect(page.getByRole('listbox')).toBeVisible();
      await expectAccessible(page, '[role="listbox"]');
      await page.getByRole('option', { name: 'Célibataire' }).click();
      await dialog.getByLabel('Profession').fill('Infirmière');
      await next.click();

      await expect(dialog.getByText('Étape 2 sur 4')).toBeVisible();
      // A field in error, to check the colour of error messages too.
      await dialog.getByRole('textbox', { name: /^e-?mail/i }).fill('pas-une-adresse');
      await dialog.getByLabel('Téléphone').focus();
      await expectAccessible(page, DIALOG);
      await dialog.getByRole('textbox', { name: /^e-?mail/i }).fill(`axe.${Date.now()}@demo.test`);
      await dialog.getByLabel('Téléphone').fill('+225 07 12 34 56 78');
      await choose('Ville', 'Yamoussoukro');
      await dialog.getByLabel('Adresse').fill('Quartier 220 Logements');
      await next.click();

      await expect(dialog.getByText('Étape 3 sur 4')).toBeVisible();
      await choose('Produit souhaité', /FCFA/);
      await dialog.getByLabel(/Engagement mensuel/).fill('375000');
      await choose('Durée de paiement', '48 mois');
      await expectAccessible(page, DIALOG);
      await next.click();

      await expect(dialog.getByText('Étape 4 sur 4')).toBeVisible();
      await expectAccessible(page, DIALOG);
    });
  });

  for (const role of ALL) {
    test.describe(`${role} à ${width} px`, () => {
      let page: Page;
      test.beforeAll(async ({ browser }, testInfo) => {
        const { baseURL, locale, timezoneId, reducedMotion } = testInfo.project.use;
        // A context of its own: axe needs one, and the role's session lives in it.
        const context = await browser.newContext({
          baseURL,
          locale,
          timezoneId,
          reducedMotion,
          viewport: VIEWPORTS[width],
        });
        page = await context.newPage();
        await signIn(page, DEMO[role]);
      });
      test.afterAll(async () => {
        await page.context().close();
      });

      for (const screen of SCREENS) {
        if (!screen.roles.includes(role) || (screen.width && screen.width !== width)) continue;
        if (width === 390 && !screen.phoneEveryRole && screen.roles[0] !== role) continue;
        test(screen.name, async () => {
          const scope = await screen.open(page);
          await expectAccessible(page, scope);
        });
      }
    });
  }
}
