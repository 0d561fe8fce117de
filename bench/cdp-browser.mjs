// A minimal Chrome DevTools Protocol driver for the benchmarks: launch Chromium headless, open pages, evaluate.
//
// Why not playwright-core or puppeteer-core: both enable the CDP Network domain on every page they open, and while a
// DevTools client has it enabled Chromium keeps a copy of every response body for it and, when a body ends, decodes
// it as text (InspectorNetworkAgent: `ResponseBodyLoader::DidFinishLoadingBody` -> `TextResourceDecoder::Decode`).
// For figure 1's 7.5 MB stream that is a ~100 ms main-thread task at the end of every contender's stream, and a
// fifth or more of the floor's whole time: cost that no user's page pays, charged to whichever contender is running.
// This driver enables only what the runner reads: `Runtime` (uncaught errors and console errors) and `Page` (load);
// `Network` only for a page that asks to see its responses (figure 4, which measures files, not time).
//
// Transport: `--remote-debugging-pipe` (fd 3: commands to Chromium, fd 4: replies and events; each message JSON
// followed by a NUL byte), flat sessions (`Target.attachToTarget({ flatten: true })`). No port, nothing downloaded.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Switches that keep a headless Chromium's timing steady for measurements (the ones automation drivers pass): no
 * throttling of timers or renderers in pages the browser deems in the background, no background networking, no
 * first-run or sync machinery.
 */
const STEADY_SWITCHES = [
  '--headless',
  '--hide-scrollbars',
  '--mute-audio',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-back-forward-cache',
  '--disable-breakpad',
  '--disable-component-extensions-with-background-pages',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-hang-monitor',
  '--disable-ipc-flooding-protection',
  '--disable-popup-blocking',
  '--disable-prompt-on-repost',
  '--force-color-profile=srgb',
  '--metrics-recording-only',
  '--no-default-browser-check',
  '--password-store=basic',
  '--use-mock-keychain',
];

/** How long a single CDP command may take before the driver gives up on it (page calls have their own limit). */
const COMMAND_TIMEOUT_MS = 600_000;

class CdpConnection {
  #nextId = 0;
  #pending = new Map();
  #listeners = new Map();
  #write;
  closed = false;

