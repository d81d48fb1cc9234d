import type { Role } from '@app/shared';
import { Badge, Box, Button, Divider, NavLink, ScrollArea, Stack, VisuallyHidden } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { sidebarEntries, VIEWS, type View, viewPath } from './views.tsx';

interface SidebarProps {
  userRole: Role;
  favorisCount: number;
  /** Demandes waiting for a decision: a badge on the Demandes entry while above 0. */
  pendingDemandes?: number;
  activeView: View;
  onNavigate?: () => void;
  onLogout: () => void;
  loggingOut?: boolean;
}

/** Sidebar entries for the role (spec 1 §2.1), the active one marked, and the logout button. */
export function Sidebar({
  userRole,
  favorisCount,
  pendingDemandes = 0,
  activeView,
  onNavigate,
  onLogout,
  loggingOut,
}: SidebarProps) {
  const entries = sidebarEntries(userRole, { favoris: favorisCount, demandes: pendingDemandes });
  const activeEntry = VIEWS[activeView].navAs ?? activeView;
  return (
    <Stack gap={0} h="100%">
      <ScrollArea style={{ flex: 1 }} type="auto">
        <Box component="nav" aria-label="Navigation principale" p="sm">
          {entries.map((entry) => {
            const { icon: Icon, badge } = entry;
            const active = entry.view === activeEntry;
            const countId = badge ? `${entry.view}-count` : undefined;
            return (
              <NavLink
                key={entry.view}
                component={Link}
                to={viewPath(entry.view)}
                label={entry.label}
                aria-label={entry.label}
                aria-describedby={countId}
                aria-current={active ? 'page' : undefined}
                active={active}
                variant="light"
                leftSection={<Icon size={20} aria-hidden />}
                rightSection={
                  badge && countId ? (
                    <>
                      <Badge size="sm" circle={badge.count < 10} title={`${badge.count} ${badge.what}`} aria-hidden>
                        {badge.count}
                      </Badge>
                      <VisuallyHidden id={countId}>{`${badge.count} ${badge.what}`}</VisuallyHidden>
                    </>
                  ) : undefined
                }
                onClick={onNavigate}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
                mb={2}
              />
            );
          })}
        </Box>
      </ScrollArea>
      <Divider />
      <Box p="sm">
        <Button
          fullWidth
          variant="subtle"
          color="red"
          justify="flex-start"
          leftSection={<IconLogout size={20} aria-hidden />}
          onClick={onLogout}
          loading={loggingOut}
        >
          Déconnexion
        </Button>
      </Box>
    </Stack>
  );
}
