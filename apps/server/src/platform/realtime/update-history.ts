import { sentBackForms } from './header-id.ts';
import { EARLIEST, type HubUpdate } from './hub-update.ts';

/** What a reconnecting subscriber missed: the updates after its last one, and the cursor to report. */
export type Replay = {
  updates: HubUpdate[];
  /** `Mercure-Last-Event-ID`: the event before the first one sent, or `earliest`. */
  lastEventId: string;
};

/**
 * The last `capacity` updates, oldest first, in a ring: what a subscriber that reconnects with
 * `Last-Event-ID` is sent again. With Redis every instance keeps the same ring (it receives every
 * update, and loads the shared stream at start), so a reconnection to another instance finds it.
 */
export class UpdateHistory {
  readonly #ring: (HubUpdate | undefined)[];
  #start = 0;
  #size = 0;

  constructor(readonly capacity: number) {
    this.#ring = new Array<HubUpdate | undefined>(capacity);
  }

  get size(): number {
    return this.#size;
  }

  /** The id of the last update, or `earliest` when none is held. */
  get lastEventId(): string {
    return this.#size === 0 ? EARLIEST : this.#at(this.#size - 1).id;
  }

  push(update: HubUpdate): void {
    if (this.capacity === 0) return;
    if (this.#size < this.capacity) {
      this.#ring[(this.#start + this.#size) % this.capacity] = update;
      this.#size++;
    } else {
      this.#ring[this.#start] = update;
      this.#start = (this.#start + 1) % this.capacity;
    }
  }

  /**
   * The updates after the one bearing `lastEventId` (its earliest occurrence, should a publisher
   * have reused it), or all of them for `earliest`. An id the history no longer holds (or never
   * did) replays nothing, and the cursor says `earliest`, so that the client may tell. A
   * non-ASCII id matches in the forms a client sends it back ({@link sentBackForms}).
   */
  after(lastEventId: string): Replay {
    if (lastEventId === EARLIEST) return { updates: this.#slice(0), lastEventId: EARLIEST };
    for (let i = 0; i < this.#size; i++) {
      const { id } = this.#at(i);
      if (id === lastEventId || sentBackForms(id).includes(lastEventId))
        return { updates: this.#slice(i + 1), lastEventId: id };
    }
    return { updates: [], lastEventId: EARLIEST };
  }

  #at(i: number): HubUpdate {
    return this.#ring[(this.#start + i) % this.capacity]!;
  }

  #slice(from: number): HubUpdate[] {
    const out: HubUpdate[] = [];
    for (let i = from; i < this.#size; i++) out.push(this.#at(i));
    return out;
  }
}
