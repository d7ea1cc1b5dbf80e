// The text extraction process (text-extract.ts starts one per file). Plain JavaScript: Node 20
// cannot run TypeScript without a loader, and this file runs as is from the sources (Vitest, tsx)
// and bundled as dist/text-extract.worker.mjs by build.mjs.
import { ExtractionFailed, ExtractionRefused } from './extraction-errors.mjs';
import { opendocumentText, wordprocessingText } from './office-xml-text.mjs';
import { pdfText } from './pdf-text.mjs';
import { readZipEntry } from './read-zip-entry.mjs';

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const ODT_MIME = 'application/vnd.oasis.opendocument.text';

/** Text collected before cleaning, a few times what is kept: cleaning collapses blanks. */
const RAW_FACTOR = 4;

/**
 * @param {Buffer} data
 * @param {string} mime
 * @param {{ maxXmlBytes: number, maxRatio: number, maxPdfInflatedBytes: number, maxPages: number,
 *   maxTextChars: number }} limits
 * @returns {Promise<string | null>}
 */
async function extract(data, mime, limits) {
  const maxChars = limits.maxTextChars * RAW_FACTOR;
  const zipLimits = { maxBytes: limits.maxXmlBytes, maxRatio: limits.maxRatio };
  switch (mime) {
    case 'application/pdf':
      return pdfText(data, { ...limits, maxChars });
    case DOCX_MIME: {
      const xml = readZipEntry(data, 'word/document.xml', zipLimits);
      if (!xml) throw new ExtractionFailed('not a Word document (no word/document.xml)');
      return wordprocessingText(xml.toString('utf8'), maxChars);
    }
    case ODT_MIME: {
      const xml = readZipEntry(data, 'content.xml', zipLimits);
      if (!xml) throw new ExtractionFailed('not an OpenDocument text (no content.xml)');
      return opendocumentText(xml.toString('utf8'), maxChars);
    }
    case 'text/plain':
      // A cut inside a character at the end only costs a replacement character.
      return data.subarray(0, maxChars).toString('utf8');
    case 'application/rtf':
      return data
        .toString('latin1')
        .replace(/\\par[d]?/g, '\n')
        .replace(/\{\\\*[^{}]*\}/g, '')
        .replace(/\\'([0-9a-f]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)))
        .replace(/\\[a-z]+-?\d* ?/gi, '')
        .replace(/[{}]/g, '');
    default:
      return null;
  }
}

function clean(text, maxChars) {
  return text
    .replaceAll('\u0000', '')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, maxChars);
}

// One file per process: the parent sends it, gets the answer, and the process ends.
process.once('message', async ({ bytes, mime, limits }) => {
  let answer;
  try {
    const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const text = await extract(data, mime, limits);
    answer = { kind: 'text', text: text === null ? null : clean(text, limits.maxTextChars) };
  } catch (err) {
    const kind =
      err instanceof ExtractionRefused
        ? 'refused'
        : err instanceof ExtractionFailed
          ? 'unreadable'
          : 'error';
    answer = { kind, message: err instanceof Error ? err.message : String(err) };
  }
  process.send(answer, () => process.exit(0));
});
// The server went away: nobody waits for the answer.
process.once('disconnect', () => process.exit(0));
