// A @web/test-runner plugin that serves the heavy dependencies as a few pre-bundled ES modules, as Vite's dependency
// optimizer does for `npm start`. Served file by file, a page that imports <ag-ui-agent> loads about 410 modules of
// node_modules (rxjs alone 226, zod 97), and every one of the ~140 test files loads them again: on this 2-core machine
// that was a large part of the suite's time. Here every exported subpath of the packages below is an entry of one
// esbuild build with code splitting, so each package keeps one instance (one `lit`, one `zod`) across all of them, and
// a page loads a handful of chunks instead.
//
// Only imports that would resolve to the repository's own copy are redirected: a package with its own nested copy
// (@a2ui/lit's zod 3) keeps it. Subpaths a package exports through a pattern (`./*`) are left to the normal resolver.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { build } from 'esbuild';

/** The packages bundled: what most test pages load, and what they share with each other. */
export const PREBUNDLED_PACKAGES = [
  '@ag-ui/client',
  '@ag-ui/core',
  '@ag-ui/encoder',
  '@ag-ui/proto',
  'rxjs',
  'zod',
  'lit',
  'lit-html',
  'lit-element',
  '@lit/reactive-element',
  'marked',
  'dompurify',
  'idb',
  'fast-json-patch',
  'uuid',
];

const URL_PREFIX = '/__prebundled__/';

/** The exported subpaths of `pkg` ('.' for the root) that name one file, from its package.json. */
function exportedSubpaths(root, pkg) {
  const manifest = JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8'));
  const { exports } = manifest;
  if (exports === undefined || typeof exports === 'string' || Array.isArray(exports)) return ['.'];
  const keys = Object.keys(exports);
  if (!keys.some((key) => key.startsWith('.'))) return ['.']; // a conditions object for the root only
  // Patterns, metadata, command-line tools, polyfills and server-rendering hooks are not page modules.
  const skipped = /[*]|\.json$|\/$|\/bin\/|polyfill|ssr/;
  return keys.filter((key) => key.startsWith('.') && !skipped.test(key) && exports[key] !== null);
}

/** A file name for the specifier `pkg` + `subpath`. */
const entryName = (specifier) => specifier.replace(/^@/, '').replace(/[^A-Za-z0-9]+/g, '_');

/**
 * @param {{ root: string, cacheDir: string, conditions: string[] }} options - the repository root, a directory the
 *   chunks are named under (served from memory) and the export conditions the dev server resolves with
 * @returns {Promise<import('@web/test-runner').TestRunnerPlugin>}
 */
export async function prebundledDepsPlugin({ root: rootDir, cacheDir, conditions }) {
  const root = resolve(rootDir);
  /** @type {Map<string, string>} specifier -> served URL */
  const urls = new Map();
  const entryPoints = {};
  for (const pkg of PREBUNDLED_PACKAGES) {
    for (const subpath of exportedSubpaths(root, pkg)) {
      const specifier = subpath === '.' ? pkg : `${pkg}/${subpath.slice(2)}`;
      const name = entryName(specifier);
      entryPoints[name] = specifier;
      urls.set(specifier, `${URL_PREFIX}${name}.js`);
    }
  }
  const outdir = join(cacheDir, 'prebundled'); // names the chunks; nothing is written (`write: false`)
  const result = await build({
    entryPoints,
    absWorkingDir: root,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions,
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'warning',
  });
  /** @type {Map<string, string>} served path -> module text */
  const files = new Map(result.outputFiles.map((file) => [`${URL_PREFIX}${file.path.slice(outdir.length + 1)}`, file.text]));

  // Whether `pkg` imported from the file at `importer` (a path under root) resolves to root/node_modules/pkg.
  const ownCopy = join(root, 'node_modules');
  const nearest = new Map();
  const resolvesToOwnCopy = (importer, pkg) => {
    let dir = dirname(importer);
    const key = `${dir}\0${pkg}`;
    if (nearest.has(key)) return nearest.get(key);
    let found = false;
    while (dir.startsWith(root)) {
      const modules = join(dir, 'node_modules');
      if (existsSync(join(modules, pkg, 'package.json'))) {
        found = modules === ownCopy;
        break;
      }
      const parent = dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
    nearest.set(key, found);
    return found;
  };
  const packageOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

  return {
    name: 'prebundled-deps',
    resolveImport({ source, context }) {
      const url = urls.get(source);
      if (url === undefined) return undefined;
      const importer = join(root, decodeURIComponent(context.path));
      return resolvesToOwnCopy(importer, packageOf(source)) ? url : undefined;
    },
    serve(context) {
      const body = files.get(context.path);
      return body === undefined ? undefined : { body, type: 'js', headers: { 'cache-control': 'max-age=3600' } };
    },
  };
}
