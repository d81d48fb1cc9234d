import { plural } from '@app/shared';
import {
  amount,
  COLORS,
  CONTENT_WIDTH,
  type Company,
  calendarDate,
  createPdf,
  type Doc,
  fcfa,
  fields,
  footer,
  heading,
  heightOf,
  letterhead,
  MARGIN,
  PAGE_HEIGHT,
  pdfBuffer,
  rule,
  write,
  zonedDate,
} from './pdf.ts';

export interface ReleveLigne {
  date: Date;
  operation: string;
  reference: string;
  credit: number | null;
  debit: number | null;
  /** What had been paid, net, once this line counted. */
  cumul: number;
}

/** Where the member stands on his stored schedule, on the day the statement is made. */
export interface ReleveEcheancier {
  au: string;
  payees: number;
  nombre: number;
  prochaine: { numero: number; date: string; montant: number } | null;
  retard: { montant: number; depuis: string; jours: number; penalite: number } | null;
}

/** Everything a statement shows, already computed by the service. */
export interface ReleveContent {
  company: Company;
  emisLe: Date;
  du: string;
  au: string;
  membre: { nom: string; code_esv: string };
  produit: string | null;
  contrat: { engagement: number; duree: number; total: number };
  ouverture: number;
  lignes: ReleveLigne[];
  credits: number;
  debits: number;
  cloture: number;
  reste: number;
  echeancier: ReleveEcheancier | null;
}

const COLUMNS = [
  { title: 'Date', width: 58, align: 'left' },
  { title: 'Opération', width: 128, align: 'left' },
  { title: 'Référence', width: 128, align: 'left' },
  { title: 'Crédit', width: 59, align: 'right' },
  { title: 'Débit', width: 59, align: 'right' },
  { title: 'Cumul versé', width: 63, align: 'right' },
] as const;
/** Space kept on each side of a cell's text. */
const GUTTER = 3;
const CELL = { size: 8.5 } as const;
const PAD = 5;
/** The lowest a row may end before the page's foot line. */
const LIMIT = PAGE_HEIGHT - MARGIN - 10;

type Cells = [string, string, string, string, string, string];

function rowHeight(doc: Doc, cells: Cells, bold: boolean): number {
  const font = bold ? 'Helvetica-Bold' : 'Helvetica';
  const heights = cells.map((text, i) => heightOf(doc, text, (COLUMNS[i]?.width ?? 0) - 2 * GUTTER, { ...CELL, font }));
  return Math.max(...heights) + 2 * PAD;
}

function drawRow(doc: Doc, cells: readonly string[], y: number, height: number, style: 'head' | 'total' | 'line') {
  if (style !== 'line') doc.rect(MARGIN, y, CONTENT_WIDTH, height).fillColor(COLORS.panel).fill();
  let x = MARGIN;
  for (const [i, column] of COLUMNS.entries()) {
    write(doc, cells[i] ?? '', x + GUTTER, y + PAD, {
      ...CELL,
      font: style === 'line' ? 'Helvetica' : 'Helvetica-Bold',
      color: style === 'head' ? COLORS.muted : COLORS.text,
      width: column.width - 2 * GUTTER,
      align: column.align,
    });
    x += column.width;
  }
  rule(doc, y + height);
}

/** The table of operations, its header repeated on every page it runs over; answers where the page goes on. */
function operations(doc: Doc, c: ReleveContent, start: number): number {
  const head = COLUMNS.map((column) => column.title) as unknown as Cells;
  const headHeight = rowHeight(doc, head, true);
  let y = start;
  drawRow(doc, head, y, headHeight, 'head');
  y += headHeight;
  const tz = c.company.timeZone;
  const rows: { cells: Cells; style: 'total' | 'line' }[] = [
    {
      cells: [calendarDate(c.du), 'Solde d’ouverture', 'Versé net avant la période', '', '', amount(c.ouverture)],
      style: 'total',
    },
    ...c.lignes.map((l) => ({
      cells: [
        zonedDate(l.date, tz),
        l.operation,
        l.reference,
        l.credit === null ? '' : amount(l.credit),
        l.debit === null ? '' : amount(l.debit),
        amount(l.cumul),
      ] as Cells,
      style: 'line' as const,
    })),
    {
      cells: [
        calendarDate(c.au),
        'Solde de clôture',
        'Versé net à la fin de la période',
        amount(c.credits),
        amount(c.debits),
        amount(c.cloture),
      ],
      style: 'total',
    },
  ];
  if (c.lignes.length === 0) {
    rows.splice(1, 0, { cells: ['', 'Aucune opération sur la période', '', '', '', ''], style: 'line' });
  }
  for (const row of rows) {
    const height = rowHeight(doc, row.cells, row.style === 'total');
    if (y + height > LIMIT) {
      doc.addPage();
      y = MARGIN;
      drawRow(doc, head, y, headHeight, 'head');
      y += headHeight;
    }
    drawRow(doc, row.cells, y, height, row.style);
    y += height;
  }
  return y;
}

