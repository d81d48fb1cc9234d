import { buffer } from 'node:stream/consumers';
import type { ExportList } from '@app/shared';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvExport, xlsxExport } from '../src/modules/exports/export-writer.ts';

const LIST: ExportList = {
  titre: 'Essai',
  fichier: 'essai',
  colonnes: [
    { titre: 'Quand', type: 'dateheure', valeur: (row) => row.quand as Date },
    { titre: 'Libellé', type: 'texte', valeur: (row) => row.libelle as string },
  ],
};

async function* rowsOf(instants: string[]) {
  for (const [i, instant] of instants.entries()) yield { quand: new Date(instant), libelle: i === 0 ? '=1+1' : 'x' };
}

const done = async () => {};

async function csvTimes(instants: string[], timeZone: string) {
  const text = (await buffer(csvExport(LIST, rowsOf(instants), timeZone, done))).toString('utf8');
  return text
    .split('\r\n')
    .slice(1, -1)
    .map((line) => line.split(';')[0]?.replaceAll('"', ''));
}

describe('export writer', () => {
  it('writes an instant as the wall clock of the company’s zone, across an offset change', async () => {
    // Paris moves from +01:00 to +02:00 at 01:00 UTC on 29 March 2026; Kathmandu is +05:45.
    const instants = ['2026-03-29T00:59:59Z', '2026-03-29T01:00:00Z', '2026-03-29T01:14:00Z', '2026-10-25T00:30:00Z'];
    expect(await csvTimes(instants, 'Europe/Paris')).toEqual([
      '29/03/2026 01:59',
      '29/03/2026 03:00',
      '29/03/2026 03:14',
      '25/10/2026 02:30',
    ]);
    expect(await csvTimes(instants, 'Asia/Kathmandu')).toEqual([
      '29/03/2026 06:44',
      '29/03/2026 06:45',
      '29/03/2026 06:59',
      '25/10/2026 06:15',
    ]);
    expect(await csvTimes(instants, 'Africa/Abidjan')).toEqual([
      '29/03/2026 00:59',
      '29/03/2026 01:00',
      '29/03/2026 01:14',
      '25/10/2026 00:30',
    ]);
  });

  it('defuses a formula in a CSV cell', async () => {
    const text = (await buffer(csvExport(LIST, rowsOf(['2026-01-01T00:00:00Z']), 'UTC', done))).toString('utf8');
    expect(text.split('\r\n')[1]).toBe('"01/01/2026 00:00";"\'=1+1"');
  });

  it('stores an instant in the XLSX as its wall clock, formatted as a French day and time', async () => {
    const file = await buffer(xlsxExport(LIST, rowsOf(['2026-03-29T01:00:30.250Z']), 'Europe/Paris', done));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Essai');
    if (!sheet) throw new Error('feuille Essai absente');
    const cell = sheet.getRow(2).getCell(1);
    expect((cell.value as Date).toISOString()).toBe('2026-03-29T03:00:30.000Z');
    expect(cell.numFmt).toBe('dd/mm/yyyy hh:mm');
  });

  it.each([
    ['CSV', csvExport],
    ['XLSX', xlsxExport],
  ])('stops reading when the client leaves a %s, and tells it cut short', async (_format, write) => {
    const rows = 1_000_000;
    let closed = false;
    async function* many() {
      try {
        for (let i = 0; i < rows; i += 1) yield { quand: new Date(Date.UTC(2026, 0, 1, 0, 0, i)), libelle: 'x' };
      } finally {
        closed = true;
      }
    }
    const told = new Promise<{ count: number; complete: boolean; closed: boolean }>((resolve) => {
      const file = write(LIST, many(), 'UTC', async (count, complete) => resolve({ count, complete, closed }));
      // Gone after its second chunk (the CSV's first is its header alone).
      let chunks = 0;
      file.on('data', () => {
        chunks += 1;
        if (chunks === 2) file.destroy();
      });
    });
    const { count, complete, closed: closedFirst } = await told;
    expect(complete).toBe(false);
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(rows);
    expect(closedFirst).toBe(true);
  });
});
