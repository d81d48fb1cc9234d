import { DIGIT_GROUP, LOG_LEVELS, SETTINGS_RANGES, type Settings } from '@app/shared';
import { Alert, NumberInput, Select, SimpleGrid, Stack, Switch } from '@mantine/core';
import { IconAlertTriangle, IconBug } from '@tabler/icons-react';
import { SaveBar } from './SaveBar.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { useSettingsForm } from './use-settings-form.ts';

const LOG_LEVEL_LABELS: Record<(typeof LOG_LEVELS)[number], string> = {
  error: 'Erreurs seulement',
  warn: 'Avertissements',
  info: 'Informations',
  debug: 'Débogage',
};
const LOG_LEVEL_OPTIONS = LOG_LEVELS.map((value) => ({ value, label: LOG_LEVEL_LABELS[value] }));

/** 'Système' (admin): maintenance mode, the hourly API limit per account, the server's log level. */
export function SystemTab({ saved, onSaved }: { saved: Settings['system']; onSaved: () => void }) {
  const { form, submit, saving, error } = useSettingsForm('system', saved, onSaved);
  const { apiRateLimit } = SETTINGS_RANGES;
  const { maintenanceMode, logLevel } = form.getValues();
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <SettingsSection title="Disponibilité">
          <Switch
            label="Mode maintenance"
            description="Seuls les administrateurs peuvent alors se connecter et utiliser l’application."
            {...form.getInputProps('maintenanceMode', { type: 'checkbox' })}
          />
          {maintenanceMode && (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
              Le mode maintenance est activé : seuls les administrateurs peuvent accéder à l’application.
            </Alert>
          )}
          <NumberInput
            label="Limite de requêtes par heure et par compte"
            description={`De ${apiRateLimit.min} à ${apiRateLimit.max.toLocaleString('fr-FR')} requêtes`}
            min={apiRateLimit.min}
            max={apiRateLimit.max}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            thousandSeparator={DIGIT_GROUP}
            maw={{ sm: 360 }}
            {...form.getInputProps('apiRateLimit')}
          />
        </SettingsSection>
        <SettingsSection
          title="Journalisation"
          description="Le niveau « Débogage » est le mode débogage : il détaille chaque requête dans les journaux du serveur."
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Niveau de journalisation"
              data={LOG_LEVEL_OPTIONS}
              allowDeselect={false}
              {...form.getInputProps('logLevel')}
            />
          </SimpleGrid>
          {logLevel === 'debug' && (
            <Alert color="yellow" variant="light" icon={<IconBug size={18} aria-hidden />}>
              Le mode débogage est activé : désactivez-le en production.
            </Alert>
          )}
        </SettingsSection>
        <SaveBar saving={saving} error={error} />
      </Stack>
    </form>
  );
}
