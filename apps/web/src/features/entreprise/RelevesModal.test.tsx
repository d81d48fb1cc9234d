import { type LigneReleve, RELEVE_MESSAGES } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { circuitBreaker, sessionStore } from '../../api/index.ts';
import { ADMIN_PROFILE } from '../../test/fetch-mock.ts';
import { keepSpaces } from '../../test/keep-spaces.ts';
import { renderWithProviders } from '../../test/render.tsx';
import EntreprisePage from './EntreprisePage.tsx';
import { serveBanques } from './test-data.ts';

beforeEach(() => {
  circuitBreaker.reset();
  sessionStore.start({
    token: 'access',
    refreshToken: 'refresh',
    sessionExpiresAt: '2026-11-22T20:00:00.000Z',
    profile: { ...ADMIN_PROFILE, role: 'comptable', email: 'comptable@demo.test' },
  });
});

const ligne = (id: number, overrides: Partial<LigneReleve> = {}): LigneReleve => ({
  id,
  banque_id: 2,
  releve_id: 1,
  date_operation: '2026-11-03',
  date_valeur: null,
  libelle: 'VIREMENT RECU KOUASSI',
  reference: 'R-1',
  sens: 'credit',
  montant: 150_000,
  solde: 1_150_000,
  statut: 'non_rapprochee',
  rapprochement_id: null,
  created_at: '2026-11-30T10:00:00.000Z',
  ...overrides,
});

const pageOf = (items: LigneReleve[]) => ({
  status: 200,
  body: {
    success: true,
    data: items,
    pagination: { page: 1, limit: 20, total: items.length, totalPages: 1, totalExact: true },
  },
});

const csvFile = (rows: string[], name = 'releve.csv') => new File([rows.join('\n')], name, { type: 'text/csv' });

/** Mantine's FileInput is a button over a hidden file input. */
const fileInput = (dialog: HTMLElement) => dialog.querySelector('input[type="file"]') as HTMLInputElement;

async function openReleves() {
  const rendered = renderWithProviders(<EntreprisePage />, { route: '/entreprise?onglet=banques' });
  await rendered.user.click(await screen.findByRole('button', { name: 'Relevés de Ecobank Côte d’Ivoire' }));
  const dialog = await screen.findByRole('dialog', { name: 'Relevés bancaires – Ecobank Côte d’Ivoire' });
  return { ...rendered, dialog };
}

describe('a bank’s statements', () => {
  it('previews a CSV as the server reads it, lets the columns be chosen, imports it and says what it added', async () => {
    let imported = false;
    const calls = serveBanques((call) => {
      if (call.url.startsWith('/api/banques/2/lignes')) return pageOf(imported ? [ligne(2), ligne(1)] : []);
      if (call.url === '/api/banques/2/releves' && call.method === 'POST') {
        imported = true;
        return {
          status: 201,
          body: {
            success: true,
            data: {
              id: 1,
              format: 'csv',
              lignes_lues: 2,
              lignes_nouvelles: 1,
              doublons: 1,
              periode: { debut: '2026-11-03', fin: '2026-11-04' },
              solde_final: 1_147_500,
            },
            message: 'Relevé importé',
          },
        };
      }
      return undefined;
    });
    const { user, dialog } = await openReleves();

    // Headers no rule recognises: nothing can be sent until the columns are chosen.
    await user.upload(
      fileInput(dialog),
      csvFile(['Jour;Texte;Sortie;Entrée', '03/11/2026;Apport;;150 000', '04/11/2026;Frais;2 500;']),
    );
    expect(await within(dialog).findByText(RELEVE_MESSAGES.colonnesIncompletes, keepSpaces)).toBeInTheDocument();
    const send = within(dialog).getByRole('button', { name: 'Importer le relevé' });
    expect(send).toBeDisabled();
    const columns = within(dialog).getByRole('group', { name: 'Colonnes du relevé' });
    for (const [label, header] of [
      ['Date', 'Jour'],
      ['Libellé', 'Texte'],
      ['Débit', 'Sortie'],
      ['Crédit', 'Entrée'],
    ] as const) {
      const select = within(columns)
        .getAllByLabelText(label)
        .find((element) => element.tagName === 'INPUT') as HTMLElement;
      await user.click(select);
      await user.click(await screen.findByRole('option', { name: header }));
    }
    const preview = await within(dialog).findByRole('table', { name: 'Aperçu du relevé' });
    const rows = within(preview)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent));
    expect(rows.slice(1)).toEqual([
      ['2', '03/11/2026', 'Apport', '', '150\u202f000\u00a0FCFA'],
      ['3', '04/11/2026', 'Frais', '2\u202f500\u00a0FCFA', ''],
    ]);

    await user.click(send);
    expect(await within(dialog).findByText('2 lignes lues, 1 nouvelle, 1 déjà importée.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(post?.form?.get('colonnes')))).toEqual({
      date: 'Jour',
      libelle: 'Texte',
      debit: 'Sortie',
      credit: 'Entrée',
    });
    expect((post?.form?.get('fichier') as File | undefined)?.name).toBe('releve.csv');
    // The lines are read again.
    await user.click(within(dialog).getByRole('tab', { name: 'Lignes' }));
    expect(await within(dialog).findByRole('table', { name: 'Lignes des relevés' })).toBeInTheDocument();
  });

  it('says which line of a wrong file is wrong, before sending anything', async () => {
    const calls = serveBanques((call) => (call.url.startsWith('/api/banques/2/lignes') ? pageOf([]) : undefined));
    const { user, dialog } = await openReleves();
    await user.upload(
      fileInput(dialog),
      csvFile(['Date;Libellé;Montant', '03/11/2026;Apport;150 000', '31/11/2026;Frais;-2 500']),
    );
    expect(await within(dialog).findByText(RELEVE_MESSAGES.date(3, '31/11/2026'), keepSpaces)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Importer le relevé' })).toBeDisabled();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('filters the lines by status', async () => {
    const calls = serveBanques((call) =>
      call.url.startsWith('/api/banques/2/lignes')
        ? pageOf([ligne(1, { statut: 'rapprochee', rapprochement_id: 1 })])
        : undefined,
    );
    const { user, dialog } = await openReleves();
    await user.click(within(dialog).getByRole('tab', { name: 'Lignes' }));
    const table = await within(dialog).findByRole('table', { name: 'Lignes des relevés' });
    expect(within(table).getByText('Rapprochée')).toBeInTheDocument();
    await user.click(within(dialog).getByText('Non rapprochées'));
    await waitFor(() =>
      expect(
        calls.some((c) => c.url.includes('/api/banques/2/lignes?') && c.url.endsWith('&statut=non_rapprochee')),
      ).toBe(true),
    );
  });
});

