import { applicantName, type Demande, formatDate, formatFCFA } from '@app/shared';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconBriefcase,
  IconCalendar,
  IconCheck,
  IconClock,
  IconCoin,
  IconEye,
  IconHome,
  IconMail,
  IconMapPin,
  IconPhone,
  IconX,
} from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { months, produitTitre } from './demande-format.ts';

const iconProps = { size: 16, color: 'var(--mantine-color-dimmed)', style: { flexShrink: 0 }, 'aria-hidden': true };

function Line({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap">
      {icon}
      <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <Text span c="dimmed" size="sm">
          {label} :{' '}
        </Text>
        {children}
      </Text>
    </Group>
  );
}

export interface DemandeCardProps {
  demande: Demande;
  /** Valider and Rejeter are offered (role allowed and demande pending). */
  canDecide: boolean;
  onOpen: (demande: Demande) => void;
  onDecide: (demande: Demande, action: 'validate' | 'reject') => void;
}

/**
 * A demande in the list (spec 1 §2.5): name, status, product, e-mail, monthly commitment,
 * duration, profession, phone, address and creation date; 'Voir détails', and 'Valider' and
 * 'Rejeter' on a pending demande for a role allowed to decide.
 */
export function DemandeCard({ demande, canDecide, onOpen, onDecide }: DemandeCardProps) {
  const titleId = useId();
  const name = applicantName(demande.nom_complet);
  const pending = demande.statut === 'en_attente';
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId} h="100%">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Title order={3} size="h5" id={titleId} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {name}
        </Title>
        <StatusBadge statut={demande.statut} size="sm" style={{ flexShrink: 0 }} />
      </Group>
      <Group gap={6} wrap="nowrap" mt={4}>
        <IconHome {...iconProps} />
        <Text size="sm" fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {produitTitre(demande)}
        </Text>
      </Group>
      <Stack gap={4} mt="sm">
        <Line icon={<IconMail {...iconProps} />} label="E-mail">
          {demande.email}
        </Line>
        <Line icon={<IconPhone {...iconProps} />} label="Téléphone">
          {demande.telephone}
        </Line>
        <Line icon={<IconCoin {...iconProps} />} label="Engagement mensuel">
          {formatFCFA(demande.engagement_mensuel)}
        </Line>
        <Line icon={<IconClock {...iconProps} />} label="Durée">
          {months(demande.duree_paiement)}
        </Line>
        <Line icon={<IconBriefcase {...iconProps} />} label="Profession">
          {demande.profession}
        </Line>
        <Line icon={<IconMapPin {...iconProps} />} label="Adresse">
          {[demande.adresse, demande.ville, demande.pays].filter(Boolean).join(', ')}
        </Line>
        <Line icon={<IconCalendar {...iconProps} />} label="Créée le">
          {formatDate(demande.date_creation)}
        </Line>
      </Stack>
      <Group gap="xs" mt="auto" pt="md">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconEye size={14} aria-hidden />}
          aria-label={`Voir détails de la demande de ${name}`}
          onClick={() => onOpen(demande)}
        >
          Voir détails
        </Button>
        {canDecide && pending && (
          <>
            <Button
              size="xs"
              color="green"
              leftSection={<IconCheck size={14} aria-hidden />}
              aria-label={`Valider la demande de ${name}`}
              onClick={() => onDecide(demande, 'validate')}
            >
              Valider
            </Button>
            <Button
              size="xs"
              color="red"
              variant="light"
              leftSection={<IconX size={14} aria-hidden />}
              aria-label={`Rejeter la demande de ${name}`}
              onClick={() => onDecide(demande, 'reject')}
            >
              Rejeter
            </Button>
          </>
        )}
      </Group>
    </Card>
  );
}
