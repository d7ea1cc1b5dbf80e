import type { SessionEnd } from '../auth/sessions.service.ts';
import type { HubTransport } from './hub-transport.ts';
import type { HubUpdate } from './hub-update.ts';

/** One instance: an update goes straight to this process's subscribers (no `REDIS_URL`). */
export class MemoryTransport implements HubTransport {
  #deliver: ((update: HubUpdate) => void) | undefined;
  #ended: ((end: SessionEnd) => void) | undefined;

  async start(
    deliver: (update: HubUpdate) => void,
    ended?: (end: SessionEnd) => void,
  ): Promise<void> {
    this.#deliver = deliver;
    this.#ended = ended;
  }

  async publish(update: HubUpdate): Promise<void> {
    if (!this.#deliver) throw new Error('The hub transport is not started.');
    this.#deliver(update);
  }

  async announceEnd(end: SessionEnd): Promise<void> {
    this.#ended?.(end);
  }

  async close(): Promise<void> {
    this.#deliver = undefined;
    this.#ended = undefined;
  }
}
