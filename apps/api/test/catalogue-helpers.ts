import { randomBytes } from 'node:crypto';
import type { Database } from '../src/db/database.ts';

/** A real 1×1 PNG, a minimal PDF and a Windows executable, told apart by their bytes. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]);

export interface FormFile {
  field: string;
  name: string;
  data: Buffer;
  type?: string;
}

/** A multipart/form-data body for app.inject. */
export function multipart(fields: Record<string, string | number>, files: FormFile[] = []) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const SITE_FIELDS = {
  nom_site: 'Résidence Les Palmiers',
  adresse_site: 'Route de Bingerville',
  ville_site: 'Abidjan',
  prix_metre_carre: 75000,
  localisation_site: 'Cocody Riviera 3',
};

export const PRODUIT_FIELDS = {
  titre: 'Villa Test 4 pièces',
  description: 'Villa avec jardin et garage.',
  type: 'logement',
  superficie: 250.5,
  prix_vente: 25000000,
  caution: 500000,
  nombre_chambre: 3,
  nombre_salon: 1,
  nombre_cuisine: 1,
  nombre_toilette: 2,
  delais_construction: 12,
};

let produitCount = 0;

/** A site with one product, written straight to the database; returns the product's id. */
export async function createProduit(db: Database, values: { titre?: string; prix_vente?: number } = {}) {
  produitCount += 1;
  const site = await db
    .insertInto('sites')
    .values({
      nom_site: `Cité ${produitCount}`,
      adresse_site: 'Rue 12',
      ville_site: 'Abidjan',
      prix_metre_carre: 50000,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const produit = await db
    .insertInto('produits')
    .values({
      site_id: site.id,
      titre: values.titre ?? `Villa Test ${produitCount}`,
      description: 'Test',
      type: 'logement',
      superficie: 200,
      prix_vente: values.prix_vente ?? 9_000_000,
      nombre_chambre: 4,
      nombre_salon: 1,
      nombre_cuisine: 1,
      nombre_toilette: 3,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return produit.id;
}
