// The repository's test runner configuration plus the React plugin, for the React wrapper tests alone:
//   node node_modules/@web/test-runner/dist/bin.js --config tests/react/web-test-runner.config.mjs
// (`npm test` runs them too once web-test-runner.config.mjs lists reactEsmPlugin() among its plugins.)
import base from '../../web-test-runner.config.mjs';
import { reactEsmPlugin } from './react-esm-plugin.mjs';

export default {
  ...base,
  files: ['tests/react/**/*.test.ts'],
  plugins: [...base.plugins, reactEsmPlugin()],
};
