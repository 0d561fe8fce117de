// Figure 5, long threads: 5,000 and 10,000 messages against 50.
import { verdict, ms, rotate } from './format.mjs';

export const longThread = {
  id: 'long-thread',
  async run(ctx) {
    const reps = ctx.quick ? 3 : 7;
    const runs = { 50: [], 5000: [], 10000: [] };
    for (let rep = 0; rep < reps; rep++) {
      for (const size of rotate([50, 5000], rep)) runs[size].push(await ctx.inPage('/long-thread.html', 'thread', { messages: size }));
    }
    for (let rep = 0; rep < (ctx.quick ? 1 : 2); rep++) runs[10000].push(await ctx.inPage('/long-thread.html', 'thread', { messages: 10_000 }));
    ctx.log(Object.entries(runs).map(([size, r]) => `${size}: ${r.map((x) => `${ms(x.ms)}/${x.nodes} nodes`).join(', ')}`).join('; '));
    const pages = 40;
    const scrolled = { 5000: [], 10000: [] };
    for (let rep = 0; rep < (ctx.quick ? 1 : 2); rep++) {
      for (const size of [5000, 10000]) scrolled[size].push(await ctx.inPage('/long-thread.html', 'scrolledUp', { messages: size, pages }));
    }
    for (const size of [5000, 10000]) {
      if (scrolled[size].some((r) => r.pages !== pages)) throw new Error(`scrolling up the ${size}-message thread loaded fewer than ${pages} pages`);
    }
    ctx.log(`scrolled up ${pages} pages: ${Object.entries(scrolled).map(([size, r]) => `${size}: ${r.map((x) => `${x.nodes} nodes, ${x.entries} entries`).join(', ')}`).join('; ')}`);
    runs.scrolled = scrolled;
    ctx.shared['long-thread'] = runs;
    const med = (size, key) => ctx.median(runs[size].map((r) => r[key]));
    const via = runs[5000][0].via;
    const figure = '5 long thread';
    const independent = med(10000, 'nodes') <= med(5000, 'nodes') * 1.05;
    return [
      {
        figure,
        contender: '5,000 messages: set -> first paint at bottom',
        median: med(5000, 'ms'),
        unit: 'ms',
        reference: `50 msgs ${ms(med(50, 'ms'))}`,
        ratio: med(5000, 'ms') / med(50, 'ms'),
        target: '<= 3.00x',
        verdict: verdict(med(5000, 'ms') / med(50, 'ms') <= 3),
        note:
          `Thread set through ${via === 'messages' ? 'the element\'s messages property' : 'the `agent` property (an HttpAgent seeded with the messages; <ag-ui-agent> has no messages setter)'}; ` +
          `mixed rounds of user text, markdown reply, tool call, tool result, short reply. 10,000 messages: ${ms(med(10000, 'ms'))}.`,
      },
      {
        figure,
        contender: '5,000 messages: DOM nodes in the shadow root',
        median: med(5000, 'nodes'),
        unit: 'nodes',
        reference: `50 msgs ${med(50, 'nodes')}`,
        ratio: med(5000, 'nodes') / med(50, 'nodes'),
        target: 'independent of length',
        verdict: verdict(independent),
        note: `Every node (elements, text, comments) under the shadow root, recursively. Independence is judged on the next row (10,000 vs 5,000 messages); a 50-message thread has fewer entries than the render window, so it is smaller.`,
      },
      {
        figure,
        contender: '10,000 messages: DOM nodes',
        median: med(10000, 'nodes'),
        unit: 'nodes',
        reference: `5,000 msgs ${med(5000, 'nodes')}`,
        ratio: med(10000, 'nodes') / med(5000, 'nodes'),
        target: '<= 1.05x',
        verdict: verdict(independent),
      },
      {
        figure,
        contender: `10,000 messages, read ${pages} pages up: DOM nodes`,
        median: ctx.median(scrolled[10000].map((r) => r.nodes)),
        unit: 'nodes',
        reference: `5,000 msgs ${ctx.median(scrolled[5000].map((r) => r.nodes))}`,
        ratio: ctx.median(scrolled[10000].map((r) => r.nodes)) / ctx.median(scrolled[5000].map((r) => r.nodes)),
        target: '<= 1.05x',
        verdict: verdict(ctx.median(scrolled[10000].map((r) => r.nodes)) <= ctx.median(scrolled[5000].map((r) => r.nodes)) * 1.05),
        note: `The thread shown at the bottom, then the transcript scrolled to the top ${pages} times, each time until the page of earlier entries rendered (50 entries a page): ${ctx.median(scrolled[10000].map((r) => r.entries))} entries rendered at the end, the window's maximum (150; the newest were dropped as the reader went up).`,
      },
    ];
  },
};

/** In the order they run: figure 3 uses figure 2's per-execution overhead. */
