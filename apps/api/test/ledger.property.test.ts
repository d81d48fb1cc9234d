import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerBreaches } from '../src/modules/banques/ledger.repository.ts';
import { createProduit } from './catalogue-helpers.ts';
import { buildTestApp, login, loginAs, type TestContext } from './helpers.ts';
import { createMembre } from './people-helpers.ts';

/**
 * The ledger under long random sequences (issues 11 and 12): members and a gestionnaire declare
 * payments; the comptable and the gestionnaire validate, reject and delete them; the comptable
 * deposits and withdraws; members file expenses, which the comptable approves or rejects, and
 * refund requests, which the comptable or the gestionnaire approve, reject or cancel. After every
 * step the invariants of `check:ledger` hold, and the balances and paid totals are what the
 * accepted operations say they must be; no step answers a 5xx.
 */

type Who = 'comptable' | 'gestionnaire';
type Command =
  | { kind: 'declare'; membre: number; banque: number; montant: number; byGestionnaire: boolean }
  | { kind: 'validate' | 'reject' | 'delete'; pick: number; who: Who }
  | { kind: 'depot' | 'retrait'; banque: number; montant: number; compte: string | null }
  | { kind: 'depense'; membre: number; banque: number; montant: number }
  | { kind: 'approuver_depense' | 'rejeter_depense'; pick: number }
  | { kind: 'rembourser'; membre: number; percent: number }
  | { kind: 'approuver_remboursement' | 'rejeter_remboursement' | 'annuler_remboursement'; pick: number; who: Who };

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
    // Its counterpart in the journal: chosen, or the suspense account.
    compte: fc.option(fc.constantFrom('631', '101', '5851'), { nil: null }),
  }),
  fc.record({
    kind: fc.constant('depense' as const),
    membre: fc.nat(MEMBRES - 1),
    banque: fc.nat(BANQUES - 1),
    montant: fc.integer({ min: 1, max: 900_000 }),
  }),
  fc.record({ kind: fc.constantFrom('approuver_depense' as const, 'rejeter_depense' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('rembourser' as const),
    membre: fc.nat(MEMBRES - 1),
    // A share of what may be refunded at that moment: above 100, the request asks too much.
    percent: fc.integer({ min: 1, max: 120 }),
  }),
  fc.record({
    kind: fc.constantFrom(
      'approuver_remboursement' as const,
      'rejeter_remboursement' as const,
      'annuler_remboursement' as const,
    ),
    pick: fc.nat(),
    who: fc.constantFrom<Who>('comptable', 'gestionnaire'),
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
    // A thousand operations an hour is the default budget per account; these runs make more.
    const admin = await loginAs(ctx, 'admin');
    const settings = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin.auth,
      payload: { system: { apiRateLimit: 10_000 } },
    });
    expect(settings.statusCode).toBe(200);
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
          // Refunds are paid from the principal bank.
          est_principale: i === 0,
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

  async function pendingRefunds() {
    const rows = await ctx.db
      .selectFrom('remboursements')
      .select(['membre_id', (eb) => eb.fn.sum<string>('montant').as('montant')])
      .where('statut', '=', 'en_attente')
      .groupBy('membre_id')
      .execute();
    return new Map(rows.map((r) => [r.membre_id, Number(r.montant)]));
  }

  // 25 sequences of up to 40 requests: about 10 s alone, over 30 s while other test files share the two cores.
  it('keeps every invariant and every expected balance after each step', { timeout: 120_000 }, async () => {
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
        const depenses: { id: number; montant: number; banque: number; statut: string }[] = [];
        const remboursements: { id: number; montant: number; membre: number; statut: string }[] = [];
        // Requests left pending by earlier runs still count against what may be refunded.
        const earlier = await pendingRefunds();
        const pending = (membre: number) =>
          remboursements
            .filter((r) => r.membre === membre && r.statut === 'en_attente')
            .reduce((sum, r) => sum + r.montant, earlier.get(membre) ?? 0);
        for (const step of commands) {
          if (step.kind === 'depense') {
            const membre = membres[step.membre];
            const banque = banques[step.banque];
            if (!membre || banque === undefined) continue;
            const response = await ctx.app.inject({
              method: 'POST',
              url: '/api/depenses',
              headers: membre.auth,
              payload: {
                montant: step.montant,
                categorie: 'Transport',
                description: 'Aléatoire',
                date_depense: '2026-11-02',
                banque_id: banque,
              },
            });
            expect(response.statusCode, response.body).toBe(201);
            depenses.push({ id: response.json().data.id, montant: step.montant, banque, statut: 'en_attente' });
          } else if (step.kind === 'approuver_depense' || step.kind === 'rejeter_depense') {
            const d = depenses[step.pick % Math.max(1, depenses.length)];
            if (!d) continue;
            const approve = step.kind === 'approuver_depense';
            const response = await ctx.app.inject({
              method: 'PATCH',
              url: `/api/depenses/${d.id}/${approve ? 'approve' : 'reject'}`,
              headers: auth.comptable,
              payload: approve ? {} : { commentaire: 'Hors budget' },
            });
            const before = solde.get(d.banque) ?? 0;
            if (d.statut !== 'en_attente' || (approve && d.montant > before)) {
              expect(response.statusCode, response.body).toBe(409);
            } else {
              expect(response.statusCode, response.body).toBe(200);
              d.statut = approve ? 'approuvee' : 'rejetee';
              if (approve) solde.set(d.banque, before - d.montant);
            }
          } else if (step.kind === 'rembourser') {
            const membre = membres[step.membre];
            if (!membre) continue;
            const remboursable = (paye.get(membre.id) ?? 0) - pending(membre.id);
            const montant = Math.max(1, Math.floor((remboursable * step.percent) / 100));
            const response = await ctx.app.inject({
              method: 'POST',
              url: '/api/remboursements',
              headers: membre.auth,
              payload: { montant, raison: 'Aléatoire' },
            });
            if (montant > remboursable) {
              expect(response.statusCode, response.body).toBe(400);
            } else {
              expect(response.statusCode, response.body).toBe(201);
              remboursements.push({
                id: response.json().data.id,
                montant,
                membre: membre.id,
                statut: 'en_attente',
              });
            }
          } else if (
            step.kind === 'approuver_remboursement' ||
            step.kind === 'rejeter_remboursement' ||
            step.kind === 'annuler_remboursement'
          ) {
            const r = remboursements[step.pick % Math.max(1, remboursements.length)];
            if (!r) continue;
            const response = await ctx.app.inject(
              step.kind === 'annuler_remboursement'
                ? { method: 'DELETE', url: `/api/remboursements/${r.id}`, headers: auth[step.who] }
                : {
                    method: 'PUT',
                    url: `/api/remboursements/${r.id}/traiter`,
                    headers: auth[step.who],
                    payload:
                      step.kind === 'approuver_remboursement'
                        ? { statut: 'approuve' }
                        : { statut: 'rejete', commentaire: 'Non justifié' },
                  },
            );
            const principale = banques[0] ?? 0;
            const before = solde.get(principale) ?? 0;
            const paid = paye.get(r.membre) ?? 0;
            if (r.statut === 'annule') {
              expect(response.statusCode, response.body).toBe(404);
            } else if (r.statut !== 'en_attente') {
              expect(response.statusCode, response.body).toBe(409);
            } else if (step.kind === 'annuler_remboursement') {
              expect(response.statusCode, response.body).toBe(200);
              r.statut = 'annule';
            } else if (step.kind === 'rejeter_remboursement') {
              expect(response.statusCode, response.body).toBe(200);
              r.statut = 'rejete';
            } else if (r.montant > before || r.montant > paid) {
              // The principal bank cannot pay it, or a deleted payment lowered the paid total since.
              expect(response.statusCode, response.body).toBe(409);
            } else {
              expect(response.statusCode, response.body).toBe(200);
              r.statut = 'approuve';
              solde.set(principale, before - r.montant);
              paye.set(r.membre, paid - r.montant);
            }
          } else if (step.kind === 'declare') {
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
              payload: {
                type: step.kind,
                montant: step.montant,
                commentaire: 'Opération aléatoire',
                ...(step.compte && { compte: step.compte }),
              },
            });
            const before = solde.get(banque) ?? 0;
            if (step.kind === 'retrait' && step.montant > before) {
              expect(response.statusCode, response.body).toBe(409);
            } else {
              expect(response.statusCode, response.body).toBe(200);
              solde.set(banque, before + (step.kind === 'depot' ? step.montant : -step.montant));
            }
          } else if (step.kind === 'validate' || step.kind === 'reject' || step.kind === 'delete') {
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
              // The bank cannot give it back, or it was refunded to the member since.
              if (reversal && (v.montant > before || v.montant > (paye.get(v.membre) ?? 0))) {
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