  constructor(write, read) {
    this.#write = write;
    let buffer = '';
    read.setEncoding('utf8');
    read.on('data', (text) => {
      buffer += text;
      let end;
      while ((end = buffer.indexOf('\0')) !== -1) {
        const message = JSON.parse(buffer.slice(0, end));
        buffer = buffer.slice(end + 1);
        this.#dispatch(message);
      }
    });
    read.on('close', () => {
      this.closed = true;
      for (const { reject } of this.#pending.values()) reject(new Error('Chromium closed the DevTools pipe'));
      this.#pending.clear();
    });
  }

  /** Sends `method` (to `sessionId`'s target, or to the browser) and resolves with its result. */
  send(method, params = {}, sessionId) {
    if (this.closed) return Promise.reject(new Error(`${method}: Chromium is gone`));
    const id = ++this.#nextId;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new Error(`${method}: no answer from Chromium within ${COMMAND_TIMEOUT_MS / 1000} s`));
      }, COMMAND_TIMEOUT_MS);
      this.#pending.set(id, {
        resolve: (value) => (clearTimeout(timer), resolve(value)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      this.#write(`${JSON.stringify({ id, method, params, ...(sessionId && { sessionId }) })}\0`);
    });
  }

  /** Calls `listener(params)` for every `method` event of `sessionId`'s target. @returns a function that stops it */
  on(sessionId, method, listener) {
    const key = `${sessionId}\n${method}`;
    const list = this.#listeners.get(key) ?? [];
    list.push(listener);
    this.#listeners.set(key, list);
    return () => {
      const index = list.indexOf(listener);
      if (index !== -1) list.splice(index, 1);
    };
  }

  #dispatch(message) {
    if (message.id !== undefined) {
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      this.#pending.delete(message.id);
      if (message.error) pending.reject(new Error(`${message.error.message}${message.error.data ? `: ${message.error.data}` : ''}`));
      else pending.resolve(message.result);
      return;
    }
    for (const listener of [...(this.#listeners.get(`${message.sessionId}\n${message.method}`) ?? [])]) listener(message.params);
  }
}

/** Text of an uncaught exception (`Runtime.exceptionThrown`) or a console argument. */
function describe(details) {
  return details.exception?.description ?? details.exception?.value ?? details.text ?? String(details);
}

/** One page (tab) of a `launchBrowser()` browser. */
class CdpPage {
  #connection;
  #sessionId;
  #targetId;

  constructor(connection, targetId, sessionId) {
    this.#connection = connection;
    this.#targetId = targetId;
    this.#sessionId = sessionId;
  }

  /** Sends a CDP command to this page's target. */
  send(method, params) {
    return this.#connection.send(method, params, this.#sessionId);
  }

  /** Listens to a CDP event of this page's target. @returns a function that stops listening */
  onEvent(method, listener) {
    return this.#connection.on(this.#sessionId, method, listener);
  }

  /** `listener(message)` for each uncaught error in the page. */
  onPageError(listener) {
    this.onEvent('Runtime.exceptionThrown', ({ exceptionDetails }) => listener(describe(exceptionDetails)));
  }

  /** `listener(message)` for each `console.error()` in the page. */
  onConsoleError(listener) {
    this.onEvent('Runtime.consoleAPICalled', ({ type, args }) => {
      if (type === 'error') listener(args.map((arg) => arg.value ?? arg.description ?? arg.type).join(' '));
    });
  }

  /**
   * `listener({ url, type })` for each response the page receives (`type`: CDP's resource type, e.g. `Script`).
   * Enables the Network domain for this page: only for pages whose timing does not matter.
   */
  async onResponse(listener) {
    this.onEvent('Network.responseReceived', ({ response, type }) => listener({ url: response.url, type }));
    await this.send('Network.enable');
  }

  /** Navigates and resolves after the page's `load` event. */
  async goto(url) {
    let stop;
    const loaded = new Promise((resolve) => {
      stop = this.onEvent('Page.loadEventFired', resolve);
    });
    try {
      const { errorText } = await this.send('Page.navigate', { url });
      if (errorText) throw new Error(`navigation to ${url} failed: ${errorText}`);
      await loaded;
    } finally {
      stop();
    }
  }

  /**
   * Evaluates `expression` in the page, awaiting a promise it returns, and resolves with the value (JSON-serializable
   * values only). Rejects with the page's error when it throws or rejects.
   */
  async evaluate(expression) {
    const { result, exceptionDetails } = await this.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
    if (exceptionDetails) throw new Error(describe(exceptionDetails));
    return result.value;
  }

  /** Evaluates `expression` every 50 ms until it is truthy; rejects after `timeoutMs`. */
  async waitFor(expression, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (await this.evaluate(expression).catch(() => false)) return;
      if (Date.now() > deadline) throw new Error(`waited ${timeoutMs / 1000} s for ${expression}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async close() {
    if (!this.#connection.closed) await this.#connection.send('Target.closeTarget', { targetId: this.#targetId }).catch(() => undefined);
  }
}

/**
 * Launches Chromium headless at `executablePath` with `args` (plus steady-timing switches) and a fresh profile.
 * @returns `{ send(method, params), newPage({ viewport }), close() }`; `newPage` opens a tab of `viewport` CSS pixels (device scale 1),
 *   focused (as the only tab of a visible window would be), with `Runtime` and `Page` enabled
 */
export async function launchBrowser({ executablePath, args = [] }) {
  const userDataDir = mkdtempSync(join(tmpdir(), 'ag-ui-lit-bench-'));
  const child = spawn(executablePath, [...STEADY_SWITCHES, ...args, '--remote-debugging-pipe', `--user-data-dir=${userDataDir}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (text) => (stderr = (stderr + text).slice(-4000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const connection = new CdpConnection((text) => child.stdio[3].write(text), child.stdio[4]);
  const cleanUp = () => rmSync(userDataDir, { recursive: true, force: true });
  try {
    await Promise.race([
      connection.send('Browser.getVersion'),
      exited.then((code) => {
        throw new Error(`Chromium exited (${code}) before answering:\n${stderr}`);
      }),
    ]);
  } catch (error) {
    child.kill('SIGKILL');
    cleanUp();
    throw error;
  }

  return {
    /** Sends a browser-level CDP command (e.g. `SystemInfo.getProcessInfo`). */
    send(method, params) {
      return connection.send(method, params);
    },

    async newPage({ viewport = { width: 1000, height: 800 } } = {}) {
      const { targetId } = await connection.send('Target.createTarget', { url: 'about:blank' });
      const { sessionId } = await connection.send('Target.attachToTarget', { targetId, flatten: true });
      const page = new CdpPage(connection, targetId, sessionId);
      await Promise.all([
        page.send('Runtime.enable'),
        page.send('Page.enable'),
        page.send('Emulation.setDeviceMetricsOverride', { ...viewport, deviceScaleFactor: 1, mobile: false }),
        page.send('Emulation.setFocusEmulationEnabled', { enabled: true }),
      ]);
      return page;
    },

    async close() {
      await connection.send('Browser.close').catch(() => undefined);
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      cleanUp();
    },
  };
}
