import { ENGAGEMENT_MINIMUM_HINT, localIsoDate, villesDuPays } from '@app/shared';
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { MoneyInput } from '../../ui/MoneyInput.tsx';
import { CouvertureSummary } from './CouvertureSummary.tsx';
import {
  type DemandeFormValues,
  DUREE_OPTIONS,
  DEMANDE_FIELD_LABELS as LABELS,
  PAYS_OPTIONS,
  SITUATION_OPTIONS,
} from './demande-form.ts';

type DemandeForm = UseFormReturnType<DemandeFormValues>;

interface SectionProps {
  form: DemandeForm;
  /** The applicant types his own details: the browser may fill them in. */
  ownDetails?: boolean;
}

interface ContactProps extends SectionProps {
  /** A signed-in applicant's verified address: shown, not typed (the server files under it). */
  fixedEmail?: string | undefined;
}

/** Who applies: full name, CNI, birth date, marital status, profession. */
export function DemandeIdentityFields({ form, ownDetails = false }: SectionProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label={LABELS.nom_complet}
        description="Nom de famille d’abord, puis prénoms"
        placeholder="Kouassi Jean-Marc"
        withAsterisk
        autoComplete={ownDetails ? 'name' : 'off'}
        maxLength={200}
        {...form.getInputProps('nom_complet')}
      />
      <TextInput
        label={LABELS.num_cni}
        description="13 caractères"
        withAsterisk
        maxLength={13}
        autoComplete="off"
        {...form.getInputProps('num_cni')}
      />
      <TextInput
        label={LABELS.date_naissance}
        type="date"
        max={localIsoDate()}
        withAsterisk
        autoComplete={ownDetails ? 'bday' : 'off'}
        {...form.getInputProps('date_naissance')}
      />
      <Select
        label={LABELS.situation_matrimoniale}
        placeholder="Choisir"
        withAsterisk
        data={SITUATION_OPTIONS}
        {...form.getInputProps('situation_matrimoniale')}
      />
      <TextInput
        label={LABELS.profession}
        withAsterisk
        autoComplete={ownDetails ? 'organization-title' : 'off'}
        maxLength={150}
        {...form.getInputProps('profession')}
      />
    </SimpleGrid>
  );
}

/**
 * How to reach him: e-mail, phone, country, city, address. The city is one of the country's
 * list when it has one, else typed; a new country empties it.
 */
export function DemandeContactFields({ form, ownDetails = false, fixedEmail }: ContactProps) {
  const villes = villesDuPays(form.values.pays);
  const ville = form.getInputProps('ville');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label={LABELS.email}
        type="email"
        inputMode="email"
        autoComplete={ownDetails ? 'email' : 'off'}
        withAsterisk
        maxLength={254}
        {...form.getInputProps('email')}
        {...(fixedEmail !== undefined && {
          value: fixedEmail,
          readOnly: true,
          description: 'L’adresse vérifiée de votre compte',
        })}
      />
      <TextInput
        label={LABELS.telephone}
        type="tel"
        inputMode="tel"
        autoComplete={ownDetails ? 'tel' : 'off'}
        placeholder="+225 07 00 00 00 00"
        withAsterisk
        maxLength={30}
        {...form.getInputProps('telephone')}
      />
      <Select
        label={LABELS.pays}
        withAsterisk
        allowDeselect={false}
        data={PAYS_OPTIONS}
        {...form.getInputProps('pays')}
        onChange={(pays) => {
          form.setFieldValue('pays', pays);
          form.setFieldValue('ville', '');
          form.clearFieldError('ville');
        }}
      />
      {villes ? (
        <Select
          label={LABELS.ville}
          placeholder="Choisir une ville"
          withAsterisk
          searchable
          nothingFoundMessage="Aucune ville trouvée"
          data={[...villes]}
          {...ville}
          value={form.values.ville || null}
          onChange={(value) => form.setFieldValue('ville', value ?? '')}
        />
      ) : (
        <TextInput
          label={LABELS.ville}
          withAsterisk
          autoComplete={ownDetails ? 'address-level2' : 'off'}
          maxLength={100}
          {...ville}
        />
      )}
      <TextInput
        label={LABELS.adresse}
        placeholder="Quartier, rue, lot"
        withAsterisk
        autoComplete={ownDetails ? 'street-address' : 'off'}
        maxLength={300}
        style={{ gridColumn: '1 / -1' }}
        {...form.getInputProps('adresse')}
      />
    </SimpleGrid>
  );
}

/**
 * What he commits to: the product (each form brings its own choice of it, and its price), the
 * monthly amount, the duration, and what these terms cover of the price.
 */
export function DemandeFinanceFields({
  form,
  produit,
  prix,
}: {
  form: DemandeForm;
  produit: ReactNode;
  prix: number | undefined;
}) {
  const apply = (montant: number) => {
    form.setFieldValue('engagement_mensuel', montant);
    form.clearFieldError('engagement_mensuel');
    // The button goes once the terms cover the price: the focus goes to the amount it set.
    form.getInputNode('engagement_mensuel')?.focus();
  };
  return (
    <Stack gap="md">
      {produit}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <MoneyInput
          label={LABELS.engagement_mensuel}
          description={ENGAGEMENT_MINIMUM_HINT}
          withAsterisk
          {...form.getInputProps('engagement_mensuel')}
        />
        <Select
          label={LABELS.duree_paiement}
          placeholder="Choisir une durée"
          withAsterisk
          data={DUREE_OPTIONS}
          {...form.getInputProps('duree_paiement')}
        />
      </SimpleGrid>
      <CouvertureSummary
        prix={prix}
        engagement={form.values.engagement_mensuel}
        duree={form.values.duree_paiement}
        onApply={apply}
      />
    </Stack>
  );
}
