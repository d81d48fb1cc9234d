import { describe, expect, it } from 'vitest';
import {
  decimalField,
  INPUT_MESSAGES,
  idField,
  idParamsSchema,
  intField,
  membresGestionnaireSchema,
  PG_INT_MAX,
  pageQuerySchema,
  personnelCreateSchema,
  produitBodySchema,
  produitListQuerySchema,
} from '../src/index.ts';

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('intField', () => {
  const field = intField('Nombre invalide', { min: 1, max: 99 });

  it('accepts a JSON number and a string of decimal digits', () => {
    expect(field.parse(7)).toBe(7);
    expect(field.parse('7')).toBe(7);
    expect(field.parse('007')).toBe(7);
    // 1e3 in a JSON body is the number 1000: JSON has no other way to tell it apart.
    expect(intField().parse(1e3)).toBe(1000);
  });

  it.each([
    ['hexadecimal', '0x10'],
    ['exponent', '1e3'],
    ['spaces', ' 7 '],
    ['sign', '+7'],
    ['negative text', '-7'],
    ['fraction text', '7.0'],
    ['empty text', ''],
    ['an array', [7]],
    ['a boolean', true],
    ['null', null],
    ['an object', { value: 7 }],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['NaN', Number.NaN],
    ['a fraction', 7.5],
    ['below the minimum', 0],
    ['above the maximum', '100'],
    ['too many digits', '12345678901234567890'],
  ])('refuses %s with the field message', (_label, value) => {
    const result = field.safeParse(value);
    expect(result.success).toBe(false);
    expect(message(result)).toBe('Nombre invalide');
  });

  it('gives the integer message to a JSON fraction when the field has one', () => {
    const salary = intField('Trop petit', { min: 1, integerMessage: 'Un entier' });
    expect(message(salary.safeParse(1.5))).toBe('Un entier');
    expect(message(salary.safeParse(0))).toBe('Trop petit');
  });

  it('keeps optional and default wrappers', () => {
    expect(pageQuerySchema.parse({})).toMatchObject({ page: 1, limit: 50 });
    expect(pageQuerySchema.parse({ page: '3', limit: '20' })).toMatchObject({ page: 3, limit: 20 });
    expect(pageQuerySchema.safeParse({ page: '0x10' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ limit: '1e3' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ page: ['1', '2'] }).success).toBe(false);
    expect(produitListQuerySchema.parse({}).prix_min).toBeUndefined();
    expect(produitListQuerySchema.parse({ prix_max: '5000000000' }).prix_max).toBe(5_000_000_000);
  });
});

describe('decimalField', () => {
  const field = decimalField('Surface invalide', { max: 1000 });

  it('accepts a number, digits and digits with a decimal point', () => {
    expect(field.parse(12.5)).toBe(12.5);
    expect(field.parse('12')).toBe(12);
    expect(field.parse('12.5')).toBe(12.5);
  });

  it.each(['0x10', '1e3', ' 12 ', '12,5', '.5', '12.', [12]])('refuses %j', (value) => {
    expect(message(field.safeParse(value))).toBe('Surface invalide');
  });
});

describe('idField', () => {
  it('accepts ids from 1 to the PostgreSQL integer maximum', () => {
    expect(idField().parse('1')).toBe(1);
    expect(idField().parse(PG_INT_MAX)).toBe(PG_INT_MAX);
    expect(idParamsSchema.parse({ id: '2147483647' })).toEqual({ id: PG_INT_MAX });
  });

  it.each([0, '0', 2_147_483_648, '2147483648', 2 ** 53 - 1, '9007199254740993', -1, '0x10', '1e3', ' 7 ', [7]])(
    'refuses %j with a French message',
    (value) => {
      expect(message(idParamsSchema.safeParse({ id: value }))).toBe(INPUT_MESSAGES.invalidId);
    },
  );

  it('keeps the message a form gives', () => {
    expect(message(idField('Veuillez sélectionner un site').safeParse('abc'))).toBe('Veuillez sélectionner un site');
  });
});

describe('number fields of the forms', () => {
  const produit = {
    titre: 'Villa',
    description: 'Belle villa',
    type: 'logement',
    superficie: '250.5',
    prix_vente: '45000000',
    site_id: '3',
  };

  it('reads a multipart product form of digits', () => {
    expect(produitBodySchema.parse(produit)).toMatchObject({ superficie: 250.5, prix_vente: 45_000_000, site_id: 3 });
  });

  it.each([
    ['prix_vente', '0x10', 'Le prix de vente doit être supérieur à 0'],
    ['prix_vente', '1e3', 'Le prix de vente doit être supérieur à 0'],
    ['nombre_chambre', [2], 'Le nombre de chambres ne peut pas être négatif'],
    ['site_id', '2147483648', 'Veuillez sélectionner un site'],
    ['superficie', ' 7 ', 'La superficie doit être supérieure à 0'],
    ['superficie', '0', 'La superficie doit être supérieure à 0'],
  ])('refuses %s = %j with its own message', (field, value, expected) => {
    const result = produitBodySchema.safeParse({ ...produit, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((i) => i.path[0] === field)?.message).toBe(expected);
  });

  it('refuses member ids out of the integer range in a bulk assignment', () => {
    const result = membresGestionnaireSchema.safeParse({ membre_ids: [1, 2_147_483_648], gestionnaire_id: 2 });
    expect(result.success).toBe(false);
    expect(membresGestionnaireSchema.safeParse({ membre_ids: [1, '2'], gestionnaire_id: '2' }).success).toBe(true);
  });

  it('keeps the salary messages', () => {
    const base = {
      num_cni: 'CI12345678901',
      nom: 'Kouamé',
      prenom: 'Awa',
      email: 'awa@example.test',
      departement: 'Direction',
      poste: 'Chef',
      date_embauche: '2024-01-01',
      password: 'secret12',
    };
    const salary = (salaire: unknown) =>
      personnelCreateSchema.safeParse({ ...base, salaire }).error?.issues.find((i) => i.path[0] === 'salaire')?.message;
    expect(salary('')).toBeUndefined();
    expect(salary('450000')).toBeUndefined();
    expect(salary(1.5)).toBe('Le salaire doit être un nombre entier de FCFA');
    expect(salary('0x10')).toBe('Le salaire doit être supérieur à 0');
  });
});
