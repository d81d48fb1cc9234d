import { AMOUNT_MESSAGES } from '@app/shared';

/** Durations offered by the simulator, in months (12 to 60, by 12). */
export const FINANCING_DURATIONS = [12, 24, 36, 48, 60] as const;

export interface FinancingInput {
  /** Price of the product, whole FCFA. */
  price: number;
  /** Down payment, whole FCFA. */
  downPayment: number;
  months: number;
}

export type FinancingResult =
  | {
      ok: true;
      financed: number;
      /** Each instalment, rounded up to the franc so the instalments cover the amount. */
      monthly: number;
      /** The last instalment: what is left after the others (never negative). */
      last: number;
      /** Down payment plus instalments: the price, to the franc. */
      total: number;
    }
  | { ok: false; error: string };

/**
 * An instalment plan without interest or fees: (price − down payment) ÷ months, rounded up.
 * Integer arithmetic only (amounts are whole FCFA, far below 2^53).
 */
export function simulateFinancing({ price, downPayment, months }: FinancingInput): FinancingResult {
  if (Number.isNaN(price) || price <= 0) return { ok: false, error: 'Indiquez le prix du bien' };
  if (Number.isNaN(downPayment) || downPayment < 0) {
    return { ok: false, error: 'L’apport doit être un montant positif' };
  }
  if (!Number.isInteger(price) || !Number.isInteger(downPayment)) return { ok: false, error: AMOUNT_MESSAGES.whole };
  if (downPayment > price) return { ok: false, error: 'L’apport ne peut pas dépasser le prix du bien' };
  if (!Number.isInteger(months) || months < 1) return { ok: false, error: 'Choisissez une durée' };
  const financed = price - downPayment;
  let monthly = Math.floor((financed + months - 1) / months);
  // Rounding up can overshoot a tiny amount (50 FCFA over 60 months): then round down and let
  // the last instalment carry the remainder, so no instalment is ever negative.
  if (monthly * (months - 1) > financed) monthly = Math.floor(financed / months);
  const last = financed - monthly * (months - 1);
  return { ok: true, financed, monthly, last, total: downPayment + financed };
}
