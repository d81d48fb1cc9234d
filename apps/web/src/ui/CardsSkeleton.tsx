import { Card, SimpleGrid, Skeleton } from '@mantine/core';

/** Loading placeholders in the layout of ResultsView's card grid. */
export function CardsSkeleton({ label, count = 6 }: { label: string; count?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="lg" role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <Card key={i} withBorder radius="md" padding="md">
          <Card.Section>
            <Skeleton h={180} radius={0} />
          </Card.Section>
          <Skeleton h={14} w="40%" mt="md" />
          <Skeleton h={20} w="80%" mt="sm" />
          <Skeleton h={12} mt="sm" />
          <Skeleton h={36} mt="md" />
        </Card>
      ))}
    </SimpleGrid>
  );
}