/** Starts a new page when `height` would not fit under `y`. */
function room(doc: Doc, y: number, height: number): number {
  if (y + height <= LIMIT) return y;
  doc.addPage();
  return MARGIN;
}

/** A member's statement for a period, in French, over as many A4 pages as its operations need. */
export function renderReleve(c: ReleveContent): Promise<Buffer> {
  const tz = c.company.timeZone;
  const period = `Du ${calendarDate(c.du)} au ${calendarDate(c.au)}`;
  const doc = createPdf(`Relevé de compte ${c.membre.code_esv} – ${period}`, c.company);
  let y = letterhead(doc, c.company, 'RELEVÉ DE COMPTE', [period, `Émis le ${zonedDate(c.emisLe, tz)}`]);

  write(doc, c.membre.nom, MARGIN, y, { font: 'Helvetica-Bold', size: 13 });
  write(
    doc,
    `Code membre\u00a0: ${c.membre.code_esv}   –   Produit\u00a0: ${c.produit ?? 'aucun'}`,
    MARGIN,
    doc.y + 3,
    {
      size: 10,
      width: CONTENT_WIDTH,
    },
  );
  write(
    doc,
    `Contrat\u00a0: ${fcfa(c.contrat.engagement)} × ${c.contrat.duree}\u00a0mois = ${fcfa(c.contrat.total)}`,
    MARGIN,
    doc.y + 3,
    { size: 10, width: CONTENT_WIDTH },
  );
  y = doc.y + 18;

  write(doc, 'Montants en FCFA', MARGIN, y + 2, { size: 8, color: COLORS.muted, width: CONTENT_WIDTH, align: 'right' });
  y = heading(doc, 'Opérations de la période', y);
  y = operations(doc, c, y) + 18;

  y = heading(doc, 'Situation du contrat', room(doc, y, 110));
  y = fields(
    doc,
    [
      ['Solde d’ouverture (versé net)', fcfa(c.ouverture)],
      ['Versements de la période', fcfa(c.credits)],
      ['Remboursements de la période', fcfa(c.debits)],
      ['Solde de clôture (versé net)', fcfa(c.cloture)],
      ['Montant total du contrat', fcfa(c.contrat.total)],
      [`Reste à payer au ${calendarDate(c.au)}`, fcfa(c.reste)],
    ],
    y,
    { boldLast: true },
  );

  const e = c.echeancier;
  if (e) {
    y = heading(doc, `Échéancier au ${calendarDate(e.au)}`, room(doc, y + 12, 90));
    const prochaine = e.prochaine
      ? `n° ${e.prochaine.numero}, ${fcfa(e.prochaine.montant)} le ${calendarDate(e.prochaine.date)}`
      : 'aucune';
    const retard = e.retard
      ? `${fcfa(e.retard.montant)} dus depuis le ${calendarDate(e.retard.depuis)} (${plural(e.retard.jours, 'jour')})${
          e.retard.penalite > 0 ? `, pénalité de retard à part\u00a0: ${fcfa(e.retard.penalite)}` : ''
        }`
      : 'aucun';
    fields(
      doc,
      [
        ['Échéances payées', `${e.payees} sur ${e.nombre}`],
        ['Prochaine échéance', prochaine],
        ['Arriérés', retard],
      ],
      y,
    );
  }

  footer(doc, `${c.company.companyName} – relevé de ${c.membre.nom} (${c.membre.code_esv}) – ${period}`);
  return pdfBuffer(doc);
}
