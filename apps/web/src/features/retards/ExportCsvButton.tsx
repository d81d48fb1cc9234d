import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { downloadRetardsCsv, type RetardsFilters } from '../../data/retards.ts';
import { showToast } from '../../ui/toasts/toast-store.ts';
import { failureText } from '../../ui/use-confirm-action.ts';

/**
 * 'Exporter CSV': every late member for the filters (all pages), as a spreadsheet opens it; `date`
 * is the day of the list shown (its file's name), unknown until the list has loaded.
 */
export function ExportCsvButton({ filters, date }: { filters: RetardsFilters; date: string | undefined }) {
  const exporting = useMutation({
    mutationFn: (day: string) => downloadRetardsCsv(filters, day),
    // The file comes without the client's own failure toasts (notify: false): this one says what failed.
    onError: (error) => showToast('general', failureText('Erreur lors de l’export des retards', error)),
  });
  return (
    <Button
      variant="default"
      leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
      loading={exporting.isPending}
      disabled={!date}
      onClick={() => date && exporting.mutate(date)}
    >
      Exporter CSV
    </Button>
  );
}
