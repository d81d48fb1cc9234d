import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/** A card's or row's icon button: `label` shows as its tooltip, `ariaLabel` names the item it acts on. */
export function IconAction({
  label,
  ariaLabel,
  color,
  disabled,
  onClick,
  children,
}: {
  label: string;
  ariaLabel: string;
  color?: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="light" color={color} size="lg" aria-label={ariaLabel} disabled={disabled} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
