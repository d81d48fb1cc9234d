import { type Produit, plural } from '@app/shared';

export const TYPE_LABELS: Record<Produit['type'], string> = { logement: 'Logement', terrain: 'Terrain' };

export const DISPONIBILITE_LABELS: Record<Produit['disponibilite'], string> = {
  disponible: 'Disponible',
  reserve: 'Réservé',
};

export const DISPONIBILITE_COLORS: Record<Produit['disponibilite'], string> = { disponible: 'teal', reserve: 'orange' };

/** "3 chambres · 1 salon · 1 cuisine · 2 toilettes"; empty for a plot without rooms. */
export function roomsSummary(
  p: Pick<Produit, 'nombre_chambre' | 'nombre_salon' | 'nombre_cuisine' | 'nombre_toilette'>,
) {
  const parts = [
    p.nombre_chambre > 0 && plural(p.nombre_chambre, 'chambre'),
    p.nombre_salon > 0 && plural(p.nombre_salon, 'salon'),
    p.nombre_cuisine > 0 && plural(p.nombre_cuisine, 'cuisine'),
    p.nombre_toilette > 0 && plural(p.nombre_toilette, 'toilette'),
  ].filter((part): part is string => !!part);
  return parts.join(' · ');
}

/** "Les Jardins d'Akwaba — Rue des Jardins, Abidjan" */
export function placeLine(site: Produit['site']): string {
  const address = [site.adresse_site, site.ville_site].filter(Boolean).join(', ');
  return address ? `${site.nom_site} — ${address}` : site.nom_site;
}
