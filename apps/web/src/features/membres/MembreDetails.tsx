import { formatDate, formatFCFA, fullName, type Membre } from '@app/shared';
import { Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { DetailField, DetailSection } from '../../ui/DetailField.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { UserAvatar } from '../../ui/UserAvatar.tsx';
import { gestionnaireName, paidPercent } from './membre-format.ts';
import { TypeMembreBadge } from './TypeMembreBadge.tsx';

/** A member's file, read-only: identity, address, product, gestionnaire and money. */
export function MembreDetails({ membre }: { membre: Membre }) {
  const percent = paidPercent(membre);
  const produit = membre.produit;
  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <UserAvatar prenom={membre.prenom} nom={membre.nom} photo={membre.photo_profil} size="xl" />
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

      <DetailSection title="Informations personnelles">
        <DetailField label="Code ESV">{membre.code_esv}</DetailField>
        <DetailField label="Numéro CNI">{membre.num_cni}</DetailField>
        <DetailField label="Nom">{membre.nom}</DetailField>
        <DetailField label="Prénom">{membre.prenom}</DetailField>
        <DetailField label="E-mail">{membre.email}</DetailField>
        <DetailField label="Téléphone">{membre.telephone ?? '—'}</DetailField>
        <DetailField label="Date de naissance">{formatDate(membre.date_naissance)}</DetailField>
        <DetailField label="Profession">{membre.profession}</DetailField>
      </DetailSection>

      <DetailSection title="Adresse" cols={{ base: 1, xs: 3 }}>
        <DetailField label="Adresse">{membre.adresse}</DetailField>
        <DetailField label="Ville">{membre.ville}</DetailField>
        <DetailField label="Pays">{membre.pays}</DetailField>
      </DetailSection>

      <DetailSection title="Produit et gestionnaire">
        {produit ? (
          <>
            <DetailField label="Produit">{produit.nom}</DetailField>
            <DetailField label="Prix">{formatFCFA(produit.prix)}</DetailField>
            <DetailField label="Site">{produit.site.nom}</DetailField>
            <DetailField label="Adresse du site">
              {produit.site.adresse}, {produit.site.ville}
            </DetailField>
          </>
        ) : (
          <DetailField label="Produit">Aucun produit lié</DetailField>
        )}
        <DetailField label="Gestionnaire assigné">{gestionnaireName(membre)}</DetailField>
      </DetailSection>

      <DetailSection
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
        <DetailField label="Engagement mensuel">{formatFCFA(membre.engagement_mensuel)}</DetailField>
        <DetailField label="Durée">{membre.duree_paiement} mois</DetailField>
        <DetailField label="Montant total">{formatFCFA(membre.montant_total)}</DetailField>
        <DetailField label="Déjà payé">{formatFCFA(membre.montant_deja_paye)}</DetailField>
        <DetailField label="Reste dû">{formatFCFA(membre.montant_du)}</DetailField>
      </DetailSection>
    </Stack>
  );
}
