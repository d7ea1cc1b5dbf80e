import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { SessionEnd } from '../auth/sessions.service.ts';
import type { HubTransport } from './hub-transport.ts';
import type { HubUpdate } from './hub-update.ts';

export type RedisTransportOptions = {
  url: string;
  /** Key and channel prefix: instances sharing it share their updates. */
  prefix: string;
  /** Updates the shared stream keeps (the replay history). */
  historySize: number;
  log: { warn(obj: object, msg: string): void };
  /** Names this instance's connections (`CLIENT LIST`); a random one by default. */
  name?: string;
};

/** What waits for Redis: an update, or a session end. */
type Outgoing = { kind: 'update' | 'end'; json: string };

/** Updates and session ends an instance keeps while Redis is away, at most. */
const WAITING_MAX = 10_000;

/**
 * Appends the update to the capped stream and announces it with its stream id, atomically: every
 * instance sees updates in stream order, and can tell from the ids whether it missed one.
 */
const PUBLISH_SCRIPT = `
local id
if tonumber(ARGV[2]) > 0 then
  id = redis.call('XADD', KEYS[1], 'MAXLEN', ARGV[2], '*', 'u', ARGV[1])
else
  id = redis.call('INCR', KEYS[1] .. ':seq') .. '-0'
end
redis.call('PUBLISH', ARGV[3], id .. ' ' .. ARGV[1])
return id`;

/**
 * Several instances (`REDIS_URL`): an update is added to a Redis stream capped at the history size
 * and published on a channel; every instance, this one included, delivers it from the channel.
 * At start an instance reads the stream into its history, so a subscriber reconnecting to it
 * replays what it missed on another one. When the channel connection comes back after a loss, the
 * updates published meanwhile are read from the stream, in order, before the live ones.
 * Session ends go on a channel of their own (`…sessions-ended`), published and not kept.
 */
export class RedisTransport implements HubTransport {
  readonly #stream: string;
  readonly #channel: string;
  readonly #endChannel: string;
  #ended: ((end: SessionEnd) => void) | undefined;
  #commands: Redis | undefined;
  #listener: Redis | undefined;
  #deliver: ((update: HubUpdate) => void) | undefined;
  /** The stream id of the last update delivered. */
  #lastId = '0-0';
  /** Channel messages held while the stream is read (at start, after a reconnection). */
  #held: string[] | undefined = [];
  /**
   * What this instance published while Redis could not be reached, oldest first: sent, in order,
   * once it is back (`#flush`), so that the updates reach every instance and the shared history
   * late rather than never. Bounded: past WAITING_MAX the oldest go, with a warning.
   */
  readonly #waiting: Outgoing[] = [];
  #flushing: Promise<void> | undefined;

  constructor(readonly options: RedisTransportOptions) {
    this.#stream = `${options.prefix}updates`;
    this.#channel = `${options.prefix}updates`;
    this.#endChannel = `${options.prefix}sessions-ended`;
  }

