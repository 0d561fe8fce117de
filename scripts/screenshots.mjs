#!/usr/bin/env node
// `npm run screenshots`: the images of the README and docs/ (docs/images/*.png), taken from the demo page in headless
// Chromium, each once the page has settled: every reply fully streamed, every card in its final state.
//
// Starts the demo's Vite dev server in this process (vite.config.ts: the page, the scripted demo agent at /api/agent
// and the MCP notes server), with the scripted agent forced (AG_UI_PROVIDER=scripted: no model, no key, the same
// replies on every run), then drives one fresh browser context per image (empty IndexedDB, and a stand-in user of its
// own for the demo's thread API, so no image shows another's threads), with reduced motion.
// Uses puppeteer-core and the system Chromium (scripts/find-chrome.mjs; CHROME_PATH overrides), never a download.
// Options: `--only=demo-light,demo-phone` takes only those images; `--out=<dir>` writes elsewhere (default docs/images).
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import { createServer } from 'vite';
import { CHROME_ARGS, findChrome, NO_CHROME_MESSAGE } from './find-chrome.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const argValue = (name) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const only = argValue('only')?.split(',');
const outDir = argValue('out') ?? join(ROOT, 'docs/images');

const DESKTOP = { width: 1440, height: 900, deviceScaleFactor: 1 };
const PHONE = { width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/**
 * In the page: sends `text` through the element and waits for the whole turn (tool calls and follow-up runs).
 * `approve`: clicks the approval card's Approve button, as a person would; `pick`: clicks that option of a UI tool's card.
 */
async function send(page, text, { approve = false, pick } = {}) {
  await page.evaluate(
    async (text, approve, pick) => {
      const el = document.querySelector('ag-ui-agent');
      const root = el.shadowRoot;
      const until = async (selector) => {
        for (;;) {
          const found = root.querySelector(selector);
          if (found) return found;
          await new Promise((resolve) => requestAnimationFrame(resolve));
        }
      };
      const sending = el.sendMessage(text);
      if (approve) (await until('[part="tool-approval-approve"]')).click();
      if (pick) {
        const buttons = await (async () => {
          await until('[part="tool-call-custom"] button:not([disabled])');
          return [...root.querySelectorAll('[part="tool-call-custom"] button')];
        })();
        buttons.find((button) => button.textContent.trim() === pick).click();
      }
      await sending;
    },
    text,
    approve,
    pick,
  );
}

/**
 * In the page: waits until nothing moves: the element idle and rendered, the thread listed, the inspector rendered,
 * no animation running; then takes the focus away and lets two frames draw.
 */
async function settle(page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const el = document.querySelector('ag-ui-agent');
    const list = document.querySelector('ag-ui-thread-list');
    const inspector = document.querySelector('ag-ui-tool-inspector');
    for (;;) {
      await el.updateComplete;
      await list.updateComplete;
      await inspector.updateComplete;
      const listed = el.messages.length === 0 || list.shadowRoot.querySelector('[part~="item-current"]') !== null;
      if (!el.running && listed && document.getAnimations().every((animation) => animation.playState !== 'running')) break;
      await frame();
    }
    // The focus ring a click or the approval card left is not part of the picture.
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    active?.blur();
    await frame();
    await frame();
  });
}

/** In the page: shows a tab of the developer panels, and a panel of the inspector. */
async function showPanels(page, { tab, inspectorPanel }) {
  await page.evaluate(
    async (tab, inspectorPanel) => {
      if (tab) document.querySelector(`#tab-${tab}`).click();
      const inspector = document.querySelector('ag-ui-tool-inspector');
      if (inspectorPanel) inspector.panel = inspectorPanel;
      await inspector.updateComplete;
    },
    tab,
    inspectorPanel,
  );
}

/** The hero: two tools at once, then a note edited after the person approved it; the inspector on its Calls panel. */
async function heroConversation(page) {
  await send(page, 'What time is it in Tokyo, and what is (12 + 3) * 7?');
  await send(page, 'Edit the note to say Buy oat milk and call Ada', { approve: true });
  await showPanels(page, { inspectorPanel: 'calls' });
}

/** Generative UI: the clock, the colour swatch, and a UI tool answered with a click in its card. */
async function genUiConversation(page) {
  await send(page, 'What time is it in Tokyo? And make the background light blue');
  await send(page, 'Help me pick a colour', { pick: 'lavender' });
}

const SHOTS = [
  { name: 'demo-light', viewport: DESKTOP, scheme: 'light', drive: heroConversation },
  { name: 'demo-dark', viewport: DESKTOP, scheme: 'dark', drive: heroConversation },
  { name: 'demo-phone', viewport: PHONE, scheme: 'light', drive: heroConversation },
  { name: 'demo-phone-dark', viewport: PHONE, scheme: 'dark', drive: heroConversation },
  { name: 'genui-demo', viewport: DESKTOP, scheme: 'light', drive: genUiConversation },
];

const executablePath = findChrome();
if (!executablePath) {
  console.error(NO_CHROME_MESSAGE);
  process.exit(1);
}

// The screenshots never reach a paid model, whatever keys the shell holds.
process.env.AG_UI_PROVIDER = 'scripted';
const server = await createServer({
  root: ROOT,
  configFile: join(ROOT, 'vite.config.ts'),
  logLevel: 'warn',
  server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false },
  clearScreen: false,
});
await server.listen();
const address = server.httpServer.address();
const origin = `http://127.0.0.1:${address.port}`;
const browser = await puppeteer.launch({ executablePath, headless: true, args: CHROME_ARGS });
mkdirSync(outDir, { recursive: true });

/** Opens the demo in a fresh context (its own IndexedDB); resolves once the element and its tools are there. */
async function openDemo(context, shot, errors) {
  const page = await context.newPage();
  await context.setCookie({ name: 'ag-ui-lit-demo-user', value: `shot-${randomUUID()}`, domain: '127.0.0.1', path: '/' });
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.setViewport(shot.viewport);
  await page.emulateMediaFeatures([
    { name: 'prefers-color-scheme', value: shot.scheme },
    { name: 'prefers-reduced-motion', value: 'reduce' },
  ]);
  await page.goto(`${origin}/`, { waitUntil: 'load' });
  // The page's tools and the MCP notes server's are registered, and the agent line says which agent answers.
  await page.waitForFunction(
    () => {
      const el = document.querySelector('ag-ui-agent');
      return el?.registry?.has('mcp__notes__add_note') && document.querySelector('#agent-info-name')?.textContent.includes('scripted');
    },
    { timeout: 60_000 },
  );
  return page;
}

let failed = false;
try {
  // A first visit lets Vite discover and pre-bundle the page's dependencies (it may reload the page once for that).
  const warmContext = await browser.createBrowserContext();
  await openDemo(warmContext, SHOTS[0], []);
  await warmContext.close();

  for (const shot of SHOTS) {
    if (only && !only.includes(shot.name)) continue;
    const context = await browser.createBrowserContext();
    const errors = [];
    try {
      const page = await openDemo(context, shot, errors);
      await shot.drive(page);
      await settle(page);
      const file = join(outDir, `${shot.name}.png`);
      await page.screenshot({ path: file });
      console.log(`wrote ${file} (${shot.viewport.width}x${shot.viewport.height}, ${shot.scheme})`);
      if (errors.length > 0) console.warn(`  page errors:\n  ${errors.join('\n  ')}`);
    } catch (error) {
      failed = true;
      console.error(`${shot.name}: ${error.message}\n  page errors: ${errors.join('\n  ') || 'none'}`);
    } finally {
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
process.exit(failed ? 1 : 0);
