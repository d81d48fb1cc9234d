import {
  DEFAULT_PREFERENCES,
  DEFAULT_SETTINGS,
  FCFA_SUFFIX,
  type Profile,
  SETTINGS_SAVED,
  type Settings,
} from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { circuitBreaker, sessionStore } from '../../api/index.ts';
import { ADMIN_PROFILE, mockFetch, type RecordedCall } from '../../test/fetch-mock.ts';
import { keepSpaces } from '../../test/keep-spaces.ts';
import { renderWithProviders } from '../../test/render.tsx';
import SettingsPage from './SettingsPage.tsx';

const SETTINGS: Settings = {
  ...DEFAULT_SETTINGS,
  general: { ...DEFAULT_SETTINGS.general, address: 'Cocody, Abidjan', phone: '+225 27 22 41 50 50' },
};
const MEMBER: Profile = { ...ADMIN_PROFILE, id: 7, role: 'membre', prenom: 'Awa', nom: 'Traoré' };

function signInAs(profile: Profile) {
  sessionStore.start({
    token: 'access',
    refreshToken: 'refresh',
    sessionExpiresAt: '2026-11-22T20:00:00.000Z',
    profile,
  });
}

/** Answers the settings and preferences calls; a PUT waits for `hold` when given, or answers `put`. */
function serveSettings(
  options: { hold?: Promise<void>; put?: { status: number; body: unknown } } = {},
): RecordedCall[] {
  let settings = structuredClone(SETTINGS);
  let preferences = { ...DEFAULT_PREFERENCES };
  return mockFetch(async ({ method, url, body }) => {
    if (url.endsWith('/api/settings') && method === 'GET')
      return { status: 200, body: { success: true, data: settings } };
    if (url.endsWith('/api/settings') && method === 'PUT') {
      await options.hold;
      if (options.put) return options.put;
      const patch = body as Partial<Settings>;
      settings = {
        general: { ...settings.general, ...patch.general },
        security: { ...settings.security, ...patch.security },
        system: { ...settings.system, ...patch.system },
        recouvrement: { ...settings.recouvrement, ...patch.recouvrement },
        comptabilite: { ...settings.comptabilite, ...patch.comptabilite },
      };
      return { status: 200, body: { success: true, data: settings, message: SETTINGS_SAVED } };
    }
    if (url.endsWith('/api/banques/choix')) {
      return {
        status: 200,
        body: {
          success: true,
          data: [
            { id: 2, nom: 'Ecobank', est_principale: true },
            { id: 5, nom: 'SGBCI', est_principale: false },
          ],
        },
      };
    }
    if (url.endsWith('/api/preferences') && method === 'GET') {
      return { status: 200, body: { success: true, data: preferences } };
    }
    if (url.endsWith('/api/preferences') && method === 'PUT') {
      preferences = { ...preferences, ...(body as object) };
      return { status: 200, body: { success: true, data: preferences, message: SETTINGS_SAVED } };
    }
    return { status: 404, body: { success: false, message: 'Ressource non trouvée' } };
  });
}

beforeEach(() => {
  circuitBreaker.reset();
  document.documentElement.removeAttribute('data-mantine-color-scheme');
});

