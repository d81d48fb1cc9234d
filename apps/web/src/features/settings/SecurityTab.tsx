import { SETTINGS_RANGES, type Settings } from '@app/shared';
import { NumberInput, SimpleGrid, Stack, Switch } from '@mantine/core';
import { SaveBar } from './SaveBar.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { useSettingsForm } from './use-settings-form.ts';

/** 'Sécurité' (admin): what the server enforces at sign-in, on passwords and on idle sessions. */
export function SecurityTab({ saved, onSaved }: { saved: Settings['security']; onSaved: () => void }) {
  const { form, submit, saving, error } = useSettingsForm('security', saved, onSaved);
  const { sessionTimeout, passwordMinLength, loginAttempts } = SETTINGS_RANGES;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <SettingsSection title="Sessions et connexion">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Délai d’inactivité avant déconnexion (minutes)"
              description={`De ${sessionTimeout.min} à ${sessionTimeout.max} minutes`}
              min={sessionTimeout.min}
              max={sessionTimeout.max}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              {...form.getInputProps('sessionTimeout')}
            />
            <NumberInput
              label="Tentatives de connexion avant blocage"
              description={`De ${loginAttempts.min} à ${loginAttempts.max} ; le compte est bloqué 15 minutes`}
              min={loginAttempts.min}
              max={loginAttempts.max}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              {...form.getInputProps('loginAttempts')}
            />
          </SimpleGrid>
        </SettingsSection>
        <SettingsSection
          title="Double authentification"
          description="Un code à 6 chiffres d’une application d’authentification, après le mot de passe."
        >
          <Switch
            label="Exiger la double authentification des administrateurs et des comptables"
            description="Ils l’activent à leur prochaine connexion, avant tout autre écran. Les autres rôles peuvent l’activer depuis leur profil."
            {...form.getInputProps('twoFactorAuth', { type: 'checkbox' })}
          />
        </SettingsSection>
        <SettingsSection title="Mots de passe" description="S’appliquent à chaque nouveau mot de passe.">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Longueur minimale"
              description={`De ${passwordMinLength.min} à ${passwordMinLength.max} caractères`}
              min={passwordMinLength.min}
              max={passwordMinLength.max}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              {...form.getInputProps('passwordMinLength')}
            />
            <Switch
              mt={{ sm: 'xl' }}
              label="Exiger au moins un caractère spécial"
              {...form.getInputProps('requireSpecialChars', { type: 'checkbox' })}
            />
          </SimpleGrid>
        </SettingsSection>
        <SaveBar saving={saving} error={error} />
      </Stack>
    </form>
  );
}
