// Loads the demo page (index.html and web/demo/main.ts) into the test's own document, for the demo page tests.
import type { AgUiAgent } from '../../web/src/components/ag-ui-agent/ag-ui-agent.js';

/**
 * Makes this page's requests to the demo's thread API (/api/threads) those of a new stand-in user: the
 * `ag-ui-lit-demo-user` cookie (web/server/demo-threads.ts), so no test sees the threads of another. Returns the id.
 */
export function useNewDemoUser(): string {
  const userId = `test-${crypto.randomUUID()}`;
  document.cookie = `ag-ui-lit-demo-user=${userId}; path=/; SameSite=Strict`;
  return userId;
}

/** Puts the demo page (index.html: its language, title, styles and body) into this document and runs its script. */
export async function loadDemoPage(): Promise<AgUiAgent> {
  useNewDemoUser();
  const page = new DOMParser().parseFromString(await (await fetch('/index.html')).text(), 'text/html');
  document.documentElement.lang = page.documentElement.lang;
  document.title = page.title;
  for (const style of page.head.querySelectorAll('style')) document.head.append(style);
  for (const script of page.body.querySelectorAll('script')) script.remove();
  document.body.replaceChildren(...page.body.childNodes);
  await import('../../web/demo/main.js');
  const el = document.querySelector<AgUiAgent>('ag-ui-agent')!;
  await el.updateComplete;
  return el;
}
