import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerBreaches } from '../src/modules/banques/ledger.repository.ts';
import { createProduit } from './catalogue-helpers.ts';
import { buildTestApp, login, loginAs, type TestContext } from './helpers.ts';
import { createMembre } from './people-helpers.ts';

/**
 * The ledger under long random sequences (issue 11): members and a gestionnaire declare payments;
 * the comptable and the gestionnaire validate, reject and delete them; the comptable deposits and
 * withdraws. After every step the invariants of `check:ledger` hold, and the balances and paid
 * totals are what the accepted operations say they must be; no step answers a 5xx.
 */

type Who = 'comptable' | 'gestionnaire';
type Command =
  | { kind: 'declare'; membre: number; banque: number; montant: number; byGestionnaire: boolean }
  | { kind: 'validate' | 'reject' | 'delete'; pick: number; who: Who }
  | { kind: 'depot' | 'retrait'; banque: number; montant: number };

const MEMBRES = 3;
const BANQUES = 2;

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant('declare' as const),
    membre: fc.nat(MEMBRES - 1),
    banque: fc.nat(BANQUES - 1),
    montant: fc.integer({ min: 1, max: 900_000 }),
    byGestionnaire: fc.boolean(),
  }),
  fc.record({
    kind: fc.constantFrom('validate' as const, 'reject' as const, 'delete' as const),
    pick: fc.nat(),
    who: fc.constantFrom<Who>('comptable', 'gestionnaire'),
  }),
  fc.record({
    kind: fc.constantFrom('depot' as const, 'retrait' as const),
    banque: fc.nat(BANQUES - 1),
    montant: fc.integer({ min: 1, max: 2_000_000 }),
  }),
);

describe('the ledger under random sequences of operations', () => {
  let ctx: TestContext;
  const auth: Record<string, { authorization: string }> = {};
  const membres: { id: number; produit_id: number; auth: { authorization: string } }[] = [];
  const banques: number[] = [];
  let receipt = 0;

  beforeAll(async () => {
    ctx = await buildTestApp();
    const comptable = await loginAs(ctx, 'comptable');
    const gestionnaire = await loginAs(ctx, 'gestionnaire');
    auth.comptable = comptable.auth;
    auth.gestionnaire = gestionnaire.auth;
    for (let i = 0; i < MEMBRES; i += 1) {
      const produit_id = await createProduit(ctx.db);
      const membre = await createMembre(ctx.db, { produit_id, gestionnaire_id: gestionnaire.account.id });
      const token = (await login(ctx.app, membre.account.email)).json().data.token as string;
      membres.push({ id: membre.id, produit_id, auth: { authorization: `Bearer ${token}` } });
    }
    for (let i = 0; i < BANQUES; i += 1) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/banques',
        headers: auth.comptable,
        payload: {
          nom: `Banque ${i}`,
          code_banque: `PB${i}`,
          numero_compte: `000${i}`,
          adresse: 'Plateau',
          telephone: '+225 27 20 00 00 00',
          email: `banque${i}@test.example`,
          solde_initial: i * 500_000,
        },
      });
      expect(response.statusCode).toBe(201);
      banques.push(response.json().data.id);
    }
  });

  afterAll(async () => {
    await ctx.close();
  });

  async function balances() {
    const rows = await ctx.db.selectFrom('banques').select(['id', 'solde']).where('id', 'in', banques).execute();
    return new Map(rows.map((r) => [r.id, Number(r.solde)]));
  }

  async function paidTotals() {
    const ids = membres.map((m) => m.id);
    const rows = await ctx.db
      .selectFrom('membres')
      .select(['id', 'montant_deja_paye'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, Number(r.montant_deja_paye)]));
  }

  it('keeps every invariant and every expected balance after each step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 10, maxLength: 40 }), async (commands) => {
        // The model starts from what the database holds (runs follow one another on it).
        const solde = await balances();
        const paye = await paidTotals();
        const versements: {
          id: number;
          montant: number;
          banque: number;
          membre: number;
          statut: string;
          by: string;
        }[] = [];
        for (const step of commands) {
          if (step.kind === 'declare') {
            const membre = membres[step.membre];
            const banque = banques[step.banque];
            if (!membre || banque === undefined) continue;
            receipt += 1;
            const payload = {
              produit_id: membre.produit_id,
              montant: step.montant,
              banque_id: banque,
              numero_recu: `P-${receipt}`,
              date_recu: '2026-11-02',
              ...(step.byGestionnaire ? { membre_id: membre.id, date_versement: '2026-11-03' } : {}),
            };
            const response = await ctx.app.inject({
              method: 'POST',
              url: '/api/versements',
              headers: step.byGestionnaire ? auth.gestionnaire : membre.auth,
              payload,
            });
            expect(response.statusCode, response.body).toBe(201);
            versements.push({
              id: response.json().data.id,
              montant: step.montant,
              banque,
              membre: membre.id,
              statut: 'en_attente',
              by: step.byGestionnaire ? 'gestionnaire' : 'membre',
            });
          } else if (!('pick' in step)) {
            const banque = banques[step.banque] ?? 0;
            const response = await ctx.app.inject({
              method: 'PATCH',
              url: `/api/banques/${banque}/solde`,
              headers: auth.comptable,
              payload: { type: step.kind, montant: step.montant, commentaire: 'Opération aléatoire' },
            });
            const before = solde.get(banque) ?? 0;
            if (step.kind === 'retrait' && step.montant > before) {
              expect(response.statusCode, response.body).toBe(409);
            } else {
              expect(response.statusCode, response.body).toBe(200);
              solde.set(banque, before + (step.kind === 'depot' ? step.montant : -step.montant));
            }
          } else {
            const v = versements[step.pick % Math.max(1, versements.length)];
            if (!v) continue;
            const url = `/api/versements/${v.id}${step.kind === 'delete' ? '' : `/${step.kind}`}`;
            const response = await ctx.app.inject({
              method: step.kind === 'delete' ? 'DELETE' : 'PATCH',
              url,
              headers: auth[step.who],
            });
            const status = response.statusCode;
            if (v.statut === 'supprime') {
              expect(status, response.body).toBe(404);
            } else if (step.kind === 'delete') {
              const reversal = v.statut === 'valide';
              const before = solde.get(v.banque) ?? 0;
              if (reversal && v.montant > before) {
                expect(status, response.body).toBe(409);
              } else {
                expect(status, response.body).toBe(200);
                if (reversal) {
                  solde.set(v.banque, before - v.montant);
                  paye.set(v.membre, (paye.get(v.membre) ?? 0) - v.montant);
                }
                v.statut = 'supprime';
              }
            } else if (v.statut !== 'en_attente') {
              expect(status, response.body).toBe(409);
            } else if (step.kind === 'validate' && v.by === step.who) {
              expect(status, response.body).toBe(403);
            } else {
              expect(status, response.body).toBe(200);
              v.statut = step.kind === 'validate' ? 'valide' : 'rejete';
              if (step.kind === 'validate') {
                solde.set(v.banque, (solde.get(v.banque) ?? 0) + v.montant);
                paye.set(v.membre, (paye.get(v.membre) ?? 0) + v.montant);
              }
            }
          }
          expect(await ledgerBreaches(ctx.db)).toEqual([]);
          expect(await balances()).toEqual(solde);
          expect(await paidTotals()).toEqual(paye);
        }
      }),
      { numRuns: 25 },
    );
  });
});
