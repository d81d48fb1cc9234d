import { Group, Paper, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/** A figure tile of a page header (counts, averages); `value` is already formatted. */
export function StatTile({
  label,
  value,
  icon,
  color = 'blue',
}: {
  label: string;
  value: string;
  icon?: ReactNode;
  color?: string;
}) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Group gap="sm" wrap="nowrap">
        {icon && (
          <ThemeIcon variant="light" color={color} size="lg" radius="md" aria-hidden>
            {icon}
          </ThemeIcon>
        )}
        <div>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} size="lg">
            {value}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}