describe('a bank’s month', () => {
  const etat = (ecart: number, cloture: object | null = null) => ({
    status: 200,
    body: {
      success: true,
      data: {
        banque_id: 2,
        date: '2026-10-31',
        solde_comptable: 1_150_000,
        solde_releve: 1_150_000 - ecart,
        ecart,
        mouvements_en_suspens: {
          nombre: 1,
          total: 50_000,
          elements: [
            {
              id: 9,
              type: 'credit',
              operation: 'versement_valide',
              montant: 50_000,
              date_valeur: '2026-10-28',
              libelle: 'Reçu REC-9',
            },
          ],
        },
        lignes_en_suspens: { nombre: 1, total: 50_000 - ecart, elements: [ligne(4, { montant: 50_000 - ecart })] },
        ecart_inexplique: 0,
        cloture,
      },
    },
  });

  it('shows the two balances and what explains their difference, and closes the month once they agree', async () => {
    let ecart = 2_500;
    const calls = serveBanques((call) => {
      if (call.url.startsWith('/api/banques/2/rapprochement?date=2026-10-31')) return etat(ecart);
      if (call.url.startsWith('/api/banques/2/clotures?')) {
        return {
          status: 200,
          body: { success: true, data: [], pagination: { page: 1, limit: 12, total: 0, totalPages: 1 } },
        };
      }
      if (call.url === '/api/banques/2/clotures' && call.method === 'POST') {
        return { status: 201, body: { success: true, data: {}, message: 'Mois d’octobre 2026 clôturé' } };
      }
      return undefined;
    });
    const { user, dialog } = await openReleves();
    await user.click(within(dialog).getByRole('tab', { name: 'Clôture' }));
    const mois = within(dialog).getByLabelText('Mois');
    await user.clear(mois);
    await user.type(mois, '2026-10');
    expect(await within(dialog).findByText('Écart')).toBeInTheDocument();
    expect(within(dialog).getByText('L’écart vient des éléments non rapprochés ci-dessous.')).toBeInTheDocument();
    expect(within(dialog).getByRole('table', { name: 'Mouvements absents du relevé' })).toHaveTextContent('Reçu REC-9');
    const close = within(dialog).getByRole('button', { name: 'Clôturer octobre 2026' });
    expect(close).toBeDisabled();

    ecart = 0;
    await user.clear(mois);
    await user.type(mois, '2026-10');
    await waitFor(() =>
      expect(within(dialog).getByText('Le grand livre et le relevé concordent.')).toBeInTheDocument(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Clôturer octobre 2026' }));
    const confirm = await screen.findByRole('dialog', { name: 'Clôturer le mois' });
    await user.click(within(confirm).getByRole('button', { name: 'Clôturer' }));
    await waitFor(() =>
      expect(
        calls.filter((c) => c.url === '/api/banques/2/clotures' && c.method === 'POST').map((c) => c.body),
      ).toEqual([{ mois: '2026-10' }]),
    );
  });
});
