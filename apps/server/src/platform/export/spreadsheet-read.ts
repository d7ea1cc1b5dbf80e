import { runBoundedWorker, workerScript } from '../workers/bounded-worker.ts';

/** Bounds on reading one uploaded spreadsheet (defaults: DEFAULT_SPREADSHEET_LIMITS). */
export type SpreadsheetLimits = {
  /** Data rows (the header line apart). */
  maxRows: number;
  /** Wall-clock time; the thread is terminated past it. */
  timeoutMs: number;
  /** The thread's V8 old generation, in MB. */
  maxHeapMb: number;
  /** All the entries of an XLSX together, decompressed. */
  maxInflatedBytes: number;
  /** Decompressed ÷ compressed size of an entry over 1 MB. */
  maxRatio: number;
  maxZipEntries: number;
  /** Characters kept per cell (longer values fail validation anyway). */
  maxCellChars: number;
};

export const DEFAULT_SPREADSHEET_LIMITS: SpreadsheetLimits = {
  maxRows: 10_000,
  timeoutMs: 15_000,
  maxHeapMb: 192,
  maxInflatedBytes: 40 * 1048576,
  maxRatio: 200,
  maxZipEntries: 500,
  maxCellChars: 1_000,
};

/**
 * The file was refused; `code` is the 422 code to answer on the file field: `file_type`,
 * `file_unreadable` or `max_rows:{n}`.
 */
export class SpreadsheetReadError extends Error {
  override name = 'SpreadsheetReadError';
  constructor(
    readonly code: string,
    readonly reason: string,
  ) {
    super(`spreadsheet refused (${code}): ${reason}`);
  }
}

/**
 * The cells of an uploaded CSV (UTF-8 or Windows-1252, `;` `,` or tab separated) or XLSX (its first
 * sheet), as text, one array per line.
 *
 * Uploads are untrusted: they are read off the request thread, in a worker thread with its own heap
 * limit, a deadline and no environment. A worker (rather than the child process that CV extraction
 * uses) is enough here because the reading never makes one large allocation: an XLSX's entries are
 * inflated under a cap before ExcelJS sees them (see the worker), and a CSV is at most the upload
 * limit. The heap grows step by step, which the worker's resourceLimits stop cleanly
 * (ERR_WORKER_OUT_OF_MEMORY) without taking the server down.
 */
export function readSpreadsheet(
  data: Buffer,
  filename: string,
  options: Partial<SpreadsheetLimits> = {},
): Promise<string[][]> {
  const { timeoutMs, maxHeapMb, ...limits } = { ...DEFAULT_SPREADSHEET_LIMITS, ...options };
  return runBoundedWorker<string[][]>({
    file: workerScript('spreadsheet-read.worker.mjs', import.meta.url, 'platform/export'),
    data: { bytes: new Uint8Array(data), filename, limits },
    timeoutMs,
    maxHeapMb,
    fallbackCode: 'file_unreadable',
    refuse: (code, reason) => new SpreadsheetReadError(code, reason),
  });
}
