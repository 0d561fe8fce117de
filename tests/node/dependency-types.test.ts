// The type declarations of ag-ui-lit's runtime dependencies reach a consumer's `tsc`. A package whose `.d.ts` imports
// another package's types that it lists only as a devDependency (`@ai-sdk/provider` imports `json-schema`, typed by
// `@types/json-schema`) breaks a consumer that type-checks with `skipLibCheck: false`, unless ag-ui-lit itself
// depends on those types. This checks, for every dependency, the declaration files its `types` entry reaches.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

interface Manifest {
  name: string;
  types?: string;
  typings?: string;
  exports?: unknown;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const readManifest = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;

/** The package name of a bare specifier (`@scope/name/sub` -> `@scope/name`, `name/sub` -> `name`). */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** The `@types/` package that types `name` (`@scope/name` -> `@types/scope__name`). */
function typesPackage(name: string): string {
  return `@types/${name.startsWith('@') ? name.slice(1).replace('/', '__') : name}`;
}

/** The main declaration file of a package, from `types`/`typings` or `exports['.'].types`. */
function typesEntry(manifest: Manifest): string | undefined {
  if (manifest.types ?? manifest.typings) return manifest.types ?? manifest.typings;
  const dot = (manifest.exports as Record<string, unknown> | undefined)?.['.'];
  const types = (dot as { types?: unknown; import?: { types?: unknown } } | undefined)?.types ?? (dot as { import?: { types?: unknown } } | undefined)?.import?.types;
  return typeof types === 'string' ? types : undefined;
}

/** Whether the installed package `name` ships its own types (a `types` entry, or an `index.d.ts`). */
function hasOwnTypes(name: string): boolean {
  const dir = join(root, 'node_modules', name);
  if (!existsSync(join(dir, 'package.json'))) return false;
  return typesEntry(readManifest(dir)) !== undefined || existsSync(join(dir, 'index.d.ts'));
}

/** The declaration file a relative import of `from` names, when it exists. */
function resolveRelative(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(m|c)?js$/, '');
  const candidates = [base, `${stem}.d.ts`, `${stem}.d.mts`, `${stem}.d.cts`, join(base, 'index.d.ts')];
  return candidates.find((file) => /\.d\.(m|c)?ts$/.test(file) && existsSync(file));
}

const SPECIFIERS = [/\bfrom\s+['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g, /\bimport\s+['"]([^'"]+)['"]/g, /\/\/\/\s*<reference\s+types=['"]([^'"]+)['"]/g];

/** The bare specifiers the declaration files reachable from `entry` (relative imports followed) import. */
function bareImports(entry: string): Set<string> {
  const seen = new Set<string>();
  const bare = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const pattern of SPECIFIERS) {
      for (const [, specifier] of text.matchAll(pattern)) {
        if (specifier!.startsWith('.')) {
          const next = resolveRelative(file, specifier!);
          if (next) queue.push(next);
        } else {
          bare.add(specifier!);
        }
      }
    }
  }
  return bare;
}

describe('the type declarations of the runtime dependencies', () => {
  it('import only packages that they or ag-ui-lit depend on (so skipLibCheck: false works for a consumer)', () => {
    const ours = readManifest(root);
    const ourDeps = { ...ours.dependencies, ...ours.peerDependencies };
    const missing: string[] = [];
    for (const dependency of Object.keys(ours.dependencies ?? {})) {
      const dir = join(root, 'node_modules', dependency);
      const manifest = readManifest(dir);
      const entry = typesEntry(manifest);
      // A package typed through `typesVersions` (rxjs) names a file that is not there: nothing to follow.
      if (!entry || !existsSync(join(dir, entry))) continue;
      const theirs = { ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies };
      for (const specifier of bareImports(join(dir, entry))) {
        const name = packageName(specifier);
        if (name === manifest.name || specifier.startsWith('node:') || builtinModules.includes(name)) continue;
        // A dependency on the package itself types it only if the package ships types (`json-schema` does not).
        const declared = (candidate: string) => candidate in theirs || candidate in ourDeps;
        const known = declared(typesPackage(name)) || (declared(name) && hasOwnTypes(name));
        if (!known) missing.push(`${dependency} imports the types of '${specifier}', which no dependency of it or of ag-ui-lit provides (add ${typesPackage(name)} to dependencies)`);
      }
    }
    assert.deepEqual(missing, []);
  });
});
