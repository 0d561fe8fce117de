// The Vue template types (`ag-ui-lit/vue`, dist/vue/index.d.ts) that `npm run manifest` generates from the Custom
// Elements Manifest (scripts/vue-template-types.mjs): vue-tsc checks a Vue SFC against them
// (tests/fixtures/vue-types/app.vue, whose @vue-expect-error lines are the mistakes they must catch).
// Run by `npm test` through `node --test --import tsx` (scripts/test.mjs).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import { root, runNode } from './run-node.js';

interface Manifest {
  modules: { declarations?: { name: string; tagName?: string; events?: { name: string }[] }[] }[];
}

describe('ag-ui-lit/vue', () => {
  let types: string;

  before(async () => {
    const { code, output } = await runNode(['scripts/manifest.mjs']);
    assert.equal(code, 0, `npm run manifest failed:\n${output}`);
    const packageJson = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { exports: Record<string, { types?: string }> };
    types = readFileSync(`${root}${packageJson.exports['./vue']!.types}`, 'utf8');
  });

  it('declares every element for Vue with its class property types and a typed handler per event', () => {
    const manifest = JSON.parse(readFileSync(`${root}custom-elements.json`, 'utf8')) as Manifest;
    const elements = manifest.modules.flatMap((module) => module.declarations ?? []).filter((declaration) => declaration.tagName);
    assert.deepEqual(elements.map((element) => element.tagName).sort(), ['ag-ui-agent', 'ag-ui-thread-list', 'ag-ui-tool-inspector']);
    assert.match(types, /declare module "vue" \{\s*(\/\/.*\s*)?interface GlobalComponents extends CustomElements \{\}/);
    // The declarations without white space (the generator formats them with Prettier, which wraps long lines).
    const flat = types.replace(/\s+/g, '').replaceAll(',)', ')');
    for (const { name, tagName, events = [] } of elements) {
      assert.ok(flat.includes(`"${tagName}":DefineComponent<${name}Props>`), `<${tagName}> in GlobalComponents`);
      for (const event of events) {
        const handler = `on${event.name.replace(/(^|-)(\w)/g, (_, __, letter: string) => letter.toUpperCase())}`;
        const detail = `CustomEvent<HTMLElementEventMap["${event.name}"]["detail"]>`;
        assert.ok(flat.includes(`${handler}?:(e:${detail})=>void;`), `<${tagName}> ${handler}`);
      }
    }
    assert.ok(flat.includes('tools?:AgUiAgent["tools"];'));
    assert.ok(flat.includes('maxToolIterations?:AgUiAgent["maxToolIterations"];'), 'attributes keyed as Vue looks them up');
    assert.ok(!flat.includes('running?:'), 'no read-only properties');
  });

  it('lets vue-tsc pass a correct template and report each mistake of tests/fixtures/vue-types/app.vue', async () => {
    const { code, output } = await runNode(['node_modules/vue-tsc/bin/vue-tsc.js', '-p', 'tests/fixtures/vue-types']);
    assert.equal(output.trim(), '', 'vue-tsc diagnostics');
    assert.equal(code, 0);
  });
});
