import { formatFCFA, plural } from '../format.ts';

/**
 * What a member owes is his product's price (issue 23). A request's terms (a monthly amount over a
 * duration) are the pace he proposes: terms that cover the price end with a smaller last
 * instalment (sooner when they cover it before the duration); terms that fall short need the
 * validator's explicit choice of how the remainder is paid.
 */

/** How the remainder of terms that do not cover the price is paid. */
export const SOLDES = ['derniere_echeance', 'mensualite_ajustee'] as const;
export type Solde = (typeof SOLDES)[number];

export interface Couverture {
  prix: number;
  /** What the terms pay: monthly amount × duration. */
  couvert: number;
  /** What they leave unpaid (0 when they cover the price). */
  manque: number;
  /** The whole-FCFA monthly amount that covers the price over the duration. */
  mensualite_proposee: number;
}

/** How far terms go towards a price; null while the price, the amount or the duration is missing. */
export function couverture(prix: unknown, engagement: unknown, duree: unknown): Couverture | null {
  const [p, m, d] = [Number(prix), Number(engagement), Number(duree)];
  if (![p, m, d].every((n) => Number.isSafeInteger(n) && n > 0)) return null;
  return { prix: p, couvert: m * d, manque: Math.max(0, p - m * d), mensualite_proposee: Math.ceil(p / d) };
}

/** A member's contract: `duree` instalments of `engagement`, the last one holding what remains of `total`. */
export interface Contrat {
  total: number;
  engagement: number;
  duree: number;
  /** The last instalment: total − engagement × (duree − 1). */
  derniere: number;
}

function contratDe(total: number, engagement: number, duree: number): Contrat {
  return { total, engagement, duree, derniere: total - engagement * (duree - 1) };
}

/**
 * The contract a validation makes of a request's terms for a product at `prix`: null when the terms
 * fall short and no choice was made. 'derniere_echeance' keeps the monthly amount and adds one
 * instalment for the remainder; 'mensualite_ajustee' raises the monthly amount to cover the price
 * over the duration.
 */
export function contratPour(prix: number, engagement: number, duree: number, solde?: Solde): Contrat | null {
  // Terms that cover it; a monthly amount above the price is one instalment of the price.
  if (engagement * duree >= prix) return contratDe(prix, Math.min(engagement, prix), Math.ceil(prix / engagement));
  if (solde === 'derniere_echeance') return contratDe(prix, engagement, duree + 1);
  if (solde === 'mensualite_ajustee') {
    const ajustee = Math.ceil(prix / duree);
    return contratDe(prix, ajustee, Math.ceil(prix / ajustee));
  }
  return null;
}

/**
 * A contract's instalments in words: '30 échéances de 400 000 FCFA', or '37 échéances : 36 de
 * 65 000 FCFA, puis une dernière de 9 660 000 FCFA' when the last one differs.
 */
export function contratResume({ engagement, duree, derniere }: Contrat): string {
  const count = plural(duree, 'échéance');
  if (duree === 1 || derniere === engagement) return `${count} de ${formatFCFA(derniere)}`;
  return `${count} : ${duree - 1} de ${formatFCFA(engagement)}, puis une dernière de ${formatFCFA(derniere)}`;
}

/** The French words of a shortfall, for the forms and the server's refusal. */
export function manqueMessage({ prix, couvert, manque }: Couverture): string {
  return `Les conditions couvrent ${formatFCFA(couvert)} sur un prix de ${formatFCFA(prix)} : il manque ${formatFCFA(manque)}.`;
}

export const SOLDE_LABELS: Record<Solde, string> = {
  derniere_echeance: 'Une dernière échéance pour le solde',
  mensualite_ajustee: 'Une mensualité ajustée pour couvrir le prix',
};
