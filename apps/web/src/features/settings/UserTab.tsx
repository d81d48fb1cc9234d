import { ITEMS_PER_PAGE, type Preferences, type Theme } from '@app/shared';
import { Select, SimpleGrid, Stack, Switch, Text, useMantineColorScheme } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { SaveBar } from './SaveBar.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { usePreferencesForm } from './use-preferences-form.ts';

const THEME_OPTIONS: { value: Theme; label: string }[] = [
  { value: 'light', label: 'Clair' },
  { value: 'dark', label: 'Sombre' },
  { value: 'auto', label: 'Automatique (selon l’appareil)' },
];
const PAGE_SIZE_OPTIONS = ITEMS_PER_PAGE.map((n) => ({ value: String(n), label: `${n} éléments` }));

/**
 * 'Utilisateur' (every role): the theme, applied as soon as it is chosen and kept for the account
 * once saved (left unsaved, the saved one comes back), the page size of the lists, and the drafts
 * of the long forms.
 */
export function UserTab({ saved, onSaved }: { saved: Preferences; onSaved: () => void }) {
  const { setColorScheme } = useMantineColorScheme();
  const savedTheme = useRef(saved.theme);
  const { form, submit, saving, error } = usePreferencesForm(saved, (preferences) => {
    savedTheme.current = preferences.theme;
    onSaved();
  });
  // Left without saving, the saved theme comes back (setColorScheme changes with the scheme: kept aside).
  const apply = useRef(setColorScheme);
  apply.current = setColorScheme;
  useEffect(() => () => apply.current(savedTheme.current), []);
  const themeInput = form.getInputProps('theme');
  const pageSizeInput = form.getInputProps('itemsPerPage');

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <SettingsSection title="Apparence et affichage" description="Ces préférences ne concernent que votre compte.">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Thème"
              data={THEME_OPTIONS}
              allowDeselect={false}
              {...themeInput}
              onChange={(value) => {
                if (!value) return;
                themeInput.onChange(value);
                setColorScheme(value as Theme);
              }}
            />
            <Select
              label="Éléments par page"
              description="Versements, dépenses, retards, personnel, banques et journal d’audit"
              data={PAGE_SIZE_OPTIONS}
              allowDeselect={false}
              {...pageSizeInput}
              value={String(pageSizeInput.value)}
              onChange={(value) => value && pageSizeInput.onChange(Number(value))}
            />
          </SimpleGrid>
          <Switch
            label="Garder un brouillon des formulaires longs"
            description="Produit, demande, chantier : ce que vous saisissez est gardé dans ce navigateur et vous est proposé à la réouverture, jusqu’à l’envoi ou la déconnexion."
            {...form.getInputProps('autoSave', { type: 'checkbox' })}
          />
          <Text size="sm" c="dimmed">
            Le thème s’applique tout de suite ; sauvegardez pour le retrouver à chaque connexion.
          </Text>
        </SettingsSection>
        <SaveBar saving={saving} error={error} />
      </Stack>
    </form>
  );
}
