import {
  DIGIT_GROUP,
  FREQUENCE_SAUVEGARDE_LABELS,
  FREQUENCES_SAUVEGARDE,
  LOG_LEVELS,
  NBSP,
  RETENTION_SAUVEGARDES,
  SETTINGS_RANGES,
  type Settings,
  type TimeZone,
} from '@app/shared';
import { Alert, Anchor, NumberInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight, IconBug } from '@tabler/icons-react';
import { Link } from 'react-router';
import { viewPath } from '../../app/views.tsx';
import { SaveBar } from './SaveBar.tsx';
import { HELP_BELOW, SettingsSection } from './SettingsSection.tsx';
import { TIME_ZONE_LABELS } from './time-zones.ts';
import { useSettingsForm } from './use-settings-form.ts';

const LOG_LEVEL_LABELS: Record<(typeof LOG_LEVELS)[number], string> = {
  error: 'Erreurs seulement',
  warn: 'Avertissements',
  info: 'Informations',
  debug: 'Débogage',
};
const LOG_LEVEL_OPTIONS = LOG_LEVELS.map((value) => ({ value, label: LOG_LEVEL_LABELS[value] }));
const FREQUENCE_OPTIONS = FREQUENCES_SAUVEGARDE.map((value) => ({ value, label: FREQUENCE_SAUVEGARDE_LABELS[value] }));

/**
 * 'Système' (admin): maintenance mode, the hourly API limit per account, the server's log level,
 * the backups' schedule (issue 24), whose hour is the company's (`timeZone`, from Général), and the
 * nightly cleanup of sessions and of old notifications (issue 26).
 */
export function SystemTab({
  saved,
  timeZone,
  onSaved,
}: {
  saved: Settings['system'];
  timeZone: TimeZone;
  onSaved: () => void;
}) {
  const { form, submit, saving, error } = useSettingsForm('system', saved, onSaved);
  const { apiRateLimit, logRetention } = SETTINGS_RANGES;
  const { maintenanceMode, logLevel, backupEnabled, backupFrequency } = form.getValues();
  const timeHint = `Heure du fuseau de l’entreprise${NBSP}: ${TIME_ZONE_LABELS[timeZone]}`;
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
        <SettingsSection
          title="Sauvegardes"
          description="La base de données, les fichiers et le secret du serveur, chaque copie vérifiée par une restauration d’essai."
        >
          <Switch
            label="Sauvegardes automatiques"
            description="Une sauvegarde à la fréquence et à l’heure choisies. « Sauvegarder maintenant » en prend une à tout moment."
            {...form.getInputProps('backupEnabled', { type: 'checkbox' })}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label="Fréquence"
              data={FREQUENCE_OPTIONS}
              allowDeselect={false}
              disabled={!backupEnabled}
              inputWrapperOrder={HELP_BELOW}
              {...form.getInputProps('backupFrequency')}
            />
            <TextInput
              label="Heure"
              type="time"
              description={backupFrequency === 'hourly' ? `${timeHint}. Chaque heure, à la minute choisie.` : timeHint}
              disabled={!backupEnabled}
              inputWrapperOrder={HELP_BELOW}
              {...form.getInputProps('backupTime')}
            />
            <NumberInput
              label="Sauvegardes conservées"
              description={`De ${RETENTION_SAUVEGARDES.min} à ${RETENTION_SAUVEGARDES.max}${NBSP}: les plus récentes sont gardées, et toujours la dernière vérifiée.`}
              min={RETENTION_SAUVEGARDES.min}
              max={RETENTION_SAUVEGARDES.max}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              inputWrapperOrder={HELP_BELOW}
              {...form.getInputProps('backupRetention')}
            />
          </SimpleGrid>
          <Anchor component={Link} to={viewPath('sauvegardes')} size="sm" w="fit-content">
            <IconArrowRight size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
            Voir les sauvegardes et en prendre une maintenant
          </Anchor>
        </SettingsSection>
        <SettingsSection title="Entretien">
          <Switch
            label="Nettoyage des sessions"
            description="Chaque nuit à 03:30, les sessions expirées ou fermées et les codes et liens de connexion périmés sont supprimés. Le journal d’audit est toujours conservé en entier."
            {...form.getInputProps('sessionCleanup', { type: 'checkbox' })}
          />
          <NumberInput
            label="Conservation des notifications (jours)"
            description={`De ${logRetention.min} à ${logRetention.max}${NBSP}: chaque nuit, les notifications lues et plus anciennes sont supprimées. Les non lues restent.`}
            min={logRetention.min}
            max={logRetention.max}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            maw={360}
            {...form.getInputProps('logRetention')}
          />
        </SettingsSection>
        <SaveBar saving={saving} error={error} />
      </Stack>
    </form>
  );
}
