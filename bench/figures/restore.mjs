// Figure 8, restore of a persisted thread: 5,000 messages with 500 frontend tool calls written to a real IndexedDB,
// then restored into `<ag-ui-agent persist>` in a fresh page. Time to the first frame that shows the last message
// (transcript at the bottom) and the longest main-thread task from the mount until 1 s after that frame.
import { ms, verdict } from './format.mjs';

const MESSAGES = 5_000;
const TOOL_CALLS = 500;
const SETTLE_MS = 1_000;

export const restore = {
  id: 'restore',
  async run(ctx) {
    const reps = ctx.quick ? 1 : 5;
    // One database per build (each build is served on its own origin anyway).
    const name = 'ag-ui-lit-bench-restore';
    const seeded = await ctx.inPage('/restore.html', 'seed', { name, messages: MESSAGES, toolCalls: TOOL_CALLS });
    ctx.log(
      `seeded ${seeded.messages} messages (${seeded.toolMessages} tool messages), ${seeded.toolCalls} tool-call records, ` +
        `${(seeded.jsonBytes / 2 ** 20).toFixed(1)} MiB as JSON, save ${ms(seeded.saveMs)}`,
    );
    const runs = [];
    try {
      for (let rep = 0; rep < reps; rep++) {
        const params = { name, threadId: seeded.threadId, lastId: seeded.lastId, lastText: seeded.lastText, messages: MESSAGES, toolCalls: TOOL_CALLS, settleMs: SETTLE_MS };
        runs.push(await ctx.inPage('/restore.html', 'restore', params));
      }
    } finally {
      await ctx.inPage('/restore.html', 'drop', { name }).catch(() => undefined);
    }
    ctx.log(
      runs
        .map((r) => `paint ${ms(r.firstPaintMs)} (load ${ms(r.loadStartMs)}+${ms(r.loadMs)}, changed ${ms(r.threadChangedMs)}), longest ${ms(r.longestTaskMs)} [${r.longTaskStartsMs.map(([at, d]) => `${d}@${at}`).join(' ')}]`)
        .join('; '),
    );
    ctx.shared.restore = { seeded, runs };
    const med = (key) => ctx.median(runs.map((r) => r[key]));
    const figure = '8 restore 5,000 msgs';
    const paint = med('firstPaintMs');
    const longest = med('longestTaskMs');
    const list = (key) => runs.map((r) => ms(r[key])).join(', ');
    return [
      {
        figure,
        contender: '<ag-ui-agent persist>: mount -> first paint of the last message',
        median: paint,
        unit: 'ms',
        target: 'report',
        verdict: '–',
        note:
          `${MESSAGES.toLocaleString('en-US')} messages (${seeded.toolMessages} tool messages; 250 assistant messages with 2 calls each) and ${TOOL_CALLS} ` +
          `ToolCallRecords (${(seeded.jsonBytes / 2 ** 20).toFixed(1)} MiB as JSON) written with IndexedDbThreadStore.save() in one page; each run a fresh page mounts ` +
          '`<ag-ui-agent persist persist-name url>` (no thread-id: the newest thread), timed from the append to the paint of the first frame whose DOM has the ' +
          'last message\'s text with the transcript at the bottom (a frame\'s paint: a message posted from its first animation-frame callback). ' +
          `Per run: ${list('firstPaintMs')}; ${runs[0].entries} entries rendered, ${runs[0].renders} renders.`,
      },
      {
        figure,
        contender: 'IndexedDB list() + load() (split)',
        median: med('loadEndMs'),
        unit: 'ms',
        reference: `load() ${ms(med('loadMs'))}`,
        target: 'report',
        verdict: '–',
        note:
          'From the append to the end of the store\'s load() (its list() and load() timed by wrapping IndexedDbThreadStore.prototype; the opening of the ' +
          `database is in the first of them): list() starts at ${ms(med('listStartMs'))}, load() at ${ms(med('loadStartMs'))} and takes ${ms(med('loadMs'))} ` +
          `(the values' deserialization on the main thread included); ag-ui-thread-changed (right after loop.restore()) at ${ms(med('threadChangedMs'))}, ` +
          `the last message in the DOM at ${ms(med('shownMs'))}, its paint at ${ms(paint)} (medians).`,
      },
      {
        figure,
        contender: 'longest main-thread task, mount -> 1 s after the paint',
        median: longest,
        unit: 'ms',
        target: '<= 50 ms',
        verdict: verdict(longest <= 50),
        note:
          `PerformanceObserver('longtask') from the append until ${SETTLE_MS} ms after the first paint of the last message (0 when no task exceeded 50 ms); ` +
          `longest per run: ${list('longestTaskMs')}; before the paint: ${list('longestBeforePaintMs')}; long tasks per run (ms@start): ` +
          `${runs.map((r) => r.longTaskStartsMs.map(([at, d]) => `${d}@${at}`).join(' ') || 'none').join('; ')}.`,
      },
    ];
  },
};
