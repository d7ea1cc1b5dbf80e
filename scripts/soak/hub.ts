// Live hub subscribers (docs/live-hub.md): server-sent event streams over node:http, each on a
// connection of its own, that reconnect as an EventSource does, with a fresh token and the
// `Last-Event-ID` of the last event they got, so that the hub replays what they missed.
import http, { type IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

export type HubEvent = {
  id: string;
  data: string;
  /** ms since the soak's start. */
  at: number;
  /** The notification the event carries, when it is one (`{ id, user_id, created_at, data }`). */
  notification?: {
    id: number;
    user_id: number;
    created_at: string;
    data: { slug?: string; route?: string };
  };
};

/** One stream, opened once: its answer's status, the events it brings, and its end. */
export class HubStream {
  readonly events: HubEvent[] = [];
  status = 0;
  /** `Last-Event-ID` (or `Mercure-Last-Event-ID`) answered when one was asked. */
  answeredLastEventId: string | undefined;
  readonly opened: Promise<void>;
  readonly ended: Promise<void>;
  #request: http.ClientRequest | undefined;
  #onEvent: ((event: HubEvent) => void) | undefined;
  #ended = false;

  constructor(
    url: string,
    headers: Record<string, string>,
    readonly clock: () => number,
    onEvent?: (event: HubEvent) => void,
  ) {
    this.#onEvent = onEvent;
    let opened: () => void = () => {};
    this.opened = new Promise<void>((resolve) => (opened = resolve));
    this.ended = new Promise<void>((resolve) => {
      const finish = () => {
        if (this.#ended) return;
        this.#ended = true;
        opened();
        resolve();
      };
      this.#request = http.get(url, { headers, agent: false }, (response: IncomingMessage) => {
        this.status = response.statusCode ?? 0;
        const answered =
          response.headers['mercure-last-event-id'] ?? response.headers['last-event-id'];
        this.answeredLastEventId = Array.isArray(answered) ? answered[0] : answered;
        opened();
        if (this.status !== 200) {
          response.resume();
          response.on('end', finish);
          response.on('error', finish);
          return;
        }
        this.#parse(response, finish);
      });
      this.#request.on('error', finish);
      this.#request.on('close', () => setImmediate(finish));
    });
  }

  get done(): boolean {
    return this.#ended;
  }

  get lastEventId(): string | undefined {
    return this.events.at(-1)?.id;
  }

  close(): void {
    this.#request?.destroy();
  }

  #parse(response: IncomingMessage, finish: () => void): void {
    response.setEncoding('utf8');
    let buffer = '';
    let data: string[] = [];
    let id = '';
    response.on('data', (chunk: string) => {
      buffer += chunk;
      const lines = buffer.split(/\r\n|\r|\n/);
      buffer = lines.pop()!;
      for (const line of lines) {
        if (line === '') {
          if (data.length) this.#dispatch(id, data.join('\n'));
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        let value = colon < 0 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'data') data.push(value);
        else if (field === 'id') id = value;
      }
    });
    response.on('end', finish);
    response.on('error', finish);
    response.on('close', finish);
  }

  #dispatch(id: string, data: string): void {
    const event: HubEvent = { id, data, at: this.clock() };
    try {
      const parsed = JSON.parse(data) as HubEvent['notification'];
      if (parsed && typeof parsed.id === 'number' && typeof parsed.user_id === 'number')
        event.notification = parsed;
    } catch {
      // not a notification
    }
    this.events.push(event);
    this.#onEvent?.(event);
  }
}

/** Opens a stream on `base`'s hub for `topic`, with a subscriber token and maybe a last event id. */
export function openHubStream(
  base: string,
  topic: string,
  token: string,
  clock: () => number,
  lastEventId?: string,
  onEvent?: (event: HubEvent) => void,
): HubStream {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (lastEventId) headers['last-event-id'] = lastEventId;
  return new HubStream(
    `${base}/.well-known/mercure?${new URLSearchParams({ topic })}`,
    headers,
    clock,
    onEvent,
  );
}

/**
 * A subscriber that stays: it reconnects a second after its stream ends (the token's expiry, an
 * instance that dies, nginx), with a fresh token and the last event id, as the web app does. It
 * counts notifications by id (each once, whatever the replays), their delay from creation to
 * arrival, and its reconnections.
 */
export class HubSubscriber {
  /** Notification id → when it arrived (ms since the soak's start). */
  readonly received = new Map<number, number>();
  /** Arrival minus the notification's `created_at` (ms), one per notification. */
  readonly lagMs: number[] = [];
  duplicates = 0;
  connections = 0;
  refusals = 0;
  /** When the first stream opened (ms since the soak's start). */
  firstOpenAt: number | undefined;
  #lastEventId: string | undefined;
  #stream: HubStream | undefined;
  #stopped = false;
  #loop: Promise<void> | undefined;

  constructor(
    readonly name: string,
    readonly userId: number,
    private readonly base: string,
    private readonly token: () => Promise<string | null>,
    private readonly clock: () => number,
    private readonly onRefusal: (status: number | 'network', message: string) => void,
  ) {}

  start(): Promise<void> {
    this.#loop = this.#run();
    return new Promise<void>((resolve) => {
      const wait = () =>
        this.firstOpenAt !== undefined || this.#stopped ? resolve() : setTimeout(wait, 50);
      wait();
    });
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#stream?.close();
    await this.#loop;
  }

  async #run(): Promise<void> {
    while (!this.#stopped) {
      const token = await this.token();
      if (this.#stopped) return;
      if (!token) {
        await sleep(1000);
        continue;
      }
      const stream = openHubStream(
        this.base,
        `v2/user/${this.userId}`,
        token,
        this.clock,
        this.#lastEventId,
        (event) => this.#take(event),
      );
      this.#stream = stream;
      await stream.opened;
      if (stream.status === 200) {
        this.connections++;
        this.firstOpenAt ??= this.clock();
      } else if (!this.#stopped) {
        this.refusals++;
        this.onRefusal(stream.status || 'network', `hub stream of ${this.name} refused`);
      }
      await stream.ended;
      if (!this.#stopped) await sleep(1000);
    }
  }

  #take(event: HubEvent): void {
    this.#lastEventId = event.id;
    const n = event.notification;
    if (!n) return;
    if (this.received.has(n.id)) {
      this.duplicates++;
      return;
    }
    this.received.set(n.id, event.at);
    const created = Date.parse(n.created_at);
    if (!Number.isNaN(created)) this.lagMs.push(Math.max(0, Date.now() - created));
  }
}
