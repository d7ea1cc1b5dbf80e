import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { AccessGrants } from './access-grants.ts';
import type { HubUpdate } from './hub-update.ts';
import type { TopicMatcher } from './topic-matcher.ts';

/** A client that reads no faster than this many bytes behind is dropped; it reconnects and replays. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

const MAX_TIMER_MS = 2 ** 31 - 1;

/** The session a stream's token belongs to: the stream ends with it. */
export type StreamSession = { readonly id: string; readonly userId: number };

/** One open event stream: the topics it listens to, and what its token lets it read. */
export class Subscriber {
  lastWriteAt = Date.now();
  #closed = false;
  #timer: NodeJS.Timeout | undefined;
  /** Kept: the response lets go of it once the client has gone. */
  readonly #socket: Socket | null;

  constructor(
    readonly stream: ServerResponse,
    /** Routing: which topics the client asked for (they never widen what it may read). */
    readonly matchers: readonly TopicMatcher[],
    /** Its token's grants; none for an anonymous subscriber, which reads public updates only. */
    readonly grants: AccessGrants | undefined,
    /** The session of its token (the product's tokens); none for an operator's or anonymous. */
    readonly session?: StreamSession,
  ) {
    this.#socket = stream.socket;
  }

  get closed(): boolean {
    return this.#closed || this.stream.destroyed;
  }

  /** Whether it listens to one of the update's topics and may read the update. */
  wants(update: HubUpdate): boolean {
    return this.listensTo(update) && this.mayRead(update);
  }

  listensTo(update: HubUpdate): boolean {
    return this.matchers.some((m) => update.topics.some((t) => m.test(t)));
  }

  /** A private update needs a `subscribe` grant on one of its topics; a public one, nothing. */
  mayRead(update: HubUpdate): boolean {
    return !update.private || (this.grants?.allowsAny('subscribe', update.topics) ?? false);
  }

  write(chunk: string): void {
    if (this.closed) return;
    this.stream.write(chunk);
    this.lastWriteAt = Date.now();
    if (this.stream.writableLength > MAX_BUFFERED_BYTES) this.close();
  }

  /**
   * Ends the stream at `at` (milliseconds since the epoch, on `now`'s clock): the token's expiry,
   * or the lifetime cap.
   */
  closeAt(at: number, now: () => number = Date.now): void {
    clearTimeout(this.#timer);
    // Timers fire at once past 2^31-1 ms (24.8 days): a later end is reached in several steps.
    // Whole seconds, rounded down: timers of one duration share a list (thousands of streams).
    const delay = Math.min(Math.floor(Math.max(0, at - now()) / 1000) * 1000, MAX_TIMER_MS);
    this.#timer = setTimeout(
      () => (at - now() < 1000 ? this.close() : this.closeAt(at, now)),
      delay,
    );
    this.#timer.unref();
  }

  /**
   * Ends the stream, and its connection once the end is sent (or after a second, for a client
   * that reads nothing more): a stream's connection is not reused (`Connection: close`), and one
   * left half-open would hold a server's shutdown.
   */
  close(): void {
    clearTimeout(this.#timer);
    if (this.#closed) return;
    this.#closed = true;
    const socket = this.#socket;
    this.stream.end(() => socket?.destroy());
    setTimeout(() => socket?.destroy(), 1000).unref();
  }
}
