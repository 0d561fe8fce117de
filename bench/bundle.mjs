// Figure 4 helpers: production builds of the bundle pages, their sizes (raw, gzip -9, brotli -q 11) and a per-module
// breakdown of the minified output from its source maps.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

/** Builds `bench/bundle-pages/<page>` into `outDir` (minified, hidden source maps). */
export async function buildBundlePage({ root, page, outDir }) {
  await build({
    configFile: join(root, 'bench/bundle-pages/vite.config.ts'),
    mode: page,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
}

/**
 * The entries measured one by one (figure 4's entry rows), and what each leaves to the page: a React page has React.
 */
export const BUNDLE_ENTRIES = {
  'ag-ui-lit': [],
  'ag-ui-lit/tools': [],
  'ag-ui-lit/persistence': [],
  'ag-ui-lit/llm': [],
  'ag-ui-lit/mcp': [],
  'ag-ui-lit/a2ui': [],
  'ag-ui-lit/react': ['react', 'react-dom', 'react/jsx-runtime'],
};

/**
 * Builds everything one package.json `exports` entry exports (`export *` from its source, so nothing is shaken off),
 * its dependencies and peers included but `external`, minified, as a page's production build would ship it.
 * @returns the build's chunks, or `undefined` when package.json has no such entry
 */
export async function buildEntry({ root, entry, external = [], outDir }) {
  const { exports } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const target = exports[entry === 'ag-ui-lit' ? '.' : `.${entry.slice('ag-ui-lit'.length)}`];
  if (!target?.types) return undefined;
  // dist/x.d.ts is declared from web/src/x.ts.
  const source = join(root, target.types.replace(/^\.\/dist\//, 'web/src/').replace(/\.d\.ts$/, '.ts'));
  mkdirSync(outDir, { recursive: true });
  const input = join(outDir, 'entry.js');
  writeFileSync(input, `export * from ${JSON.stringify(source)};\n`);
  const output = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: join(outDir, 'dist'),
      emptyOutDir: true,
      minify: true,
      reportCompressedSize: false,
      lib: { entry: input, formats: ['es'], fileName: 'entry' },
      rolldownOptions: { external: (id) => external.some((name) => id === name || id.startsWith(`${name}/`)) },
    },
  });
  return (Array.isArray(output) ? output : [output]).flatMap((result) => result.output).filter((file) => file.type === 'chunk');
}

/**
 * Sizes of built chunks: those a page loads up front (the entry and what it imports statically) and the rest (loaded
 * on first use), each file compressed on its own.
 */
export function measureChunks(chunks) {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const upFront = new Set();
  const queue = chunks.filter((chunk) => chunk.isEntry);
  while (queue.length) {
    const chunk = queue.pop();
    if (upFront.has(chunk)) continue;
    upFront.add(chunk);
    for (const name of chunk.imports) if (byName.has(name)) queue.push(byName.get(name));
  }
  const sizes = (list) => {
    const buffers = list.map((chunk) => Buffer.from(chunk.code));
    return { raw: buffers.reduce((sum, b) => sum + b.length, 0), gzip: buffers.reduce((sum, b) => sum + gzip(b), 0) };
  };
  return { upFront: sizes([...upFront]), lazy: sizes(chunks.filter((chunk) => !upFront.has(chunk))) };
}

const gzip = (buffer) => gzipSync(buffer, { level: 9 }).length;
const brotli = (buffer) =>
  brotliCompressSync(buffer, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
    },
  }).length;

/** Every `.js` file under `dir`, as paths relative to it. */
export function jsFiles(dir) {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.js'))
    .sort();
}

/**
 * Sizes of the JS files of a built page, each compressed on its own (as served).
 * @param {string} dir - the page's build output
 * @param {string[]} loaded - the files (relative to `dir`) the page loaded to render a reply
 * @returns totals over the loaded files, and every file with `loaded: boolean`
 */
