/** Types of read-zip-entry.mjs (plain JavaScript: the extraction workers load it as it is). */
export function readZipEntry(
  zip: Buffer,
  name: string,
  limits: { maxBytes: number; maxRatio: number },
): Buffer | null;
export function zipEntryNames(zip: Buffer, maxEntries: number): string[];
