import { ACTIVITY_PRIORITY_LABELS, type ActivityPriority, type DashboardActivity, formatRelative } from '@app/shared';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

const PRIORITY_COLORS: Record<ActivityPriority, string> = { urgent: 'red', normal: 'blue', faible: 'gray' };

/** 'Activité récente' (spec 1 §9): at most 8 items, newest first, with their priority and a French relative time. */
export function ActivityPanel({ items, now }: { items: DashboardActivity[]; now: Date }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="activite-titre">
      <Title order={2} size="h4" id="activite-titre" mb="sm">
        Activité récente
      </Title>
      {items.length === 0 ? (
        <Text c="dimmed">Aucune activité récente.</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((item) => (
            <li key={item.key}>
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                <div style={{ minWidth: 0 }}>
                  {item.to ? (
                    <Anchor component={Link} to={item.to} fw={600} size="sm">
                      {item.title}
                    </Anchor>
                  ) : (
                    <Text fw={600} size="sm">
                      {item.title}
                    </Text>
                  )}
                  <Text size="sm" c="dimmed" truncate>
                    {item.detail}
                  </Text>
                </div>
                <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
                  <Badge color={PRIORITY_COLORS[item.priority]} variant="light" size="sm">
                    {ACTIVITY_PRIORITY_LABELS[item.priority]}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    <time dateTime={item.at}>{formatRelative(item.at, now)}</time>
                  </Text>
                </Stack>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
