// Figure 4, bundle weight: production builds of the bundle pages, sizes, per-package breakdown.
import { join } from 'node:path';
import { attribute, BUNDLE_ENTRIES, buildBundlePage, buildEntry, importChains, measureChunks, measureFiles, servedFile } from '../bundle.mjs';
import { KiB, verdict, kib } from './format.mjs';

const BUNDLE_PAGES = ['element', 'naive', 'libraries'];
const MARKDOWN_REPLY =
  'Here is **bold**, _emphasis_, `code` and a [link](https://example.com).\n\n- one\n- two\n\n```js\nconst answer = 42;\n```\n';

export const bundle = {
  id: 'bundle',
  async prepare(ctx) {
    for (const page of BUNDLE_PAGES) {
      await buildBundlePage({ root: ctx.root, page, outDir: join(ctx.outDir, `bundle-${page}`) });
    }
    // Each entry alone: what a page pays for everything it exports (no page to load: nothing to serve).
    ctx.shared.bundleEntries = {};
    for (const [entry, external] of Object.entries(BUNDLE_ENTRIES)) {
      const outDir = join(ctx.outDir, 'bundle-entries', entry.replaceAll('/', '_'));
      const chunks = await buildEntry({ root: ctx.root, entry, external, outDir });
      ctx.shared.bundleEntries[entry] = chunks ? { ...measureChunks(chunks), external } : undefined;
    }
  },
  async run(ctx) {
    const measured = {};
    for (const page of BUNDLE_PAGES) {
      const base = `/bundle-${page}/`;
      const scripts = new Set();
      const onResponse = (response) => {
        if (response.type === 'Script') {
          const file = servedFile(response.url, base);
          if (file) scripts.add(file);
        }
      };
      const url = `/api/test/text?chunks=8&text=${encodeURIComponent(MARKDOWN_REPLY)}`;
      const reply = await ctx.withPage(`${base}index.html`, (call) => call('reply', { url }), { onResponse });
      if (!/<strong>bold<\/strong>/.test(reply) || !/<code/.test(reply) || !/<a /.test(reply)) {
        throw new Error(`the ${page} page did not render the markdown reply: ${reply.slice(0, 200)}`);
      }
      const dir = join(ctx.outDir, `bundle-${page}`);
      const sizes = measureFiles(dir, [...scripts]);
      const loadedFiles = sizes.files.filter((f) => f.loaded).map((f) => f.file);
      const breakdown = attribute(dir, loadedFiles, sizes.gzip);
      breakdown.chains = importChains(dir, breakdown.packages.map((p) => p.name));
      measured[page] = { ...sizes, breakdown };
    }
    const element = measured.element;
    const naive = measured.naive;
    const libraries = measured.libraries;
    const entries = ctx.shared.bundleEntries ?? {};
    ctx.shared.bundle = { ...measured, entries };
    printBreakdown(ctx, 'ag-ui-lit page', element);

    const listFiles = (m) =>
      m.files.map((f) => `${f.file} ${kib(f.gzip)} gz${f.loaded ? '' : ' (not loaded)'}`).join(', ');
    const figure = '4 bundle (JS loaded)';
    // Issue 28's targets: the whole page, and ag-ui-lit's own code on it (what a page that never shows an approval,
    // an interrupt or an activity loads; those parts are chunks loaded on first use, listed as not loaded).
    const ours = element.breakdown.packages.find((p) => p.name === 'ag-ui-lit');
    const oursGzip = ours?.gzipShare ?? 0;
    const everyPackage = element.breakdown.packages.map((p) => `${p.name} ${kib(p.raw)} min / ~${kib(p.gzipShare)} gz`).join(', ');
    const ownModules = element.breakdown.modules
      .filter((m) => m.package === 'ag-ui-lit')
      .slice(0, 8)
      .map((m) => `${m.name.replace(/^ag-ui-lit\//, '')} ${kib(m.raw)}`)
      .join(', ');
    const lazy = element.files.filter((f) => !f.loaded).map((f) => `${f.file} ${kib(f.gzip)} gz`).join(', ');
    const entryRows = Object.entries(entries).map(([entry, sizes]) => ({
      figure: '4 bundle (entries)',
      contender: `${entry}: all it exports, gzip -9`,
      median: sizes ? sizes.upFront.gzip / KiB : undefined,
      unit: 'KiB',
      target: 'report',
      note: sizes
        ? `Minified ${kib(sizes.upFront.raw)}, dependencies included${sizes.external.length ? ` but ${sizes.external.join(', ')} (the page's)` : ''}; ` +
          `loaded on first use: ${sizes.lazy.raw ? `${kib(sizes.lazy.gzip)} gz` : 'none'}.`
        : 'No such entry in package.json exports.',
    }));
    return [
      {
        figure,
        contender: '<ag-ui-agent> page, gzip -9',
        median: element.gzip / KiB,
        unit: 'KiB',
        reference: `naive ${kib(naive.gzip)}`,
        ratio: element.gzip / naive.gzip,
        target: '<= 100 KiB',
        verdict: verdict(element.gzip <= 100 * KiB),
        note: `Files: ${listFiles(element)}. By package (minified bytes, share of gzip): ${everyPackage}.`,
      },
      {
        figure,
        contender: "ag-ui-lit's own code on the default page, gzip share",
        median: oursGzip / KiB,
        unit: 'KiB',
        reference: `page ${kib(element.gzip)}`,
        ratio: oursGzip / element.gzip,
        target: '<= 25 KiB',
        verdict: verdict(oursGzip <= 25 * KiB),
        note:
          `${kib(ours?.raw ?? 0)} minified. Biggest own modules (minified): ${ownModules}. ` +
          `Loaded on first use, not by this page: ${lazy || 'none'}.`,
      },
      { figure, contender: '<ag-ui-agent> page, minified', median: element.raw / KiB, unit: 'KiB', reference: `naive ${kib(naive.raw)}`, ratio: element.raw / naive.raw, target: 'report' },
      { figure, contender: '<ag-ui-agent> page, brotli -q 11', median: element.brotli / KiB, unit: 'KiB', reference: `naive ${kib(naive.brotli)}`, ratio: element.brotli / naive.brotli, target: 'report' },
      {
        figure,
        contender: 'naive: lit + HttpAgent + zod + marked + DOMPurify, gzip',
        median: naive.gzip / KiB,
        unit: 'KiB',
        target: 'reference',
        note: `Files: ${listFiles(naive)}. Minified ${kib(naive.raw)}, brotli ${kib(naive.brotli)}.`,
      },
      {
        figure,
        contender: 'lower bound: the required libraries alone, gzip',
        median: libraries.gzip / KiB,
        unit: 'KiB',
        reference: `<ag-ui-agent> ${kib(element.gzip)}`,
        ratio: libraries.gzip / element.gzip,
        target: 'report',
        note:
          `No ag-ui-lit code: lit + the @ag-ui/client pieces <ag-ui-agent url> uses (runHttpRequest, parseSSEStream, transformChunks, verifyEvents) + marked + DOMPurify, ` +
          `rendering the same reply (${listFiles(libraries)}). By package (gzip share): ` +
          libraries.breakdown.packages.slice(0, 8).map((p) => `${p.name} ~${kib(p.gzipShare)}`).join(', ') +
          `. Any import from @ag-ui/client keeps zod and @ag-ui/core's event schemas: its single-file bundle builds zod schemas at module top level ` +
          `(e.g. the enforcement stage's schema map), which a bundler must keep. Whatever an element adds comes on top of this.`,
      },
      ...entryRows,
    ];
  },
};

function printBreakdown(ctx, title, measured) {
  const { packages, modules, rawTotal } = measured.breakdown;
  ctx.log(`${title}: ${kib(measured.raw)} minified, ${kib(measured.gzip)} gzip, ${kib(measured.brotli)} brotli; by package (source maps):`);
  for (const p of packages) {
    ctx.log(`  ${p.name.padEnd(28)} ${kib(p.raw).padStart(10)} min  ${(((100 * p.raw) / rawTotal).toFixed(1) + '%').padStart(6)}  ~${kib(p.gzipShare).padStart(9)} gz share  ${kib(p.gzipAlone).padStart(9)} gz alone`);
  }
  ctx.log('  biggest modules:');
  for (const m of modules.slice(0, 25)) ctx.log(`    ${kib(m.raw).padStart(9)}  ${m.name}`);
  ctx.log('  why each package is there (shortest import chain from the page):');
  for (const p of packages.filter((p) => measured.breakdown.chains?.[p.name]).slice(0, 10)) {
    ctx.log(`    ${p.name}: ${measured.breakdown.chains[p.name].join(' -> ')}`);
  }
}
