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

  it.each([
    ['0', 0, '0\u00a0FCFA'],
    ['-5000', -5000, '-5\u202f000\u00a0FCFA'],
    ['12,5', 12.5, '12,5\u00a0FCFA'],
    ['150000000000', 150_000_000_000, '150\u202f000\u202f000\u202f000\u00a0FCFA'],
  ])(
    'keeps %s as typed when the field is left: the form says what is wrong, not the field',
    async (typed, value, shown) => {
      const { user } = renderWithProviders(<Field initial={1500} />);
      const input = screen.getByLabelText('Prix de vente');
      await user.type(input, `{Control>}a{/Control}${typed}`);
      await user.tab();
      expect(input).toHaveValue(shown);
      expect(screen.getByRole('status')).toHaveTextContent(String(value));
    },
  );
});
