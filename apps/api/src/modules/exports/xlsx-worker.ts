/**
 * The XLSX export's own thread (issue 27): exceljs' streaming writer builds each row's XML and the
 * zip here, while the main thread reads the database, so an export uses two cores and the server
 * keeps answering while it runs. It is given the sheet (workerData: titles and cell types), then
 * batches of rows (each an array of cells as Excel stores them) and `null` at the end; it answers
 * the file's bytes as they are zipped, `{ ecrit: n }` once a batch is written, and 'fin' after the
 * last byte.
 */
import { Writable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { NUMBER_FORMATS, WIDTHS, type XlsxValue } from './export-cells.ts';
import type { XlsxSheet } from './export-writer.ts';

const port = parentPort;
if (!port) throw new Error('xlsx-worker: à lancer comme thread');
const { titre, colonnes } = workerData as XlsxSheet;

const out = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    // A copy of its own, whose memory moves to the main thread instead of being copied again.
    const bytes = new Uint8Array(chunk);
    port.postMessage(bytes, [bytes.buffer]);
    callback();
  },
});
// The fastest deflate: a sheet's XML repeats itself and shrinks about as much at any level.
const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
  stream: out,
  useStyles: true,
  useSharedStrings: false,
  zip: { zlib: { level: 1 } },
});
const sheet = workbook.addWorksheet(titre.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
sheet.columns = colonnes.map((c, i) => ({
  header: c.titre,
  key: String(i),
  width: Math.max(WIDTHS[c.type], c.titre.length + 2),
}));
sheet.getRow(1).font = { bold: true };
// One style object per column, given to each of its cells: exceljs looks a style object it has
// seen up by identity, where a copy per cell would be rendered to XML and hashed (half the time).
const styles = colonnes.map((c) => {
  const numFmt = NUMBER_FORMATS[c.type];
  return (numFmt ? { numFmt } : {}) as Partial<ExcelJS.Style>;
});

port.on('message', (batch: XlsxValue[][] | null) => {
  if (batch === null) {
    sheet.commit();
    // A failure here is the thread's: the main thread sees it as the worker's error.
    void workbook.commit().then(() => port.postMessage('fin'));
    return;
  }
  for (const values of batch) {
    const line = sheet.addRow(values);
    line.eachCell({ includeEmpty: false }, (cell, column) => {
      cell.style = styles[column - 1] ?? {};
    });
    line.commit();
  }
  port.postMessage({ ecrit: batch.length });
});
