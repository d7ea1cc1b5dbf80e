import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

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

type Answer =
  { kind: 'rows'; rows: string[][] } | { kind: 'refused'; code: string; message: string };

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
  const worker = new Worker(workerFile(), {
    workerData: { bytes: new Uint8Array(data), filename, limits },
    env: {},
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: maxHeapMb, maxYoungGenerationSizeMb: 32 },
    stdout: true,
    stderr: true,
  });
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const refuse = (code: string, reason: string) =>
      settle(() => reject(new SpreadsheetReadError(code, reason)));
    const timer = setTimeout(
      () => refuse('file_unreadable', `took over ${timeoutMs} ms`),
      timeoutMs,
    );
    worker.once('message', (msg: Answer) => {
      if (msg.kind === 'rows') settle(() => resolve(msg.rows));
      else refuse(msg.code, msg.message);
    });
    worker.once('error', (err: Error & { code?: string }) => {
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') refuse('file_unreadable', 'out of memory');
      // Could not start, or a bug: a server error rather than the file's fault.
      else settle(() => reject(err));
    });
    worker.once('exit', (code) => refuse('file_unreadable', `the reader stopped (${code})`));
  });
}

const WORKER_FILE = 'spreadsheet-read.worker.mjs';
let workerPath: URL | undefined;

/**
 * The thread's script: next to this module in the sources (tsx, Vitest), next to the bundle that
 * inlines it in dist/ (build.mjs writes it there).
 */
function workerFile(): URL {
  if (workerPath) return workerPath;
  const candidates = [
    new URL(`./${WORKER_FILE}`, import.meta.url),
    new URL(`../src/platform/export/${WORKER_FILE}`, import.meta.url),
  ];
  workerPath = candidates.find((url) => existsSync(url));
  if (!workerPath) throw new Error(`${WORKER_FILE} not found (looked in ${candidates.join(', ')})`);
  return workerPath;
}
