/** The user's text taken literally in a LIKE pattern: `\`, `%` and `_` escaped (backslash is PostgreSQL's default escape). */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%term%` for ILIKE, with the user's own % and _ taken literally. */
export function containsPattern(term: string): string {
  return `%${escapeLike(term)}%`;
}
