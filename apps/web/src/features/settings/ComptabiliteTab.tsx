import { type BanqueChoix, compteBanque, DEPENSE_CATEGORIES, type Settings } from '@app/shared';
import { NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { banquesChoixQuery } from '../../data/banques.ts';
import { ErrorPanel } from '../../ui/ErrorPanel.tsx';
import { FullPageLoader } from '../../ui/FullPageLoader.tsx';
import { SaveBar } from './SaveBar.tsx';
import { HELP_BELOW, SettingsSection } from './SettingsSection.tsx';
import { useSettingsForm } from './use-settings-form.ts';

type Comptabilite = Settings['comptabilite'];

/**
 * 'Comptabilité' (admin, issue 27): the reconciliation's window and exceptions' delay, and the
 * accounts of the SYSCOHADA journal (the clients' prefix, the suspense account, each expense
 * category's charge account, each bank's account and journal code), with the OHADA defaults.
 */
export function ComptabiliteTab({ saved, onSaved }: { saved: Comptabilite; onSaved: () => void }) {
  const banques = useQuery(banquesChoixQuery());
  if (banques.isPending) return <FullPageLoader fullHeight={false} />;
  if (banques.isError) {
    return (
      <ErrorPanel
        title="Erreur lors du chargement des banques"
        message={banques.error.message}
        onRetry={() => void banques.refetch()}
      />
    );
  }
  // Each bank shows the account it is booked to now (its own, or the default); a bank not listed
  // (inactive) keeps what was set for it.
  const comptesBanques = {
    ...Object.fromEntries(banques.data.map((b) => [String(b.id), compteBanque(saved, b.id)])),
    ...saved.comptesBanques,
  };
  return <ComptabiliteForm saved={{ ...saved, comptesBanques }} banques={banques.data} onSaved={onSaved} />;
}

function ComptabiliteForm({
  saved,
  banques,
  onSaved,
}: {
  saved: Comptabilite;
  banques: BanqueChoix[];
  onSaved: () => void;
}) {
  const { form, submit, saving, error } = useSettingsForm('comptabilite', saved, onSaved);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <SettingsSection
          title="Rapprochement bancaire"
          description="Appliqués aux relevés importés de chaque banque (Entreprise › Banques › Relevés)."
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Fenêtre de rapprochement (jours)"
              description="De 0 à 30 jours d’écart entre la date d’une ligne du relevé et la date de valeur d’un mouvement suggéré"
              min={0}
              max={30}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              inputWrapperOrder={HELP_BELOW}
              {...form.getInputProps('fenetreRapprochementJours')}
            />
            <NumberInput
              label="Délai des exceptions (jours)"
              description="De 1 à 365 jours sans rapprochement avant qu’une ligne ou un mouvement soit une exception"
              min={1}
              max={365}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              inputWrapperOrder={HELP_BELOW}
              {...form.getInputProps('exceptionsJours')}
            />
          </SimpleGrid>
        </SettingsSection>
        <SettingsSection
          title="Comptes du journal (SYSCOHADA)"
          description="Les numéros du plan OHADA que le journal comptable et la balance générale emploient."
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Préfixe des comptes clients"
              description="Suivi du code du membre (ex. 411ESV20260001)"
              inputWrapperOrder={HELP_BELOW}
              {...form.getInputProps('compteClients')}
            />
            <TextInput
              label="Compte d’attente"
              description="Contrepartie d’un dépôt ou d’un retrait manuel sans compte choisi"
              inputWrapperOrder={HELP_BELOW}
              {...form.getInputProps('compteAttente')}
            />
          </SimpleGrid>
          <Text size="sm" fw={600} mt="xs">
            Comptes de charges des dépenses
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
            {DEPENSE_CATEGORIES.map((categorie) => (
              <TextInput key={categorie} label={categorie} {...form.getInputProps(`comptesCategories.${categorie}`)} />
            ))}
          </SimpleGrid>
        </SettingsSection>
        <SettingsSection
          title="Banques"
          description="Le compte de chaque banque (classe 52) et le code de son journal."
        >
          {banques.length === 0 ? (
            <Text size="sm" c="dimmed">
              Aucune banque active.
            </Text>
          ) : (
            banques.map((b) => (
              <SimpleGrid key={b.id} cols={{ base: 1, sm: 2 }}>
                <TextInput label={`Compte de ${b.nom}`} {...form.getInputProps(`comptesBanques.${b.id}.compte`)} />
                <TextInput
                  label={`Code journal de ${b.nom}`}
                  {...form.getInputProps(`comptesBanques.${b.id}.journal`)}
                />
              </SimpleGrid>
            ))
          )}
        </SettingsSection>
        <SaveBar saving={saving} error={error} />
      </Stack>
    </form>
  );
}
