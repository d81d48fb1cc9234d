const area = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

/** "120 m²", "85,5 m²" (decimals kept: areas may be decimal). */
export function formatSurface(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : (value ?? 0);
  return `${area.format(Number.isFinite(n) ? n : 0)} m²`;
}

/** "3 chambres", "1 salon" */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count > 1 ? pluralForm : singular}`;
}

/** "39 demandes", or "plus de 200 demandes" when a search counted its matches only up to a cap. */
export function pluralTotal(
  pagination: { total: number; totalExact?: boolean },
  singular: string,
  pluralForm = `${singular}s`,
): string {
  const text = plural(pagination.total, singular, pluralForm);
  return pagination.totalExact === false ? `plus de ${text}` : text;
}
