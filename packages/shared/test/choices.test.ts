import { describe, expect, it } from 'vitest';
import {
  chantierCreateSchema,
  choiceField,
  choiceKey,
  demandeCreateSchema,
  demandePublicSchema,
  demandeRejectSchema,
  demandeUpdateSchema,
  depenseCreateSchema,
  depenseListQuerySchema,
  personnelListQuerySchema,
  villeError,
} from '../src/index.ts';

/** Values as keyboards and API clients type them: straight apostrophe, other dashes and spaces, case. */
describe('a value checked against a list', () => {
  it('compares without typography: apostrophes, dashes, spaces, case and composition', () => {
    const key = choiceKey('Côte d’Ivoire');
    expect(choiceKey("Côte d'Ivoire")).toBe(key);
    expect(choiceKey('Côte dʼIvoire')).toBe(key);
    expect(choiceKey('  côte\u00a0D’IVOIRE ')).toBe(key);
    expect(choiceKey('Co\u0302te d’Ivoire')).toBe(key);
    expect(choiceKey('San\u2011Pédro')).toBe(choiceKey('San-Pédro'));
    expect(choiceKey('Cote d’Ivoire')).not.toBe(key);
  });

  it('stores and answers the list’s own entry, and refuses what is not in it with the message', () => {
    const field = choiceField(['Côte d’Ivoire', 'Mali'] as const, 'Veuillez choisir un pays');
    expect(field.parse("Côte d'Ivoire")).toBe('Côte d’Ivoire');
    expect(field.parse(' mali ')).toBe('Mali');
    expect(field.safeParse('Togo').error?.issues[0]?.message).toBe('Veuillez choisir un pays');
    expect(field.safeParse(12).error?.issues[0]?.message).toBe('Veuillez choisir un pays');
  });
});

const demande = {
  nom_complet: 'Kouassi Jean-Marc',
  num_cni: 'CI05123456701',
  date_naissance: '1988-05-17',
  situation_matrimoniale: 'marié(e)',
  profession: 'Comptable',
  email: 'jm@test.example',
  telephone: '+225 07 11 22 33 44',
  ville: 'Abidjan',
  adresse: 'Cocody',
  produit_id: 3,
  engagement_mensuel: 150_000,
  duree_paiement: 60,
};

describe('the lists of the forms', () => {
  it('takes the country and a listed city of a demande with a straight apostrophe or another dash', () => {
    for (const schema of [demandePublicSchema, demandeCreateSchema]) {
      const parsed = schema.parse({ ...demande, pays: "Côte d'Ivoire", ville: 'san-pédro' });
      expect(parsed.pays).toBe('Côte d’Ivoire');
      expect(parsed.ville).toBe('San-Pédro');
    }
    expect(demandeUpdateSchema.parse({ pays: "côte d'ivoire" }).pays).toBe('Côte d’Ivoire');
    expect(villeError("Côte d'Ivoire", 'Bouaké')).toBeNull();
    expect(villeError("Côte d'Ivoire", 'Lyon')).toBe('Veuillez choisir une ville dans la liste');
  });

  it('takes a rejection reason typed with a straight apostrophe', () => {
    const parsed = demandeRejectSchema.parse({ motif_rejet: "Critères d'éligibilité non respectés" });
    expect(parsed.motif_rejet).toBe('Critères d’éligibilité non respectés');
  });

  it('takes a chantier’s country, an expense’s category and a department whatever their typography', () => {
    const chantier = chantierCreateSchema.safeParse({
      nom_chantier: 'Résidence',
      description: 'Gros œuvre',
      adresse: 'Lot 12',
      ville: 'Abidjan',
      pays: "Côte d'Ivoire",
      date_debut: '2026-03-01',
      date_fin_prevue: '2027-03-01',
      budget_prevu: 50_000_000,
    });
    expect(chantier.data?.pays).toBe('Côte d’Ivoire');
    const depense = depenseCreateSchema.parse({
      montant: 5000,
      categorie: 'fournitures  de bureau',
      description: 'Ramettes',
      date_depense: '2026-03-01',
    });
    expect(depense.categorie).toBe('Fournitures de bureau');
    expect(depenseListQuerySchema.parse({ categorie: 'matériel informatique' }).categorie).toBe(
      'Matériel informatique',
    );
    expect(personnelListQuerySchema.parse({ departement: 'comptabilité' }).departement).toBe('Comptabilité');
  });
});
