import { expect } from '@open-wc/testing';
import { formatFullTime, formatThreadTime } from '../../../web/src/components/ag-ui-thread-list/format-thread-time.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = new Date(2026, 5, 15, 12, 0).getTime();

describe('formatThreadTime', () => {
  it('tells a recent time relative to now, in the largest whole unit', () => {
    const at = (age: number) => formatThreadTime(NOW - age, NOW, 'en-US');
    expect(at(20_000)).to.equal('now');
    expect(at(5 * MINUTE + 59_000)).to.equal('5 min. ago');
    expect(at(3 * HOUR + 10 * MINUTE)).to.equal('3 hr. ago');
    expect(at(DAY + HOUR)).to.equal('yesterday');
    expect(at(4 * DAY)).to.equal('4 days ago');
  });

  it('tells a time a week old or more as a date, with the year only when not this year\'s', () => {
    expect(formatThreadTime(new Date(2026, 2, 3, 9, 0).getTime(), NOW, 'en-US')).to.equal('Mar 3');
    expect(formatThreadTime(new Date(2025, 11, 24).getTime(), NOW, 'en-US')).to.equal('Dec 24, 2025');
  });

  it('tells a time in the future (a clock set ahead elsewhere) as a date rather than "in 5 min."', () => {
    expect(formatThreadTime(NOW + 5 * MINUTE, NOW, 'en-US')).to.equal('Jun 15');
  });

  it('gives the full date and time for a tooltip', () => {
    expect(formatFullTime(NOW, 'en-US')).to.match(/^Jun 15, 2026,? (at )?12:00\sPM$/);
  });
});
