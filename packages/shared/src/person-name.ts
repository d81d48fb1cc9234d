/**
 * The one order of a person's name on every card, table, detail, menu and e-mail: first names,
 * then the family name ('Awa Koné').
 */
export function fullName(person: { prenom: string; nom: string }): string {
  return `${person.prenom} ${person.nom}`.trim();
}

/**
 * A demande's full name is typed family name first, as on an identity card ('Ouédraogo Issa'):
 * the first word is the nom, the rest the prénoms. The member's account is made from it.
 */
export function splitNomComplet(nomComplet: string): { nom: string; prenom: string } {
  const [nom = '', ...prenoms] = nomComplet.trim().split(/\s+/);
  return { nom, prenom: prenoms.join(' ') };
}

/** A demande's applicant in the one order: 'Ouédraogo Issa' is shown 'Issa Ouédraogo'. */
export function applicantName(nomComplet: string): string {
  return fullName(splitNomComplet(nomComplet));
}
