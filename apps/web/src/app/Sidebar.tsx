import { type Role, sidebarEntries, type View, viewPath } from '@app/shared';
import { Badge, Box, Button, Divider, NavLink, ScrollArea, Stack } from '@mantine/core';
import {
  IconBuilding,
  IconBuildingEstate,
  IconCash,
  IconCrane,
  IconFileText,
  IconHeart,
  IconLayoutDashboard,
  IconLogout,
  IconMapPin,
  IconReceipt,
  IconReceiptRefund,
  IconSettings,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';

const ICONS: Partial<Record<View, ComponentType<{ size?: number; 'aria-hidden'?: boolean }>>> = {
  dashboard: IconLayoutDashboard,
  demandes: IconFileText,
  versements: IconCash,
  depenses: IconReceipt,
  remboursements: IconReceiptRefund,
  produits: IconBuildingEstate,
  favoris: IconHeart,
  chantiers: IconCrane,
  sites: IconMapPin,
  personnels: IconUsersGroup,
  membres: IconUsers,
  entreprise: IconBuilding,
  profil: IconUserCircle,
  settings: IconSettings,
};

interface SidebarProps {
  userRole: Role;
  favorisCount: number;
  activeView: View;
  onNavigate?: () => void;
  onLogout: () => void;
  loggingOut?: boolean;
}

/** Sidebar entries for the role (spec 1 §2.1), the active one marked, and the logout button. */
export function Sidebar({ userRole, favorisCount, activeView, onNavigate, onLogout, loggingOut }: SidebarProps) {
  const entries = sidebarEntries(userRole, favorisCount);
  return (
    <Stack gap={0} h="100%">
      <ScrollArea style={{ flex: 1 }} type="auto">
        <Box component="nav" aria-label="Navigation principale" p="sm">
          {entries.map((entry) => {
            const Icon = ICONS[entry.view];
            const active = entry.view === activeView || (entry.view === 'dashboard' && activeView === 'debug');
            const countId = entry.view === 'favoris' ? 'favoris-count' : undefined;
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
                leftSection={Icon ? <Icon size={20} aria-hidden /> : undefined}
                rightSection={
                  entry.view === 'favoris' ? (
                    <Badge id={countId} size="sm" circle={favorisCount < 10} title={`${favorisCount} favoris`}>
                      {favorisCount}
                    </Badge>
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
