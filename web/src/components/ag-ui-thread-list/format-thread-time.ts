/** The units a relative time is told in, each with its length in ms, largest first. */
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** Under this age (ms) a time is "now"; from `RELATIVE_LIMIT` on it is a date. */
const NOW_LIMIT = 60_000;
const RELATIVE_LIMIT = 7 * 86_400_000;

/**
 * A thread's time as a person reads it in a list, relative to `now` (both ms since the epoch): "now", "5 min. ago",
 * "3 hr. ago", "yesterday", "4 days ago" within a week, then (and for a time after `now`, from a clock set ahead) a
 * short date ("Mar 3", with the year when not this year's).
 * `locale`: a BCP 47 tag; default the browser's.
 */
export function formatThreadTime(time: number, now: number, locale?: string): string {
  const age = now - time;
  if (age >= 0 && age < RELATIVE_LIMIT) {
    const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
    if (age < NOW_LIMIT) return relative.format(0, 'second');
    const [unit, length] = UNITS.find(([, ms]) => age >= ms)!;
    return relative.format(-Math.floor(age / length), unit);
  }
  const date = new Date(time);
  const sameYear = date.getFullYear() === new Date(now).getFullYear();
  return new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: sameYear ? undefined : 'numeric' }).format(date);
}

/** The full date and time of `time` (ms since the epoch), for a tooltip. */
export function formatFullTime(time: number, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(time));
}
