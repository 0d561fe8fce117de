// Figure 4, reference: the least any element built on ag-ui-lit's required libraries can ship. No ag-ui-lit code:
// a Lit element that streams a run through exactly the @ag-ui/client pieces <ag-ui-agent url> uses (`runHttpRequest`,
// `parseSSEStream`, `transformChunks`, `verifyEvents`), keeps the text, and renders it with marked + DOMPurify. No
// tools, no tool cards, no approvals, no error handling: a lower bound, not something to ship.
import { parseSSEStream, runHttpRequest, transformChunks, verifyEvents, type BaseEvent } from '@ag-ui/client';
import DOMPurify from 'dompurify';
import { html, LitElement } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { marked } from 'marked';
import { installReply } from '../reply.js';
import type { Observable } from 'rxjs';

@customElement('libraries-chat')
export class LibrariesChat extends LitElement {
  @state() private text = '';

  send(url: string, content: string): Promise<void> {
    const input = { threadId: 't', runId: 'r', messages: [{ id: 'u', role: 'user', content }], tools: [], context: [], state: {}, forwardedProps: {} };
    const http = runHttpRequest(() =>
      fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' }, body: JSON.stringify(input) }),
    );
    const events = (parseSSEStream(http) as Observable<BaseEvent>).pipe(transformChunks(false), verifyEvents(false));
    return new Promise((resolve, reject) =>
      events.subscribe({
        next: (event) => {
          if (event.type === 'TEXT_MESSAGE_CONTENT') this.text += (event as BaseEvent & { delta: string }).delta;
        },
        error: reject,
        complete: resolve,
      }),
    );
  }

  override render() {
    return html`<div class="message-content">${unsafeHTML(DOMPurify.sanitize(marked.parse(this.text, { async: false })))}</div>`;
  }
}

const el = document.querySelector('libraries-chat') as LibrariesChat;

installReply(
  (url) => el.send(url, 'Reply in markdown, please.'),
  () => el.shadowRoot?.querySelector('.message-content')?.innerHTML ?? '',
);
