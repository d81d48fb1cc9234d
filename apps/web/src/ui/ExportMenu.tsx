import {
  EXPORT_FORMAT_LABELS,
  EXPORT_FORMATS,
  EXPORT_MESSAGES,
  type ExportListName,
  formatFileSize,
} from '@app/shared';
import { Button, Loader, Menu, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconFileExport } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { downloadExport, type ExportFilters } from '../data/exports.ts';
import { showToast } from './toasts/toast-store.ts';
import { failureText } from './use-confirm-action.ts';

/**
 * 'Exporter' on a list screen (issue 27): what the list shows, all its pages, for its current
 * filters and sort, as CSV or XLSX; while the file comes, the button says how much has arrived.
 */
export function ExportMenu({
  list,
  path,
  filters,
  day,
}: {
  list: ExportListName;
  /** The export's address: `<list path>/export`, or the journal's. */
  path: string;
  filters: ExportFilters;
  /** The day the list is of, in the file's name (today by default). */
  day?: string | undefined;
}) {
  const [received, setReceived] = useState(0);
  const exporting = useMutation({
    mutationFn: (format: (typeof EXPORT_FORMATS)[number]) => {
      setReceived(0);
      return downloadExport(list, path, filters, format, setReceived, day);
    },
    onError: (error) => showToast('general', failureText(EXPORT_MESSAGES.failure, error)),
  });
  const progress = `Export en cours${received > 0 ? ` (${formatFileSize(received)})` : '…'}`;
  return (
    <>
      <Menu position="bottom-end" withinPortal disabled={exporting.isPending}>
        <Menu.Target>
          <Button
            variant="default"
            className="no-print"
            leftSection={exporting.isPending ? <Loader size={14} /> : <IconFileExport size={16} aria-hidden />}
            rightSection={exporting.isPending ? undefined : <IconChevronDown size={14} aria-hidden />}
            aria-disabled={exporting.isPending}
          >
            {exporting.isPending ? progress : 'Exporter'}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Toutes les pages, filtres appliqués</Menu.Label>
          {EXPORT_FORMATS.map((format) => (
            <Menu.Item key={format} onClick={() => exporting.mutate(format)}>
              {EXPORT_FORMAT_LABELS[format]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <VisuallyHidden role="status">{exporting.isPending ? progress : ''}</VisuallyHidden>
    </>
  );
}
