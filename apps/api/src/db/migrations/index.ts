import type { Migration } from 'kysely';
import * as foundation from './2026-11-22-0001-foundation.ts';
import * as catalogue from './2026-11-22-0002-catalogue.ts';
import * as people from './2026-11-22-0003-people.ts';
import * as demandes from './2026-11-23-0004-demandes.ts';
import * as listScale from './2026-11-24-0005-list-scale.ts';
import * as signInAbuse from './2026-11-24-0006-sign-in-abuse.ts';
import * as curlyApostrophes from './2026-11-25-0007-curly-apostrophes.ts';
import * as money from './2026-11-26-0008-money.ts';
import * as depensesRemboursements from './2026-11-27-0009-depenses-remboursements.ts';
import * as chantiers from './2026-11-28-0010-chantiers.ts';
import * as auditChaine from './2026-11-29-0011-audit-chaine.ts';
import * as preferences from './2026-11-30-0012-preferences.ts';
import * as totauxJournaliers from './2026-12-01-0013-totaux-journaliers.ts';
import * as demandesDemandeur from './2026-12-02-0014-demandes-demandeur.ts';
import * as echeanciers from './2026-12-03-0015-echeanciers.ts';
import * as rappels from './2026-12-04-0016-rappels.ts';
import * as contratPrix from './2026-12-05-0017-contrat-prix.ts';
import * as compteursParInstruction from './2026-12-06-0018-compteurs-par-instruction.ts';
import * as sauvegardes from './2026-12-07-0019-sauvegardes.ts';
import * as demandesCreateur from './2026-12-08-0020-demandes-createur.ts';
import * as inscription from './2026-12-09-0021-inscription.ts';
import * as notifications from './2026-12-10-0022-notifications.ts';
import * as deuxFacteurs from './2026-12-11-0023-deux-facteurs.ts';
import * as chantierPhotos from './2026-12-12-0024-chantier-photos.ts';
import * as relevesBancaires from './2026-12-13-0025-releves-bancaires.ts';
import * as rapprochements from './2026-12-14-0026-rapprochements.ts';
import * as clotures from './2026-12-15-0027-clotures.ts';
import * as comptabilite from './2026-12-16-0028-comptabilite.ts';
import * as controles from './2026-12-17-0029-controles.ts';
import * as versementsEnAttente from './2026-12-18-0030-versements-en-attente.ts';
import * as compteContrepartie from './2026-12-19-0031-compte-contrepartie.ts';

/** Every migration, in order. Add new files here; never edit one that has landed. */
export const migrations: Record<string, Migration> = {
  '2026-11-22-0001-foundation': foundation,
  '2026-11-22-0002-catalogue': catalogue,
  '2026-11-22-0003-people': people,
  '2026-11-23-0004-demandes': demandes,
  '2026-11-24-0005-list-scale': listScale,
  '2026-11-24-0006-sign-in-abuse': signInAbuse,
  '2026-11-25-0007-curly-apostrophes': curlyApostrophes,
  '2026-11-26-0008-money': money,
  '2026-11-27-0009-depenses-remboursements': depensesRemboursements,
  '2026-11-28-0010-chantiers': chantiers,
  '2026-11-29-0011-audit-chaine': auditChaine,
  '2026-11-30-0012-preferences': preferences,
  '2026-12-01-0013-totaux-journaliers': totauxJournaliers,
  '2026-12-02-0014-demandes-demandeur': demandesDemandeur,
  '2026-12-03-0015-echeanciers': echeanciers,
  '2026-12-04-0016-rappels': rappels,
  '2026-12-05-0017-contrat-prix': contratPrix,
  '2026-12-06-0018-compteurs-par-instruction': compteursParInstruction,
  '2026-12-07-0019-sauvegardes': sauvegardes,
  '2026-12-08-0020-demandes-createur': demandesCreateur,
  '2026-12-09-0021-inscription': inscription,
  '2026-12-10-0022-notifications': notifications,
  '2026-12-11-0023-deux-facteurs': deuxFacteurs,
  '2026-12-12-0024-chantier-photos': chantierPhotos,
  '2026-12-13-0025-releves-bancaires': relevesBancaires,
  '2026-12-14-0026-rapprochements': rapprochements,
  '2026-12-15-0027-clotures': clotures,
  '2026-12-16-0028-comptabilite': comptabilite,
  '2026-12-17-0029-controles': controles,
  '2026-12-18-0030-versements-en-attente': versementsEnAttente,
  '2026-12-19-0031-compte-contrepartie': compteContrepartie,
};
