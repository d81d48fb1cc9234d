import type { DashboardAlert } from '@app/shared';
import { Alert, Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';

/** 'Alertes système' (spec 1 §9), computed from the data, or 'Aucune alerte système'. */
export function AlertsPanel({ alerts }: { alerts: DashboardAlert[] }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="alertes-titre">
      <Title order={2} size="h4" id="alertes-titre" mb="sm">
        Alertes système
      </Title>
      {alerts.length === 0 ? (
        <Text c="teal.8" size="sm">
          <IconCircleCheck size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> Aucune alerte système
        </Text>
      ) : (
        <Stack gap="xs">
          {alerts.map((alert) => (
            <Alert
              key={alert.key}
              color="orange"
              variant="light"
              title={alert.title}
              icon={<IconAlertTriangle size={18} aria-hidden />}
            >
              <Text size="sm">{alert.message}</Text>
              {alert.to && (
                <Anchor component={Link} to={alert.to} size="sm">
                  Voir le détail
                </Anchor>
              )}
            </Alert>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
