import { DOCX_MIME } from './file-type.ts';

/**
 * Plain text of a CV for search and summaries: PDF through pdf.js (legacy build, runs on Node 20),
 * DOCX through mammoth, text as is, RTF with its control words stripped. Other kinds answer null.
 */
export async function extractText(data: Buffer, mime: string): Promise<string | null> {
  switch (mime) {
    case 'application/pdf':
      return pdfText(data);
    case DOCX_MIME: {
      const mammoth = await import('mammoth');
      const result = await mammoth.extractRawText({ buffer: data });
      return clean(result.value);
    }
    case 'text/plain':
      return clean(data.toString('utf8'));
    case 'application/rtf':
      return clean(
        data
          .toString('latin1')
          .replace(/\\par[d]?/g, '\n')
          .replace(/\{\\\*[^{}]*\}/g, '')
          .replace(/\\'([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
          .replace(/\\[a-z]+-?\d* ?/gi, '')
          .replace(/[{}]/g, ''),
      );
    default:
      return null;
  }
}

async function pdfText(data: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(data),
    useSystemFonts: false,
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= Math.min(doc.numPages, 30); n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let line = '';
      const lines: string[] = [];
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += item.str;
        if (item.hasEOL) {
          lines.push(line);
          line = '';
        }
      }
      if (line) lines.push(line);
      pages.push(lines.join('\n'));
    }
    return clean(pages.join('\n\n'));
  } finally {
    await doc.destroy();
  }
}

function clean(text: string): string {
  return text
    .replaceAll('\u0000', '')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, 200_000);
}
