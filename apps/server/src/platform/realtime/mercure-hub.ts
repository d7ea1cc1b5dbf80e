import type { ServerResponse } from 'node:http';
import type { SessionEnd } from '../auth/sessions.service.ts';
import type { AccessGrants } from './access-grants.ts';
import type { HubPublisher } from './hub-publisher.ts';
import type { HubTransport } from './hub-transport.ts';
import { prepareUpdate, serializeEvent, type HubUpdate, type UpdateInput } from './hub-update.ts';
import { Subscriber, type StreamSession } from './subscriber.ts';
import type { TopicMatcher } from './topic-matcher.ts';
import { UpdateHistory } from './update-history.ts';

export type MercureHubOptions = {
  /** Updates kept for reconnecting subscribers. */
  historySize: number;
  /** A comment line goes to a stream idle this long (0: never). */
  heartbeatMs: number;
  /** Streams end after 80 to 100 % of this (0: only at the token's expiry). */
  maxConnectionMs: number;
  /** The clock tokens' expiries are read on (tests move it); `Date.now` by default. */
  now?: () => number;
  /** Told of every session end, from any instance (the sessions' cache forgets them). */
  onSessionEnd?: (end: SessionEnd) => void;
};

/**
 * Ended sessions are remembered this long, at most this many: a subscription whose session was
 * checked live just before its end (here or on another instance, whose cache may still hold it)
 * is refused when it registers. Past that, the database's answer is current everywhere.
 */
const ENDED_MEMORY_MS = 60_000;
const ENDED_MEMORY_MAX = 50_000;

export type Subscription = {
  stream: ServerResponse;
  matchers: readonly TopicMatcher[];
  grants: AccessGrants | undefined;
  /** The live session of the token, as checked: the stream ends with it. */
  session?: StreamSession;
  /** From `Last-Event-ID` or `last_event_id`; undefined when the client sent neither. */
  lastEventId: string | undefined;
  /** Writes the response head; `cursor` is the `Mercure-Last-Event-ID` to send, if one was asked. */
  open(cursor: string | undefined): void;
};

/**
 * The hub: open streams indexed by the exact topics they listen to (the others are tried on every
 * update) and by session, the replay history, and the transport that brings every update and
 * every session end of every instance. A stream ends at its token's expiry, and when its session
 * ends (sign-out, revocation, acting as someone else…), wherever that happens.
 */
export class MercureHub implements HubPublisher {
  readonly history: UpdateHistory;
  readonly #subscribers = new Set<Subscriber>();
  readonly #byTopic = new Map<string, Set<Subscriber>>();
  /** Subscribers with a matcher other than an exact topic: each update tries them all. */
  readonly #byPattern = new Set<Subscriber>();
  readonly #bySession = new Map<string, Set<Subscriber>>();
  /** Sessions (by id) and users (all their sessions) ended lately, with when. */
  readonly #endedSessions = new Map<string, number>();
  readonly #endedUsers = new Map<number, number>();
  readonly now: () => number;
  #heartbeat: NodeJS.Timeout | undefined;
  #started: Promise<void> | undefined;

  constructor(
    readonly transport: HubTransport,
    readonly options: MercureHubOptions,
  ) {
    this.history = new UpdateHistory(options.historySize);
    this.now = options.now ?? (() => Date.now());
  }

