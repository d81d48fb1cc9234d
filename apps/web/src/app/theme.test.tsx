import { Button, DEFAULT_THEME, Modal, mergeMantineTheme, PasswordInput, Select, TextInput } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

/** WCAG 2.1 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const full = mergeMantineTheme(DEFAULT_THEME, theme);
const filled = typeof full.primaryShade === 'object' ? full.primaryShade.light : full.primaryShade;
const white = '#ffffff';
const [gray0 = '', gray1 = ''] = full.colors.gray;
const dimmed = cssVariablesResolver(full).light['--mantine-color-dimmed'] ?? '';

describe('theme colours (WCAG AA, 4.5:1 for text)', () => {
  it.each(Object.keys(full.colors))('%s: white on a filled control, light-variant text on its background', (name) => {
    const shades = full.colors[name] ?? [];
    expect(contrast(shades[filled] ?? '', white)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(shades[9] ?? '', shades[1] ?? '')).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the primary colour readable as text (links, prices) on white and on the grey of panels', () => {
    const primary = full.colors[full.primaryColor]?.[filled] ?? '';
    expect(contrast(primary, white)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(primary, gray0)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps secondary text readable on white, on panels and on striped rows', () => {
    for (const background of [white, gray0, gray1]) expect(contrast(dimmed, background)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('dialog focus', () => {
  it('opens a dialog on its first field, a password field too, not on its close button', async () => {
    renderWithProviders(
      <Modal opened onClose={() => {}} title="Changer mot de passe">
        <PasswordInput label="Mot de passe actuel" />
        <TextInput label="Nom" />
        <Select label="Rôle" data={['Membre']} />
      </Modal>,
    );
    await waitFor(() => expect(screen.getByLabelText('Mot de passe actuel')).toHaveFocus());
  });

  it('opens a dialog without field on the button it marks', async () => {
    renderWithProviders(
      <Modal opened onClose={() => {}} title="Désactiver">
        <Button data-autofocus>Annuler</Button>
        <Button>Désactiver</Button>
      </Modal>,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Annuler' })).toHaveFocus());
  });
});
