import { type Chantier, formatChantierDate, formatFCFA } from '@app/shared';
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconMapPin, IconPhoto, IconVideo } from '@tabler/icons-react';
import { useId } from 'react';
import { LabelledLine } from '../../ui/LabelledLine.tsx';
import { ChantierProgress } from './ChantierProgress.tsx';
import { ChantierRowActions } from './ChantierRowActions.tsx';
import { ChantierStatut } from './ChantierStatut.tsx';
import { budgetShare, personName, placeLabel, produitLabel } from './chantier-format.ts';

const wrap = { overflowWrap: 'anywhere' } as const;

export interface ChantierCardProps {
  chantier: Chantier;
  /** Managers edit and delete (spec 2 §6); the others read. */
  canManage: boolean;
  onEdit: (chantier: Chantier) => void;
  onDelete: (chantier: Chantier) => void;
  onPhotos: (chantier: Chantier) => void;
}

/**
 * A chantier as a card (the default view, and a phone's): its status (and 'En retard'), name,
 * place, product and site, dates, budget used against planned, the people, its video, progress
 * bar, and for managers its actions.
 */
export function ChantierCard({ chantier: c, canManage, onEdit, onDelete, onPhotos }: ChantierCardProps) {
  const titleId = useId();
  const responsable = personName(c.responsable);
  const createur = personName(c.createur);
  const overrun = c.budget_utilise > c.budget_prevu;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId}>
      <ChantierStatut chantier={c} />
      <Title order={3} size="h5" id={titleId} mt="xs" lineClamp={2} style={wrap}>
        {c.nom_chantier}
      </Title>
      <Group gap={4} wrap="nowrap" align="flex-start" mt={2}>
        <IconMapPin size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} color="var(--mantine-color-dimmed)" />
        <div>
          <Text size="sm" fw={500} style={wrap}>
            {placeLabel(c)}
          </Text>
          <Text size="xs" c="dimmed" style={wrap}>
            {c.adresse}
          </Text>
        </div>
      </Group>
      {c.description && (
        <Text size="sm" mt="xs" lineClamp={2} style={wrap}>
          {c.description}
        </Text>
      )}
      <Stack gap={2} mt="sm" style={{ flex: 1 }}>
        <LabelledLine label="Produit">{produitLabel(c)}</LabelledLine>
        {c.site && <LabelledLine label="Site">{c.site.nom_site}</LabelledLine>}
        <LabelledLine label="Début">{formatChantierDate(c.date_debut)}</LabelledLine>
        <LabelledLine label="Fin prévue">{formatChantierDate(c.date_fin_prevue)}</LabelledLine>
        <LabelledLine label="Budget">
          <Text span fw={600} size="sm">
            {formatFCFA(c.budget_utilise)}
          </Text>{' '}
          utilisés sur {formatFCFA(c.budget_prevu)}{' '}
          <Text span size="sm" c={overrun ? 'red.8' : undefined} fw={overrun ? 600 : undefined}>
            ({budgetShare(c)}
            {'\u00a0'}%{overrun ? ', dépassé' : ''})
          </Text>
        </LabelledLine>
        {responsable && <LabelledLine label="Responsable">{responsable}</LabelledLine>}
        {createur && <LabelledLine label="Créé par">{createur}</LabelledLine>}
        {(c.photos.length > 0 || canManage) && (
          <Anchor component="button" type="button" size="sm" mt={4} onClick={() => onPhotos(c)} ta="left">
            <Group gap={4} component="span">
              <IconPhoto size={16} aria-hidden />
              {c.photos.length > 0 ? `Voir les photos (${c.photos.length})` : 'Ajouter des photos'}
            </Group>
          </Anchor>
        )}
        {c.video_url && (
          <Anchor href={c.video_url} target="_blank" rel="noopener noreferrer" size="sm" mt={4}>
            <Group gap={4} component="span">
              <IconVideo size={16} aria-hidden />
              Voir la vidéo du chantier
            </Group>
          </Anchor>
        )}
      </Stack>
      <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
        <ChantierProgress chantier={c} />
      </div>
      {canManage && (
        <Group mt="sm">
          <ChantierRowActions chantier={c} onEdit={onEdit} onDelete={onDelete} />
        </Group>
      )}
    </Card>
  );
}
