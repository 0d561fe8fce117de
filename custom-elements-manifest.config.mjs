// @custom-elements-manifest/analyzer configuration (`npm run manifest`): the Custom Elements Manifest of every
// element in web/src/components/, read from the elements' JSDoc (@fires, @csspart, @cssprop, @slot, @summary) and
// Lit's decorators. Written to custom-elements.json at the package root (package.json `customElements`), and from it
// the Vue template types, dist/vue/index.d.ts (`ag-ui-lit/vue`; scripts/vue-template-types.mjs).
import { vueTemplateTypesPlugin } from './scripts/vue-template-types.mjs';

export default {
  globs: ['web/src/components/**/*.ts'],
  exclude: ['web/src/components/**/*.styles.ts'],
  outdir: '.',
  litelement: true,
  dependencies: false,
  packagejson: false,
  plugins: [vueTemplateTypesPlugin({ outdir: 'dist/vue' })],
};
