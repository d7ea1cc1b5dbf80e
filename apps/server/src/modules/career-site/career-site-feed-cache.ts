/** Feeds kept at most, and their total size. */
const MAX_ENTRIES = 16;
const MAX_BYTES = 64 * 1024 * 1024;

/**
 * The job-board feeds last built (issue 37 part 6): a feed of 5,000 offers with their descriptions
 * is about 12 MB and most of a second of CPU to build, and boards, crawlers or an abuser ask for
 * the same one again and again. A feed is kept under its key (company, board) with the fingerprint
 * of what it was built from (the published offers' count, newest change and ids, the site's
 * settings): a request whose fingerprint differs builds it again, so no one reads an outdated feed.
 * Least recently used first out, within MAX_ENTRIES and MAX_BYTES.
 */
export class FeedCache {
  readonly #entries = new Map<string, { fingerprint: string; body: string }>();
  #bytes = 0;

  constructor(
    private readonly maxEntries = MAX_ENTRIES,
    private readonly maxBytes = MAX_BYTES,
  ) {}

  async get(key: string, fingerprint: string, build: () => Promise<string>): Promise<string> {
    const kept = this.#entries.get(key);
    if (kept?.fingerprint === fingerprint) {
      this.#entries.delete(key);
      this.#entries.set(key, kept);
      return kept.body;
    }
    const body = await build();
    this.#drop(key);
    if (body.length <= this.maxBytes) {
      this.#entries.set(key, { fingerprint, body });
      this.#bytes += body.length;
      for (const oldest of this.#entries.keys()) {
        if (this.#entries.size <= this.maxEntries && this.#bytes <= this.maxBytes) break;
        this.#drop(oldest);
      }
    }
    return body;
  }

  get size() {
    return this.#entries.size;
  }

  #drop(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#bytes -= entry.body.length;
    this.#entries.delete(key);
  }
}
