import type { Banque } from '@app/shared';
import { Modal, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useDialogItem } from '../../ui/use-dialog-item.ts';
import { ClotureMois } from './ClotureMois.tsx';
import { ExceptionsReleve } from './ExceptionsReleve.tsx';
import { LignesReleve } from './LignesReleve.tsx';
import { RapprochementPanel } from './RapprochementPanel.tsx';
import { ReleveImportForm } from './ReleveImportForm.tsx';

/**
 * A bank's statements (issue 27): import one, reconcile its lines with the ledger, read the lines
 * imported so far, see what stays unmatched, confirm a month's balance and close it; in a dialog full screen on a phone. Each opening starts afresh on the import.
 */
export function RelevesModal({ banque, onClose }: { banque: Banque | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false }) ?? false;
  // The bank shown stays on screen while the dialog fades out; each opening starts afresh.
  const { shown, opening } = useDialogItem(banque);

  return (
    <Modal
      opened={banque !== null}
      onClose={onClose}
      title={shown ? `Relevés bancaires – ${shown.nom}` : 'Relevés bancaires'}
      size={1000}
      fullScreen={phone}
      centered
    >
      {shown && (
        <Tabs defaultValue="importer" key={`${opening}-${shown.id}`} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="importer">Importer</Tabs.Tab>
            <Tabs.Tab value="rapprocher">Rapprocher</Tabs.Tab>
            <Tabs.Tab value="lignes">Lignes</Tabs.Tab>
            <Tabs.Tab value="exceptions">Exceptions</Tabs.Tab>
            <Tabs.Tab value="cloture">Clôture</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="importer">
            <ReleveImportForm banque={shown} />
          </Tabs.Panel>
          <Tabs.Panel value="rapprocher">
            <RapprochementPanel banque={shown} />
          </Tabs.Panel>
          <Tabs.Panel value="lignes">
            <LignesReleve banque={shown} phone={phone} />
          </Tabs.Panel>
          <Tabs.Panel value="exceptions">
            <ExceptionsReleve banque={shown} />
          </Tabs.Panel>
          <Tabs.Panel value="cloture">
            <ClotureMois banque={shown} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Modal>
  );
}
