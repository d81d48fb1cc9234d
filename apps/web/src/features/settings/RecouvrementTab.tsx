import { SETTINGS_RANGES, type Settings } from '@app/shared';
import { NumberInput, SimpleGrid, Stack, Switch } from '@mantine/core';
import { SaveBar } from './SaveBar.tsx';
import { HELP_BELOW, SettingsSection } from './SettingsSection.tsx';
import { useSettingsForm } from './use-settings-form.ts';

/**
 * 'Recouvrement' (admin, issue 15): when an instalment counts as late, the optional late-payment
 * penalty, and the e-mails that remind members of their instalments and send their statements.
 */
export function RecouvrementTab({ saved, onSaved }: { saved: Settings['recouvrement']; onSaved: () => void }) {
  const { form, submit, saving, error } = useSettingsForm('recouvrement', saved, onSaved);
  const { graceDays } = SETTINGS_RANGES;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <SettingsSection
          title="Retards de paiement"
          description={'Appliqués aux échéanciers des membres, à leurs relevés et à l’écran «\u00a0Retards\u00a0».'}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Délai de grâce (jours)"
              description={`De ${graceDays.min} à ${graceDays.max} jours après l’échéance avant qu’elle soit en retard`}
              min={graceDays.min}
              max={graceDays.max}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              inputWrapperOrder={HELP_BELOW}
              {...form.getInputProps('graceDays')}
            />
            <NumberInput
              label="Pénalité de retard (% par mois)"
              description={
                'De 0 à 10\u00a0% de l’échéance impayée par mois de retard commencé. 0\u00a0=\u00a0désactivée. La pénalité est affichée à part, jamais ajoutée au principal.'
              }
              min={0}
              max={10}
              step={0.5}
              decimalScale={2}
              decimalSeparator=","
              allowNegative={false}
              clampBehavior="none"
              suffix={'\u00a0%'}
              inputWrapperOrder={HELP_BELOW}
              {...form.getInputProps('penaltyRate')}
            />
          </SimpleGrid>
        </SettingsSection>
        <SettingsSection
          title="E-mails aux membres"
          description="Envoyés aux membres qui acceptent les avis par e-mail."
        >
          <Switch
            label="Rappels d’échéance par e-mail"
            description="7 jours et la veille de chaque échéance, puis 3 jours après une échéance manquée."
            {...form.getInputProps('reminders', { type: 'checkbox' })}
          />
          <Switch
            label="Relevé mensuel par e-mail"
            description="Chaque mois, le relevé de compte du mois écoulé, en PDF."
            {...form.getInputProps('monthlyStatements', { type: 'checkbox' })}
          />
        </SettingsSection>
        <SaveBar saving={saving} error={error} />
      </Stack>
    </form>
  );
}
