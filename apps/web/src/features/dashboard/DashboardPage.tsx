import { formatLongDate, roleLabel } from '@app/shared';
import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { useCurrentProfile } from '../../api/index.ts';

/**
 * 'Tableau de bord' (spec 1 §2.7): title with the role, welcome line with the first name and the
 * long French date. The figures arrive with the dashboard module; none are invented meanwhile.
 */
export default function DashboardPage() {
  const profile = useCurrentProfile();
  const today = formatLongDate(new Date());
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Tableau de bord{profile ? ` — ${roleLabel(profile.role)}` : ''}
        </Title>
        <Text c="dimmed">
          Bienvenue{profile ? `, ${profile.prenom}` : ''} ! Nous sommes le {today}.
        </Text>
      </Stack>
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="sm" py="lg">
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
            <IconLayoutDashboard size={26} />
          </ThemeIcon>
          <Text fw={600}>Indicateurs en préparation</Text>
          <Text c="dimmed" ta="center" maw={520}>
            Les statistiques, l'activité récente et les alertes du tableau de bord arrivent dans une prochaine version
            de l'application.
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
