import { inflateSync, constants } from 'node:zlib';
import { ExtractionFailed, ExtractionRefused, megabytes } from './extraction-errors.mjs';

/**
 * The text of a PDF's first pages through pdf.js (legacy build: runs on Node 20).
 *
 * pdf.js decodes a whole stream into one typed array before reading it, and typed arrays live
 * outside the V8 heap that the worker's resourceLimits bound: a 1 MB content stream that inflates
 * to 500 MB would be allocated in full. So the Flate streams are first inflated here, under a
 * budget for all of them together, and a file over it is refused before pdf.js sees it. What this
 * does not catch (streams encrypted or behind other filters) still meets the worker's heap and
 * time limits.
 *
 * @param {Buffer} data
 * @param {{ maxPdfInflatedBytes: number, maxPages: number, maxChars: number }} limits
 */
export async function pdfText(data, { maxPdfInflatedBytes, maxPages, maxChars }) {
  checkInflatedSize(data, maxPdfInflatedBytes);
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let doc;
  try {
    doc = await pdfjs.getDocument({
      data: new Uint8Array(data),
      useSystemFonts: false,
      isEvalSupported: false,
      disableFontFace: true,
      verbosity: 0,
    }).promise;
  } catch (err) {
    throw new ExtractionFailed(`unreadable PDF: ${err?.message ?? err}`);
  }
  try {
    const pages = [];
    let length = 0;
    for (let n = 1; n <= Math.min(doc.numPages, maxPages) && length < maxChars; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let line = '';
      const lines = [];
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += item.str;
        if (item.hasEOL) {
          lines.push(line);
          line = '';
        }
      }
      if (line) lines.push(line);
      const text = lines.join('\n');
      pages.push(text);
      length += text.length;
    }
    return pages.join('\n\n').slice(0, maxChars);
  } catch (err) {
    if (err instanceof ExtractionRefused) throw err;
    throw new ExtractionFailed(`unreadable PDF: ${err?.message ?? err}`);
  } finally {
    await doc.destroy();
  }
}

/**
 * Inflates every stream that starts with a zlib header (all a FlateDecode stream can start with,
 * whatever its dictionary says) and refuses the file when they add up to more than `maxBytes`.
 */
function checkInflatedSize(data, maxBytes) {
  const text = data.toString('latin1');
  const keyword = /(?<!end)stream/g;
  let total = 0;
  let eol = -1;
  for (const match of text.matchAll(keyword)) {
    // The data starts on the line after the keyword: pdf.js skips whatever else is on its line.
    // Once per line: more keywords on a line found already would scan it again for nothing.
    if (eol >= match.index) continue;
    eol = lineEnd(text, match.index);
    if (eol === -1) break;
    const start = eol + (text.startsWith('\r\n', eol) ? 2 : 1);
    const cmf = data[start];
    const flg = data[start + 1];
    if (cmf === undefined || flg === undefined || (cmf & 0x0f) !== 8 || (cmf * 256 + flg) % 31) {
      continue;
    }
    // Not cut at the next `endstream`: those bytes may sit inside the compressed data, and zlib
    // stops at the end of the stream anyway.
    const stream = data.subarray(start);
    try {
      // Truncated or damaged streams count for what they give, as pdf.js reads them that far.
      total += inflateSync(stream, {
        maxOutputLength: Math.max(1, maxBytes - total),
        finishFlush: constants.Z_SYNC_FLUSH,
      }).length;
    } catch (err) {
      if (err?.code === 'ERR_BUFFER_TOO_LARGE') {
        throw new ExtractionRefused(`decompressed size over ${megabytes(maxBytes)}`);
      }
    }
  }
}

const EOL = /[\r\n]/g;

/** The index of the next CR or LF from `from`, or -1. */
function lineEnd(text, from) {
  EOL.lastIndex = from;
  return EOL.exec(text)?.index ?? -1;
}
