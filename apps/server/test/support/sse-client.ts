import http, { type IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';

/** One server-sent event, as an EventSource would dispatch it. */
export type SseEvent = { id: string; event: string; data: string; retry?: number };

/**
 * A server-sent events client for the hub tests, over node:http with a connection of its own
 * (fetch's pool opens spare connections that would hold the server's close): it parses the stream
 * as the HTML standard says (fields, one `data` line per line, comments) and lets a test wait for
 * the next event or make sure none comes.
 */
export class SseStream {
  readonly events: SseEvent[] = [];
  comments = 0;
  /** Resolves when the server ends the stream. */
  readonly ended: Promise<void>;
  #waiters: (() => void)[] = [];
  #taken = 0;
  #lastId = '';
  #done = false;

  constructor(
    readonly response: { status: number; headers: Headers; body: ReadableStream<Uint8Array> },
    readonly controller: AbortController,
  ) {
    this.ended = this.#read().finally(() => {
      this.#done = true;
      this.#wake();
    });
  }

  get status(): number {
    return this.response.status;
  }

  get done(): boolean {
    return this.#done;
  }

  /** The next event not taken yet, or a rejection after `ms`. */
  async next(ms = 3000): Promise<SseEvent> {
    const deadline = Date.now() + ms;
    while (this.events.length <= this.#taken) {
      if (this.#done) throw new Error('the stream ended');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no event within ${ms} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.events[this.#taken++]!;
  }

  /** Fails when an event arrives within `ms`. */
  async nothingWithin(ms = 300): Promise<void> {
    const before = this.events.length;
    await new Promise((r) => setTimeout(r, ms));
    if (this.events.length > before)
      throw new Error(`unexpected event: ${JSON.stringify(this.events[before])}`);
  }

  close(): void {
    this.controller.abort();
  }

  #wake(): void {
    for (const w of this.#waiters.splice(0)) w();
  }

  async #read(): Promise<void> {
    const reader = this.response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    let data: string[] = [];
    let event = '';
    let retry: number | undefined;
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        const lines = buffer.split(/\r\n|\r|\n/);
        buffer = lines.pop()!;
        for (const line of lines) {
          if (line === '') {
            if (data.length) {
              this.events.push({
                id: this.#lastId,
                event: event || 'message',
                data: data.join('\n'),
                retry,
              });
              this.#wake();
            }
            data = [];
            event = '';
            retry = undefined;
            continue;
          }
          if (line.startsWith(':')) {
            this.comments++;
            continue;
          }
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          let text = colon < 0 ? '' : line.slice(colon + 1);
          if (text.startsWith(' ')) text = text.slice(1);
          if (field === 'data') data.push(text);
          else if (field === 'id') this.#lastId = text;
          else if (field === 'event') event = text;
          else if (field === 'retry') retry = Number(text);
        }
      }
    } catch {
      // aborted by the test
    }
  }
}

/** Opens a stream; a refusal (not 200) comes back as a stream that has already ended. */
export async function openStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const message = await new Promise<IncomingMessage>((resolve, reject) => {
    http
      .get(url, { headers, agent: false, signal: controller.signal }, resolve)
      .on('error', reject);
  });
  message.on('error', () => {});
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(message.headers))
    if (value !== undefined) responseHeaders.set(name, String(value));
  const body = Readable.toWeb(message) as ReadableStream<Uint8Array>;
  return new SseStream(
    { status: message.statusCode ?? 0, headers: responseHeaders, body },
    controller,
  );
}
