/** A person's name as shown on cards, in dialogs and in choices: 'Awa Koné'. */
export const fullName = (person: { prenom: string; nom: string }) => `${person.prenom} ${person.nom}`.trim();
