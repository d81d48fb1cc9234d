import { type Settings, TIME_ZONES, type TimeZone } from '@app/shared';
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { MoneyInput } from '../../ui/MoneyInput.tsx';
import { SaveBar } from './SaveBar.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { useSettingsForm } from './use-settings-form.ts';

/** Each zone by its city and country, as the company would name it. */
const TIME_ZONE_LABELS: Record<TimeZone, string> = {
  'Africa/Abidjan': 'Abidjan (Côte d’Ivoire)',
  'Africa/Bamako': 'Bamako (Mali)',
  'Africa/Brazzaville': 'Brazzaville (Congo)',
  'Africa/Conakry': 'Conakry (Guinée)',
  'Africa/Dakar': 'Dakar (Sénégal)',
  'Africa/Douala': 'Douala (Cameroun)',
  'Africa/Kinshasa': 'Kinshasa (RD Congo)',
  'Africa/Lagos': 'Lagos (Nigeria)',
  'Africa/Libreville': 'Libreville (Gabon)',
  'Africa/Lome': 'Lomé (Togo)',
  'Africa/Niamey': 'Niamey (Niger)',
  'Africa/Ouagadougou': 'Ouagadougou (Burkina Faso)',
  'Africa/Porto-Novo': 'Porto-Novo (Bénin)',
};
const TIME_ZONE_OPTIONS = TIME_ZONES.map((value) => ({ value, label: TIME_ZONE_LABELS[value] }));

/** 'Général' (admin): the company's details, shown in the footer, the profile and the product page's contact. */
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
        </SettingsSection>
        <SaveBar saving={saving} error={error} />
      </Stack>
    </form>
  );
}
