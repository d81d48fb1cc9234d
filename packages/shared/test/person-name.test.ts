import { describe, expect, it } from 'vitest';
import { applicantName, fullName, splitNomComplet } from '../src/person-name.ts';

describe('person names', () => {
  it('writes first names, then the family name', () => {
    expect(fullName({ prenom: 'Issa', nom: 'Ouédraogo' })).toBe('Issa Ouédraogo');
    expect(fullName({ prenom: '', nom: 'Traoré' })).toBe('Traoré');
  });

  it("reads a demande's full name family name first, whatever the spaces", () => {
    expect(splitNomComplet('  Kouadio   Affoué Marie ')).toEqual({ nom: 'Kouadio', prenom: 'Affoué Marie' });
    expect(splitNomComplet('Diallo')).toEqual({ nom: 'Diallo', prenom: '' });
  });

  it("shows a demande's applicant in the same order as the member made from it", () => {
    const typed = 'Ouédraogo Issa';
    expect(applicantName(typed)).toBe(fullName(splitNomComplet(typed)));
    expect(applicantName(typed)).toBe('Issa Ouédraogo');
    expect(applicantName('Kouassi Jean-Marc')).toBe('Jean-Marc Kouassi');
  });
});
