import {
  type Banque,
  formatDate,
  formatFCFA,
  formatFCFASigne,
  type LigneReleve,
  MOUVEMENT_OPERATION_LABELS,
  type Mouvement,
  type MouvementARapprocher,
  type MouvementOperation,
  pageSummary,
  plural,
  pluralTotal,
  RAPPROCHEMENT_MESSAGES,
  type Suggestion,
  type VersementARapprocher,
} from '@app/shared';
import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowsJoin2, IconChecks } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { mouvementsQuery, suggestionsQuery, useRapprocher } from '../../data/banques.ts';
import { EmptyPanel } from '../../ui/EmptyPanel.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { QueryBody } from '../../ui/QueryBody.tsx';
import { showToast } from '../../ui/toasts/toast-store.ts';
import { useLastPageClamp } from '../../ui/use-last-page-clamp.ts';
import { usePageSize } from '../../ui/use-page-size.ts';

const ligneAmount = (l: LigneReleve) => (l.sens === 'credit' ? l.montant : -l.montant);
const mouvementAmount = (m: { type: 'credit' | 'debit'; montant: number }) =>
  m.type === 'credit' ? m.montant : -m.montant;
const operationLabel = (operation: string) => MOUVEMENT_OPERATION_LABELS[operation as MouvementOperation] ?? operation;

function mouvementText(m: MouvementARapprocher | Mouvement) {
  const libelle = 'libelle' in m ? m.libelle : (m.commentaire ?? '');
  return `${operationLabel(m.operation)} du ${formatDate(m.date_valeur)}${libelle ? ` (${libelle})` : ''}`;
}

