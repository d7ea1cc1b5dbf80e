import { randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';

export type Part = { field: string; filename: string; data: Buffer; type?: string };

/** A multipart/form-data body: text fields (arrays as repeated `name[]`) and files. */
export function multipart(fields: Record<string, string | string[]>, files: Part[] = []) {
  const boundary = `----embauche${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  const head = (s: string) => chunks.push(Buffer.from(s));
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      head(
        `--${boundary}\r\nContent-Disposition: form-data; name="${Array.isArray(value) ? `${name}[]` : name}"\r\n\r\n${v}\r\n`,
      );
    }
  }
  for (const f of files) {
    head(
      `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
    );
    chunks.push(f.data);
    head('\r\n');
  }
  head(`--${boundary}--\r\n`);
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A one-page PDF holding these lines. */
export async function pdfWith(lines: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 750 - i * 20, size: 12, font }));
  return Buffer.from(await doc.save());
}