  async start(
    deliver: (update: HubUpdate) => void,
    ended?: (end: SessionEnd) => void,
  ): Promise<void> {
    this.#deliver = deliver;
    this.#ended = ended;
    const connection = { maxRetriesPerRequest: 3, lazyConnect: true };
    const name = this.options.name ?? `embauche-hub-${randomUUID().slice(0, 8)}`;
    this.#commands = new Redis(this.options.url, { ...connection, connectionName: name });
    this.#listener = new Redis(this.options.url, {
      ...connection,
      connectionName: `${name}-listener`,
    });
    for (const client of [this.#commands, this.#listener])
      client.on('error', (err: Error) => this.options.log.warn({ err }, 'Redis hub transport'));
    this.#commands.on('ready', () => void this.#flush());
    this.#commands.defineCommand('hubPublish', { numberOfKeys: 1, lua: PUBLISH_SCRIPT });
    this.#listener.on('message', (channel: string, message: string) =>
      channel === this.#endChannel ? this.#receiveEnd(message) : this.#receive(message),
    );
    let connected = false;
    // From a loss of the channel until the stream is read again, live messages wait.
    this.#listener.on('close', () => {
      if (connected) this.#held ??= [];
    });
    this.#listener.on('ready', () => {
      // ioredis subscribes again on its own; what was published while it was away is in the stream.
      if (connected) void this.#catchUp();
      connected = true;
    });
    await Promise.all([this.#commands.connect(), this.#listener.connect()]);
    await this.#listener.subscribe(this.#channel, this.#endChannel);
    await this.#catchUp();
  }

  /**
   * Sends the update to every instance through Redis. While Redis cannot be reached (or what this
   * instance published earlier still waits), the update waits in order and this answers at once:
   * a request that notifies is not held for ioredis's retries (seen: 6.7 s, npm run soak).
   */
  async publish(update: HubUpdate): Promise<void> {
    await this.#send({ kind: 'update', json: JSON.stringify(update) });
  }

  async announceEnd(end: SessionEnd): Promise<void> {
    await this.#send({ kind: 'end', json: JSON.stringify(end) });
  }

  /** Whether nothing waits to be sent (tests). */
  get caughtUp(): boolean {
    return this.#waiting.length === 0 && !this.#flushing;
  }

  async #send(out: Outgoing): Promise<void> {
    if (!this.#commands) throw new Error('The hub transport is not started.');
    if (this.#waiting.length || this.#commands.status !== 'ready') {
      this.#wait(out);
      return;
    }
    try {
      await this.#write(out);
    } catch (err) {
      // Lost with the connection: sent again once Redis is back (an update that did arrive is
      // then delivered twice with the same id, which clients count once).
      this.options.log.warn({ err }, 'Redis hub transport: publishing waits for Redis');
      this.#wait(out);
    }
  }

  #write(out: Outgoing): Promise<unknown> {
    const commands = this.#commands as Redis & {
      hubPublish(key: string, update: string, max: number, channel: string): Promise<string>;
    };
    return out.kind === 'update'
      ? commands.hubPublish(this.#stream, out.json, this.options.historySize, this.#channel)
      : commands.publish(this.#endChannel, out.json);
  }

  #wait(out: Outgoing): void {
    if (this.#waiting.length >= WAITING_MAX) {
      this.#waiting.shift();
      this.options.log.warn(
        { max: WAITING_MAX },
        'Redis hub transport: oldest waiting update dropped',
      );
    }
    this.#waiting.push(out);
    if (this.#commands?.status === 'ready') void this.#flush();
  }

  /** Sends what waits, in order, while Redis answers. */
  #flush(): Promise<void> {
    if (this.#flushing) return this.#flushing;
    const run = async () => {
      try {
        while (this.#waiting.length && this.#commands?.status === 'ready') {
          await this.#write(this.#waiting[0]!);
          this.#waiting.shift();
        }
      } catch (err) {
        this.options.log.warn({ err }, 'Redis hub transport: publishing waits for Redis');
      }
    };
    // Cleared once it has ended (a `finally` inside would run before this assignment when
    // nothing waits, and leave a finished flush in place for good).
    this.#flushing = run().finally(() => {
      this.#flushing = undefined;
    });
    return this.#flushing;
  }

  async close(): Promise<void> {
    this.#deliver = undefined;
    this.#ended = undefined;
    await Promise.all(
      [this.#commands, this.#listener].map((c) => c?.quit().catch(() => c.disconnect())),
    );
  }

  #receive(message: string): void {
    if (this.#held) {
      this.#held.push(message);
      return;
    }
    const space = message.indexOf(' ');
    this.#accept(message.slice(0, space), message.slice(space + 1));
  }

  /** A session end from any instance: `{sessionIds: string[]}` or `{userId: number}`. */
  #receiveEnd(message: string): void {
    let end: unknown;
    try {
      end = JSON.parse(message);
    } catch {
      end = undefined;
    }
    if (!isSessionEnd(end)) {
      this.options.log.warn({ message: message.slice(0, 200) }, 'unreadable session end');
      return;
    }
    this.#ended?.(end);
  }

  /** Delivers one update unless it was already (ids only grow). */
  #accept(id: string, json: string): void {
    if (compareIds(id, this.#lastId) <= 0) return;
    this.#lastId = id;
    let update: HubUpdate;
    try {
      update = JSON.parse(json) as HubUpdate;
    } catch (err) {
      this.options.log.warn({ err, id }, 'unreadable update in the Redis hub stream');
      return;
    }
    this.#deliver?.(update);
  }

  /** Reads the stream past the last update delivered, then the messages held meanwhile. */
  async #catchUp(): Promise<void> {
    this.#held ??= [];
    try {
      if (this.options.historySize > 0) {
        const entries = await this.#commands!.xrange(this.#stream, `(${this.#lastId}`, '+');
        for (const [id, fields] of entries) this.#accept(id, fields[1]!);
      }
    } catch (err) {
      this.options.log.warn({ err }, 'could not read the Redis hub stream');
    } finally {
      const held = this.#held ?? [];
      this.#held = undefined;
      for (const message of held) this.#receive(message);
    }
  }
}

function isSessionEnd(value: unknown): value is SessionEnd {
  if (typeof value !== 'object' || value === null) return false;
  const { sessionIds, userId } = value as Record<string, unknown>;
  return (
    (Array.isArray(sessionIds) && sessionIds.every((id) => typeof id === 'string')) ||
    Number.isSafeInteger(userId)
  );
}

/** Orders Redis stream ids (`milliseconds-sequence`). */
function compareIds(a: string, b: string): number {
  const [am, as] = a.split('-').map(BigInt) as [bigint, bigint];
  const [bm, bs] = b.split('-').map(BigInt) as [bigint, bigint];
  return am === bm ? Number(as - bs) : am < bm ? -1 : 1;
}
