import { PassThrough, Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { ExportCellType, ExportList } from '@app/shared';
import { csvCell, csvField, type XlsxValue, xlsxCell } from './export-cells.ts';

type Row = Record<string, unknown>;

export const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** Rows of CSV written per chunk sent: fewer, larger writes. */
const CSV_BATCH = 500;

/**
 * Told once how an export ended: with every row (before its last bytes go, so that a failure there
 * fails the file), or cut short (the client gone, a failure) with the rows read by then.
 */
export type ExportDone = (count: number, complete: boolean) => Promise<void>;

/**
 * The CSV of a list: UTF-8 with its BOM, `;`, CRLF, French headers (a French Excel opens it as is),
 * written as the rows come.
 */
export function csvExport(list: ExportList, rows: AsyncIterable<Row>, timeZone: string, done: ExportDone): Readable {
  async function* chunks() {
    let count = 0;
    let told = false;
    try {
      yield `\uFEFF${list.colonnes.map((c) => csvField(c.titre)).join(';')}\r\n`;
      let batch: string[] = [];
      for await (const row of rows) {
        batch.push(list.colonnes.map((c) => csvField(csvCell(c.type, c.valeur(row), timeZone))).join(';'));
        count += 1;
        if (batch.length === CSV_BATCH) {
          yield `${batch.join('\r\n')}\r\n`;
          batch = [];
        }
      }
      told = true;
      await done(count, true);
      if (batch.length > 0) yield `${batch.join('\r\n')}\r\n`;
    } finally {
      if (!told) await done(count, false);
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** The sheet the XLSX thread writes: its name, its columns' titles and types. */
export interface XlsxSheet {
  titre: string;
  colonnes: { titre: string; type: ExportCellType }[];
}

/** Rows sent to the XLSX thread per message. */
const XLSX_BATCH = 1_000;

/** Batches sent and not yet written that the reading may run ahead by. */
const XLSX_AHEAD = 2;

/**
 * The XLSX thread's module: built beside the server (dist/xlsx-worker.js), or its source loaded
 * through tsx (a worker of Node 20 does not take `--import` from its options).
 */
const XLSX_WORKER = import.meta.url.endsWith('.ts')
  ? {
      script: `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(
        new URL('./xlsx-worker.ts', import.meta.url).href,
      )}); })`,
      eval: true,
    }
  : { script: new URL('./xlsx-worker.js', import.meta.url), eval: false };

/**
 * The XLSX of a list through exceljs' streaming writer, on a thread of its own (xlsx-worker.ts):
 * this thread reads the rows and sends their cells a batch at a time, never more than two
 * batches ahead of the writing nor while the client is behind, so the workbook is never held whole;
 * a client that leaves stops the reading (leaving the loop closes the cursor) and the thread.
 */
export function xlsxExport(list: ExportList, rows: AsyncIterable<Row>, timeZone: string, done: ExportDone): Readable {
  const out = new PassThrough();
  const sheet: XlsxSheet = {
    titre: list.titre,
    colonnes: list.colonnes.map((c) => ({ titre: c.titre, type: c.type })),
  };
  // Its heap bounded: a batch's garbage dies in the young generation, and the old one is collected
  // before it grows (the writer holds one row at a time; out of memory, the export fails, not the server).
  const worker = new Worker(XLSX_WORKER.script, {
    workerData: sheet,
    eval: XLSX_WORKER.eval,
    resourceLimits: { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 64 },
  });
  let sent = 0;
  let written = 0;
  let wake: (() => void) | undefined;
  const woken = () => {
    wake?.();
    wake = undefined;
  };
  worker.on('message', (message: Uint8Array | { ecrit: number } | 'fin') => {
    if (message instanceof Uint8Array) out.write(message);
    else if (message === 'fin') out.end();
    else {
      written += 1;
      woken();
    }
  });
  worker.on('error', (error) => out.destroy(error));
  worker.on('exit', () => {
    if (!out.writableEnded) out.destroy(new Error('Le fichier XLSX s’est interrompu'));
  });
  out.on('drain', woken);
  out.on('close', () => {
    woken();
    void worker.terminate();
  });

  const send = async (batch: XlsxValue[][]) => {
    worker.postMessage(batch);
    sent += 1;
    while (!out.destroyed && (sent - written > XLSX_AHEAD || out.writableNeedDrain)) {
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  };
  const write = async () => {
    let count = 0;
    let told = false;
    try {
      let batch: XlsxValue[][] = [];
      for await (const row of rows) {
        if (out.destroyed) return;
        batch.push(list.colonnes.map((c) => xlsxCell(c.type, c.valeur(row), timeZone)));
        count += 1;
        if (batch.length === XLSX_BATCH) {
          await send(batch);
          batch = [];
        }
      }
      if (batch.length > 0) await send(batch);
      told = true;
      await done(count, true);
      worker.postMessage(null);
    } finally {
      if (!told) await done(count, false);
    }
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
