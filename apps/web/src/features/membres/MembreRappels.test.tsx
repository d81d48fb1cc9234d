import type { Rappel } from '@app/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { circuitBreaker } from '../../api/index.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { MembreRappels } from './MembreRappels.tsx';
import { list, notFound, params, signIn, text } from './test-data.ts';

beforeEach(() => {
  circuitBreaker.reset();
  signIn('gestionnaire');
});

function rappel(overrides: Partial<Rappel> = {}): Rappel {
  return {
    id: 1,
    type_rappel: 'J-7',
    date_echeance: '2026-12-10',
    numero: 3,
    montant: 150_000,
    email: 'membre1@demo.test',
    statut: 'envoye',
    tentatives: 1,
    sent_at: '2026-12-03T08:15:00.000Z',
    ...overrides,
  };
}

const RAPPELS = [
  rappel({
    id: 3,
    type_rappel: 'J+3',
    sent_at: '2026-12-13T08:00:00.000Z',
    montant: 50_000,
    statut: 'echec',
    tentatives: 3,
  }),
  rappel({ id: 2, type_rappel: 'J-1', sent_at: '2026-12-09T08:00:00.000Z' }),
  rappel({ id: 1 }),
];

/** The table's rows as their cells' text, header first. */
function rows(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => text(cell.textContent ?? '').trim()));
}

describe('MembreRappels', () => {
  it('shows the reminders sent to the member, newest first: date, kind, due date, amount and status', async () => {
    const calls = mockFetch(() => list(RAPPELS, 1, 10));
    renderWithProviders(<MembreRappels membreId={7} />);
    const section = screen.getByRole('region', { name: 'Rappels envoyés' });
    const table = await within(section).findByRole('table', { name: 'Rappels envoyés au membre' });
    const [header, ...body] = rows(table);
    expect(header).toEqual(['Date d’envoi', 'Type', 'Échéance du', 'Montant', 'Statut']);
    expect(body.map((cells) => cells.slice(1))).toEqual([
      ['Relance J+3', '10/12/2026', text('50\u202f000\u00a0FCFA'), 'Échec3 essais'],
      ['Rappel J-1', '10/12/2026', text('150\u202f000\u00a0FCFA'), 'Envoyé'],
      ['Rappel J-7', '10/12/2026', text('150\u202f000\u00a0FCFA'), 'Envoyé'],
    ]);
    expect(body[2]?.[0]).toMatch(/^03\/12\/2026 \d{2}:\d{2}$/);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toContain('/api/membres/7/rappels?');
    expect(params(calls[0] as never).get('page')).toBe('1');
    expect(params(calls[0] as never).get('limit')).toBe('10');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('says so when no reminder was sent', async () => {
    mockFetch(() => list([], 1, 10));
    renderWithProviders(<MembreRappels membreId={7} />);
    expect(await screen.findByRole('status')).toHaveTextContent('Aucun rappel envoyé');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('pages through a long history', async () => {
    const calls = mockFetch((call) => {
      const page = Number(params(call).get('page'));
      return page === 1
        ? list(RAPPELS, 1, 10, 13)
        : list([rappel({ id: 20, date_echeance: '2026-09-10', sent_at: '2026-09-03T08:00:00.000Z' })], 2, 10, 13);
    });
    const { user } = renderWithProviders(<MembreRappels membreId={7} />);
    await screen.findByRole('table');
    expect(screen.getByText(/^Page 1 sur 2 – 13 rappels$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('10/09/2026')).toBeInTheDocument();
    expect(params(calls.at(-1) as never).get('page')).toBe('2');
  });

  it('shows the server’s message and retries when loading fails', async () => {
    let fail = true;
    mockFetch(() => (fail ? notFound('Membre non trouvé') : list(RAPPELS, 1, 10)));
    const { user } = renderWithProviders(<MembreRappels membreId={7} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erreur lors du chargement des rappels');
    expect(alert).toHaveTextContent('Membre non trouvé');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});
