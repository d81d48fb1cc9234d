import { formatDate, formatFCFA, fullName, type Membre } from '@app/shared';
import { Divider, Group, Paper, Progress, SimpleGrid, type SimpleGridProps, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { UserAvatar } from '../../ui/UserAvatar.tsx';
import { gestionnaireName, paidPercent } from './membre-format.ts';
import { TypeMembreBadge } from './TypeMembreBadge.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" fw={500} m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

const sectionLabel = { label: { fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)' } };

function Section({
  title,
  children,
  cols = { base: 1, xs: 2 },
  footer,
}: {
  title: string;
  children: ReactNode;
  cols?: SimpleGridProps['cols'];
  footer?: ReactNode;
}) {
  return (
    <Stack gap="xs" component="section">
      <Divider label={title} labelPosition="left" styles={sectionLabel} />
      <SimpleGrid component="dl" cols={cols} spacing="sm" verticalSpacing="xs" m={0}>
        {children}
      </SimpleGrid>
      {footer}
    </Stack>
  );
}

/** A member's file, read-only: identity, address, product, gestionnaire and money. */
export function MembreDetails({ membre }: { membre: Membre }) {
  const percent = paidPercent(membre);
  const produit = membre.produit;
  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <UserAvatar prenom={membre.prenom} nom={membre.nom} photo={null} size="xl" />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={3} size="h4">
            {fullName(membre)}
          </Title>
          <Text size="sm" c="dimmed">
            {membre.code_esv} · Inscrit le {formatDate(membre.date_inscription)}
          </Text>
          <Group gap={6}>
            <StatusBadge statut={membre.statut} />
            <TypeMembreBadge type={membre.type_membre} />
          </Group>
        </Stack>
      </Group>

      <Section title="Informations personnelles">
        <Field label="Code ESV">{membre.code_esv}</Field>
        <Field label="Numéro CNI">{membre.num_cni}</Field>
        <Field label="Nom">{membre.nom}</Field>
        <Field label="Prénom">{membre.prenom}</Field>
        <Field label="E-mail">{membre.email}</Field>
        <Field label="Téléphone">{membre.telephone ?? '—'}</Field>
        <Field label="Date de naissance">{formatDate(membre.date_naissance)}</Field>
        <Field label="Profession">{membre.profession}</Field>
      </Section>

      <Section title="Adresse" cols={{ base: 1, xs: 3 }}>
        <Field label="Adresse">{membre.adresse}</Field>
        <Field label="Ville">{membre.ville}</Field>
        <Field label="Pays">{membre.pays}</Field>
      </Section>

      <Section title="Produit et gestionnaire">
        {produit ? (
          <>
            <Field label="Produit">{produit.nom}</Field>
            <Field label="Prix">{formatFCFA(produit.prix)}</Field>
            <Field label="Site">{produit.site.nom}</Field>
            <Field label="Adresse du site">
              {produit.site.adresse}, {produit.site.ville}
            </Field>
          </>
        ) : (
          <Field label="Produit">Aucun produit lié</Field>
        )}
        <Field label="Gestionnaire assigné">{gestionnaireName(membre)}</Field>
      </Section>

      <Section
        title="Situation financière"
        cols={{ base: 2, sm: 3 }}
        footer={
          <Paper withBorder radius="md" p="sm">
            <Group justify="space-between" mb={6}>
              <Text size="sm">Progression des paiements</Text>
              <Text size="sm" fw={700}>
                {percent} %
              </Text>
            </Group>
            <Progress value={percent} color="teal" size="lg" aria-label="Part du montant total déjà payée" />
          </Paper>
        }
      >
        <Field label="Engagement mensuel">{formatFCFA(membre.engagement_mensuel)}</Field>
        <Field label="Durée">{membre.duree_paiement} mois</Field>
        <Field label="Montant total">{formatFCFA(membre.montant_total)}</Field>
        <Field label="Déjà payé">{formatFCFA(membre.montant_deja_paye)}</Field>
        <Field label="Reste dû">{formatFCFA(membre.montant_du)}</Field>
      </Section>
    </Stack>
  );
}
