import { formatDateTime, formatLongDate, fullName, roleLabel } from '@app/shared';
import { Alert, Button, Card, Grid, Group, Modal, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBriefcase,
  IconBuilding,
  IconCalendar,
  IconCamera,
  IconClock,
  IconDeviceMobile,
  IconKey,
  IconMail,
  IconPencil,
  IconPhone,
  IconShieldLock,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useSession } from '../../api/index.ts';
import { authKeys, profileQuery } from '../../data/auth.ts';
import { publicSettingsQuery } from '../../data/settings.ts';
import { FullPageLoader } from '../../ui/FullPageLoader.tsx';
import { RoleBadge } from '../../ui/RoleBadge.tsx';
import { UserAvatar } from '../../ui/UserAvatar.tsx';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';
import { EditProfileDialog } from './EditProfileDialog.tsx';
import { ProfilePhotoDialog } from './ProfilePhotoDialog.tsx';
import { TwoFactorEnrolment } from './TwoFactorEnrolment.tsx';

function InfoRow({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" size="lg" aria-hidden>
        {icon}
      </ThemeIcon>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {value}
        </Text>
      </Stack>
    </Group>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      <Stack gap="md">{children}</Stack>
    </Card>
  );
}

/** 'Mon Profil' (spec 3 §2.11): real data only, no invented city, hours or dates (decisions §6); the company's contact from its settings. */
export default function ProfilePage() {
  const session = useSession();
  const stored = session.userData?.profile;
  const query = useQuery({ ...profileQuery(), placeholderData: stored });
  // The company's address and contact come from its settings (decisions §6).
  const company = useQuery(publicSettingsQuery()).data?.general;
  const [editOpen, setEditOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [twoFactorOpen, setTwoFactorOpen] = useState(false);
  const [photoOpen, setPhotoOpen] = useState(false);
  const queryClient = useQueryClient();
  // The stored copy stands in while the server cannot be reached.
  const profile = query.data ?? stored;

  if (!profile) {
    if (query.isError) {
      return (
        <Alert color="red" variant="light" title="Profil indisponible" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{query.error.message}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
              Réessayer
            </Button>
          </Stack>
        </Alert>
      );
    }
    return <FullPageLoader label="Chargement du profil..." fullHeight={false} />;
  }

  const name = fullName(profile);

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Mon Profil
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Card withBorder radius="md" padding="lg">
              <Stack align="center" gap="sm">
                <UserAvatar
                  prenom={profile.prenom}
                  nom={profile.nom}
                  photo={profile.photo_profil}
                  size={96}
                  radius={96}
                />
                <Title order={2} size="h3" ta="center">
                  {name}
                </Title>
                <RoleBadge role={profile.role} size="lg" />
                <Stack gap="xs" w="100%" mt="sm">
                  <Button
                    leftSection={<IconPencil size={16} aria-hidden />}
                    onClick={() => setEditOpen(true)}
                    fullWidth
                  >
                    Modifier le profil
                  </Button>
                  <Button
                    variant="light"
                    leftSection={<IconKey size={16} aria-hidden />}
                    onClick={() => setPasswordOpen(true)}
                    fullWidth
                  >
                    Changer mot de passe
                  </Button>
                  <Button
                    variant="subtle"
                    leftSection={<IconCamera size={16} aria-hidden />}
                    onClick={() => setPhotoOpen(true)}
                    fullWidth
                  >
                    {profile.photo_profil ? 'Changer la photo' : 'Ajouter une photo'}
                  </Button>
                </Stack>
              </Stack>
            </Card>
            <Section title="Contact rapide">
              <InfoRow icon={<IconMail size={18} />} label="E-mail" value={profile.email} />
              <InfoRow
                icon={<IconPhone size={18} />}
                label="Téléphone"
                value={
                  profile.telephone || (
                    <Text span c="dimmed" size="sm">
                      Non renseigné
                    </Text>
                  )
                }
              />
              {company?.address && (
                <InfoRow
                  icon={<IconBuilding size={18} />}
                  label={company.companyName}
                  value={[company.address, company.phone].filter(Boolean).join(' · ')}
                />
              )}
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Section title="Informations professionnelles">
              <InfoRow icon={<IconBriefcase size={18} />} label="Rôle" value={roleLabel(profile.role)} />
            </Section>
            <Section title="Sécurité du compte">
              <InfoRow
                icon={<IconShieldLock size={18} />}
                label="Mot de passe modifié le"
                value={formatLongDate(profile.password_changed_at)}
              />
              <InfoRow
                icon={<IconDeviceMobile size={18} />}
                label="Double authentification"
                value={
                  profile.deux_facteurs
                    ? 'Activée. Téléphone perdu ? Un administrateur peut la réinitialiser.'
                    : 'Désactivée : seul votre mot de passe protège votre compte.'
                }
              />
              {!profile.deux_facteurs && (
                <Button
                  variant="light"
                  leftSection={<IconShieldLock size={16} aria-hidden />}
                  onClick={() => setTwoFactorOpen(true)}
                  style={{ alignSelf: 'flex-start' }}
                >
                  Activer la double authentification
                </Button>
              )}
              {session.userData?.sessionExpiresAt && (
                <InfoRow
                  icon={<IconClock size={18} />}
                  label="Session en cours"
                  value={`Jusqu’au ${formatDateTime(session.userData.sessionExpiresAt)}`}
                />
              )}
            </Section>
            <Section title="Informations du compte">
              <InfoRow
                icon={<IconCalendar size={18} />}
                label="Inscrit depuis"
                value={formatLongDate(profile.created_at)}
              />
              <InfoRow
                icon={<IconCalendar size={18} />}
                label="Dernière mise à jour"
                value={formatLongDate(profile.updated_at)}
              />
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>
      <EditProfileDialog profile={profile} opened={editOpen} onClose={() => setEditOpen(false)} />
      <ChangePasswordDialog opened={passwordOpen} onClose={() => setPasswordOpen(false)} />
      <ProfilePhotoDialog profile={profile} opened={photoOpen} onClose={() => setPhotoOpen(false)} />
      <Modal
        opened={twoFactorOpen}
        onClose={() => setTwoFactorOpen(false)}
        title="Activer la double authentification"
        closeOnClickOutside={false}
      >
        {twoFactorOpen && (
          <TwoFactorEnrolment
            onDone={() => {
              setTwoFactorOpen(false);
              void queryClient.invalidateQueries({ queryKey: authKeys.profile() });
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}
