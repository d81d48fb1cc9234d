import {
  applicantName,
  type Demande,
  formatDate,
  formatDateTime,
  formatFCFA,
  fullName,
  splitNomComplet,
} from '@app/shared';
import { Group, Stack, Text, Title } from '@mantine/core';
import { DetailField, DetailSection } from '../../ui/DetailField.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { months, produitTitre, situationLabel } from './demande-format.ts';

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

      <DetailSection title="Informations personnelles">
        {/* As the member's account will hold it. */}
        <DetailField label="Nom">{splitNomComplet(demande.nom_complet).nom}</DetailField>
        <DetailField label="Prénoms">{splitNomComplet(demande.nom_complet).prenom}</DetailField>
        <DetailField label="Numéro CNI">{demande.num_cni}</DetailField>
        <DetailField label="Date de naissance">{formatDate(demande.date_naissance)}</DetailField>
        <DetailField label="Situation matrimoniale">{situationLabel(demande.situation_matrimoniale)}</DetailField>
        <DetailField label="Profession">{demande.profession}</DetailField>
      </DetailSection>

      <DetailSection title="Contact">
        <DetailField label="E-mail">{demande.email}</DetailField>
        <DetailField label="Téléphone">{demande.telephone}</DetailField>
      </DetailSection>

      <DetailSection title="Adresse" cols={{ base: 1, xs: 3 }}>
        <DetailField label="Adresse">{demande.adresse}</DetailField>
        <DetailField label="Ville">{demande.ville}</DetailField>
        <DetailField label="Pays">{demande.pays}</DetailField>
      </DetailSection>

      <DetailSection title="Informations financières" cols={{ base: 1, xs: 3 }}>
        <DetailField label="Engagement mensuel">{formatFCFA(demande.engagement_mensuel)}</DetailField>
        <DetailField label="Durée de paiement">{months(demande.duree_paiement)}</DetailField>
        <DetailField label="Montant total">{formatFCFA(demande.montant_total)}</DetailField>
      </DetailSection>

      <DetailSection title="Produit demandé">
        <DetailField label="ID du produit">{demande.produit_id}</DetailField>
        <DetailField label="Nom du produit">{produitTitre(demande)}</DetailField>
        {demande.produit && (
          <>
            <DetailField label="Site">
              {demande.produit.site_nom}
              {demande.produit.site_ville ? ` (${demande.produit.site_ville})` : ''}
            </DetailField>
            <DetailField label="Prix de vente">{formatFCFA(demande.produit.prix_vente)}</DetailField>
          </>
        )}
      </DetailSection>

      <DetailSection title="Notes" cols={1}>
        <DetailField label="Notes">{demande.notes || 'Aucune note'}</DetailField>
      </DetailSection>

      {processed && (
        <DetailSection title="Traitement">
          <DetailField label="Statut">
            <StatusBadge statut={demande.statut} size="sm" />
          </DetailField>
          {demande.date_traitement && (
            <DetailField label="Traitée le">{formatDateTime(demande.date_traitement)}</DetailField>
          )}
          {demande.statut === 'validee' && (
            <>
              <DetailField label="Gestionnaire">
                {demande.gestionnaire ? fullName(demande.gestionnaire) : 'Non renseigné'}
              </DetailField>
              <DetailField label="Code membre créé">{demande.membre?.code_esv ?? 'Aucun'}</DetailField>
            </>
          )}
          {demande.statut === 'rejetee' && (
            <>
              <DetailField label="Motif du rejet">{demande.motif_rejet ?? 'Non renseigné'}</DetailField>
              <DetailField label="Commentaires">{demande.commentaires || 'Aucun commentaire'}</DetailField>
            </>
          )}
        </DetailSection>
      )}

      <DetailSection title="Informations système">
        <DetailField label="Créée le">{formatDateTime(demande.created_at)}</DetailField>
        <DetailField label="Dernière modification">{formatDateTime(demande.updated_at)}</DetailField>
      </DetailSection>
    </Stack>
  );
}
