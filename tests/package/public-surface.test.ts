// The chosen public surface: the main entry holds what a page uses (at most 70 runtime values), and the run loop's
// and the tool runtime's internals leave every entry of package.json `exports`. Each entry is loaded from its source
// (the module its `types` were declared from; for `ag-ui-lit/bundle`, web/src/bundle.ts) and its runtime values are
// counted.
import { expect } from '@open-wc/testing';
import type * as Main from '../../web/src/index.js';
import type * as Persistence from '../../web/src/persistence/index.js';
import type * as Tools from '../../web/src/tools/index.js';

/** The most runtime values the main entry may export (issue 34). */
const MAIN_ENTRY_MAX_VALUES = 70;

/** Runtime values that are internals of the run loop and the tool runtime, and of no entry. */
const INTERNAL_VALUES = [
  'Conversation',
  'parsePartialJson',
  'toolErrorContent',
  'serializeToolResult',
  'utf8ByteLength',
  'DEFAULT_SAVE_INTERVAL_MS',
];

/**
 * Type-only internals: a line here stops compiling (`npm run typecheck`, `npm run build`) when its entry exports the
 * name again. Exported so that the alias counts as used whatever the entries hold.
 */
export type InternalTypesAbsent = [
  // @ts-expect-error ConversationChange is internal
  Main.ConversationChange,
  // @ts-expect-error ToolCallEntry is internal
  Main.ToolCallEntry,
  // @ts-expect-error ConversationChange is internal
  Tools.ConversationChange,
  // @ts-expect-error ToolCallEntry is internal
  Tools.ToolCallEntry,
  // @ts-expect-error ConversationChange is internal
  Persistence.ConversationChange,
  // @ts-expect-error ToolCallEntry is internal
  Persistence.ToolCallEntry,
];

interface ExportTarget {
  types?: string;
  import?: string;
}

/** Every entry of package.json `exports` that has JavaScript, with the URL of the module to load for it. */
async function entries(): Promise<Array<{ entry: string; url: string }>> {
  const response = await fetch('/package.json');
  const { exports } = (await response.json()) as { exports: Record<string, ExportTarget | string> };
  return Object.entries(exports).flatMap(([entry, target]) => {
    if (typeof target === 'string' || !target.import || !target.types) return [];
    // dist/x.d.ts is declared from web/src/x.ts (the bundle's minified file too: the same modules defined twice
    // would define <ag-ui-agent> twice).
    const url = target.types.replace(/^\.\/dist\//, '/web/src/').replace(/\.d\.ts$/, '.ts');
    return [{ entry: entry === '.' ? 'ag-ui-lit' : `ag-ui-lit${entry.slice(1)}`, url }];
  });
}

describe('the public surface', () => {
  it(`exports at most ${MAIN_ENTRY_MAX_VALUES} runtime values from the main entry`, async () => {
    const main = await import('../../web/src/index.js');
    const values = Object.keys(main);
    expect(values.length, values.sort().join(', ')).to.be.at.most(MAIN_ENTRY_MAX_VALUES);
    for (const name of ['AgUiAgent', 'AgentRunLoop', 'SseHttpAgent', 'ToolRegistry', 'globalToolRegistry', 'defineTool', 'defineUiTool']) {
      expect(values, name).to.include(name);
    }
  });

  it('keeps the thread stores out of the main entry, in ag-ui-lit/persistence', async () => {
    const main = Object.keys(await import('../../web/src/index.js'));
    const persistence = Object.keys(await import('../../web/src/persistence/index.js'));
    for (const name of ['IndexedDbThreadStore', 'MemoryThreadStore', 'ThreadJournal', 'ThreadStoreError']) {
      expect(main, name).not.to.include(name);
      expect(persistence, name).to.include(name);
    }
  });

  it('exports none of the internals from any entry', async () => {
    const checked: string[] = [];
    for (const { entry, url } of await entries()) {
      const values = Object.keys((await import(/* @vite-ignore */ url)) as object);
      const leaked = values.filter((name) => INTERNAL_VALUES.includes(name) || name.endsWith('_MESSAGE'));
      expect(leaked, `${entry} (${url})`).to.deep.equal([]);
      checked.push(entry);
    }
    expect(checked).to.include.members(['ag-ui-lit', 'ag-ui-lit/tools', 'ag-ui-lit/persistence', 'ag-ui-lit/bundle']);
  });
});
