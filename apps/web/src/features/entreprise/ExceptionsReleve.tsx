import { type Banque, formatDate } from '@app/shared';
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { exceptionsQuery } from '../../data/banques.ts';
import { QueryBody } from '../../ui/QueryBody.tsx';
import { EnSuspensListes } from './ClotureMois.tsx';

/**
 * A bank's exceptions (issue 27): statement lines with no movement and movements with no statement
 * line, still so after the settings' days, each side with its count and total.
 */
export function ExceptionsReleve({ banque }: { banque: Banque }) {
  const query = useQuery(exceptionsQuery(banque.id));
  return (
    <QueryBody
      query={query}
      errorTitle="Erreur lors du chargement des exceptions"
      loadingLabel="Chargement des exceptions"
      rows={4}
    >
      {(data) => (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Non rapprochés depuis plus de {data.jours} jours (datés du {formatDate(data.date)} ou avant).
          </Text>
          <EnSuspensListes etat={data} />
        </Stack>
      )}
    </QueryBody>
  );
}
