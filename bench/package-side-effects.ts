import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const src = fileURLToPath(new URL('../web/src/', import.meta.url));

/**
 * Gives the modules of web/src the `sideEffects` the published package declares for their compiled counterparts
 * (package.json: `./dist/index.js` and `./dist/components/**`; every other module is free of side effects). The
 * benchmark pages import the sources rather than dist/, and this makes their bundles tree-shake the way a consumer's
 * `import 'ag-ui-lit'` does.
 */
export function packageSideEffects(): Plugin {
  return {
    name: 'ag-ui-lit-package-side-effects',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !(source.startsWith('.') || source.startsWith('/'))) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !resolved.id.startsWith(src)) return resolved;
      const relative = resolved.id.slice(src.length).split('?')[0]!;
      return { ...resolved, moduleSideEffects: relative === 'index.ts' || relative.startsWith('components/') };
    },
  };
}
