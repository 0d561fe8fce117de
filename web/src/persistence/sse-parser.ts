/** One message of a Server-Sent Events stream, as the HTML standard's parsing model dispatches it. */
export interface SseMessage {
  /** The `event:` field; `'message'` when there was none. */
  event: string;
  /** The `data:` lines joined by `\n`; `''` for a message that only moved the stream's position (`id:` alone). */
  data: string;
  /** The stream's last event id after this message (`id:` fields persist until the next one), `''` while none. */
  lastEventId: string;
}

/**
 * Splits a text/event-stream into messages, chunk by chunk (a chunk may end anywhere, even inside a line or between
 * `\r` and `\n`). Comments (`:` lines) are dropped; `retry:` is ignored (the caller keeps its own back-off). Unlike
 * `EventSource`, a block with an `id:` but no data is returned too (with `data: ''`), so the caller learns positions a
 * server names without an event.
 */
export class SseParser {
  #buffer = '';
  #data: string[] = [];
  #event = '';
  #sawId = false;
  #lastEventId = '';

  /** Feeds decoded text; returns the messages it completed. */
  push(text: string): SseMessage[] {
    this.#buffer += text;
    const messages: SseMessage[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.#buffer);
      // A lone `\r` at the end may be the first half of `\r\n`: wait for the next chunk.
      if (!match || (match[0] === '\r' && match.index === this.#buffer.length - 1)) break;
      const line = this.#buffer.slice(0, match.index);
      this.#buffer = this.#buffer.slice(match.index + match[0].length);
      const message = this.#line(line);
      if (message) messages.push(message);
    }
    return messages;
  }

  #line(line: string): SseMessage | undefined {
    if (line === '') {
      const message = this.#data.length > 0 || this.#sawId
        ? { event: this.#event || 'message', data: this.#data.join('\n'), lastEventId: this.#lastEventId }
        : undefined;
      this.#data = [];
      this.#event = '';
      this.#sawId = false;
      return message;
    }
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.#data.push(value);
    else if (field === 'event') this.#event = value;
    else if (field === 'id' && !value.includes('\0')) {
      this.#lastEventId = value;
      this.#sawId = true;
    }
    return undefined;
  }
}
