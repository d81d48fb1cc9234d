import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A wide table scrolled sideways on a narrow window, for one whose rows may hold nothing focusable:
 * its viewport is a labelled, focusable region so that the keyboard scrolls it too.
 */
export function ScrollRegion({
  label,
  minWidth,
  maxHeight,
  children,
}: {
  label: string;
  minWidth: number;
  /** Scrolls vertically too beyond this height (a long list inside a panel). */
  maxHeight?: number;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      maxHeight={maxHeight}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }}
    >
      {children}
    </Table.ScrollContainer>
  );
}
