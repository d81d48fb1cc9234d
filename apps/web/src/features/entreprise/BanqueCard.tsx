import { type Banque, formatFCFA, plural, TYPE_COMPTE_LABELS } from '@app/shared';
import { Badge, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowsExchange,
  IconFileSpreadsheet,
  IconHistory,
  IconPencil,
  IconStarFilled,
  IconTrash,
} from '@tabler/icons-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { IconAction } from '../../ui/IconAction.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { SoldeOperationForm } from './SoldeOperationForm.tsx';

export interface BanqueActionsProps {
  canManage: boolean;
  /** Imports and reads the bank's statements (issue 27). */
  canReleves: boolean;
  onEdit: (banque: Banque) => void;
  onDelete: (banque: Banque) => void;
  onHistory: (banque: Banque) => void;
  onReleves: (banque: Banque) => void;
}

/** The principal bank's marker: refunds are paid from it (decisions §5). */
export function PrincipaleBadge() {
  return (
    <Badge color="yellow" variant="light" size="sm" leftSection={<IconStarFilled size={10} aria-hidden />}>
      Principale
    </Badge>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span c="dimmed" size="sm">
        {label} :
      </Text>{' '}
      {children}
    </Text>
  );
}

/**
 * A bank (spec 3 §2.6): name, status and principal marker, code, account number, type and
 * currency, the balance in FCFA; its history, and for a manager the inline balance operation,
 * the edit and the delete.
 */
export function BanqueCard({
  banque,
  canManage,
  canReleves,
  onEdit,
  onDelete,
  onHistory,
  onReleves,
}: BanqueActionsProps & { banque: Banque }) {
  const titleId = useId();
  const formId = useId();
  const [operating, setOperating] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);

  const closeOperation = () => {
    setOperating(false);
    toggle.current?.focus();
  };

  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Title order={3} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {banque.nom}
            </Title>
            <Group gap={6} mt={6}>
              <StatusBadge statut={banque.statut} size="sm" />
              {banque.est_principale && <PrincipaleBadge />}
            </Group>
          </div>
          {canManage && (
            <Group gap={6} wrap="nowrap">
              <IconAction label="Modifier" ariaLabel={`Modifier ${banque.nom}`} onClick={() => onEdit(banque)}>
                <IconPencil size={18} aria-hidden />
              </IconAction>
              <IconAction
                label="Supprimer"
                ariaLabel={`Supprimer ${banque.nom}`}
                color="red"
                onClick={() => onDelete(banque)}
              >
                <IconTrash size={18} aria-hidden />
              </IconAction>
            </Group>
          )}
        </Group>
        <Stack gap={2}>
          <Line label="Code banque">{banque.code_banque}</Line>
          <Line label="N° de compte">{banque.numero_compte}</Line>
          <Line label="Type de compte">{TYPE_COMPTE_LABELS[banque.type_compte]}</Line>
          <Line label="Devise">{banque.devise}</Line>
        </Stack>
        <Paper radius="md" p="sm" bg="var(--mantine-color-gray-0)" withBorder>
          <Text size="xs" c="dimmed">
            Solde
          </Text>
          <Text fw={700} size="xl" style={{ whiteSpace: 'nowrap' }}>
            {formatFCFA(banque.solde)}
          </Text>
          <Text size="xs" c="dimmed">
            Solde initial : {formatFCFA(banque.solde_initial)} · {plural(banque.nombre_mouvements, 'mouvement')}
          </Text>
        </Paper>
        <Group gap="xs">
          {/* Deposits and withdrawals go to active banks only (the server refuses the others). */}
          {canManage && banque.est_actif && (
            <Button
              ref={toggle}
              size="xs"
              variant={operating ? 'filled' : 'light'}
              leftSection={<IconArrowsExchange size={16} aria-hidden />}
              aria-expanded={operating}
              aria-controls={operating ? formId : undefined}
              aria-label={`Dépôt ou retrait sur ${banque.nom}`}
              onClick={() => setOperating((open) => !open)}
            >
              Dépôt ou retrait
            </Button>
          )}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconHistory size={16} aria-hidden />}
            aria-label={`Historique de ${banque.nom}`}
            onClick={() => onHistory(banque)}
          >
            Historique
          </Button>
          {canReleves && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
              aria-label={`Relevés de ${banque.nom}`}
              onClick={() => onReleves(banque)}
            >
              Relevés
            </Button>
          )}
        </Group>
        {operating && (
          <Paper id={formId} withBorder radius="md" p="sm">
            <SoldeOperationForm banque={banque} onDone={closeOperation} />
          </Paper>
        )}
      </Stack>
    </Card>
  );
}
