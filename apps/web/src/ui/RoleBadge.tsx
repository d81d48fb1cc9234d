import { ROLE_COLORS, type Role, roleLabel } from '@app/shared';
import { Badge, type BadgeProps } from '@mantine/core';

/** The role badge: French label, colour per role (gray for an unknown role). */
export function RoleBadge({ role, ...props }: { role: string } & BadgeProps) {
  const color = (ROLE_COLORS as Record<string, string>)[role as Role] ?? 'gray';
  return (
    <Badge color={color} variant="light" {...props}>
      {roleLabel(role)}
    </Badge>
  );
}
