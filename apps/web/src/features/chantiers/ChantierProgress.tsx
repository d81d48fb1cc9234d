import { type Chantier, chantierProgress, progressColor } from '@app/shared';
import { Group, Progress, Text, useMantineTheme } from '@mantine/core';

/**
 * A chantier's progress (spec 2 §2, §4): the value entered, else the rule's; a bar coloured under
 * 25 red, under 50 yellow, under 75 the primary colour, else green, read out by a screen reader
 * as a progress bar named after the chantier.
 */
export function ChantierProgress({ chantier, compact = false }: { chantier: Chantier; compact?: boolean }) {
  const theme = useMantineTheme();
  const value = chantierProgress(chantier);
  const color = progressColor(value);
  return (
    <div>
      {!compact && (
        <Group justify="space-between" gap="xs" mb={4}>
          <Text size="sm" c="dimmed">
            Avancement
          </Text>
          <Text size="sm" fw={600}>
            {value}
            {'\u00a0'}%
          </Text>
        </Group>
      )}
      <Group gap="xs" wrap="nowrap">
        <Progress.Root size={compact ? 'md' : 'lg'} radius="xl" style={{ flex: 1 }}>
          <Progress.Section
            value={value}
            color={color === 'primary' ? theme.primaryColor : color}
            aria-label={`Avancement du chantier ${chantier.nom_chantier}`}
            aria-valuetext={`${value}\u00a0%`}
          />
        </Progress.Root>
        {compact && (
          <Text size="sm" fw={600} miw="3.2em" ta="right">
            {value}
            {'\u00a0'}%
          </Text>
        )}
      </Group>
    </div>
  );
}
