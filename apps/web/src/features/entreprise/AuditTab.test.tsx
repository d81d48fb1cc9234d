import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { circuitBreaker, sessionStore } from '../../api/index.ts';
import { ADMIN_PROFILE } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { AUDIT_ENTRIES, auditListCalls, auditPagination, serveAudit } from './audit-test-data.ts';
import EntreprisePage from './EntreprisePage.tsx';

beforeEach(() => {
  circuitBreaker.reset();
  sessionStore.start({
    token: 'access',
    refreshToken: 'refresh',
    sessionExpiresAt: '2026-11-22T20:00:00.000Z',
    profile: ADMIN_PROFILE,
  });
});

function Probe() {
  return <output data-testid="location">{useLocation().search}</output>;
}

const renderPage = (route = '/entreprise') =>
  renderWithProviders(
    <>
      <EntreprisePage />
      <Probe />
    </>,
    { route },
  );

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent));

const failure = {
  status: 403,
  body: { success: false, code: 'FORBIDDEN', message: 'Accès refusé – Rôle insuffisant.' },
};

describe('AuditTab', () => {
  it('opens Entreprise on the Audit tab: the counts, the tops of 30 days and the journal newest first', async () => {
    const calls = serveAudit();
    renderPage();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Audit', 'Banques', 'Comptabilité']);
    expect(screen.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');

    const tiles = screen.getByRole('group', { name: 'Chiffres du journal d’audit' });
    await waitFor(() => expect(tiles).toHaveAttribute('aria-busy', 'false'));
    expect(within(tiles).getByText('Total des entrées').nextSibling).toHaveTextContent('1284');
    expect(within(tiles).getByText('Aujourd’hui').nextSibling).toHaveTextContent('12');
    expect(within(tiles).getByText('Cette semaine').nextSibling).toHaveTextContent('87');
    expect(within(tiles).getByText('Ce mois').nextSibling).toHaveTextContent('342');

    const users = screen.getByRole('region', { name: 'Utilisateurs les plus actifs' });
    expect(within(users).getByText('Sur les 30 derniers jours')).toBeInTheDocument();
    expect(
      within(users)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1.Mariam Traoré120 entrées', '2.Serge Konan64 entrées']);
    const tables = screen.getByRole('region', { name: 'Tables les plus auditées' });
    expect(within(tables).getByText('Sur les 30 derniers jours')).toBeInTheDocument();
    expect(
      within(tables)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1.Versements150 entrées', '2.Personnels20 entrées']);

    const table = await screen.findByRole('table', { name: 'Journal d’audit' });
    const rows = rowsOf(table);
    expect(rows[0]).toEqual([
      'Date et heure',
      'Utilisateur',
      'Action',
      'Table',
      'Enregistrement',
      'Adresse IP',
      'Détails',
    ]);
    expect(rows[1]).toEqual([
      expect.stringMatching(/^20\/11\/2026 \d\d:30$/),
      'Mariam Traorécomptable@demo.test',
      'Modification',
      'Versements',
      'n°\u00a042',
      '196.47.12.8',
      'Détails',
    ]);
    expect(rows[2]?.slice(1, 5)).toEqual(['Visiteur', 'Échec de connexion', 'Utilisateurs', 'n°\u00a09']);
    expect(rows[3]?.slice(1)).toEqual(['Système', 'Création', 'Banques', 'n°\u00a04', '–', 'Détails']);
    expect(screen.getByText('Page 1 sur 3 – 45 entrées au total')).toBeInTheDocument();
    expect(auditListCalls(calls)[0]?.searchParams.toString()).toBe('page=1&limit=10');
  });

  it('filters by user, table, action and dates through the address, and resets them', async () => {
    const calls = serveAudit();
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'Journal d’audit' });
    const toggle = screen.getByRole('button', { name: 'Filtres' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Filtres du journal d’audit' });

    await user.click(within(panel).getByRole('combobox', { name: 'Table' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toContain('Personnels');
    await user.click(screen.getByRole('option', { name: 'Versements' }));
    await waitFor(() => expect(auditListCalls(calls).at(-1)?.searchParams.get('table_name')).toBe('versements'));

    await user.click(within(panel).getByRole('combobox', { name: 'Action' }));
    await user.click(screen.getByRole('option', { name: 'Création' }));
    await waitFor(() => expect(auditListCalls(calls).at(-1)?.searchParams.get('action')).toBe('created'));

    // The users the tops and the page name, by name.
    await user.click(within(panel).getByRole('combobox', { name: 'Utilisateur' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Mariam Traoré', 'Serge Konan']);
    await user.click(screen.getByRole('option', { name: 'Serge Konan' }));
    await waitFor(() => expect(auditListCalls(calls).at(-1)?.searchParams.get('user_id')).toBe('1'));

    fireEvent.change(within(panel).getByLabelText('Du'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(auditListCalls(calls).at(-1)?.searchParams.get('date_from')).toBe('2026-11-01'));
    expect(screen.getByTestId('location').textContent).toBe(
      '?table=versements&action=created&utilisateur=1&du=2026-11-01',
    );
    expect(screen.getByRole('button', { name: 'Filtres, 4 actifs' })).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Réinitialiser' }));
    await waitFor(() => expect(auditListCalls(calls).at(-1)?.searchParams.toString()).toBe('page=1&limit=10'));
    expect(screen.getByTestId('location').textContent).toBe('');
  });

  it('opens with the filters of the address, the panel open, and says a reversed range', async () => {
    const calls = serveAudit();
    renderPage('/entreprise?table=banques&du=2026-11-20&au=2026-11-10');
    await screen.findByRole('table', { name: 'Journal d’audit' });
    const panel = screen.getByRole('region', { name: 'Filtres du journal d’audit' });
    expect(within(panel).getByRole('combobox', { name: 'Table' })).toHaveValue('Banques');
    expect(within(panel).getByText('La date de fin doit suivre la date de début')).toBeInTheDocument();
    expect(auditListCalls(calls)[0]?.searchParams.toString()).toBe(
      'page=1&limit=10&table_name=banques&date_from=2026-11-20&date_to=2026-11-10',
    );
  });

  it('goes to another page, and says when the total is a lower bound', async () => {
    const calls = serveAudit((call) =>
      call.url.startsWith('/api/audit?')
        ? {
            status: 200,
            body: { success: true, data: AUDIT_ENTRIES, pagination: auditPagination(200, 1, false) },
          }
        : undefined,
    );
    const { user } = renderPage();
    expect(await screen.findByText('Page 1 sur 10 – plus de 200 entrées au total')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(auditListCalls(calls).at(-1)?.searchParams.get('page')).toBe('2'));
    expect(screen.getByTestId('location').textContent).toBe('?page=2');
  });

  it('says when the journal is empty, and when no entry matches the filters', async () => {
    serveAudit((call) =>
      call.url.startsWith('/api/audit?')
        ? { status: 200, body: { success: true, data: [], pagination: auditPagination(0) } }
        : undefined,
    );
    const { user } = renderPage();
    expect(await screen.findByText('Le journal d’audit est encore vide.')).toBeInTheDocument();
    expect(screen.queryByText(/^Page 1 sur/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filtres' }));
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(screen.getByRole('option', { name: 'Suppression' }));
    expect(await screen.findByText('Aucune entrée du journal ne correspond à vos filtres.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réinitialiser les filtres' }));
    expect(await screen.findByText('Le journal d’audit est encore vide.')).toBeInTheDocument();
  });

  it('shows a failed load with Réessayer and no sample data, then the journal', async () => {
    let fail = true;
    serveAudit((call) => (fail && call.url.startsWith('/api/audit') ? failure : undefined));
    const { user } = renderPage();
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => within(a).getByText(/^Erreur lors du chargement/).textContent)).toEqual([
      'Erreur lors du chargement des statistiques',
      'Erreur lors du chargement des audits',
    ]);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Chiffres du journal d’audit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Utilisateurs les plus actifs' })).not.toBeInTheDocument();
    fail = false;
    const list = alerts[1] as HTMLElement;
    await user.click(within(list).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('table', { name: 'Journal d’audit' })).toBeInTheDocument();
    await user.click(within(alerts[0] as HTMLElement).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('group', { name: 'Chiffres du journal d’audit' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows an entry: general information, chain position, user, browser, old and new values side by side', async () => {
    const calls = serveAudit();
    const { user } = renderPage();
    const table = await screen.findByRole('table', { name: 'Journal d’audit' });
    const details = within(table).getAllByRole('button', { name: /^Détails de l’entrée du / });
    expect(details[0]).toHaveAccessibleName(/^Détails de l’entrée du 20\/11\/2026 \d\d:30 \(Modification\)$/);
    await user.click(details[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Détails de l’entrée' });

    const general = within(dialog).getByRole('region', { name: 'Informations générales' });
    const field = (scope: HTMLElement, label: string) => within(scope).getByText(label).nextSibling?.textContent;
    expect(field(general, 'Action')).toBe('Modification');
    expect(field(general, 'Table')).toBe('Versements');
    expect(field(general, 'Enregistrement')).toBe('42');
    expect(field(general, 'Position dans la chaîne')).toBe('3');
    expect(field(general, 'Empreinte')).toBe(`${'ab'.repeat(31)}03`);
    const person = within(dialog).getByRole('region', { name: 'Utilisateur' });
    expect(field(person, 'Nom')).toBe('Mariam Traoré');
    expect(field(person, 'E-mail')).toBe('comptable@demo.test');
    const browser = within(dialog).getByRole('region', { name: 'Navigateur' });
    expect(field(browser, 'Adresse IP')).toBe('196.47.12.8');
    expect(field(browser, 'Agent utilisateur')).toBe('Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0');

    const before = within(dialog).getByRole('region', { name: 'Anciennes valeurs' });
    const after = within(dialog).getByRole('region', { name: 'Nouvelles valeurs' });
    expect(within(before).getByText('statut').nextSibling?.textContent).toBe('en_attente');
    expect(within(after).getByText('statut').nextSibling?.textContent).toBe('valide');
    expect(within(after).getByText('date_validation').nextSibling?.textContent).toBe('2026-11-20');
    expect(calls.some((c) => c.url === '/api/audit/3')).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(details[0]).toHaveFocus();
  });

  it('says Aucune donnée for an entry without values, and names the system', async () => {
    serveAudit();
    const { user } = renderPage();
    const table = await screen.findByRole('table', { name: 'Journal d’audit' });
    await user.click(within(table).getAllByRole('button', { name: /^Détails de l’entrée du / })[2] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Détails de l’entrée' });
    expect(within(dialog).getAllByText('Aucune donnée')).toHaveLength(2);
    const person = within(dialog).getByRole('region', { name: 'Utilisateur' });
    expect(within(person).getByText('Nom').nextSibling?.textContent).toBe('Système');
    expect(within(dialog).getByText('Agent utilisateur').nextSibling?.textContent).toBe('–');
  });
});
