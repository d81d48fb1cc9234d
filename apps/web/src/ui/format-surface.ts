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
