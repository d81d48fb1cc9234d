import {
  type Banque,
  type ColonnesReleve,
  formatDate,
  formatFCFA,
  plural,
  RELEVE_COLONNE_LABELS,
  RELEVE_COLONNES,
  RELEVE_FORMAT_LABELS,
  type ReleveColonne,
  type ReleveImport,
} from '@app/shared';
import { Alert, Button, FileInput, Group, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useImportReleve } from '../../data/banques.ts';
import { ScrollRegion } from '../../ui/ScrollRegion.tsx';
import { type ApercuReleve, avecColonnes, lireApercu } from './releve-apercu.ts';

const NONE = '';
const PREVIEW_LINES = 5;

/** 'Relevé importé : 12 lignes lues, 10 nouvelles, 2 déjà importées.' and its period and balance. */
function ImportResult({ result }: { result: ReleveImport }) {
  return (
    <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} title="Relevé importé" role="status">
      <Text size="sm">
        {plural(result.lignes_lues, 'ligne lue', 'lignes lues')}, {plural(result.lignes_nouvelles, 'nouvelle')},{' '}
        {plural(result.doublons, 'déjà importée', 'déjà importées')}.
      </Text>
      <Text size="sm">
        Période du {formatDate(result.periode.debut)} au {formatDate(result.periode.fin)}
        {result.solde_final !== null && <> · solde final {formatFCFA(result.solde_final)}</>}
      </Text>
    </Alert>
  );
}

/** One select per kind of column, over the file's headers. */
function ColonnesChoice({
  entetes,
  colonnes,
  onChange,
}: {
  entetes: string[];
  colonnes: ColonnesReleve;
  onChange: (colonnes: ColonnesReleve) => void;
}) {
  const options = [
    { value: NONE, label: '— Aucune —' },
    ...entetes.filter((e) => e !== '').map((e) => ({ value: e, label: e })),
  ];
  const choose = (kind: ReleveColonne, value: string | null) => {
    const next = { ...colonnes };
    if (value && value !== NONE) next[kind] = value;
    else delete next[kind];
    onChange(next);
  };
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="xs" role="group" aria-label="Colonnes du relevé">
      {RELEVE_COLONNES.map((kind) => (
        <Select
          key={kind}
          size="xs"
          label={RELEVE_COLONNE_LABELS[kind]}
          data={options}
          value={colonnes[kind] ?? NONE}
          onChange={(v) => choose(kind, v)}
          allowDeselect={false}
        />
      ))}
    </SimpleGrid>
  );
}

/** The first operations as they will be imported. */
function PreviewTable({ apercu }: { apercu: Extract<ApercuReleve, { format: 'csv' }> }) {
  if (!apercu.lecture.ok) return null;
  const { lignes } = apercu.lecture.value;
  return (
    <Stack gap={4}>
      <Text size="sm">
        {plural(lignes.length, 'opération')} lue{lignes.length > 1 ? 's' : ''}
        {lignes.length > PREVIEW_LINES ? ` ; les ${PREVIEW_LINES} premières :` : ' :'}
      </Text>
      <ScrollRegion label="Aperçu du relevé" minWidth={560}>
        <Table verticalSpacing={4} fz="sm" aria-label="Aperçu du relevé">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Ligne</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Libellé</Table.Th>
              <Table.Th ta="right">Débit</Table.Th>
              <Table.Th ta="right">Crédit</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lignes.slice(0, PREVIEW_LINES).map((l) => (
              <Table.Tr key={l.ligne}>
                <Table.Td>{l.ligne}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(l.date_operation)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{l.libelle}</Table.Td>
                <Table.Td ta="right" c="red" style={{ whiteSpace: 'nowrap' }}>
                  {l.sens === 'debit' ? formatFCFA(l.montant) : ''}
                </Table.Td>
                <Table.Td ta="right" c="teal" style={{ whiteSpace: 'nowrap' }}>
                  {l.sens === 'credit' ? formatFCFA(l.montant) : ''}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
    </Stack>
  );
}

/**
 * A statement's import (issue 27): the file is read in the browser with the server's own rules and
 * previewed; a CSV whose columns were not recognised gets them chosen here, and the bank remembers
 * them. Nothing is sent that the preview already knows to be refused.
 */
export function ReleveImportForm({ banque }: { banque: Banque }) {
  const [fichier, setFichier] = useState<File | null>(null);
  const [apercu, setApercu] = useState<ApercuReleve | null>(null);
  const [chosen, setChosen] = useState(false);
  const [result, setResult] = useState<ReleveImport | null>(null);
  const importing = useImportReleve();

  const choose = async (file: File | null) => {
    setFichier(file);
    setApercu(null);
    setChosen(false);
    importing.reset();
    if (file) setApercu(await lireApercu(file, banque.releve_colonnes));
  };
  const send = () => {
    if (!fichier || !apercu) return;
    const colonnes = apercu.format === 'csv' && chosen ? apercu.colonnes : null;
    importing.mutate(
      { banqueId: banque.id, fichier, colonnes },
      {
        onSuccess: (answer) => {
          setResult(answer);
          setFichier(null);
          setApercu(null);
        },
      },
    );
  };
  const ready = apercu?.format === 'camt053' || (apercu?.format === 'csv' && apercu.lecture.ok);

  return (
    <Stack gap="sm">
      <FileInput
        data-autofocus
        label="Fichier du relevé"
        description="CSV (séparateur point-virgule ou virgule) ou XML ISO 20022 camt.053, 5 Mo au plus. Les lignes déjà importées sont ignorées."
        placeholder="Choisir un fichier"
        // The placeholder of a button-like field is text the contrast rules read.
        styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
        accept=".csv,.txt,.xml,text/csv,application/xml,text/xml"
        leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
        value={fichier}
        onChange={(file) => void choose(file)}
        clearable
        clearButtonProps={{ 'aria-label': 'Retirer le fichier' }}
      />
      {apercu?.format === 'refuse' && (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
          {apercu.erreur}
        </Alert>
      )}
      {apercu?.format === 'camt053' && (
        <Text size="sm">Relevé {RELEVE_FORMAT_LABELS.camt053} : ses opérations comptabilisées seront importées.</Text>
      )}
      {apercu?.format === 'csv' && (
        <>
          <ColonnesChoice
            entetes={apercu.tableau.entetes}
            colonnes={apercu.colonnes}
            onChange={(colonnes) => {
              setChosen(true);
              setApercu(avecColonnes(apercu.tableau, colonnes));
            }}
          />
          {apercu.lecture.ok ? (
            <PreviewTable apercu={apercu} />
          ) : (
            <Alert color="orange" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {apercu.lecture.erreur}
            </Alert>
          )}
        </>
      )}
      {importing.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
          {importing.error.message}
        </Alert>
      )}
      {result && !fichier && <ImportResult result={result} />}
      <Group justify="flex-end">
        <Button
          leftSection={<IconUpload size={16} aria-hidden />}
          disabled={!ready}
          loading={importing.isPending}
          onClick={send}
        >
          Importer le relevé
        </Button>
      </Group>
    </Stack>
  );
}
