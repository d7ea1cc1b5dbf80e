import { PDFDocument } from 'pdf-lib';
import { ZipFile } from 'yazl';

type CvFile = {
  applicant: { id: number; firstname: string; lastname: string };
  data: Buffer;
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

/** The CVs as one ZIP, one entry per applicant. */
export function zipCvs(cvs: CvFile[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const cv of cvs) zip.addBuffer(cv.data, safeName(cv));
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** The PDF CVs merged in one PDF; the others (and unreadable PDFs) are answered as skipped. */
export async function mergePdfCvs(
  cvs: CvFile[],
): Promise<{ pdf: Buffer | null; skipped: number[] }> {
  const out = await PDFDocument.create();
  const skipped: number[] = [];
  let pages = 0;
  for (const cv of cvs) {
    if (cv.mime !== 'application/pdf') {
      skipped.push(cv.applicant.id);
      continue;
    }
    try {
      const doc = await PDFDocument.load(cv.data, { ignoreEncryption: true });
      const copied = await out.copyPages(doc, doc.getPageIndices());
      for (const page of copied) out.addPage(page);
      pages += copied.length;
    } catch {
      skipped.push(cv.applicant.id);
    }
  }
  return { pdf: pages ? Buffer.from(await out.save()) : null, skipped };
}
