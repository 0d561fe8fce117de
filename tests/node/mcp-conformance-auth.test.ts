// The MCP project's conformance auth scenarios against our McpToolSource with an OAuth authProvider
// (tests/fixtures/mcp-conformance/client.ts, bundled once so that each scenario starts a plain `node`). The CLI
// (@modelcontextprotocol/conformance, built for Node 22) runs on Node 20 through register-node20.mjs. Every client
// auth scenario of the CLI runs (suites auth, backcompat, draft, extensions), a few at a time (a scenario's client has
// a deadline), but auth/cross-app-access-complete-flow: enterprise cross-app access (an identity provider's token
// exchanged for an ID-JAG, then a JWT bearer grant) is not a sign-in a page's auth provider makes.
import { build } from 'esbuild';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { root, runNode } from './run-node.js';

const FIXTURES = join(root, 'tests/fixtures/mcp-conformance');
const CLI = join(root, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const CLIENT = join(root, 'node_modules/.cache/ag-ui-lit/mcp-conformance-client.mjs');

/** The scenarios run, by the CLI's suite. */
const SCENARIOS: Record<string, string[]> = {
  auth: [
    'auth/metadata-default',
    'auth/metadata-var1',
    'auth/metadata-var2',
    'auth/metadata-var3',
    'auth/basic-cimd',
    'auth/scope-from-www-authenticate',
    'auth/scope-from-scopes-supported',
    'auth/scope-omitted-when-undefined',
    'auth/scope-step-up',
    'auth/scope-retry-limit',
    'auth/token-endpoint-auth-basic',
    'auth/token-endpoint-auth-post',
    'auth/token-endpoint-auth-none',
    'auth/pre-registration',
  ],
  backcompat: ['auth/2025-03-26-oauth-metadata-backcompat', 'auth/2025-03-26-oauth-endpoint-fallback'],
  draft: ['auth/resource-mismatch', 'auth/offline-access-scope', 'auth/offline-access-not-supported'],
  extensions: ['auth/client-credentials-jwt', 'auth/client-credentials-basic'],
};
/** Scenarios run at once. */
const CONCURRENCY = 3;

interface Check {
  id: string;
  status: string;
  errorMessage?: string;
}

/** Runs one scenario; resolves with the CLI's exit code and output. */
function runScenario(scenario: string, outputDir: string): Promise<{ code: number | null; output: string }> {
  const args = ['--import', join(FIXTURES, 'register-node20.mjs'), CLI, 'client', '--scenario', scenario];
  args.push('--command', `node ${CLIENT}`, '--timeout', '60000', '-o', outputDir);
  return runNode(args);
}

/** The checks of each scenario run under `dir` (`<dir>/auth/<scenario>-<time>/checks.json`). */
function checksByScenario(dir: string): Map<string, Check[]> {
  const found = new Map<string, Check[]>();
  for (const name of readdirSync(join(dir, 'auth'))) {
    const scenario = `auth/${name.replace(/-\d{4}-\d{2}-\d{2}T.*$/, '')}`;
    const file = join(dir, 'auth', name, 'checks.json');
    if (existsSync(file)) found.set(scenario, JSON.parse(readFileSync(file, 'utf8')) as Check[]);
  }
  return found;
}

describe('McpToolSource against the MCP conformance auth scenarios', { timeout: 300_000 }, () => {
  const outputDir = mkdtempSync(join(tmpdir(), 'ag-ui-lit-mcp-conformance-'));
  const runs = new Map<string, { code: number | null; output: string }>();

  before(async () => {
    mkdirSync(join(root, 'node_modules/.cache/ag-ui-lit'), { recursive: true });
    await build({
      entryPoints: [join(FIXTURES, 'client.ts')],
      outfile: CLIENT,
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      logLevel: 'warning',
    });
    const queue = Object.values(SCENARIOS).flat();
    const worker = async (): Promise<void> => {
      for (let scenario = queue.shift(); scenario !== undefined; scenario = queue.shift()) {
        runs.set(scenario, await runScenario(scenario, outputDir));
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  });
  after(() => rmSync(outputDir, { recursive: true, force: true }));

  for (const [suite, scenarios] of Object.entries(SCENARIOS)) {
    it(`passes the ${suite} suite: ${scenarios.join(', ')}`, () => {
      const checks = checksByScenario(outputDir);
      for (const scenario of scenarios) {
        const run = runs.get(scenario)!;
        assert.equal(run.code, 0, `${scenario}:\n${run.output.slice(-3000)}`);
        const failed = checks.get(scenario)?.filter((check) => check.status === 'FAILURE');
        assert.deepEqual(failed, [], `${scenario}: ${JSON.stringify(failed)}`);
        assert.ok(checks.get(scenario)!.some((check) => check.status === 'SUCCESS'), `${scenario} passed no check`);
      }
    });
  }
});