  /** Connects the transport (loading the shared history) and starts the keep-alive comments. */
  start(): Promise<void> {
    this.#started ??= this.transport.start(
      (update) => this.#deliver(update),
      (end) => this.#sessionsEnded(end),
    );
    if (this.options.heartbeatMs > 0 && !this.#heartbeat) {
      const period = this.options.heartbeatMs;
      this.#heartbeat = setInterval(() => this.#keepAlive(period), period / 2);
      this.#heartbeat.unref();
    }
    return this.#started;
  }

  /** Resolves once the history is loaded: subscriptions wait for it. */
  get ready(): Promise<void> {
    return this.start();
  }

  get subscriberCount(): number {
    return this.#subscribers.size;
  }

  /** The last update's id (the discovery `last-event-id`), or `earliest`. */
  get lastEventId(): string {
    return this.history.lastEventId;
  }

  /**
   * Checks, numbers and sends an update to every instance; answers its id. `authorize` sees the
   * checked update before it leaves (the publish route tests the token's grants there).
   */
  async publish(input: UpdateInput, authorize?: (update: HubUpdate) => void): Promise<string> {
    const update = prepareUpdate(input);
    authorize?.(update);
    await this.transport.publish(update);
    return update.id;
  }

  /** Tells every instance (this one included) that sessions ended: their streams close. */
  endSessions(end: SessionEnd): Promise<void> {
    return this.transport.announceEnd(end);
  }

  /**
   * Whether the session ended since `checkedAt` (when it was found live): its id was ended, or
   * every session of its user at or after that time.
   */
  hasEnded(session: StreamSession, checkedAt: number): boolean {
    this.#forgetOldEnds();
    return (
      this.#endedSessions.has(session.id) ||
      (this.#endedUsers.get(session.userId) ?? -Infinity) >= checkedAt
    );
  }

  /**
   * Opens a stream: what the client missed since its last event id first, then every update it
   * wants, live. Synchronous from the history read to the registration, so nothing published in
   * between is lost or sent twice.
   */
  subscribe(subscription: Subscription): Subscriber {
    const { stream, matchers, grants, lastEventId, session } = subscription;
    const subscriber = new Subscriber(stream, matchers, grants, session);
    const replay = lastEventId === undefined ? undefined : this.history.after(lastEventId);
    subscription.open(replay?.lastEventId);
    subscriber.write(':\n');
    for (const update of replay?.updates ?? []) {
      if (subscriber.wants(update)) subscriber.write(serializeEvent(update));
    }
    this.#add(subscriber);
    const ends = [
      grants?.expiresAt,
      this.options.maxConnectionMs > 0
        ? this.now() + this.options.maxConnectionMs * (0.8 + Math.random() * 0.2)
        : undefined,
    ].filter((t): t is number => t !== undefined);
    if (ends.length) subscriber.closeAt(Math.min(...ends), this.now);
    stream.on('close', () => this.#remove(subscriber));
    // The client may have left while the stream opened: 'close' has fired already then.
    if (stream.destroyed) this.#remove(subscriber);
    return subscriber;
  }

  /** Ends every stream (clients reconnect elsewhere) and disconnects the transport. */
  async close(): Promise<void> {
    clearInterval(this.#heartbeat);
    this.#heartbeat = undefined;
    for (const subscriber of this.#subscribers) subscriber.close();
    await this.#started?.catch(() => {});
    await this.transport.close();
  }

  #deliver(update: HubUpdate): void {
    this.history.push(update);
    let event: string | undefined;
    const send = (subscriber: Subscriber) => {
      if (!subscriber.mayRead(update)) return;
      event ??= serializeEvent(update);
      subscriber.write(event);
    };
    // One update may reach a subscriber through several of its topics: it is sent once.
    const sent =
      update.topics.length > 1 || this.#byPattern.size > 0 ? new Set<Subscriber>() : null;
    for (const topic of update.topics) {
      for (const subscriber of this.#byTopic.get(topic) ?? []) {
        if (sent) {
          if (sent.has(subscriber)) continue;
          sent.add(subscriber);
        }
        send(subscriber);
      }
    }
    for (const subscriber of this.#byPattern) {
      if (!sent!.has(subscriber) && subscriber.listensTo(update)) send(subscriber);
    }
  }

  /** Closes the streams of the sessions that ended, and remembers them a while. */
  #sessionsEnded(end: SessionEnd): void {
    const at = this.now();
    this.#forgetOldEnds();
    if ('userId' in end) {
      this.#remember(this.#endedUsers, end.userId, at);
      for (const subscriber of this.#subscribers)
        if (subscriber.session?.userId === end.userId) this.#remove(subscriber);
    } else {
      for (const id of end.sessionIds) {
        this.#remember(this.#endedSessions, id, at);
        for (const subscriber of this.#bySession.get(id) ?? []) this.#remove(subscriber);
      }
    }
    this.options.onSessionEnd?.(end);
  }

  #remember<K>(ends: Map<K, number>, key: K, at: number): void {
    ends.delete(key);
    if (ends.size >= ENDED_MEMORY_MAX) ends.delete(ends.keys().next().value!);
    ends.set(key, at);
  }

  /** Drops the ends older than the memory (oldest first in a Map). */
  #forgetOldEnds(): void {
    const before = this.now() - ENDED_MEMORY_MS;
    for (const ends of [this.#endedSessions, this.#endedUsers] as Map<unknown, number>[]) {
      for (const [key, at] of ends) {
        if (at >= before) break;
        ends.delete(key);
      }
    }
  }

  #add(subscriber: Subscriber): void {
    this.#subscribers.add(subscriber);
    const session = subscriber.session?.id;
    if (session !== undefined) {
      let set = this.#bySession.get(session);
      if (!set) this.#bySession.set(session, (set = new Set()));
      set.add(subscriber);
    }
    for (const matcher of subscriber.matchers) {
      if (matcher.exact === undefined) {
        this.#byPattern.add(subscriber);
        continue;
      }
      let set = this.#byTopic.get(matcher.exact);
      if (!set) this.#byTopic.set(matcher.exact, (set = new Set()));
      set.add(subscriber);
    }
  }

  #remove(subscriber: Subscriber): void {
    subscriber.close();
    if (!this.#subscribers.delete(subscriber)) return;
    this.#byPattern.delete(subscriber);
    const session = subscriber.session?.id;
    if (session !== undefined) {
      const set = this.#bySession.get(session);
      set?.delete(subscriber);
      if (set?.size === 0) this.#bySession.delete(session);
    }
    for (const matcher of subscriber.matchers) {
      if (matcher.exact === undefined) continue;
      const set = this.#byTopic.get(matcher.exact);
      set?.delete(subscriber);
      if (set?.size === 0) this.#byTopic.delete(matcher.exact);
    }
  }

  #keepAlive(period: number): void {
    const idleSince = Date.now() - period / 2;
    for (const subscriber of this.#subscribers) {
      if (subscriber.lastWriteAt <= idleSince) subscriber.write(':\n');
    }
  }
}
