import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';

let shouldThrow = true;
function Fragile() {
  if (shouldThrow) throw new Error('Lecture impossible des données');
  return <p>Contenu rétabli</p>;
}

describe('ErrorBoundary', () => {
  it("shows 'Une erreur s'est produite' with the message, then retries or goes home", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onHome = vi.fn();
    const { user } = renderWithProviders(
      <ErrorBoundary onHome={onHome}>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Une erreur s’est produite' })).toBeInTheDocument();
    expect(screen.getByText('Lecture impossible des données')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retour à l’accueil' }));
    expect(onHome).toHaveBeenCalledOnce();

    shouldThrow = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(screen.queryByText('Une erreur s’est produite')).not.toBeInTheDocument();
    expect(screen.getByText('Contenu rétabli')).toBeInTheDocument();
  });
});
