import type { Chantier } from '@app/shared';
import { Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { IconAction } from '../../ui/IconAction.tsx';

export interface ChantierRowActionsProps {
  chantier: Chantier;
  onEdit: (chantier: Chantier) => void;
  onDelete: (chantier: Chantier) => void;
}

/** A chantier's actions, for managers (spec 2 §6): Modifier and Supprimer, each naming the chantier. */
export function ChantierRowActions({ chantier, onEdit, onDelete }: ChantierRowActionsProps) {
  const of = `le chantier «\u00a0${chantier.nom_chantier}\u00a0»`;
  return (
    <Group gap={6} wrap="nowrap">
      <IconAction label="Modifier" ariaLabel={`Modifier ${of}`} onClick={() => onEdit(chantier)}>
        <IconPencil size={18} aria-hidden />
      </IconAction>
      <IconAction label="Supprimer" ariaLabel={`Supprimer ${of}`} color="red" onClick={() => onDelete(chantier)}>
        <IconTrash size={18} aria-hidden />
      </IconAction>
    </Group>
  );
}
