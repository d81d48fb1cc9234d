import {
  type Banque,
  CLOTURE_MESSAGES,
  type Cloture,
  can,
  type EtatRapprochement,
  finDeMois,
  formatDate,
  formatDateTime,
  formatFCFA,
  formatFCFASigne,
  localIsoDate,
  moisLabel,
  releveMensuelPeriode,
} from '@app/shared';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCalendarCheck, IconLock, IconLockOpen, IconShieldCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useCurrentProfile } from '../../api/index.ts';
import { cloturesQuery, etatRapprochementQuery, useCloturer, useRouvrir } from '../../data/banques.ts';
import { dernierControleQuery } from '../../data/comptabilite.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { QueryBody } from '../../ui/QueryBody.tsx';
import { ScrollRegion } from '../../ui/ScrollRegion.tsx';
import { StatTile } from '../../ui/StatTile.tsx';
import { showToast } from '../../ui/toasts/toast-store.ts';
import { failureText, useConfirmAction } from '../../ui/use-confirm-action.ts';

/** The month before today's, 'AAAA-MM': the one a comptable closes at the start of a month. */
const moisPrecedent = () => releveMensuelPeriode(localIsoDate()).du.slice(0, 7);

/** One side's unmatched items at the date, with their count and signed total. */
function EnSuspens({
  title,
  nombre,
  total,
  rows,
}: {
  title: string;
  nombre: number;
  total: number;
  rows: { id: number; date: string; libelle: string; montant: number }[];
}) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Title order={4} size="sm">
          {title}
        </Title>
        <Text size="sm" fw={600}>
          {nombre} · {formatFCFASigne(total)}
        </Text>
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Aucun.
        </Text>
      ) : (
        <ScrollRegion label={title} minWidth={360} maxHeight={220}>
          <Table verticalSpacing={4} fz="sm" aria-label={title}>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(r.date)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.libelle}</Table.Td>
                  <Table.Td ta="right" c={r.montant < 0 ? 'red' : 'teal'} style={{ whiteSpace: 'nowrap' }}>
                    {formatFCFASigne(r.montant)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}
    </Stack>
  );
}

/** The unmatched items of both sides at a date, each with its count and total. */
export function EnSuspensListes({ etat }: { etat: EtatRapprochement }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <EnSuspens
        title="Mouvements absents du relevé"
        nombre={etat.mouvements_en_suspens.nombre}
        total={etat.mouvements_en_suspens.total}
        rows={etat.mouvements_en_suspens.elements.map((m) => ({
          id: m.id,
          date: m.date_valeur,
          libelle: m.libelle,
          montant: m.type === 'credit' ? m.montant : -m.montant,
        }))}
      />
      <EnSuspens
        title="Lignes du relevé absentes du grand livre"
        nombre={etat.lignes_en_suspens.nombre}
        total={etat.lignes_en_suspens.total}
        rows={etat.lignes_en_suspens.elements.map((l) => ({
          id: l.id,
          date: l.date_operation,
          libelle: l.libelle,
          montant: l.sens === 'credit' ? l.montant : -l.montant,
        }))}
      />
    </SimpleGrid>
  );
}

function Etat({ etat }: { etat: EtatRapprochement }) {
  const fin = formatDate(etat.date);
  const ecartTexte: ReactNode =
    etat.ecart === null
      ? 'Aucun relevé importé ne donne le solde de la banque à cette date.'
      : etat.ecart === 0
        ? 'Le grand livre et le relevé concordent.'
        : etat.ecart_inexplique === 0
          ? 'L’écart vient des éléments non rapprochés ci-dessous.'
          : `Les éléments non rapprochés n’expliquent pas ${formatFCFA(Math.abs(etat.ecart_inexplique ?? 0))} de l’écart\u00a0: un relevé ou une opération manque.`;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <StatTile label={`Grand livre au ${fin}`} value={formatFCFA(etat.solde_comptable)} />
        <StatTile
          label={`Relevé au ${fin}`}
          value={etat.solde_releve === null ? 'Inconnu' : formatFCFA(etat.solde_releve)}
        />
        <StatTile
          label="Écart"
          value={etat.ecart === null ? '—' : formatFCFASigne(etat.ecart)}
          color={etat.ecart === 0 ? 'teal' : 'red'}
        />
      </SimpleGrid>
      <Text size="sm" c={etat.ecart === 0 ? 'teal.8' : undefined} role="status">
        {ecartTexte}
      </Text>
      <EnSuspensListes etat={etat} />
    </Stack>
  );
}

