import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** 'Label : value' on a card, the label dimmed; a long value wraps anywhere rather than overflow. */
export function LabelledLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span c="dimmed" size="sm">
        {label}
        {'\u00a0'}:{' '}
      </Text>
      {children}
    </Text>
  );
}
