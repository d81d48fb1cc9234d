import { can, formatLongDate, roleLabel } from '@app/shared';
import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLayoutDashboard, IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useCurrentProfile } from '../../api/index.ts';
import { viewPath } from '../../app/views.tsx';

/**
 * 'Tableau de bord' (spec 1 §2.7): title with the role, welcome line with the first name and the
 * long French date; 'Nouvelle demande' (admin) goes to the demandes. The figures arrive with the
 * dashboard module; none are invented meanwhile.
 */
export default function DashboardPage() {
  const profile = useCurrentProfile();
  const navigate = useNavigate();
  const today = formatLongDate(new Date());
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Tableau de bord{profile ? ` — ${roleLabel(profile.role)}` : ''}
          </Title>
          <Text c="dimmed">
            Bienvenue{profile ? `, ${profile.prenom}` : ''} ! Nous sommes le {today}.
          </Text>
        </Stack>
        {can(profile?.role, 'dashboard.new_demande') && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => void navigate(viewPath('demandes'))}>
            Nouvelle demande
          </Button>
        )}
      </Group>
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="sm" py="lg">
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
            <IconLayoutDashboard size={26} />
          </ThemeIcon>
          <Text fw={600}>Indicateurs en préparation</Text>
          <Text c="dimmed" ta="center" maw={520}>
            Les statistiques, l’activité récente et les alertes du tableau de bord arrivent dans une prochaine version
            de l’application.
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
