import { fullName, type Membre, plural } from '@app/shared';
import { List, Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAssignMembres } from '../../data/membres.ts';
import { gestionnairesActifsQuery } from '../../data/personnel.ts';
import { FormModal } from '../../ui/FormModal.tsx';

/** The names listed in the dialog; the others are counted. */
const NAMES_SHOWN = 5;
export const GESTIONNAIRE_REQUIRED = 'Veuillez choisir le gestionnaire';

export interface ReassignMembresModalProps {
  opened: boolean;
  /** The members chosen in the list, on every page. */
  membres: readonly Membre[];
  onClose: () => void;
  /** After the reassignment: the list clears its selection. */
  onDone: () => void;
}

/**
 * The admin hands several members to one gestionnaire at once (issue 26, `PUT
 * /membres/gestionnaire`): who moves is named, the gestionnaire is chosen among the active ones,
 * 'Réassigner' confirms; the server audits each move.
 */
export function ReassignMembresModal({ opened, membres, onClose, onDone }: ReassignMembresModalProps) {
  const save = useAssignMembres();
  const gestionnaires = useQuery({ ...gestionnairesActifsQuery(), enabled: opened });
  const [gestionnaireId, setGestionnaireId] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  // Those named at the opening, kept while the dialog fades out after the list cleared its selection.
  const [moving, setMoving] = useState(membres);
  const shown = moving.slice(0, NAMES_SHOWN);
  const others = moving.length - shown.length;

  const submit = () => {
    if (!gestionnaireId) {
      setError(GESTIONNAIRE_REQUIRED);
      return undefined;
    }
    return save
      .mutateAsync({ membreIds: moving.map((m) => m.id), gestionnaireId: Number(gestionnaireId) })
      .then((message) => {
        onDone();
        return message;
      });
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      onOpen={() => {
        setMoving(membres);
        setGestionnaireId(null);
        setError(undefined);
      }}
      title={`Réassigner ${plural(moving.length, 'membre')}`}
      save={save}
      failure="Erreur lors de la réassignation"
      onSubmit={submit}
      onFieldErrors={(errors) => setError(errors.gestionnaire_id)}
      submitLabel="Réassigner"
    >
      <div>
        <Text size="sm" fw={500} id="membres-reassignes">
          {moving.length > 1 ? 'Les membres sélectionnés\u00a0:' : 'Le membre sélectionné\u00a0:'}
        </Text>
        <List size="sm" aria-labelledby="membres-reassignes">
          {shown.map((membre) => (
            <List.Item key={membre.id}>
              {fullName(membre)} ({membre.code_esv})
            </List.Item>
          ))}
          {others > 0 && <List.Item>et {plural(others, 'autre')}</List.Item>}
        </List>
      </div>
      <Select
        label="Nouveau gestionnaire"
        withAsterisk
        searchable
        allowDeselect={false}
        placeholder={gestionnaires.isPending ? 'Chargement des gestionnaires...' : 'Choisir un gestionnaire'}
        nothingFoundMessage="Aucun gestionnaire trouvé"
        data={(gestionnaires.data ?? []).map((g) => ({ value: String(g.id), label: fullName(g) }))}
        value={gestionnaireId}
        onChange={(value) => {
          setGestionnaireId(value);
          setError(undefined);
        }}
        error={
          error ?? (gestionnaires.isError ? `Gestionnaires indisponibles : ${gestionnaires.error.message}` : undefined)
        }
      />
      <Text size="sm" c="dimmed">
        Le gestionnaire choisi suivra désormais ces membres ; chaque changement est inscrit au journal d’audit.
      </Text>
    </FormModal>
  );
}
