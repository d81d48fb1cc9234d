import type { Preferences, Role } from '@app/shared';
import { Stack, Switch, Text } from '@mantine/core';
import { SaveBar } from './SaveBar.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { usePreferencesForm } from './use-preferences-form.ts';

const SECURITY_MAIL =
  'Les e-mails de sécurité (code de réinitialisation, mot de passe temporaire, déblocage du compte) sont toujours envoyés.';

/**
 * 'Notifications' (every role): the e-mail notices an account receives. Only a member gets notices
 * (his payment validated or rejected), so only he has the switch; the others read what they get.
 */
export function NotificationsTab({ saved, role, onSaved }: { saved: Preferences; role: Role; onSaved: () => void }) {
  if (role !== 'membre') {
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
  return <MemberNotifications saved={saved} onSaved={onSaved} />;
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