function Historique({ clotures }: { clotures: Cloture[] }) {
  if (clotures.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={4} size="sm">
        Clôtures
      </Title>
      <ScrollRegion label="Historique des clôtures" minWidth={560}>
        <Table verticalSpacing={4} fz="sm" aria-label="Historique des clôtures">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Mois</Table.Th>
              <Table.Th ta="right">Solde</Table.Th>
              <Table.Th>Clôturé par</Table.Th>
              <Table.Th>État</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {clotures.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td style={{ textTransform: 'capitalize' }}>{moisLabel(c.mois)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatFCFA(c.solde)}
                </Table.Td>
                <Table.Td>
                  {c.cloturee_par}, le {formatDateTime(c.created_at)}
                </Table.Td>
                <Table.Td>
                  {c.rouverte_le ? (
                    <Text size="sm">
                      Rouvert par {c.rouverte_par}, le {formatDateTime(c.rouverte_le)} : {c.motif_reouverture}
                    </Text>
                  ) : (
                    <Badge size="sm" color="teal" variant="light">
                      Clôturé
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
    </Stack>
  );
}

/** The last daily check of the ledger and the audit journal, beside the month's closure. */
function DernierControle() {
  const query = useQuery(dernierControleQuery());
  const controle = query.data;
  if (!controle) return null;
  const ok = controle.ecarts.length === 0;
  return (
    <Alert
      color={ok ? 'teal' : 'red'}
      variant="light"
      icon={ok ? <IconShieldCheck size={18} aria-hidden /> : <IconAlertTriangle size={18} aria-hidden />}
      title={`Contrôle quotidien du ${formatDateTime(controle.fait_le)}`}
    >
      {ok ? (
        'Grand livre cohérent, journal d’audit intact.'
      ) : (
        <Stack gap={2}>
          <Text size="sm">{controle.ecarts.length} écart(s) :</Text>
          {controle.ecarts.slice(0, 5).map((e) => (
            <Text key={`${e.invariant}-${e.detail}`} size="sm" ff="monospace">
              [{e.invariant}] {e.detail}
            </Text>
          ))}
        </Stack>
      )}
    </Alert>
  );
}

/** The admin's reopening of a closed month: a reason is asked and kept. */
function ReouvertureModal({ banque, mois, onClose }: { banque: Banque; mois: string | null; onClose: () => void }) {
  const [motif, setMotif] = useState('');
  const rouvrir = useRouvrir();
  const close = () => {
    rouvrir.reset();
    setMotif('');
    onClose();
  };
  const submit = () =>
    mois &&
    rouvrir.mutate(
      { banqueId: banque.id, mois, motif },
      {
        onSuccess: (message) => {
          showToast('success', message);
          close();
        },
      },
    );
  return (
    <Modal opened={mois !== null} onClose={close} title={mois ? `Rouvrir ${moisLabel(mois)}` : ''} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Les mouvements datés de ce mois seront de nouveau acceptés. La clôture et le motif restent au journal.
          </Text>
          <Textarea
            label="Motif de la réouverture"
            withAsterisk
            minRows={2}
            maxLength={500}
            value={motif}
            onChange={(e) => setMotif(e.currentTarget.value)}
            data-autofocus
          />
          {rouvrir.error && (
            <Alert color="red" variant="light" role="alert">
              {failureText('Erreur lors de la réouverture', rouvrir.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Annuler
            </Button>
            <Button type="submit" color="orange" loading={rouvrir.isPending} leftSection={<IconLockOpen size={16} />}>
              Rouvrir le mois
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * A bank's month (issue 27): its ledger balance against its statement's at the month's last day,
 * the unmatched items that explain the difference, and its closure once they agree; the admin
 * reopens a closed month.
 */
export function ClotureMois({ banque }: { banque: Banque }) {
  const [mois, setMois] = useState(moisPrecedent);
  const valide = /^\d{4}-(0[1-9]|1[0-2])$/.test(mois);
  const date = valide ? finDeMois(mois) : null;
  const etat = useQuery({ ...etatRapprochementQuery(banque.id, date ?? ''), enabled: date !== null });
  const clotures = useQuery(cloturesQuery(banque.id, 1, 12));
  const profile = useCurrentProfile();
  const canRouvrir = profile ? can(profile.role, 'banques.clotures.rouvrir') : false;
  const [reouverture, setReouverture] = useState<string | null>(null);
  const cloturer = useCloturer();
  const confirm = useConfirmAction<'cloturer', string>({
    cloturer: {
      title: 'Clôturer le mois',
      message: (m) =>
        `Plus aucun mouvement daté de ${moisLabel(m)} ne pourra être enregistré, supprimé ou rapproché autrement sur ${banque.nom} ; seul l’administrateur peut rouvrir le mois.`,
      confirmLabel: 'Clôturer',
      run: (m) => cloturer.mutateAsync({ banqueId: banque.id, mois: m }),
      success: valide ? CLOTURE_MESSAGES.closed(mois) : undefined,
      failure: 'Erreur lors de la clôture',
    },
  });
  const data = etat.data;
  const ecoule = valide && mois < localIsoDate().slice(0, 7);

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="month"
          label="Mois"
          value={mois}
          onChange={(e) => setMois(e.currentTarget.value)}
          error={valide ? undefined : 'Indiquez le mois au format AAAA-MM.'}
          w={{ base: '100%', xs: 200 }}
        />
        {data?.cloture ? (
          <Group gap="xs">
            <Badge color="teal" variant="light" size="lg" leftSection={<IconLock size={14} aria-hidden />}>
              Clôturé
            </Badge>
            {canRouvrir && (
              <Button
                variant="light"
                color="orange"
                leftSection={<IconLockOpen size={16} aria-hidden />}
                onClick={() => setReouverture(mois)}
              >
                Rouvrir le mois
              </Button>
            )}
          </Group>
        ) : (
          <Button
            leftSection={<IconCalendarCheck size={16} aria-hidden />}
            disabled={!ecoule || data?.ecart !== 0}
            onClick={() => confirm.ask('cloturer', mois)}
          >
            {valide ? `Clôturer ${moisLabel(mois)}` : 'Clôturer le mois'}
          </Button>
        )}
      </Group>
      {valide && !ecoule && !data?.cloture && (
        <Text size="sm" c="dimmed">
          Seul un mois écoulé peut être clôturé.
        </Text>
      )}
      {valide && (
        <QueryBody
          query={etat}
          errorTitle="Erreur lors du chargement du rapprochement"
          loadingLabel="Chargement du rapprochement"
          rows={3}
        >
          {(d) => <Etat etat={d} />}
        </QueryBody>
      )}
      <Historique clotures={clotures.data?.items ?? []} />
      <DernierControle />
      <ConfirmDialog {...confirm.dialog} />
      <ReouvertureModal banque={banque} mois={reouverture} onClose={() => setReouverture(null)} />
    </Stack>
  );
}
