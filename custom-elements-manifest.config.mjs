// @custom-elements-manifest/analyzer configuration (`npm run manifest`): the Custom Elements Manifest of every
// element in web/src/components/, read from the elements' JSDoc (@fires, @csspart, @cssprop, @slot, @summary) and
// Lit's decorators. Written to custom-elements.json at the package root (package.json `customElements`).
export default {
  globs: ['web/src/components/**/*.ts'],
  exclude: ['web/src/components/**/*.styles.ts'],
  outdir: '.',
  litelement: true,
  dependencies: false,
  packagejson: false,
};
