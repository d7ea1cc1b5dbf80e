import { randomUUID } from 'node:crypto';
import type { PassThrough, Readable } from 'node:stream';
import { PDFDocument } from 'pdf-lib';
import { ZipFile } from 'yazl';
import type { FileStorage, ObjectStream } from '../../platform/storage/storage.ts';

export type CvFile = {
  applicant: { id: number; firstname: string; lastname: string };
  /** The CV's key in the storage. */
  key: string;
  mime: string;
  filename: string;
};

function safeName(cv: CvFile): string {
  const base = `${cv.applicant.lastname}_${cv.applicant.firstname}_${cv.applicant.id}`
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-');
  const ext = cv.filename.includes('.') ? cv.filename.slice(cv.filename.lastIndexOf('.')) : '';
  return `${base}${ext}`;
}

/**
 * A bundle written into the storage (`bundles/{company}/…`, docs/storage.md), streamed back: the
 * object is deleted once its stream closes (the orphan sweep removes it if that never happens).
 */
async function storedBundle(
  storage: FileStorage,
  companyId: number,
  ext: string,
  write: (key: string) => Promise<unknown>,
): Promise<ObjectStream> {
  const key = `bundles/${companyId}/${randomUUID()}.${ext}`;
  await write(key);
  const found = await storage.getStream(key);
  if (!found) throw new Error(`The bundle ${key} vanished from the storage.`);
  found.stream.once('close', () => void storage.delete(key).catch(() => {}));
  return found;
}

/**
 * The CVs as one ZIP, one entry per applicant: each CV is read from the storage when its turn
 * comes and the ZIP goes into the storage as it is made, so no CV and no ZIP is ever one buffer.
 */
export function zipCvs(storage: FileStorage, companyId: number, cvs: CvFile[]) {
  return storedBundle(storage, companyId, 'zip', (key) => {
    const zip = new ZipFile();
    for (const cv of cvs) addLazy(zip, storage, cv);
    zip.end();
    return storage.putStream(key, zip.outputStream as Readable);
  });
}

/** A ZIP entry read from the storage when its turn comes; `opened` sees its stream. */
function addLazy(
  zip: ZipFile,
  storage: FileStorage,
  cv: CvFile,
  opened?: (stream: Readable) => void,
) {
  zip.addReadStreamLazy(safeName(cv), (done) => {
    storage.getStream(cv.key).then(
      (found) => {
        if (!found) return done(new Error(`${cv.key} is gone`), null!);
        opened?.(found.stream);
        done(null, found.stream);
      },
      (err: unknown) => done(err, null!),
    );
  });
}

/**
 * A ZIP written into the storage under `key` while its entries are still being added (a CV
 * bundle's job, cv-bundle-jobs.ts): `add` answers once its CVs were read into the ZIP, so the walk
 * that feeds it never runs ahead of the file and memory holds one CV's chunks and the entries'
 * names, never the ZIP. `end` writes the central directory and answers the stored size.
 */
export class CvZipStream {
  private readonly zip = new ZipFile();
  private readonly stored: Promise<{ size: number }>;

  constructor(
    private readonly storage: FileStorage,
    key: string,
  ) {
    const output = this.zip.outputStream as PassThrough;
    // A CV gone between its check and its read: the ZIP fails, so does the write.
    this.zip.on('error', (err: Error) => output.destroy(err));
    this.stored = storage.putStream(key, output);
    this.stored.catch(() => {});
  }

  add(cvs: CvFile[]): Promise<void> {
    if (!cvs.length) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.stored.catch(reject);
      cvs.forEach((cv, i) =>
        addLazy(this.zip, this.storage, cv, (stream) => {
          // yazl pipes the CV without watching it: a read that fails midway fails the ZIP.
          stream.once('error', (err) => this.zip.emit('error', err));
          if (i === cvs.length - 1) stream.once('end', () => resolve());
        }),
      );
    });
  }

  end(): Promise<{ size: number }> {
    this.zip.end();
    return this.stored;
  }

  /** Stops the write (its partial object is not kept: putStream cleans up after a failure). */
  abort(error: Error): void {
    (this.zip.outputStream as PassThrough).destroy(error);
  }
}

/**
 * The PDF CVs merged in one PDF (pdf-lib builds it in memory, reading one CV at a time), stored,
 * then streamed back; the others (and unreadable PDFs) are answered as skipped.
 */
export async function mergePdfCvs(
  storage: FileStorage,
  companyId: number,
  cvs: CvFile[],
): Promise<{ pdf: ObjectStream | null; skipped: number[] }> {
  const out = await PDFDocument.create();
  const skipped: number[] = [];
  let pages = 0;
  for (const cv of cvs) {
    const data = cv.mime === 'application/pdf' ? await storage.get(cv.key) : null;
    if (!data) {
      skipped.push(cv.applicant.id);
      continue;
    }
    try {
      const doc = await PDFDocument.load(data, { ignoreEncryption: true });
      const copied = await out.copyPages(doc, doc.getPageIndices());
      for (const page of copied) out.addPage(page);
      pages += copied.length;
    } catch {
      skipped.push(cv.applicant.id);
    }
  }
  if (!pages) return { pdf: null, skipped };
  const bytes = Buffer.from(await out.save());
  const pdf = await storedBundle(storage, companyId, 'pdf', (key) => storage.put(key, bytes));
  return { pdf, skipped };
}
