import { Divider, SimpleGrid, type SimpleGridProps, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One label and its value in a details list (`<dl>`): a demande, a member, the public form's review. */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
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

/** A titled group of DetailFields in a details view (a demande's, a member's, a payment's…), with what follows it. */
export function DetailSection({
  title,
  children,
  cols = { base: 1, xs: 2 },
  footer,
}: {
  title: string;
  children: ReactNode;
  cols?: SimpleGridProps['cols'];
  footer?: ReactNode;
}) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Divider label={title} labelPosition="left" styles={sectionLabel} />
      <SimpleGrid component="dl" cols={cols} spacing="sm" verticalSpacing="xs" m={0}>
        {children}
      </SimpleGrid>
      {footer}
    </Stack>
  );
}
