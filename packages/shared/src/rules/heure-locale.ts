/** Wall-clock times of a time zone (the company's), for slots computed in it. */

/** The wall clock of an instant in a time zone, as a UTC timestamp with the same fields. */
export function wallClock(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const field = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(field('year'), field('month') - 1, field('day'), field('hour'), field('minute'), field('second'));
}

/** The instant a wall-clock time of the zone names (the offset read twice, for a change of offset in between). */
export function instantOf(wall: number, timeZone: string): number {
  let instant = wall - (wallClock(wall, timeZone) - wall);
  instant = wall - (wallClock(instant, timeZone) - instant);
  return instant;
}
