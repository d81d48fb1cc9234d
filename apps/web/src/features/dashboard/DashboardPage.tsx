import { can, type Dashboard, formatLongDate, roleLabel } from '@app/shared';
import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useCurrentProfile } from '../../api/index.ts';
import { viewPath } from '../../app/views.tsx';
import { dashboardQuery } from '../../data/dashboard.ts';
import { RefreshButton } from '../../ui/RefreshButton.tsx';
import { ActivityPanel } from './ActivityPanel.tsx';
import { AlertsPanel } from './AlertsPanel.tsx';
import { DashboardError } from './DashboardError.tsx';
import { DemandeurRequests } from './DemandeurRequests.tsx';
import { FigureTiles } from './FigureTiles.tsx';
import { FinancePanel } from './FinancePanel.tsx';
import { MemberAccount } from './MemberAccount.tsx';
import { MonthlyChart } from './MonthlyChart.tsx';
import { PerformancePanel } from './PerformancePanel.tsx';

/**
 * 'Tableau de bord' (spec 1 §2.7, §9; issue 14): title with the role, welcome line, then what waits
 * for the role, its figures, recent activity, the month's performance and finances, the alerts and
 * the last 12 months, all from one request. A member sees his account; a demandeur his requests.
 */
export default function DashboardPage() {
  const profile = useCurrentProfile();
  const navigate = useNavigate();
  const query = useQuery(dashboardQuery());
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
        <Group gap="sm">
          {can(profile?.role, 'dashboard.refresh') && (
            <RefreshButton onClick={() => void query.refetch()} loading={query.isFetching} />
          )}
          {can(profile?.role, 'dashboard.new_demande') && (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => void navigate(viewPath('demandes'))}
            >
              Nouvelle demande
            </Button>
          )}
        </Group>
      </Group>
      {query.data ? (
        <DashboardBody data={query.data} now={new Date(query.dataUpdatedAt)} />
      ) : query.error ? (
        <DashboardError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <DashboardSkeleton />
      )}
    </Stack>
  );
}

function DashboardBody({ data, now }: { data: Dashboard; now: Date }) {
  const side = [
    data.performance && <PerformancePanel key="performance" performance={data.performance} />,
    data.finance && <FinancePanel key="finance" finance={data.finance} canSetTarget={data.role === 'admin'} />,
    data.alertes && <AlertsPanel key="alertes" alerts={data.alertes} />,
  ].filter(Boolean);
  return (
    <Stack gap="lg">
      {data.attente.length > 0 && (
        <section aria-labelledby="attente-titre">
          <Title order={2} size="h4" id="attente-titre" mb="sm">
            À traiter
          </Title>
          <FigureTiles figures={data.attente} label="À traiter" accent />
        </section>
      )}
      {data.compte && <MemberAccount compte={data.compte} />}
      {data.demandes && <DemandeurRequests demandes={data.demandes} />}
      {data.cartes.length > 0 && (
        <section aria-labelledby="chiffres-titre">
          <Title order={2} size="h4" id="chiffres-titre" mb="sm">
            Chiffres clés
          </Title>
          <FigureTiles figures={data.cartes} label="Chiffres clés" />
        </section>
      )}
      {data.graphique && <MonthlyChart months={data.graphique} />}
      {(data.role !== 'demandeur' || side.length > 0) && (
        <SimpleGrid cols={{ base: 1, md: side.length > 0 ? 2 : 1 }} spacing="lg">
          {data.role !== 'demandeur' && <ActivityPanel items={data.activite} now={now} />}
          {side.length > 0 && <Stack gap="lg">{side}</Stack>}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** The page's shape while it loads. */
function DashboardSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Chargement du tableau de bord">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <Paper key={i} withBorder radius="md" p="md">
            <Skeleton h={12} w="60%" />
            <Skeleton h={24} w="40%" mt={8} />
          </Paper>
        ))}
      </SimpleGrid>
      <Skeleton h={220} radius="md" />
    </Stack>
  );
}
