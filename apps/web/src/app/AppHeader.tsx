import { can, type Profile } from '@app/shared';
import { Box, Burger, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { publicSettingsQuery } from '../data/settings.ts';
import { Logo } from '../ui/Logo.tsx';
import { RoleBadge } from '../ui/RoleBadge.tsx';
import { NotificationBell } from './NotificationBell.tsx';
import { OnlineIndicator } from './OnlineIndicator.tsx';
import { SessionCountdown, useSessionCountdown } from './SessionCountdown.tsx';
import { UserMenu } from './UserMenu.tsx';

interface AppHeaderProps {
  profile: Profile;
  navbarOpened: boolean;
  onToggleNavbar: () => void;
  onProfile: () => void;
  onSettings: () => void;
  onLogout: () => void;
}

export function AppHeader({ profile, navbarOpened, onToggleNavbar, onProfile, onSettings, onLogout }: AppHeaderProps) {
  const settings = useQuery(publicSettingsQuery());
  const companyName = settings.data?.general.companyName ?? 'Autopromotion Immobilière';
  const countdown = useSessionCountdown();
  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Burger
          opened={navbarOpened}
          onClick={onToggleNavbar}
          hiddenFrom="sm"
          size="sm"
          aria-label={navbarOpened ? 'Fermer le menu' : 'Ouvrir le menu'}
          aria-expanded={navbarOpened}
        />
        <Link
          to="/"
          aria-label={`${companyName} — Accueil`}
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            textDecoration: 'none',
            color: 'inherit',
            minWidth: 0,
          }}
        >
          <Box visibleFrom="xs" style={{ display: 'flex' }}>
            <Logo size={32} />
          </Box>
          <Text fw={700} visibleFrom="md" truncate>
            {companyName}
          </Text>
        </Link>
      </Group>
      <Group gap={10} wrap="nowrap">
        <OnlineIndicator />
        <SessionCountdown state={countdown} />
        {/* On a phone, 'Prolonger' takes the badge's room (the user menu still shows the role). */}
        <RoleBadge role={profile.role} visibleFrom={countdown.warning ? 'xs' : undefined} />
        {can(profile.role, 'notifications.read') && <NotificationBell accountId={profile.id} />}
        <UserMenu profile={profile} onProfile={onProfile} onSettings={onSettings} onLogout={onLogout} />
      </Group>
    </Group>
  );
}
