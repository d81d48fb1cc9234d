import { Group, Paper, Skeleton, Stack } from '@mantine/core';

/** Loading placeholders in the shape of a table's rows. */
export function TableSkeleton({ label, rows = 6 }: { label: string; rows?: number }) {
  return (
    <Paper withBorder radius="md" p="md" role="status" aria-busy="true" aria-label={label}>
      <Stack gap="md">
        {Array.from({ length: rows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <Group key={i} gap="sm" wrap="nowrap">
            <Skeleton h={14} w="25%" />
            <Skeleton h={14} w="35%" />
            <Skeleton h={14} w="20%" />
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
