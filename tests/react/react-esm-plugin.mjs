// React ships CommonJS only, which the test runner's dev server cannot serve as ES modules (a page's bundler converts
// it). This plugin bundles react, react-dom and react-dom/client once with esbuild into ES modules that share one copy
// of React (code splitting), and serves them for every import of those packages. Named exports are listed from the
// packages themselves, so `import { useRef } from 'react'` works as it does under a bundler.
//
// React 19 runs beside it: a test file named `*.react19.test.ts` is served as one esbuild bundle of its whole module
// graph (our source, its helpers, @open-wc/testing) in which every `react` / `react-dom` import is React 19, from the
// linked package tests/fixtures/react19-runtime (its own node_modules, so react-dom 19 finds its peer React 19 while
// the repository's React stays 18). One bundle per file, so no module of that page shares React 18.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const REACT_19 = createRequire(`${ROOT}tests/fixtures/react19-runtime/package.json`);
const REACT_19_TEST = /\.react19\.test\.ts$/;

/** An esbuild plugin resolving `react`, `react-dom` and their subpaths to React 19. */
const react19Resolver = {
  name: 'react-19',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, ({ path }) => ({ path: REACT_19.resolve(path) }));
  },
};

/** `path` (a `*.react19.test.ts` file, relative to the repository) bundled with React 19, as ES module text. */
async function bundleWithReact19(path) {
  const result = await build({
    entryPoints: [`${ROOT}${path.replace(/^\//, '')}`],
    absWorkingDir: ROOT,
    tsconfig: `${ROOT}tsconfig.json`,
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    conditions: ['browser', 'production'],
    // Our package.json's `sideEffects` names dist/ files; from source, every module keeps its side-effect imports.
    ignoreAnnotations: true,
    define: { 'process.env.NODE_ENV': '"development"' },
    plugins: [react19Resolver],
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  return result.outputFiles[0].text;
}
const PREFIX = '/__react__/';
/** Bare specifier -> the entry file name it is served as. */
const ENTRIES = { react: 'react', 'react-dom': 'react-dom', 'react-dom/client': 'react-dom-client' };
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** An ES module re-exporting a CommonJS package: its default export plus each of its keys by name. */
function entrySource(specifier) {
  const names = Object.keys(createRequire(`${ROOT}package.json`)(specifier)).filter(
    (name) => IDENTIFIER.test(name) && name !== 'default',
  );
  return [
    `import pkg from '${specifier}';`,
    'export default pkg;',
    names.length ? `export const { ${names.join(', ')} } = pkg;` : '',
  ].join('\n');
}

/** The @web/test-runner plugin (add it to `plugins`). */
export function reactEsmPlugin() {
  let files;
  return {
    name: 'react-esm',
    async serverStart() {
      const entryDir = `${ROOT}node_modules/.cache/ag-ui-lit/react-entries/`;
      mkdirSync(entryDir, { recursive: true });
      const entryPoints = {};
      for (const [specifier, name] of Object.entries(ENTRIES)) {
        writeFileSync(`${entryDir}${name}.js`, entrySource(specifier));
        entryPoints[name] = `${entryDir}${name}.js`;
      }
      const result = await build({
        entryPoints,
        absWorkingDir: ROOT,
        outdir: `${entryDir}out`,
        bundle: true,
        splitting: true,
        write: false,
        platform: 'browser',
        format: 'esm',
        target: 'es2022',
        define: { 'process.env.NODE_ENV': '"development"' },
        logLevel: 'warning',
      });
      files = new Map(result.outputFiles.map((file) => [`${PREFIX}${file.path.split('/').pop()}`, file.text]));
    },
    resolveImport({ source }) {
      return source in ENTRIES ? `${PREFIX}${ENTRIES[source]}.js` : undefined;
    },
    async serve(context) {
      if (REACT_19_TEST.test(context.path)) return { body: await bundleWithReact19(context.path), type: 'js' };
      const body = files?.get(context.path);
      return body === undefined ? undefined : { body, type: 'js' };
    },
  };
}
