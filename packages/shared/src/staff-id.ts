/**
 * One id per person: every field and path that names a staff member carries his account id
 * (`utilisateurs.id`), whichever list it came from. The staff file's own id stays in the database.
 */
export const STAFF_ID_DESCRIPTION =
  'Id du compte (utilisateurs.id) du membre du personnel : le même dans /personnel, /utilisateurs, ' +
  '/gestionnaires/actifs, gere_par, gestionnaire_id et la réponse de connexion.';
