import { fullName, type Profile } from '@app/shared';
import { Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconSettings, IconUserCircle } from '@tabler/icons-react';
import { RoleBadge } from '../ui/RoleBadge.tsx';
import { UserAvatar } from '../ui/UserAvatar.tsx';

interface UserMenuProps {
  profile: Profile;
  onProfile: () => void;
  onSettings: () => void;
  onLogout: () => void;
}

/** Avatar menu (spec 1 §2.1): Mon Profil, Paramètres (every role: its own preferences) and Déconnexion. */
export function UserMenu({ profile, onProfile, onSettings, onLogout }: UserMenuProps) {
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="Menu utilisateur" style={{ borderRadius: 'var(--mantine-radius-xl)' }}>
          <Group gap={6} wrap="nowrap">
            <UserAvatar prenom={profile.prenom} nom={profile.nom} photo={profile.photo_profil} radius="xl" size={36} />
            <Text size="sm" fw={500} visibleFrom="lg" style={{ whiteSpace: 'nowrap' }}>
              {fullName(profile)}
            </Text>
            <Box visibleFrom="xs" style={{ display: 'flex' }}>
              <IconChevronDown size={14} aria-hidden />
            </Box>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {fullName(profile)}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {profile.email}
          </Text>
          <RoleBadge role={profile.role} size="xs" mt={6} />
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item leftSection={<IconUserCircle size={16} aria-hidden />} onClick={onProfile}>
          Mon Profil
        </Menu.Item>
        <Menu.Item leftSection={<IconSettings size={16} aria-hidden />} onClick={onSettings}>
          Paramètres
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red.8" leftSection={<IconLogout size={16} aria-hidden />} onClick={onLogout}>
          Déconnexion
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
