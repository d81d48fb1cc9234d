import { montantEnLettres, TYPE_VERSEMENT_LABELS, type TypeVersement } from '@app/shared';
import {
  COLORS,
  CONTENT_WIDTH,
  type Company,
  calendarDate,
  createPdf,
  fcfa,
  fields,
  footer,
  heading,
  heightOf,
  letterhead,
  MARGIN,
  pdfBuffer,
  qrCode,
  write,
  zonedDate,
  zonedDateTime,
} from './pdf.ts';

/** Everything a receipt shows, already decided by the service. */
export interface RecuContent {
  company: Company;
  numero: string;
  emisLe: Date;
  membre: { nom: string; code_esv: string };
  produit: string;
  montant: number;
  type_versement: TypeVersement;
  date_versement: string;
  date_validation: Date;
  banque: string;
  bordereau: string;
  validePar: string | null;
  contrat: { engagement: number; duree: number; total: number };
  verseNet: number;
  reste: number;
  verification: string;
}

const QR_SIZE = 96;
/** The white margin a reader needs around the code (four modules of a small one). */
const QR_QUIET = 12;

/** The receipt of a validated payment, one A4 page in French. */
export function renderRecu(c: RecuContent): Promise<Buffer> {
  const tz = c.company.timeZone;
  const doc = createPdf(`Reçu de versement ${c.numero}`, c.company);
  let y = letterhead(doc, c.company, 'REÇU DE VERSEMENT', [`N° ${c.numero}`, `Émis le ${zonedDate(c.emisLe, tz)}`]);

  write(doc, 'Reçu de', MARGIN, y, { size: 9, color: COLORS.muted });
  write(doc, c.membre.nom, MARGIN, doc.y + 2, { font: 'Helvetica-Bold', size: 13 });
  write(doc, `Code membre\u00a0: ${c.membre.code_esv}   –   Produit\u00a0: ${c.produit}`, MARGIN, doc.y + 3, {
    size: 10,
    width: CONTENT_WIDTH,
  });
  y = doc.y + 16;

  // The amount, in figures and in words, in a panel of its own.
  const words = `Arrêté à la somme de\u00a0: ${montantEnLettres(c.montant)}`;
  const panel = 30 + 26 + heightOf(doc, words, CONTENT_WIDTH - 28, { font: 'Helvetica-Oblique', size: 10.5 }) + 14;
  doc.roundedRect(MARGIN, y, CONTENT_WIDTH, panel, 6).fillColor(COLORS.panel).fill();
  write(doc, 'Montant reçu', MARGIN + 14, y + 12, { size: 9, color: COLORS.muted });
  write(doc, fcfa(c.montant), MARGIN + 14, y + 25, { font: 'Helvetica-Bold', size: 22, color: COLORS.brand });
  write(doc, words, MARGIN + 14, y + 56, { font: 'Helvetica-Oblique', size: 10.5, width: CONTENT_WIDTH - 28 });
  y += panel + 18;

  y = heading(doc, 'Détails du versement', y);
  y = fields(
    doc,
    [
      ['Type de versement', TYPE_VERSEMENT_LABELS[c.type_versement]],
      ['Date du versement', calendarDate(c.date_versement)],
      ['Date de validation', zonedDateTime(c.date_validation, tz)],
      ['Banque', c.banque],
      ['N° du bordereau bancaire', c.bordereau],
      ['Validé par', c.validePar ?? '—'],
    ],
    y,
  );
  y += 10;

  y = heading(doc, 'Situation du compte après ce versement', y);
  y = fields(
    doc,
    [
      [
        'Montant total du contrat',
        `${fcfa(c.contrat.total)} (${fcfa(c.contrat.engagement)} × ${c.contrat.duree}\u00a0mois)`,
      ],
      ['Total versé, net des remboursements', fcfa(c.verseNet)],
      ['Reste à payer', fcfa(c.reste)],
    ],
    y,
    { boldLast: true },
  );
  write(
    doc,
    'Reste à payer\u00a0: le total du contrat, moins les versements validés jusqu’à celui-ci inclus, plus les remboursements approuvés avant sa validation.',
    MARGIN,
    y,
    { size: 8, color: COLORS.muted, width: CONTENT_WIDTH },
  );
  y = doc.y + 22;

  // The verification: the QR code (its quiet zone inside the frame) and, for whoever cannot scan
  // it, its address in full.
  const textX = MARGIN + QR_SIZE + 2 * QR_QUIET + 8;
  const textWidth = CONTENT_WIDTH - QR_SIZE - 3 * QR_QUIET - 8;
  doc
    .roundedRect(MARGIN, y, CONTENT_WIDTH, QR_SIZE + 2 * QR_QUIET, 6)
    .lineWidth(0.7)
    .strokeColor(COLORS.rule)
    .stroke();
  y += QR_QUIET;
  qrCode(doc, c.verification, MARGIN + QR_QUIET, y, QR_SIZE);
  write(doc, 'Vérifier ce reçu', textX, y + 6, { font: 'Helvetica-Bold', size: 11, color: COLORS.brand });
  write(
    doc,
    'Scannez ce code ou ouvrez l’adresse ci-dessous\u00a0: la page dit si ce reçu est authentique, avec son numéro, sa date et son montant.',
    textX,
    doc.y + 4,
    { size: 9, width: textWidth },
  );
  write(doc, c.verification, textX, doc.y + 6, {
    size: 8.5,
    color: COLORS.brand,
    width: textWidth,
    link: c.verification,
  });

  footer(
    doc,
    `${c.company.companyName} – reçu ${c.numero} – ce reçu ne vaut que confirmé par sa page de vérification.`,
  );
  return pdfBuffer(doc);
}
