import {
  can,
  EMAIL_FREQUENCIES,
  EMAIL_FREQUENCY_LABELS,
  NOTIFICATION_SWITCH_LABELS,
  notificationSwitchesOf,
  type Preferences,
  type Role,
} from '@app/shared';
import { Alert, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { SaveBar } from './SaveBar.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { usePreferencesForm } from './use-preferences-form.ts';

const SECURITY_MAIL =
  'Les e-mails de sécurité (code de réinitialisation, mot de passe temporaire, déblocage du compte) sont toujours envoyés.';

const FREQUENCY_OPTIONS = EMAIL_FREQUENCIES.map((value) => ({ value, label: EMAIL_FREQUENCY_LABELS[value] }));

/**
 * 'Notifications' (every role): staff choose what they are told of and how (issue 26); a member
 * whether he gets his payments' decisions by e-mail; an applicant reads that he gets no notices.
 */
export function NotificationsTab({ saved, role, onSaved }: { saved: Preferences; role: Role; onSaved: () => void }) {
  if (can(role, 'notifications.read')) return <StaffNotifications saved={saved} role={role} onSaved={onSaved} />;
  if (role === 'membre') return <MemberNotifications saved={saved} onSaved={onSaved} />;
  return (
    <SettingsSection title="Notifications par e-mail">
      <Text size="sm">
        Votre rôle ne reçoit pas d’avis par e-mail : seuls les membres sont avertis de la validation ou du rejet de
        leurs versements.
      </Text>
      <Text size="sm" c="dimmed">
        {SECURITY_MAIL}
      </Text>
    </SettingsSection>
  );
}

function StaffNotifications({ saved, role, onSaved }: { saved: Preferences; role: Role; onSaved: () => void }) {
  const { form, submit, saving, error } = usePreferencesForm(saved, onSaved);
  const { emailEnabled, quietHours } = form.getValues().notifications;
  const [pushRefused, setPushRefused] = useState(false);
  const pushInput = form.getInputProps('notifications.pushEnabled', { type: 'checkbox' });
  const browserHasPush = typeof window !== 'undefined' && 'Notification' in window;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <SettingsSection
          title="Ce dont vous êtes averti"
          description="Dans la cloche de l’en-tête, et par e-mail selon vos choix ci-dessous."
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {notificationSwitchesOf(role).map((key) => (
              <Switch
                key={key}
                label={NOTIFICATION_SWITCH_LABELS[key].label}
                description={NOTIFICATION_SWITCH_LABELS[key].description}
                {...form.getInputProps(`notifications.${key}`, { type: 'checkbox' })}
              />
            ))}
          </SimpleGrid>
        </SettingsSection>
        <SettingsSection title="Par e-mail">
          <Switch
            label="Recevoir les notifications par e-mail"
            {...form.getInputProps('notifications.emailEnabled', { type: 'checkbox' })}
          />
          <Select
            label="Fréquence"
            description="Immédiatement, ou un seul e-mail qui les rassemble"
            data={FREQUENCY_OPTIONS}
            allowDeselect={false}
            disabled={!emailEnabled}
            maw={360}
            {...form.getInputProps('notifications.emailFrequency')}
          />
          <Switch
            label="Heures calmes"
            description="Aucun e-mail pendant ces heures (fuseau de l’entreprise) : ils partent à la fin."
            disabled={!emailEnabled}
            {...form.getInputProps('notifications.quietHours', { type: 'checkbox' })}
          />
          <SimpleGrid cols={{ base: 2 }} maw={360}>
            <TextInput
              label="De"
              type="time"
              disabled={!emailEnabled || !quietHours}
              {...form.getInputProps('notifications.quietStart')}
            />
            <TextInput
              label="À"
              type="time"
              disabled={!emailEnabled || !quietHours}
              {...form.getInputProps('notifications.quietEnd')}
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {SECURITY_MAIL}
          </Text>
        </SettingsSection>
        <SettingsSection title="Dans le navigateur" description="Tant que l’application est ouverte.">
          <Switch
            label="Son à l’arrivée d’une notification"
            {...form.getInputProps('notifications.soundEnabled', { type: 'checkbox' })}
          />
          <Switch
            label="Notifications du navigateur"
            description={browserHasPush ? undefined : 'Ce navigateur ne les propose pas.'}
            disabled={!browserHasPush}
            {...pushInput}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              pushInput.onChange(event);
              setPushRefused(false);
              // The browser asks its own permission once; refused, the switch goes back off.
              if (on && Notification.permission !== 'granted') {
                void Notification.requestPermission().then((answer) => {
                  if (answer === 'granted') return;
                  form.setFieldValue('notifications.pushEnabled', false);
                  setPushRefused(true);
                });
              }
            }}
          />
          {pushRefused && (
            <Alert color="orange" variant="light" role="status">
              Le navigateur refuse d’afficher des notifications pour ce site : autorisez-les dans ses réglages, puis
              réessayez.
            </Alert>
          )}
        </SettingsSection>
        <SaveBar saving={saving} error={error} />
      </Stack>
    </form>
  );
}

function MemberNotifications({ saved, onSaved }: { saved: Preferences; onSaved: () => void }) {
  const { form, submit, saving, error } = usePreferencesForm(saved, onSaved);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <SettingsSection title="Notifications par e-mail">
          <Switch
            label="Me prévenir par e-mail quand un versement est validé ou rejeté"
            {...form.getInputProps('emailNotifications', { type: 'checkbox' })}
          />
          <Text size="sm" c="dimmed">
            {SECURITY_MAIL}
          </Text>
        </SettingsSection>
        <SaveBar saving={saving} error={error} />
      </Stack>
    </form>
  );
}
