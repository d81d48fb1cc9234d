import type { Dashboard } from '@app/shared';
import { formatFCFA } from '@app/shared';
import { Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';

type Finance = NonNullable<Dashboard['finance']>;

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * 'Résumé financier': the payments validated this month against the settings' monthly target
 * (decisions §6: computed, never the original's fixed figures).
 */
export function FinancePanel({ finance: f, canSetTarget }: { finance: Finance; canSetTarget: boolean }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="finance-titre">
      <Title order={2} size="h4" id="finance-titre" mb="sm">
        Résumé financier du mois
      </Title>
      <Stack gap="xs">
        <Line label="Encaissé (versements validés)" value={formatFCFA(f.encaisseMois)} />
        {f.objectifMensuel === null || f.tauxObjectif === null ? (
          <Text size="sm" c="dimmed">
            Aucun objectif mensuel défini{canSetTarget ? ' (Paramètres, onglet Général)' : ''}.
          </Text>
        ) : (
          <>
            <Line label="Objectif mensuel" value={formatFCFA(f.objectifMensuel)} />
            <Progress
              value={Math.min(100, f.tauxObjectif)}
              color={f.tauxObjectif >= 100 ? 'teal' : 'blue'}
              size="lg"
              radius="sm"
              aria-label={`Objectif atteint à ${f.tauxObjectif}\u00a0%`}
            />
            <Text size="sm" fw={600}>
              {f.tauxObjectif}&nbsp;% de l’objectif atteint
            </Text>
          </>
        )}
        <Line label="Dépenses approuvées" value={formatFCFA(f.depensesMois)} />
        <Line label="Remboursements approuvés" value={formatFCFA(f.remboursementsMois)} />
      </Stack>
    </Paper>
  );
}
