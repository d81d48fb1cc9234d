/**
 * An amount in French words, as a receipt writes it (issue 15): "deux cent cinquante mille francs
 * CFA". Traditional spelling: hyphens inside the tens, "et" in 21, 31… 71, "quatre-vingts" and
 * "cents" take their s only at the end of a number or before million and milliard (nouns), "mille"
 * never does, "un million de francs".
 */
const UNITS = [
  'zéro',
  'un',
  'deux',
  'trois',
  'quatre',
  'cinq',
  'six',
  'sept',
  'huit',
  'neuf',
  'dix',
  'onze',
  'douze',
  'treize',
  'quatorze',
  'quinze',
  'seize',
];
const TENS = [
  '',
  'dix',
  'vingt',
  'trente',
  'quarante',
  'cinquante',
  'soixante',
  'soixante',
  'quatre-vingt',
  'quatre-vingt',
];

/** 0 < n < 100; `final`: nothing follows but a noun (million, milliard) or the end. */
function belowHundred(n: number, final: boolean): string {
  if (n <= 16) return UNITS[n] as string;
  if (n < 20) return `dix-${UNITS[n - 10]}`;
  const ten = Math.floor(n / 10);
  // 70–79 and 90–99 count on from soixante and quatre-vingt with 10–19.
  const rest = ten === 7 || ten === 9 ? (n % 10) + 10 : n % 10;
  const word = TENS[ten] as string;
  if (rest === 0) return ten === 8 && final ? 'quatre-vingts' : word;
  if (rest === 1 && ten < 8) return `${word} et un`;
  if (rest === 11 && ten === 7) return `${word} et onze`;
  return `${word}-${belowHundred(rest, false)}`;
}

/** 0 < n < 1000. */
function belowThousand(n: number, final: boolean): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const head =
    hundreds === 0 ? '' : hundreds === 1 ? 'cent' : `${UNITS[hundreds]} cent${rest === 0 && final ? 's' : ''}`;
  if (rest === 0) return head;
  const tail = belowHundred(rest, final);
  return head ? `${head} ${tail}` : tail;
}

/** A whole number of 0 or more, below 10^15, in words. */
export function nombreEnLettres(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 1e15) throw new RangeError(`nombre hors limites : ${n}`);
  if (n === 0) return UNITS[0] as string;
  const groups: [number, string | null][] = [
    [1e12, 'billion'],
    [1e9, 'milliard'],
    [1e6, 'million'],
    [1e3, null],
  ];
  const words: string[] = [];
  let rest = n;
  for (const [size, noun] of groups) {
    const count = Math.floor(rest / size);
    rest %= size;
    if (count === 0) continue;
    if (noun) words.push(`${belowThousand(count, true)} ${noun}${count > 1 ? 's' : ''}`);
    // mille: invariable, never "un mille"; what comes before it takes no s.
    else words.push(count === 1 ? 'mille' : `${belowThousand(count, false)} mille`);
  }
  if (rest > 0) words.push(belowThousand(rest, true));
  return words.join(' ');
}

/** An amount in FCFA in words: "un franc CFA", "deux cent cinquante mille francs CFA", "un million de francs CFA". */
export function montantEnLettres(montant: number): string {
  const words = nombreEnLettres(montant);
  if (montant === 1) return 'un franc CFA';
  // A number ending on million or milliard is a noun: "de francs".
  const of = /(million|milliard|billion)s?$/.test(words) ? ' de' : '';
  return `${words}${of} francs CFA`;
}