export function measureFiles(dir, loaded) {
  const files = jsFiles(dir).map((file) => {
    const buffer = readFileSync(join(dir, file));
    return { file, loaded: loaded.includes(file), raw: buffer.length, gzip: gzip(buffer), brotli: brotli(buffer) };
  });
  const total = (key) => files.filter((f) => f.loaded).reduce((sum, f) => sum + f[key], 0);
  return { raw: total('raw'), gzip: total('gzip'), brotli: total('brotli'), files };
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUE = new Map([...BASE64].map((c, i) => [c, i]));

/** Decodes source map `mappings` into, per generated line, `[column, sourceIndex | -1]` segments. */
function decodeMappings(mappings) {
  const lines = [];
  let source = 0;
  for (const lineText of mappings.split(';')) {
    const segments = [];
    let column = 0;
    if (lineText !== '') {
      for (const segmentText of lineText.split(',')) {
        const values = [];
        let value = 0;
        let shift = 0;
        for (const char of segmentText) {
          const digit = BASE64_VALUE.get(char);
          value += (digit & 31) << shift;
          if (digit & 32) {
            shift += 5;
          } else {
            values.push(value & 1 ? -(value >>> 1) : value >>> 1);
            value = 0;
            shift = 0;
          }
        }
        column += values[0];
        if (values.length >= 4) {
          source += values[1];
          segments.push([column, source]);
        } else {
          segments.push([column, -1]);
        }
      }
    }
    lines.push(segments);
  }
  return lines;
}

/** `lit-html`, `@ag-ui/client`, `ag-ui-lit` (web/src) or `page` for a source path. */
export function packageOf(source) {
  const path = source.replaceAll('\\', '/');
  const at = path.lastIndexOf('node_modules/');
  if (at !== -1) {
    const parts = path.slice(at + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (path.includes('/web/src/')) return 'ag-ui-lit';
  if (path.includes('/bench/')) return 'page';
  return path.includes('vite') || path.includes('preload') ? 'vite runtime' : `other: ${path}`;
}

/** A readable module name: `zod/v4/core/schemas.js`, `ag-ui-lit/components/ag-ui-agent/ag-ui-agent.ts`. */
function moduleName(source) {
  const path = source.replaceAll('\\', '/');
  const at = path.lastIndexOf('node_modules/');
  if (at !== -1) return path.slice(at + 'node_modules/'.length);
  const src = path.indexOf('/web/src/');
  if (src !== -1) return `ag-ui-lit/${path.slice(src + '/web/src/'.length)}`;
  return path.replace(/^.*\/bench\//, 'bench/');
}

/**
 * Attributes every byte of the minified JS files to the source module it came from (via the source maps; the rest of
 * a line continues the previous line's module, see `carried`; what remains is "(unmapped)": bundler runtime, helpers), and
 * estimates each package's compressed share: its bytes gzipped on their own (an upper bound: no shared dictionary)
 * and its proportional share of the real gzip total.
 * @returns {{ packages: Array<{ name, raw, gzipAlone, gzipShare }>, modules: Array<{ name, package, raw }> }}
 */
export function attribute(dir, files, gzipTotal) {
  const byModule = new Map();
  const pieces = new Map();
  let rawTotal = 0;
  for (const file of files) {
    const code = readFileSync(join(dir, file), 'utf8');
    let map;
    try {
      map = JSON.parse(readFileSync(join(dir, `${file}.map`), 'utf8'));
    } catch {
      map = undefined;
    }
    const sources = (map?.sources ?? []).map((s) => resolve(dirname(join(dir, file)), map.sourceRoot ?? '', s));
    const mapped = map ? decodeMappings(map.mappings) : [];
    const lines = code.split('\n');
    // A line that starts without a mapping continues what the previous line ended with (typically a multi-line
    // template literal: Lit's html`` and css``), so its leading bytes go to that module.
    let carried;
    lines.forEach((line, index) => {
      const segments = mapped[index] ?? [];
      const add = (name, text) => {
        if (text === '') return;
        const bytes = Buffer.byteLength(text);
        rawTotal += bytes;
        byModule.set(name, (byModule.get(name) ?? 0) + bytes);
        const list = pieces.get(name) ?? [];
        list.push(text);
        pieces.set(name, list);
      };
      const unmapped = `(unmapped: ${file})`;
      add(carried ?? unmapped, line.slice(0, segments[0]?.[0] ?? line.length) + (index < lines.length - 1 ? '\n' : ''));
      segments.forEach(([column, source], k) => {
        const end = segments[k + 1]?.[0] ?? line.length;
        add(source === -1 ? unmapped : (sources[source] ?? unmapped), line.slice(column, end));
      });
      const last = segments[segments.length - 1];
      if (last) carried = last[1] === -1 ? undefined : sources[last[1]];
    });
  }
  const modules = [...byModule]
    .map(([source, raw]) => ({ name: source.startsWith('(') ? source : moduleName(source), package: source.startsWith('(') ? '(unmapped)' : packageOf(source), raw, source }))
    .sort((a, b) => b.raw - a.raw);
  const packages = new Map();
  for (const module of modules) {
    const entry = packages.get(module.package) ?? { name: module.package, raw: 0, text: [] };
    entry.raw += module.raw;
    entry.text.push(...pieces.get(module.source));
    packages.set(module.package, entry);
  }
  return {
    rawTotal,
    packages: [...packages.values()]
      .map(({ name, raw, text }) => ({
        name,
        raw,
        gzipAlone: gzip(Buffer.from(text.join(''))),
        gzipShare: Math.round((gzipTotal * raw) / rawTotal),
      }))
      .sort((a, b) => b.raw - a.raw),
    modules: modules.map(({ name, package: pkg, raw }) => ({ name, package: pkg, raw })),
  };
}

/** Path of a served file relative to a page's build output, from its URL (`/bundle-element/assets/x.js`). */
export function servedFile(url, base) {
  const path = decodeURIComponent(new URL(url).pathname);
  return path.startsWith(base) ? relative('.', path.slice(base.length)) : undefined;
}

/**
 * Why each package is in the bundle: the shortest import chain from the page's entry to a module of the package
 * (from `module-graph.json`, written by the bundle build). Consecutive modules of one package are shown once.
 * @returns {Record<string, string[]>} package -> chain of readable module names, entry first
 */
export function importChains(dir, packages) {
  let graph;
  try {
    graph = JSON.parse(readFileSync(join(dir, 'module-graph.json'), 'utf8'));
  } catch {
    return {};
  }
  const chains = {};
  for (const pkg of packages) {
    const targets = Object.keys(graph).filter((id) => packageOf(id) === pkg);
    // Breadth-first from the package's modules up through their importers, until an entry.
    const next = new Map(targets.map((id) => [id, undefined]));
    let queue = [...targets];
    let entry;
    while (queue.length && !entry) {
      const following = [];
      for (const id of queue) {
        if (graph[id]?.isEntry) {
          entry = id;
          break;
        }
        for (const importer of [...(graph[id]?.importers ?? []), ...(graph[id]?.dynamicImporters ?? [])]) {
          if (next.has(importer)) continue;
          next.set(importer, id);
          following.push(importer);
        }
      }
      queue = following;
    }
    if (!entry) continue;
    const chain = [];
    for (let id = entry; id !== undefined; id = next.get(id)) {
      const name = moduleName(id);
      const previous = chain[chain.length - 1];
      if (previous && packageOf(id) !== 'ag-ui-lit' && packageOf(id) !== 'page' && previous.pkg === packageOf(id)) continue;
      chain.push({ name, pkg: packageOf(id) });
    }
    chains[pkg] = chain.map((c) => c.name);
  }
  return chains;
}
