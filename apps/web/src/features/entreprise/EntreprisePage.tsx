import { can, type Role } from '@app/shared';
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBuildingBank, IconReportMoney, IconShieldCheck } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentProfile } from '../../api/index.ts';
import { FullPageLoader } from '../../ui/FullPageLoader.tsx';
import { AuditTab } from './AuditTab.tsx';
import { BanquesTab } from './BanquesTab.tsx';
import { ComptabiliteTab } from './ComptabiliteTab.tsx';

/** One tab of the page: its value in the address (`?onglet=`), its label and its panel. */
interface EntrepriseTab {
  value: string;
  label: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  panel: ComponentType<{ role: Role }>;
}

/** The page's tabs (spec 3 §2.4), the first one opening by default: the audit journal, the banks, the accounts. */
const TABS: readonly [EntrepriseTab, ...EntrepriseTab[]] = [
  {
    value: 'audit',
    label: 'Audit',
    icon: IconShieldCheck,
    panel: () => <AuditTab />,
  },
  {
    value: 'banques',
    label: 'Banques',
    icon: IconBuildingBank,
    panel: ({ role }) => (
      <BanquesTab canManage={can(role, 'banques.manage')} canReleves={can(role, 'banques.releves')} />
    ),
  },
  {
    value: 'comptabilite',
    label: 'Comptabilité',
    icon: IconReportMoney,
    panel: () => <ComptabiliteTab />,
  },
];

const DEFAULT_TAB = TABS[0].value;

/** 'Entreprise' (spec 3 §2.4): admin and comptable; the shell shows the others the spec's refusal. */
export default function EntreprisePage() {
  const profile = useCurrentProfile();
  if (!profile) return <FullPageLoader label="Vérification des permissions..." fullHeight={false} />;
  return <EntrepriseContent role={profile.role} />;
}

function EntrepriseContent({ role }: { role: Role }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('onglet');
  const tab = TABS.find((t) => t.value === asked) ?? TABS[0];

  // Each tab has its own filters in the address: another tab starts without them.
  const choose = (value: string | null) => {
    if (!value || value === tab.value) return;
    setParams(value === DEFAULT_TAB ? {} : { onglet: value });
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Entreprise
        </Title>
        <Text c="dimmed" size="sm">
          Le journal d’audit, les banques de la société et leurs mouvements
        </Text>
      </div>
      <Tabs value={tab.value} onChange={choose} keepMounted={false}>
        <Tabs.List aria-label="Rubriques de l’entreprise" mb="lg">
          {TABS.map(({ value, label, icon: Icon }) => (
            <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} aria-hidden />}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map(({ value, panel: Panel }) => (
          <Tabs.Panel key={value} value={value}>
            <Panel role={role} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
