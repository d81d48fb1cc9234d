import { EmptyState, Paper } from '@mantine/core';
import type { ReactNode } from 'react';

export interface EmptyPanelProps {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  /** Buttons or links under the text. */
  children?: ReactNode;
  /** Colour of the icon's circle (the theme's primary colour by default). */
  color?: string;
}

/** An empty list: an icon, a title, a hint and what to do next. */
export function EmptyPanel({ icon, title, description, children, color }: EmptyPanelProps) {
  return (
    <Paper withBorder radius="md" p="xl" role="status">
      <EmptyState variant="light" color={color} icon={icon} title={title} description={description}>
        {children && <EmptyState.Actions>{children}</EmptyState.Actions>}
      </EmptyState>
    </Paper>
  );
}
