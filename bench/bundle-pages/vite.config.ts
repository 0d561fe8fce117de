import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { packageSideEffects } from '../package-side-effects.js';

/**
 * Writes `module-graph.json` next to the page: for every module of the build, the modules that import it (static and
 * dynamic), so that the runner can say why a package is in the bundle (the import chain from the page).
 */
function moduleGraph(): Plugin {
  return {
    name: 'ag-ui-lit-bench-module-graph',
    generateBundle() {
      // Every module of the graph, re-export-only ones included (they are links of the chains, but render no code).
      const graph: Record<string, { importers: string[]; dynamicImporters: string[]; isEntry: boolean }> = {};
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        graph[id] = {
          importers: [...(info?.importers ?? [])],
          dynamicImporters: [...(info?.dynamicImporters ?? [])],
          isEntry: info?.isEntry ?? false,
        };
      }
      this.emitFile({ type: 'asset', fileName: 'module-graph.json', source: JSON.stringify(graph) });
    },
  };
}

/**
 * Figure 4's production builds, one per page: `vite build --mode element` (a page using `<ag-ui-agent>` with its
 * defaults), `--mode naive` (the same libraries bundled naively) or `--mode libraries` (the required libraries used
 * minimally, no ag-ui-lit code: the lower bound). Minified, as Vite ships by default; hidden source maps (no
 * `sourceMappingURL` comment, so they cost the page nothing) for the per-module breakdown. `bench/run.mjs` sets
 * `build.outDir`.
 */
export default defineConfig(({ mode }) => ({
  root: fileURLToPath(new URL(`./${mode}/`, import.meta.url)),
  base: `/bundle-${mode}/`,
  logLevel: 'warn',
  plugins: [packageSideEffects(), moduleGraph()],
  build: {
    minify: true,
    sourcemap: 'hidden',
    reportCompressedSize: false,
    chunkSizeWarningLimit: 10_000,
  },
}));
