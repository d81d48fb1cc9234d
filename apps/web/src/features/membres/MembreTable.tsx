import { formatDate, formatFCFA, fullName, type Membre } from '@app/shared';
import { Anchor, Checkbox, Progress, Table, Text } from '@mantine/core';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { gestionnaireName, paidPercent } from './membre-format.ts';
import { TypeMembreBadge } from './TypeMembreBadge.tsx';

const nowrap = { whiteSpace: 'nowrap' } as const;
/** A badge keeps its whole label however narrow its column. */
const fullBadge = { minWidth: 'max-content' } as const;

export interface MembreTableProps {
  membres: Membre[];
  onOpen: (membre: Membre) => void;
  /** The table's accessible name ('Liste des membres', 'Liste de vos clients'). */
  label: string;
  /** Adds the assigned gestionnaire's column (the admin's list). */
  withGestionnaire?: boolean;
  /** Adds a first column of checkboxes (the admin's reassignment), with one for the whole page. */
  selection?: MembreSelection;
}

/** Members chosen across the pages of a list, kept whole for the dialog that names them. */
export interface MembreSelection {
  selected: ReadonlyMap<number, Membre>;
  onChange: (next: ReadonlyMap<number, Membre>) => void;
}

/** The selection with `membres` added (`on`) or removed. */
export function toggled(selected: ReadonlyMap<number, Membre>, membres: readonly Membre[], on: boolean) {
  const next = new Map(selected);
  for (const membre of membres) {
    if (on) next.set(membre.id, membre);
    else next.delete(membre.id);
  }
  return next;
}

/** A member's checkbox; its click stays off the row or card, which would open the file. */
export function MembreCheckbox({ membre, selection }: { membre: Membre; selection: MembreSelection }) {
  const { selected, onChange } = selection;
  return (
    <Checkbox
      aria-label={`Sélectionner ${fullName(membre)}`}
      checked={selected.has(membre.id)}
      onClick={(event) => event.stopPropagation()}
      onChange={(event) => onChange(toggled(selected, [membre], event.currentTarget.checked))}
    />
  );
}

/**
 * Members as a table (spec 3 §2.8: client, contact, statut, type, inscription, produit), with
 * what the cards show of the payments (part paid, amount still due); it scrolls sideways on a
 * narrow screen. A row opens the member's file.
 */
export function MembreTable({ membres, onOpen, label, withGestionnaire = false, selection }: MembreTableProps) {
  const onPage = selection ? membres.filter((m) => selection.selected.has(m.id)).length : 0;
  return (
    <Table.ScrollContainer minWidth={withGestionnaire ? 1060 : 960}>
      <Table verticalSpacing="sm" highlightOnHover striped="odd" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Sélectionner les membres de cette page"
                  checked={onPage > 0 && onPage === membres.length}
                  indeterminate={onPage > 0 && onPage < membres.length}
                  onChange={(event) =>
                    selection.onChange(toggled(selection.selected, membres, event.currentTarget.checked))
                  }
                />
              </Table.Th>
            )}
            <Table.Th>Client</Table.Th>
            <Table.Th>Contact</Table.Th>
            <Table.Th>Statut</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Inscription</Table.Th>
            <Table.Th>Produit</Table.Th>
            <Table.Th>Payé</Table.Th>
            <Table.Th>Reste dû</Table.Th>
            {withGestionnaire && <Table.Th>Gestionnaire</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {membres.map((m) => (
            // A pointer may click anywhere on the row; the name is the keyboard's button (its click bubbles here).
            <Table.Tr key={m.id} onClick={() => onOpen(m)} style={{ cursor: 'pointer' }}>
              {selection && (
                <Table.Td>
                  <MembreCheckbox membre={m} selection={selection} />
                </Table.Td>
              )}
              <Table.Td>
                <Anchor component="button" type="button" fw={600} size="sm" ta="left">
                  {fullName(m)}
                </Anchor>
                <Text size="xs" c="dimmed" style={nowrap}>
                  {m.code_esv}
                </Text>
              </Table.Td>
              <Table.Td>
                {/* A long address breaks (after the @ first) rather than push the amounts out of view. */}
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {m.email.split('@')[0]}@<wbr />
                  {m.email.split('@').slice(1).join('@')}
                </Text>
                <Text size="xs" c="dimmed" style={nowrap}>
                  {m.telephone ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <StatusBadge statut={m.statut} size="sm" style={fullBadge} />
              </Table.Td>
              <Table.Td>
                <TypeMembreBadge type={m.type_membre} size="sm" style={fullBadge} />
              </Table.Td>
              <Table.Td style={nowrap}>
                <Text size="sm">{formatDate(m.date_inscription)}</Text>
              </Table.Td>
              <Table.Td miw={170}>
                {m.produit ? (
                  <>
                    <Text size="sm">{m.produit.nom}</Text>
                    <Text size="xs" c="dimmed">
                      {m.produit.site.nom}
                    </Text>
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    Aucun produit
                  </Text>
                )}
              </Table.Td>
              <Table.Td miw={80}>
                <Text size="sm">{paidPercent(m)}&nbsp;%</Text>
                <Progress value={paidPercent(m)} size="xs" color="teal" aria-hidden />
              </Table.Td>
              <Table.Td style={nowrap}>
                <Text size="sm" fw={600}>
                  {formatFCFA(m.montant_du)}
                </Text>
              </Table.Td>
              {withGestionnaire && (
                <Table.Td>
                  <Text size="sm" c={m.gestionnaire ? undefined : 'dimmed'}>
                    {gestionnaireName(m)}
                  </Text>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
