import { fullName, type MembreEnRetard } from '@app/shared';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';

/**
 * A late member's name. Those who may open the members page (admin, gestionnaire) follow it there,
 * searched by his code, where his file opens: its detail is that page's own dialog.
 */
export function MembreName({ row, linked, id }: { row: MembreEnRetard; linked: boolean; id?: string }) {
  const name = fullName(row);
  if (!linked) {
    return (
      <Text span fw={600} size="sm" id={id}>
        {name}
      </Text>
    );
  }
  return (
    <Anchor
      component={Link}
      to={`/membres?q=${encodeURIComponent(row.code_esv)}`}
      fw={600}
      size="sm"
      id={id}
      style={{ overflowWrap: 'anywhere' }}
    >
      {name}
    </Anchor>
  );
}

/** A phone number to call from a phone (spaces dropped from the address). */
export function Phone({ telephone }: { telephone: string | null }) {
  if (!telephone) {
    return (
      <Text span size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Anchor href={`tel:${telephone.replace(/\s/g, '')}`} size="sm" style={{ whiteSpace: 'nowrap' }}>
      {telephone}
    </Anchor>
  );
}
