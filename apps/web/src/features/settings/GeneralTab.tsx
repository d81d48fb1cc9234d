import type { Settings } from '@app/shared';
import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { MoneyInput } from '../../ui/MoneyInput.tsx';
import { SaveBar } from './SaveBar.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { TIME_ZONE_OPTIONS } from './time-zones.ts';
import { useSettingsForm } from './use-settings-form.ts';

/**
 * 'Général' (admin): the company's details, shown in the footer, the profile and the product page's
 * contact; the currency and the language, fixed (decisions §5), in one line that says so.
 */
export function GeneralTab({ saved, onSaved }: { saved: Settings['general']; onSaved: () => void }) {
  const { form, submit, saving, error } = useSettingsForm('general', saved, onSaved);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <SettingsSection
          title="Informations de l’entreprise"
          description="Affichées dans le pied de page, sur le profil et dans le contact des produits."
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Nom de l’entreprise" required {...form.getInputProps('companyName')} />
            <TextInput label="Slogan" {...form.getInputProps('slogan')} />
            <TextInput label="Adresse" {...form.getInputProps('address')} />
            <TextInput label="Téléphone" type="tel" {...form.getInputProps('phone')} />
            <TextInput label="E-mail" type="email" {...form.getInputProps('email')} />
          </SimpleGrid>
        </SettingsSection>
        <SettingsSection title="Activité" description="Le mois du tableau de bord suit ce fuseau horaire.">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Fuseau horaire"
              data={TIME_ZONE_OPTIONS}
              allowDeselect={false}
              searchable
              {...form.getInputProps('timeZone')}
            />
            <MoneyInput
              label="Objectif mensuel d’encaissement"
              description="0 : aucun objectif fixé"
              {...form.getInputProps('monthlyTarget')}
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            Devise et langue : franc CFA (FCFA, sans décimales) et français, fixés pour toute l’application ; les
            montants, les reçus et les e-mails sont tous rédigés ainsi.
          </Text>
        </SettingsSection>
        <SaveBar saving={saving} error={error} />
      </Stack>
    </form>
  );
}
