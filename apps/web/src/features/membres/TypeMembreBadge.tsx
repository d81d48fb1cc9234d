import { TYPE_MEMBRE_LABELS, type TypeMembre } from '@app/shared';
import { Badge, type BadgeProps } from '@mantine/core';

const COLORS: Record<TypeMembre, string> = { standard: 'gray', premium: 'indigo', vip: 'grape' };

/** A member's type: Standard, Premium or VIP. */
export function TypeMembreBadge({ type, ...props }: { type: TypeMembre } & BadgeProps) {
  return (
    <Badge color={COLORS[type]} variant="outline" {...props}>
      {TYPE_MEMBRE_LABELS[type]}
    </Badge>
  );
}
