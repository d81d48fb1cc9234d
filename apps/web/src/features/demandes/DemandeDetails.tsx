import {
  applicantName,
  type Demande,
  formatDate,
  formatDateTime,
  formatFCFA,
  fullName,
  splitNomComplet,
} from '@app/shared';
import { Divider, Group, SimpleGrid, type SimpleGridProps, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { months, produitTitre, situationLabel } from './demande-format.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" fw={500} m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
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
}: {
  title: string;
  children: ReactNode;
  cols?: SimpleGridProps['cols'];
}) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Divider label={title} labelPosition="left" styles={sectionLabel} />
      <SimpleGrid component="dl" cols={cols} spacing="sm" verticalSpacing="xs" m={0}>
        {children}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * A demande, read-only (spec 1 §2.5): personal information, contact, address, finance with the
 * total, the requested product, notes, the decision once processed (manager, reason, comments,
 * member created) and the system dates.
 */
export function DemandeDetails({ demande }: { demande: Demande }) {
  const processed = demande.statut !== 'en_attente';
  return (
    <Stack gap="lg">
      <Group gap="sm" justify="space-between" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {applicantName(demande.nom_complet)}
          </Title>
          <Text size="sm" c="dimmed">
            Demande n° {demande.id} · {demande.origine === 'public' ? 'Formulaire public' : 'Saisie par le personnel'}
          </Text>
        </Stack>
        <StatusBadge statut={demande.statut} size="lg" />
      </Group>

      <Section title="Informations personnelles">
        {/* As the member's account will hold it. */}
        <Field label="Nom">{splitNomComplet(demande.nom_complet).nom}</Field>
        <Field label="Prénoms">{splitNomComplet(demande.nom_complet).prenom}</Field>
        <Field label="Numéro CNI">{demande.num_cni}</Field>
        <Field label="Date de naissance">{formatDate(demande.date_naissance)}</Field>
        <Field label="Situation matrimoniale">{situationLabel(demande.situation_matrimoniale)}</Field>
        <Field label="Profession">{demande.profession}</Field>
      </Section>

      <Section title="Contact">
        <Field label="E-mail">{demande.email}</Field>
        <Field label="Téléphone">{demande.telephone}</Field>
      </Section>

      <Section title="Adresse" cols={{ base: 1, xs: 3 }}>
        <Field label="Adresse">{demande.adresse}</Field>
        <Field label="Ville">{demande.ville}</Field>
        <Field label="Pays">{demande.pays}</Field>
      </Section>

      <Section title="Informations financières" cols={{ base: 1, xs: 3 }}>
        <Field label="Engagement mensuel">{formatFCFA(demande.engagement_mensuel)}</Field>
        <Field label="Durée de paiement">{months(demande.duree_paiement)}</Field>
        <Field label="Montant total">{formatFCFA(demande.montant_total)}</Field>
      </Section>

      <Section title="Produit demandé">
        <Field label="ID du produit">{demande.produit_id}</Field>
        <Field label="Nom du produit">{produitTitre(demande)}</Field>
        {demande.produit && (
          <>
            <Field label="Site">
              {demande.produit.site_nom}
              {demande.produit.site_ville ? ` (${demande.produit.site_ville})` : ''}
            </Field>
            <Field label="Prix de vente">{formatFCFA(demande.produit.prix_vente)}</Field>
          </>
        )}
      </Section>

      <Section title="Notes" cols={1}>
        <Field label="Notes">{demande.notes || 'Aucune note'}</Field>
      </Section>

      {processed && (
        <Section title="Traitement">
          <Field label="Statut">
            <StatusBadge statut={demande.statut} size="sm" />
          </Field>
          {demande.date_traitement && <Field label="Traitée le">{formatDateTime(demande.date_traitement)}</Field>}
          {demande.statut === 'validee' && (
            <>
              <Field label="Gestionnaire">
                {demande.gestionnaire ? fullName(demande.gestionnaire) : 'Non renseigné'}
              </Field>
              <Field label="Code membre créé">{demande.membre?.code_esv ?? 'Aucun'}</Field>
            </>
          )}
          {demande.statut === 'rejetee' && (
            <>
              <Field label="Motif du rejet">{demande.motif_rejet ?? 'Non renseigné'}</Field>
              <Field label="Commentaires">{demande.commentaires || 'Aucun commentaire'}</Field>
            </>
          )}
        </Section>
      )}

      <Section title="Informations système">
        <Field label="Créée le">{formatDateTime(demande.created_at)}</Field>
        <Field label="Dernière modification">{formatDateTime(demande.updated_at)}</Field>
      </Section>
    </Stack>
  );
}
