import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { PDFDocument } from 'pdf-lib';
import { ZipFile } from 'yazl';
import type { FileStorage, ObjectStream } from '../../platform/storage/storage.ts';

type CvFile = {
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
    for (const cv of cvs) {
      zip.addReadStreamLazy(safeName(cv), (done) => {
        storage.getStream(cv.key).then(
          (found) =>
            found ? done(null, found.stream) : done(new Error(`${cv.key} is gone`), null!),
          (err: unknown) => done(err, null!),
        );
      });
    }
    zip.end();
    return storage.putStream(key, zip.outputStream as Readable);
  });
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
