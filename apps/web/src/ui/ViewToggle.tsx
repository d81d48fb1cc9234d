import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconLayoutGrid, IconList } from '@tabler/icons-react';

export type ViewMode = 'grid' | 'list';

/** Grid or list, two pressed-state buttons named 'Vue grille' and 'Vue liste'. */
export function ViewToggle({ value, onChange }: { value: ViewMode; onChange: (mode: ViewMode) => void }) {
  return (
    <Group gap={4} role="group" aria-label="Affichage">
      <Tooltip label="Vue grille" withArrow>
        <ActionIcon
          size="lg"
          variant={value === 'grid' ? 'filled' : 'default'}
          aria-label="Vue grille"
          aria-pressed={value === 'grid'}
          onClick={() => onChange('grid')}
        >
          <IconLayoutGrid size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Vue liste" withArrow>
        <ActionIcon
          size="lg"
          variant={value === 'list' ? 'filled' : 'default'}
          aria-label="Vue liste"
          aria-pressed={value === 'list'}
          onClick={() => onChange('list')}
        >
          <IconList size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
