import { can, type Preferences, type Role, SETTINGS_SAVED, type Settings } from '@app/shared';
import { Alert, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconBell,
  IconBuilding,
  IconCircleCheck,
  IconCoins,
  IconReportMoney,
  IconServer,
  IconShieldLock,
  IconUser,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ComponentType, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentProfile } from '../../api/index.ts';
import { preferencesQuery } from '../../data/preferences.ts';
import { settingsQuery } from '../../data/settings.ts';
import { ErrorPanel } from '../../ui/ErrorPanel.tsx';
import { FullPageLoader } from '../../ui/FullPageLoader.tsx';
import { ComptabiliteTab } from './ComptabiliteTab.tsx';
import { GeneralTab } from './GeneralTab.tsx';
import { NotificationsTab } from './NotificationsTab.tsx';
import { RecouvrementTab } from './RecouvrementTab.tsx';
import { SecurityTab } from './SecurityTab.tsx';
import { SystemTab } from './SystemTab.tsx';
import { UserTab } from './UserTab.tsx';

type TabValue = 'general' | 'utilisateur' | 'securite' | 'notifications' | 'systeme' | 'recouvrement' | 'comptabilite';

/**
 * The spec's five tabs (spec 2 §2), in its order, then the collection's (issue 15) and the
 * accounting's (issue 27); the company's groups are an admin's only.
 */
const TABS: { value: TabValue; label: string; icon: ComponentType<{ size?: number }>; admin: boolean }[] = [
  { value: 'general', label: 'Général', icon: IconBuilding, admin: true },
  { value: 'utilisateur', label: 'Utilisateur', icon: IconUser, admin: false },
  { value: 'securite', label: 'Sécurité', icon: IconShieldLock, admin: true },
  { value: 'notifications', label: 'Notifications', icon: IconBell, admin: false },
  { value: 'systeme', label: 'Système', icon: IconServer, admin: true },
  { value: 'recouvrement', label: 'Recouvrement', icon: IconCoins, admin: true },
  { value: 'comptabilite', label: 'Comptabilité', icon: IconReportMoney, admin: true },
];

/** 'Paramètres', from the user menu: one's own preferences for everyone, the company's settings for an admin. */
export default function SettingsPage() {
  const profile = useCurrentProfile();
  if (!profile) return <FullPageLoader fullHeight={false} />;
  return <SettingsContent role={profile.role} accountId={profile.id} />;
}

function SettingsContent({ role, accountId }: { role: Role; accountId: number }) {
  const admin = can(role, 'settings.update');
  const tabs = TABS.filter((tab) => admin || !tab.admin);
  const [params, setParams] = useSearchParams();
  const first = tabs[0]?.value ?? 'utilisateur';
  const tab = tabs.find((t) => t.value === params.get('onglet'))?.value ?? first;
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  const [savedBanner, setSavedBanner] = useState(false);

  const settings = useQuery({ ...settingsQuery(), enabled: admin });
  const preferences = useQuery(preferencesQuery(accountId));

  const choose = (value: string | null) => {
    if (!value || value === tab) return;
    setSavedBanner(false);
    setParams(value === first ? {} : { onglet: value }, { replace: true });
  };
  const onSaved = () => setSavedBanner(true);

  const adminTab = TABS.find((t) => t.value === tab)?.admin ?? false;
  const query = adminTab ? settings : preferences;
  const content = query.isPending ? (
    <FullPageLoader fullHeight={false} />
  ) : query.isError ? (
    <ErrorPanel
      title="Erreur lors du chargement des paramètres"
      message={query.error.message}
      onRetry={() => void query.refetch()}
    />
  ) : (
    <TabPanel tab={tab} role={role} settings={settings.data} preferences={preferences.data} onSaved={onSaved} />
  );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Paramètres
        </Title>
        <Text c="dimmed" size="sm">
          {admin ? 'Les paramètres de l’entreprise et vos préférences' : 'Vos préférences'}
        </Text>
      </div>
      {savedBanner && (
        <Alert
          color="green"
          variant="light"
          icon={<IconCircleCheck size={20} aria-hidden />}
          role="status"
          withCloseButton
          closeButtonLabel="Masquer le message"
          onClose={() => setSavedBanner(false)}
        >
          {SETTINGS_SAVED}
        </Alert>
      )}
      {phone ? (
        <>
          <Select
            label="Rubrique"
            data={tabs.map(({ value, label }) => ({ value, label }))}
            value={tab}
            onChange={choose}
            allowDeselect={false}
          />
          {content}
        </>
      ) : (
        <Tabs value={tab} onChange={choose} keepMounted={false}>
          <Tabs.List aria-label="Rubriques des paramètres" mb="lg">
            {tabs.map(({ value, label, icon: Icon }) => (
              <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} aria-hidden />}>
                {label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tabs.map(({ value }) => (
            <Tabs.Panel key={value} value={value}>
              {content}
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Stack>
  );
}

interface TabPanelProps {
  tab: TabValue;
  role: Role;
  settings: Settings | undefined;
  preferences: Preferences | undefined;
  onSaved: () => void;
}

/** The chosen tab's form, once what it edits is read. */
function TabPanel({ tab, role, settings, preferences, onSaved }: TabPanelProps) {
  if (tab === 'general' && settings) return <GeneralTab saved={settings.general} onSaved={onSaved} />;
  if (tab === 'securite' && settings) return <SecurityTab saved={settings.security} onSaved={onSaved} />;
  if (tab === 'systeme' && settings) {
    return <SystemTab saved={settings.system} timeZone={settings.general.timeZone} onSaved={onSaved} />;
  }
  if (tab === 'recouvrement' && settings) {
    return <RecouvrementTab saved={settings.recouvrement} onSaved={onSaved} />;
  }
  if (tab === 'comptabilite' && settings) {
    return <ComptabiliteTab saved={settings.comptabilite} onSaved={onSaved} />;
  }
  if (tab === 'utilisateur' && preferences) return <UserTab saved={preferences} onSaved={onSaved} />;
  if (tab === 'notifications' && preferences) {
    return <NotificationsTab saved={preferences} role={role} onSaved={onSaved} />;
  }
  return null;
}
