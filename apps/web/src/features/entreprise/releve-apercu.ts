import {
  type ColonnesReleve,
  colonnesRetenues,
  decoderReleve,
  estReleveXml,
  type Lecture,
  lireReleveCsv,
  lireTableau,
  RELEVE_MAX_BYTES,
  RELEVE_MESSAGES,
  type ReleveLu,
  type TableauReleve,
} from '@app/shared';

/**
 * What the import screen shows of a chosen file before it is sent: a camt.053 file as such; a CSV
 * read exactly as the server will read it (the shared rules), with the columns used and the result;
 * or why the file cannot go.
 */
export type ApercuReleve =
  | { format: 'camt053' }
  | { format: 'csv'; tableau: TableauReleve; colonnes: ColonnesReleve; lecture: Lecture<ReleveLu> }
  | { format: 'refuse'; erreur: string };

export async function lireApercu(file: File, remembered: ColonnesReleve | null): Promise<ApercuReleve> {
  if (file.size > RELEVE_MAX_BYTES) return { format: 'refuse', erreur: RELEVE_MESSAGES.fichierTropGros };
  const text = decoderReleve(new Uint8Array(await file.arrayBuffer()));
  if (estReleveXml(text)) return { format: 'camt053' };
  const tableau = lireTableau(text);
  if (!tableau.ok) return { format: 'refuse', erreur: tableau.erreur };
  return avecColonnes(tableau.value, colonnesRetenues(tableau.value.entetes, remembered));
}

/** The CSV read again with other columns (chosen on the preview). */
export function avecColonnes(tableau: TableauReleve, colonnes: ColonnesReleve): ApercuReleve {
  return { format: 'csv', tableau, colonnes, lecture: lireReleveCsv(tableau, colonnes) };
}
