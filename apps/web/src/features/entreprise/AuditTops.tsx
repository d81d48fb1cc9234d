import { AUDIT_TOP_DAYS, type AuditStats, formatNumber } from '@app/shared';
import { Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDatabase, IconUsers } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { tableLabel } from './audit-format.ts';

/** How many of each the spec's tops list (spec 3 §9). */
const TOP = 5;

interface TopLine {
  key: string;
  label: string;
  count: number;
}

function TopList({ title, icon, lines, empty }: { title: string; icon: ReactNode; lines?: TopLine[]; empty: string }) {
  const titleId = useId();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={titleId}>
      <Group gap="xs" mb="sm" wrap="nowrap">
        {icon}
        <div>
          <Title order={3} size="h5" id={titleId}>
            {title}
          </Title>
          <Text size="xs" c="dimmed">
            Sur les {AUDIT_TOP_DAYS} derniers jours
          </Text>
        </div>
      </Group>
      {!lines ? (
        <Stack gap="xs" aria-busy="true" aria-label={`Chargement – ${title}`}>
          {Array.from({ length: 3 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
            <Skeleton key={i} h={14} />
          ))}
        </Stack>
      ) : lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack component="ol" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
          {lines.slice(0, TOP).map((line, i) => (
            <Paper key={line.key} component="li" bg="var(--mantine-color-default-hover)" radius="sm" px="sm" py={6}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                  <Text span c="dimmed" size="sm" mr={6}>
                    {i + 1}.
                  </Text>
                  {line.label}
                </Text>
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatNumber(line.count)}
                  <Text span size="xs" c="dimmed" fw={400}>
                    {' '}
                    {line.count > 1 ? 'entrées' : 'entrée'}
                  </Text>
                </Text>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** The five most active users and the five most audited tables of the last 30 days (spec 3 §2.5). */
export function AuditTops({ stats }: { stats: AuditStats | undefined }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <TopList
        title="Utilisateurs les plus actifs"
        icon={<IconUsers size={20} aria-hidden />}
        lines={stats?.most_active_users.map((u) => ({
          key: String(u.user_id),
          label: u.user_name,
          count: u.audit_count,
        }))}
        empty="Aucune activité d’utilisateur ces derniers jours."
      />
      <TopList
        title="Tables les plus auditées"
        icon={<IconDatabase size={20} aria-hidden />}
        lines={stats?.most_audited_tables.map((t) => ({
          key: t.table_name,
          label: tableLabel(t.table_name),
          count: t.audit_count,
        }))}
        empty="Aucune entrée ces derniers jours."
      />
    </SimpleGrid>
  );
}