/** One unmatched statement line, chosen by its box, with what it may be, each a one-click match. */
function LigneSuggestion({
  suggestion,
  chosen,
  onToggle,
  onMatch,
  busy,
}: {
  suggestion: Suggestion;
  chosen: boolean;
  onToggle: () => void;
  onMatch: (body: { mouvements?: number[]; versements?: number[] }) => void;
  busy: boolean;
}) {
  const { ligne, mouvements, versements } = suggestion;
  const amount = ligneAmount(ligne);
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Checkbox
          checked={chosen}
          onChange={onToggle}
          aria-label={`Choisir la ligne ${ligne.libelle} du ${formatDate(ligne.date_operation)}`}
          label={
            <Stack gap={0}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {ligne.libelle}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDate(ligne.date_operation)}
                {ligne.reference ? ` · ${ligne.reference}` : ''}
              </Text>
            </Stack>
          }
        />
        <Text size="sm" fw={700} c={amount > 0 ? 'teal' : 'red'} style={{ whiteSpace: 'nowrap' }}>
          {formatFCFASigne(amount)}
        </Text>
      </Group>
      {(mouvements.length > 0 || versements.length > 0) && (
        <Stack gap={4} mt="xs" role="group" aria-label={`Suggestions pour ${ligne.libelle}`}>
          {mouvements.map((m) => (
            <Button
              key={`m${m.id}`}
              size="compact-sm"
              variant="light"
              justify="flex-start"
              leftSection={<IconArrowsJoin2 size={14} aria-hidden />}
              disabled={busy}
              onClick={() => onMatch({ mouvements: [m.id] })}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
            >
              Rapprocher avec {mouvementText(m)}
            </Button>
          ))}
          {versements.map((v: VersementARapprocher) => (
            <Button
              key={`v${v.id}`}
              size="compact-sm"
              variant="light"
              color="teal"
              justify="flex-start"
              leftSection={<IconChecks size={14} aria-hidden />}
              disabled={busy}
              onClick={() => onMatch({ versements: [v.id] })}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
            >
              Valider et rapprocher le versement {v.numero_recu} de {v.membre} ({formatDate(v.date_recu)})
            </Button>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/**
 * The reconciliation of a bank (issue 27): its unmatched statement lines, each with its suggestions
 * (one click matches), and its unmatched movements; lines and movements chosen by hand are matched
 * together once their sums agree, one to many either way.
 */
export function RapprochementPanel({ banque }: { banque: Banque }) {
  const limit = usePageSize();
  const [page, setPage] = useState(1);
  const [mouvementsPage, setMouvementsPage] = useState(1);
  const [lignes, setLignes] = useState<Map<number, number>>(new Map());
  const [mouvements, setMouvements] = useState<Map<number, number>>(new Map());
  const suggestions = useQuery(suggestionsQuery(banque.id, page, limit));
  const libres = useQuery(mouvementsQuery(banque.id, { page: mouvementsPage, limit, non_rapproches: true }));
  const rapprocher = useRapprocher();
  const totalPages = Math.max(1, suggestions.data?.pagination.totalPages ?? 1);
  useLastPageClamp(page, suggestions.data ? totalPages : undefined, setPage);

  const toggle = (set: typeof setLignes, id: number, amount: number) =>
    set((current) => {
      const next = new Map(current);
      if (next.has(id)) next.delete(id);
      else next.set(id, amount);
      return next;
    });
  const match = (body: { lignes: number[]; mouvements?: number[]; versements?: number[] }) =>
    rapprocher.mutate(body, {
      onSuccess: () => {
        showToast('success', RAPPROCHEMENT_MESSAGES.created);
        setLignes(new Map());
        setMouvements(new Map());
      },
    });
  const sumLignes = [...lignes.values()].reduce((a, b) => a + b, 0);
  const sumMouvements = [...mouvements.values()].reduce((a, b) => a + b, 0);
  const ready = lignes.size > 0 && mouvements.size > 0 && sumLignes === sumMouvements;

  return (
    <Stack gap="md">
      {rapprocher.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
          {rapprocher.error.message}
        </Alert>
      )}
      <Stack gap="xs">
        <Title order={4} size="h6">
          Lignes non rapprochées
        </Title>
        <QueryBody
          query={suggestions}
          errorTitle="Erreur lors du chargement des suggestions"
          loadingLabel="Chargement des lignes à rapprocher"
          rows={4}
          empty={{
            when: (d) => d.items.length === 0,
            panel: (
              <EmptyPanel
                icon={<IconChecks size={28} />}
                title="Tout est rapproché"
                description="Aucune ligne de relevé n’attend de rapprochement pour cette banque."
                color="teal"
              />
            ),
          }}
        >
          {(d) => (
            <Stack
              gap="xs"
              component="ul"
              aria-label="Lignes non rapprochées"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {d.items.map((s) => (
                <LigneSuggestion
                  key={s.ligne.id}
                  suggestion={s}
                  chosen={lignes.has(s.ligne.id)}
                  onToggle={() => toggle(setLignes, s.ligne.id, ligneAmount(s.ligne))}
                  onMatch={(body) => match({ lignes: [s.ligne.id], ...body })}
                  busy={rapprocher.isPending}
                />
              ))}
            </Stack>
          )}
        </QueryBody>
        {suggestions.data && suggestions.data.items.length > 0 && (
          <Pager
            page={Math.min(page, totalPages)}
            totalPages={totalPages}
            onChange={setPage}
            summary={pageSummary(
              Math.min(page, totalPages),
              totalPages,
              pluralTotal(suggestions.data.pagination, 'ligne'),
            )}
          />
        )}
      </Stack>

      <Stack gap="xs">
        <Title order={4} size="h6">
          Mouvements non rapprochés
        </Title>
        <QueryBody
          query={libres}
          errorTitle="Erreur lors du chargement des mouvements"
          loadingLabel="Chargement des mouvements à rapprocher"
          rows={4}
          empty={{
            when: (d) => d.items.length === 0,
            panel: (
              <Text size="sm" c="dimmed">
                Aucun mouvement de cette banque n’attend de rapprochement.
              </Text>
            ),
          }}
        >
          {(d) => (
            <Stack
              gap={4}
              component="ul"
              aria-label="Mouvements non rapprochés"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {d.items.map((m) => (
                <Group component="li" key={m.id} justify="space-between" wrap="nowrap" gap="xs">
                  <Checkbox
                    checked={mouvements.has(m.id)}
                    onChange={() => toggle(setMouvements, m.id, mouvementAmount(m))}
                    label={mouvementText(m)}
                  />
                  <Text size="sm" fw={600} c={m.type === 'credit' ? 'teal' : 'red'} style={{ whiteSpace: 'nowrap' }}>
                    {formatFCFASigne(mouvementAmount(m))}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </QueryBody>
        {libres.data && libres.data.pagination.totalPages > 1 && (
          <Pager
            page={mouvementsPage}
            totalPages={libres.data.pagination.totalPages}
            onChange={setMouvementsPage}
            summary={pageSummary(
              mouvementsPage,
              libres.data.pagination.totalPages,
              pluralTotal(libres.data.pagination, 'mouvement'),
            )}
          />
        )}
      </Stack>

      <Paper withBorder radius="md" p="sm" role="region" aria-label="Sélection à rapprocher">
        <Group justify="space-between" gap="sm">
          <Stack gap={0}>
            <Text size="sm">
              {plural(lignes.size, 'ligne choisie', 'lignes choisies')}
              {'\u00a0'}: {formatFCFASigne(sumLignes)}
            </Text>
            <Text size="sm">
              {plural(mouvements.size, 'mouvement choisi', 'mouvements choisis')}
              {'\u00a0'}: {formatFCFASigne(sumMouvements)}
            </Text>
            <Text size="sm" fw={600} c={sumLignes === sumMouvements ? 'teal' : 'red'}>
              Écart{'\u00a0'}: {formatFCFA(Math.abs(sumLignes - sumMouvements))}
            </Text>
          </Stack>
          <Button
            leftSection={<IconArrowsJoin2 size={16} aria-hidden />}
            disabled={!ready}
            loading={rapprocher.isPending}
            onClick={() => match({ lignes: [...lignes.keys()], mouvements: [...mouvements.keys()] })}
          >
            Rapprocher la sélection
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
