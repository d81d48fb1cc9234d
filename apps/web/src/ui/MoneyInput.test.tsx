import { formatFCFA } from '@app/shared';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { MoneyInput } from './MoneyInput.tsx';

function Field({ initial }: { initial: number | string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <MoneyInput label="Prix de vente" value={value} onChange={setValue} />
      <output>{typeof value === 'number' ? value : 'texte'}</output>
    </>
  );
}

describe('MoneyInput', () => {
  it('shows an amount exactly as the text of amounts, and gives back a whole number', async () => {
    const { user } = renderWithProviders(<Field initial="" />);
    const input = screen.getByLabelText('Prix de vente');
    await user.type(input, '45000000');
    expect(input).toHaveValue(formatFCFA(45_000_000));
    expect(screen.getByRole('status')).toHaveTextContent('45000000');
  });

  it('takes neither decimals nor a minus sign', async () => {
    const { user } = renderWithProviders(<Field initial={1500} />);
    const input = screen.getByLabelText('Prix de vente');
    expect(input).toHaveValue(formatFCFA(1500));
    await user.type(input, '{Control>}a{/Control}-12,5');
    expect(input).toHaveValue(formatFCFA(125));
  });
});
