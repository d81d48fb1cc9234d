import { EXPORTS, type ExportFormat, type ExportListName, localIsoDate } from '@app/shared';
import { fetchPrivateFile, saveFile } from './private-file.ts';

/** A list's filters, as its pages send them (its page and page size are left out, blank ones too). */
export type ExportFilters = object;

/**
 * A list's export (`<list path>/export`, or the accounting journal): every row for its filters and
 * sort, in the format chosen, saved as `<list>-<day>.<format>` (today, or the day the list is of);
 * `onProgress` hears the bytes received as they come.
 */
export async function downloadExport(
  list: ExportListName,
  path: string,
  filters: ExportFilters,
  format: ExportFormat,
  onProgress?: (bytes: number) => void,
  day = localIsoDate(),
): Promise<void> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters as Record<string, unknown>)) {
    const text = String(value ?? '').trim();
    if (text && key !== 'page' && key !== 'limit') query.set(key, text);
  }
  query.set('format', format);
  const blob = await fetchPrivateFile(`${path}?${query}`, undefined, onProgress);
  saveFile(blob, `${EXPORTS[list].fichier}-${day}.${format}`);
}
