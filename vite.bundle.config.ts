import { defineConfig } from 'vite';

/**
 * The no-build-step bundle (`ag-ui-lit/bundle`): web/src/bundle.ts as one self-contained, minified ES module,
 * dependencies (lit, @ag-ui/client, zod, marked, DOMPurify...) included, at dist/bundle/ag-ui-lit.js. Run by
 * `npm run build` after the library build (which empties dist/), and by the test runner's startup for
 * tests/package/bundle.test.ts.
 */
export default defineConfig({
  // Library mode leaves `process.env.NODE_ENV` alone; a page without a bundler has no `process`.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist/bundle',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    // A no-build file stays one file: a 2.8 MB source map would quadruple the package.
    sourcemap: false,
    lib: {
      entry: 'web/src/bundle.ts',
      formats: ['es'],
      fileName: () => 'ag-ui-lit.js',
    },
    rolldownOptions: {
      // A2UI's library stays out (an optional peer, a few hundred KB): the bundle's `ag-ui-lit/a2ui` imports it on the first A2UI
      // surface, which works where the page maps `@a2ui/lit` and `@a2ui/web_core` (an import map), and otherwise
      // says to install it.
      external: (id) => id.startsWith('@a2ui/'),
      // One file: no chunks for dynamic imports.
      output: { codeSplitting: false, minify: true },
    },
  },
});