describe('SettingsPage', () => {
  it('shows an admin the spec’s five tabs in its order, then the collection’s, and the company’s details', async () => {
    signInAs(ADMIN_PROFILE);
    serveSettings();
    renderWithProviders(<SettingsPage />, { route: '/settings' });
    expect(screen.getByRole('heading', { level: 1, name: 'Paramètres' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Général',
      'Utilisateur',
      'Sécurité',
      'Notifications',
      'Système',
      'Recouvrement',
      'Comptabilité',
    ]);
    expect(await screen.findByLabelText(/Nom de l’entreprise/)).toHaveValue('Autopromotion Immobilière');
    expect(screen.getByLabelText('Adresse')).toHaveValue('Cocody, Abidjan');
    expect(screen.getByRole('combobox', { name: 'Fuseau horaire' })).toHaveValue('Abidjan (Côte d’Ivoire)');
    expect(screen.getByLabelText('Objectif mensuel d’encaissement')).toHaveValue(`0${FCFA_SUFFIX}`);
  });

  it("saves the company's details: 'Sauvegarde...' meanwhile, then the green banner", async () => {
    signInAs(ADMIN_PROFILE);
    let release = () => {};
    const calls = serveSettings({ hold: new Promise<void>((resolve) => (release = resolve)) });
    const { user } = renderWithProviders(<SettingsPage />, { route: '/settings' });
    const name = await screen.findByLabelText(/Nom de l’entreprise/);
    await user.clear(name);
    await user.type(name, 'Immo Plus');
    await user.type(screen.getByLabelText('Objectif mensuel d’encaissement'), '15000000');
    await user.click(screen.getByRole('button', { name: 'Sauvegarder' }));
    expect(await screen.findByRole('button', { name: 'Sauvegarde...' })).toBeDisabled();
    release();
    expect(await screen.findByText(SETTINGS_SAVED, keepSpaces)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sauvegarder' })).toBeEnabled();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      general: { ...SETTINGS.general, companyName: 'Immo Plus', monthlyTarget: 15_000_000 },
    });
  });

  it('refuses a value outside the spec’s range in French, without calling the server', async () => {
    signInAs(ADMIN_PROFILE);
    const calls = serveSettings();
    const { user } = renderWithProviders(<SettingsPage />, { route: '/settings?onglet=securite' });
    const timeout = await screen.findByLabelText('Délai d’inactivité avant déconnexion (minutes)');
    await user.clear(timeout);
    await user.type(timeout, '200');
    await user.click(screen.getByRole('button', { name: 'Sauvegarder' }));
    expect(
      await screen.findByText('Le délai d’inactivité doit être compris entre 5 et 120 minutes'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('warns while maintenance mode is on and while the debug level is chosen', async () => {
    signInAs(ADMIN_PROFILE);
    serveSettings();
    const { user } = renderWithProviders(<SettingsPage />, { route: '/settings?onglet=systeme' });
    const maintenance = await screen.findByRole('switch', { name: /Mode maintenance/ });
    expect(screen.queryByText(/seuls les administrateurs peuvent accéder/)).not.toBeInTheDocument();
    await user.click(maintenance);
    expect(screen.getByText(/seuls les administrateurs peuvent accéder à l’application/)).toBeInTheDocument();

    expect(screen.queryByText(/désactivez-le en production/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Niveau de journalisation' }));
    await user.click(await screen.findByRole('option', { name: 'Débogage' }));
    expect(screen.getByText(/Le mode débogage est activé/)).toBeInTheDocument();
  });

  it('shows the backup group with its saved schedule in the company’s zone and saves a new one', async () => {
    signInAs(ADMIN_PROFILE);
    const calls = serveSettings();
    const { user } = renderWithProviders(<SettingsPage />, { route: '/settings?onglet=systeme' });
    const enabled = await screen.findByRole('switch', { name: /^Sauvegardes automatiques/ });
    expect(screen.getByRole('heading', { level: 2, name: 'Sauvegardes' })).toBeInTheDocument();
    expect(enabled).toBeChecked();
    const frequency = screen.getByRole('combobox', { name: 'Fréquence' });
    expect(frequency).toHaveValue('Tous les jours');
    const time = screen.getByLabelText('Heure');
    expect(time).toHaveValue('02:00');
    expect(time).toHaveAttribute('type', 'time');
    expect(
      screen.getByText('Heure du fuseau de l’entreprise\u00a0: Abidjan (Côte d’Ivoire)', keepSpaces),
    ).toBeInTheDocument();
    const kept = screen.getByLabelText('Sauvegardes conservées');
    expect(kept).toHaveValue('14');
    expect(screen.getByText(/les plus récentes sont gardées, et toujours la dernière vérifiée/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Voir les sauvegardes/ })).toHaveAttribute('href', '/sauvegardes');

    await user.click(frequency);
    await user.click(await screen.findByRole('option', { name: 'Toutes les heures' }));
    expect(screen.getByText(/Chaque heure, à la minute choisie/)).toBeInTheDocument();
    await user.click(frequency);
    await user.click(await screen.findByRole('option', { name: 'Toutes les semaines (le lundi)' }));
    await user.clear(time);
    await user.type(time, '03:30');
    await user.clear(kept);
    await user.type(kept, '30');
    await user.click(screen.getByRole('button', { name: 'Sauvegarder' }));
    expect(await screen.findByText(SETTINGS_SAVED, keepSpaces)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      system: { ...SETTINGS.system, backupFrequency: 'weekly', backupTime: '03:30', backupRetention: 30 },
    });
  });

  it('turns the nightly cleanup of sessions off, saying what it removes and what it keeps', async () => {
    signInAs(ADMIN_PROFILE);
    const calls = serveSettings();
    const { user } = renderWithProviders(<SettingsPage />, { route: '/settings?onglet=systeme' });
    const cleanup = await screen.findByRole('switch', { name: /^Nettoyage des sessions/ });
    expect(cleanup).toBeChecked();
    expect(screen.getByText(/Le journal d’audit est toujours conservé en entier/)).toBeInTheDocument();
    await user.click(cleanup);
    await user.click(screen.getByRole('button', { name: 'Sauvegarder' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        system: { ...SETTINGS.system, sessionCleanup: false },
      }),
    );
  });

  it('says in one line that the currency and the language are fixed', async () => {
    signInAs(ADMIN_PROFILE);
    serveSettings();
    renderWithProviders(<SettingsPage />, { route: '/settings?onglet=general' });
    expect(await screen.findByText(/^Devise et langue/)).toHaveTextContent(
      'franc CFA (FCFA, sans décimales) et français, fixés pour toute l’application',
    );
  });

  it('leaves the schedule aside while automatic backups are off, and keeps the choice', async () => {
    signInAs(ADMIN_PROFILE);
    const calls = serveSettings();
    const { user } = renderWithProviders(<SettingsPage />, { route: '/settings?onglet=systeme' });
    await user.click(await screen.findByRole('switch', { name: /^Sauvegardes automatiques/ }));
    expect(screen.getByRole('combobox', { name: 'Fréquence' })).toBeDisabled();
    expect(screen.getByLabelText('Heure')).toBeDisabled();
    // Retention holds for backups taken by hand too.
    expect(screen.getByLabelText('Sauvegardes conservées')).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Sauvegarder' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        system: { ...SETTINGS.system, backupEnabled: false },
      }),
    );
  });

  it('refuses a missing hour and a retention outside 1–365 in French, without calling the server', async () => {
    signInAs(ADMIN_PROFILE);
    const calls = serveSettings();
    const { user } = renderWithProviders(<SettingsPage />, { route: '/settings?onglet=systeme' });
    const retention = 'Le nombre de sauvegardes conservées doit être compris entre 1 et 365';
    const kept = await screen.findByLabelText('Sauvegardes conservées');
    await user.clear(kept);
    await user.type(kept, '0');
    await user.tab();
    expect(await screen.findByText(retention)).toBeInTheDocument();
    await user.clear(kept);
    await user.type(kept, '365');
    await user.tab();
    await waitFor(() => expect(screen.queryByText(retention)).not.toBeInTheDocument());

    const time = screen.getByLabelText('Heure');
    await user.clear(time);
    await user.clear(kept);
    await user.type(kept, '400');
    await user.click(screen.getByRole('button', { name: 'Sauvegarder' }));
    expect(await screen.findByText('L’heure de sauvegarde s’écrit HH:MM, de 00:00 à 23:59')).toBeInTheDocument();
    expect(screen.getByText(retention)).toBeInTheDocument();
    expect(time).toHaveAttribute('aria-invalid', 'true');
    expect(kept).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows the server’s refusal of a backup field under that field', async () => {
    signInAs(ADMIN_PROFILE);
    const refusal = 'Une sauvegarde toutes les heures ne peut garder moins de 2 copies';
    serveSettings({
      put: {
        status: 400,
        body: {
          success: false,
          code: 'VALIDATION_ERROR',
          message: 'Données invalides',
          errors: { 'system.backupRetention': refusal },
        },
      },
    });
    const { user } = renderWithProviders(<SettingsPage />, { route: '/settings?onglet=systeme' });
    const kept = await screen.findByLabelText('Sauvegardes conservées');
    await user.clear(kept);
    await user.type(kept, '1');
    await user.click(screen.getByRole('button', { name: 'Sauvegarder' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(kept).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(SETTINGS_SAVED, keepSpaces)).not.toBeInTheDocument();
  });

  it('saves the collection group: grace, penalty rate with its decimals, reminders and statements', async () => {
    signInAs(ADMIN_PROFILE);
    const calls = serveSettings();
    const { user } = renderWithProviders(<SettingsPage />, { route: '/settings?onglet=recouvrement' });
    expect(screen.getByRole('tab', { name: 'Recouvrement' })).toHaveAttribute('aria-selected', 'true');
    const grace = await screen.findByLabelText('Délai de grâce (jours)');
    expect(grace).toHaveValue('0');
    const rate = screen.getByLabelText('Pénalité de retard (% par mois)');
    expect(rate).toHaveValue('0\u00a0%');
    expect(screen.getByText(/0 = désactivée\. La pénalité est affichée à part/)).toBeInTheDocument();
    const reminders = screen.getByRole('switch', { name: /Rappels d’échéance par e-mail/ });
    const statements = screen.getByRole('switch', { name: /Relevé mensuel par e-mail/ });
    expect(reminders).toBeChecked();
    expect(statements).not.toBeChecked();

    await user.clear(grace);
    await user.type(grace, '5');
    await user.clear(rate);
    await user.type(rate, '1,25');
    await user.click(reminders);
    await user.click(statements);
    await user.click(screen.getByRole('button', { name: 'Sauvegarder' }));
    expect(await screen.findByText(SETTINGS_SAVED, keepSpaces)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      recouvrement: { graceDays: 5, penaltyRate: 1.25, reminders: false, monthlyStatements: true },
    });
  });

  it('refuses a penalty rate above 10 % in French, without calling the server', async () => {
    signInAs(ADMIN_PROFILE);
    const calls = serveSettings();
    const { user } = renderWithProviders(<SettingsPage />, { route: '/settings?onglet=recouvrement' });
    const rate = await screen.findByLabelText('Pénalité de retard (% par mois)');
    await user.clear(rate);
    await user.type(rate, '12');
    await user.click(screen.getByRole('button', { name: 'Sauvegarder' }));
    expect(await screen.findByText(/Le taux de pénalité doit être compris entre 0 et 10\s%/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves the journal’s accounts: a category’s, a bank’s own, the others as they are booked now', async () => {
    signInAs(ADMIN_PROFILE);
    const calls = serveSettings();
    const { user } = renderWithProviders(<SettingsPage />, { route: '/settings?onglet=comptabilite' });
    const transport = await screen.findByLabelText('Transport');
    expect(transport).toHaveValue('6181');
    expect(screen.getByLabelText('Compte d’attente')).toHaveValue('471');
    expect(screen.getByLabelText('Fenêtre de rapprochement (jours)')).toHaveValue('5');
    // A bank not set yet shows its default account and journal.
    expect(screen.getByLabelText('Compte de SGBCI')).toHaveValue('52115');
    expect(screen.getByLabelText('Code journal de SGBCI')).toHaveValue('BQ5');

    const retype = async (field: HTMLElement, text: string) => {
      await user.clear(field);
      await user.type(field, text);
    };
    await retype(transport, '6182');
    await retype(screen.getByLabelText('Compte de Ecobank'), '52101');
    await retype(screen.getByLabelText('Code journal de Ecobank'), 'ECO');
    await retype(screen.getByLabelText('Compte d’attente'), 'caisse');
    await user.click(screen.getByRole('button', { name: 'Sauvegarder' }));
    expect(
      await screen.findByText('Un compte est un numéro du plan OHADA (2 à 12 chiffres ou lettres).'),
    ).toBeVisible();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await retype(screen.getByLabelText('Compte d’attente'), '4711');
    await user.click(screen.getByRole('button', { name: 'Sauvegarder' }));
    expect(await screen.findByText(SETTINGS_SAVED, keepSpaces)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      comptabilite: {
        ...DEFAULT_SETTINGS.comptabilite,
        compteAttente: '4711',
        comptesCategories: { ...DEFAULT_SETTINGS.comptabilite.comptesCategories, Transport: '6182' },
        comptesBanques: { 2: { compte: '52101', journal: 'ECO' }, 5: { compte: '52115', journal: 'BQ5' } },
      },
    });
  });

  it('shows a member only his own preferences, applies the theme at once and saves it', async () => {
    signInAs(MEMBER);
    const calls = serveSettings();
    const { user } = renderWithProviders(<SettingsPage />, { route: '/settings' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Utilisateur', 'Notifications']);
    expect(screen.queryByText(/entreprise/)).not.toBeInTheDocument();
    await user.click(await screen.findByRole('combobox', { name: 'Thème' }));
    await user.click(await screen.findByRole('option', { name: 'Sombre' }));
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await user.click(screen.getByRole('button', { name: 'Sauvegarder' }));
    expect(await screen.findByText(SETTINGS_SAVED, keepSpaces)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT' && c.url.endsWith('/api/preferences'))?.body).toEqual({
      ...DEFAULT_PREFERENCES,
      theme: 'dark',
    });
    expect(calls.some((c) => c.url.endsWith('/api/settings'))).toBe(false);
  });

  it('lets a member turn off the e-mail notices of his payments; an applicant reads that he gets none', async () => {
    signInAs(MEMBER);
    const calls = serveSettings();
    const { user, unmount } = renderWithProviders(<SettingsPage />, { route: '/settings?onglet=notifications' });
    const notices = await screen.findByRole('switch', { name: /versement est validé ou rejeté/ });
    expect(notices).toBeChecked();
    await user.click(notices);
    await user.click(screen.getByRole('button', { name: 'Sauvegarder' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        ...DEFAULT_PREFERENCES,
        emailNotifications: false,
      }),
    );
    unmount();

    signInAs({ ...ADMIN_PROFILE, role: 'demandeur' });
    renderWithProviders(<SettingsPage />, { route: '/settings?onglet=notifications' });
    expect(await screen.findByText(/Votre rôle ne reçoit pas d’avis par e-mail/)).toBeInTheDocument();
    expect(within(screen.getByRole('tabpanel')).queryByRole('switch')).not.toBeInTheDocument();
  });

  it('lets staff choose what they are told of, how often by e-mail and their quiet hours', async () => {
    signInAs({ ...ADMIN_PROFILE, role: 'gestionnaire' });
    const calls = serveSettings();
    const { user } = renderWithProviders(<SettingsPage />, { route: '/settings?onglet=notifications' });
    const demandes = await screen.findByRole('switch', { name: /Nouvelles demandes/ });
    // Only the kinds that may reach him: no accounts, no system alerts for a gestionnaire.
    expect(screen.queryByRole('switch', { name: /Nouveaux comptes/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: /Alertes système/ })).not.toBeInTheDocument();
    expect(demandes).toBeChecked();
    await user.click(demandes);
    await user.click(screen.getByRole('combobox', { name: 'Fréquence' }));
    await user.click(await screen.findByRole('option', { name: 'Un résumé par jour (8 h)' }));
    const start = screen.getByLabelText('De');
    expect(start).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: /Heures calmes/ }));
    await user.clear(start);
    await user.type(start, '21:00');
    // E-mail off: its frequency and quiet hours no longer apply.
    await user.click(screen.getByRole('switch', { name: 'Recevoir les notifications par e-mail' }));
    expect(screen.getByRole('combobox', { name: 'Fréquence' })).toBeDisabled();
    expect(start).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: 'Recevoir les notifications par e-mail' }));
    await user.click(screen.getByRole('button', { name: 'Sauvegarder' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        ...DEFAULT_PREFERENCES,
        notifications: {
          ...DEFAULT_PREFERENCES.notifications,
          newDemande: false,
          emailFrequency: 'daily',
          quietHours: true,
          quietStart: '21:00',
        },
      }),
    );
    expect(screen.queryByRole('switch', { name: /SMS/ })).not.toBeInTheDocument();
  });
});
