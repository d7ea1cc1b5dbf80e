// Plain JavaScript, like every module of the text extraction process: Node 20 runs it without a
// TypeScript loader (see text-extract.worker.mjs).

/** The file is refused: it would take too much memory or time (a decompression bomb, say). */
export class ExtractionRefused extends Error {
  name = 'ExtractionRefused';
}

/** The file is damaged or not what its type says: reading it again would fail again. */
export class ExtractionFailed extends Error {
  name = 'ExtractionFailed';
}

/** "20 MB" for the messages. */
export function megabytes(bytes) {
  return `${Math.round((bytes / 1048576) * 10) / 10} MB`;
}
