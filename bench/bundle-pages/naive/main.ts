// Figure 4, reference: the libraries ag-ui-lit uses (lit, @ag-ui/client's HttpAgent, zod, marked, DOMPurify), imported
// and used the obvious way: a Lit element that runs the agent with `runAgent()`, describes a tool with a zod schema
// (JSON Schema for the agent, `safeParse` for the arguments), and renders the reply with marked + DOMPurify.
import { HttpAgent, type Message } from '@ag-ui/client';
import DOMPurify from 'dompurify';
import { html, LitElement } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { marked } from 'marked';
import { installReply } from '../reply.js';
import { z } from 'zod';

const timeArgs = z.object({ timezone: z.string().default('UTC') });

@customElement('naive-chat')
export class NaiveChat extends LitElement {
  @state() private messages: Message[] = [];

  async send(url: string, text: string): Promise<void> {
    const agent = new HttpAgent({ url });
    agent.addMessage({ id: crypto.randomUUID(), role: 'user', content: text });
    await agent.runAgent(
      { tools: [{ name: 'get_time', description: 'The time', parameters: z.toJSONSchema(timeArgs) }] },
      {
        onMessagesChanged: ({ messages }) => {
          this.messages = [...messages];
        },
        onToolCallEndEvent: ({ toolCallArgs }) => {
          timeArgs.safeParse(toolCallArgs);
        },
      },
    );
  }

  override render() {
    return html`${this.messages.map((message) =>
      message.role === 'assistant' && typeof message.content === 'string'
        ? html`<div class="message-content">${unsafeHTML(DOMPurify.sanitize(marked.parse(message.content, { async: false })))}</div>`
        : html`<p>${String(message.content ?? '')}</p>`,
    )}`;
  }
}

const el = document.querySelector('naive-chat') as NaiveChat;

installReply(
  (url) => el.send(url, 'Reply in markdown, please.'),
  () => el.shadowRoot?.querySelector('.message-content')?.innerHTML ?? '',
);
