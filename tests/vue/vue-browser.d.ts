// Vue's browser ES module build (runtime + template compiler, no `process` references) ships without its own types:
// it is the `vue` API.
declare module 'vue/dist/vue.esm-browser.js' {
  export * from 'vue';
}
