import { lazy } from 'react';
import { useLocation } from 'react-router';
import CataloguePage from './CataloguePage.tsx';

const ProduitDetailPage = lazy(() => import('./ProduitDetailPage.tsx'));

/** '/produits/12' → 12; '/produits/abc' → null (not found); '/produits' → undefined (the catalogue). */
export function detailId(pathname: string): number | null | undefined {
  const match = /^\/produits\/([^/]+)\/?$/.exec(pathname);
  if (!match) return undefined;
  const id = Number(match[1]);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The produits view: the catalogue, or a product's page at /produits/:id (a reload lands there too). */
export default function ProduitsView() {
  const { pathname } = useLocation();
  const id = detailId(pathname);
  if (id === undefined) return <CataloguePage />;
  return <ProduitDetailPage key={id ?? 'invalid'} id={id} />;
}
