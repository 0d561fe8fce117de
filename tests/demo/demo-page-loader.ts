// Loads the demo page (index.html and web/demo/main.ts) into the test's own document, for the demo page tests.
import type { AgUiAgent } from '../../web/src/components/ag-ui-agent/ag-ui-agent.js';

/** Puts the demo page (index.html: its language, title, styles and body) into this document and runs its script. */
export async function loadDemoPage(): Promise<AgUiAgent> {
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
