import { setTimeout as sleep } from 'node:timers/promises';

/** The share of the time a backup's database work may take on PostgreSQL (its backend cannot be niced). */
export const PART_SAUVEGARDE = 0.5;
/** Work goes in slices this long, each followed by its pause: the server's requests never wait long. */
const TRANCHE_MS = 20;

/**
 * A pause to await between two steps of a long work (a batch read, a statement loaded): once the
 * steps since the last pause took TRANCHE_MS, it waits so that the work keeps to `part` of the time.
 */
export type Pause = () => Promise<void>;

export function cadence(part = PART_SAUVEGARDE): Pause {
  let since = performance.now();
  return async () => {
    const busy = performance.now() - since;
    if (busy < TRANCHE_MS) return;
    await sleep((busy * (1 - part)) / part);
    since = performance.now();
  };
}

/** No pause: the embedded database, whose one connection a slower read would hold longer. */
export const sansPause: Pause = async () => {};
