import { readZipEntry, zipEntryNames } from '../../src/platform/storage/read-zip-entry.mjs';

/** Generous bounds: a test reads back a bundle the server made, not a hostile file. */
const LIMITS = { maxBytes: 1 << 30, maxRatio: Number.POSITIVE_INFINITY };

/**
 * A ZIP's entries (name → bytes), read with the platform's own ZIP reader (read-zip-entry.mjs):
 * a test reads back a bundle the server made.
 */
export function zipEntries(zip: Buffer): Map<string, Buffer> {
  return new Map(
    zipEntryNames(zip, 100_000).map((name) => [name, readZipEntry(zip, name, LIMITS)!]),
  );
}
