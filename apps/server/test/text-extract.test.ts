import { describe, expect, it } from 'vitest';
import { DOCX_MIME, ODT_MIME } from '../src/platform/storage/file-type.ts';
import { extractText, TextExtractionError } from '../src/platform/storage/text-extract.ts';
import { docxBomb, docxWith, odtWith, pdfBomb } from './support/hostile-files.ts';
import { pdfWith } from './support/multipart.ts';

/** The TextExtractionError that extracting this file rejects with. */
async function refusal(...args: Parameters<typeof extractText>): Promise<TextExtractionError> {
  const err = await extractText(...args).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TextExtractionError);
  return err as TextExtractionError;
}

describe('CV text extraction', () => {
  it('reads ordinary DOCX, ODT, PDF, text and RTF files', async () => {
    const docx = docxWith(['Jeanne Dupont', 'Soudure & <tuyauterie>', 'TIG\tMIG']);
    expect(await extractText(docx, DOCX_MIME)).toBe(
      'Jeanne Dupont\nSoudure & <tuyauterie>\nTIG MIG',
    );
    expect(await extractText(odtWith(['Odile  Martin', 'Caces 1 & 3']), ODT_MIME)).toBe(
      'Odile Martin\nCaces 1 & 3',
    );
    const pdf = await pdfWith(['Paul Durand', 'Chaudronnier']);
    expect(await extractText(pdf, 'application/pdf')).toBe('Paul Durand\nChaudronnier');
    expect(await extractText(Buffer.from('  Élodie\n\n\n\nSoudeuse  '), 'text/plain')).toBe(
      'Élodie\n\nSoudeuse',
    );
    const rtf = Buffer.from(
      "{\\rtf1\\ansi{\\fonttbl\\f0 Arial;}\\f0 Caf\\'e9 cr\\'e8me\\par Soudeur}",
      'latin1',
    );
    expect(await extractText(rtf, 'application/rtf')).toContain('Café crème\nSoudeur');
    // Kinds it does not read: no process started, no text.
    expect(await extractText(Buffer.from('GIF89a'), 'image/gif')).toBeNull();
    expect(await extractText(Buffer.from([0xd0, 0xcf]), 'application/msword')).toBeNull();
  });

  it('refuses zip bombs before inflating them, and those that lie about their size midway', async () => {
    for (const file of [docxBomb(37), docxBomb(370), docxBomb(37, { lie: true })]) {
      const err = await refusal(file, DOCX_MIME);
      expect(err.kind).toBe('refused');
      expect(err.message).toBe('CV text extraction refused: decompressed size over 20 MB');
    }
    // A lower cap, and the ratio check for entries that stay under it.
    expect((await refusal(docxBomb(37), DOCX_MIME, { maxXmlBytes: 1e6 })).message).toMatch(
      /decompressed size over 1 MB$/,
    );
    expect((await refusal(docxBomb(2), DOCX_MIME)).message).toMatch(
      /compression ratio over 100:1$/,
    );
  });

  it('refuses a PDF whose streams inflate to hundreds of MB', async () => {
    const err = await refusal(pdfBomb(300), 'application/pdf');
    expect(err.kind).toBe('refused');
    expect(err.message).toBe('CV text extraction refused: decompressed size over 100 MB');
  });

  it('stops a file past its deadline or its memory, which the process alone pays for', async () => {
    const pdf = await pdfWith(['Paul Durand']);
    // No process starts, reads and answers in a millisecond.
    const late = await refusal(pdf, 'application/pdf', { timeoutMs: 1 });
    expect(late.message).toBe('CV text extraction refused: took longer than 1 ms');
    // Without the size checks, 37 MB of XML do not fit a 16 MB heap.
    const big = await refusal(docxBomb(37), DOCX_MIME, {
      maxXmlBytes: 1e9,
      maxRatio: 1e9,
      maxHeapMb: 16,
    });
    expect(big.kind).toBe('refused');
    expect(big.message).toBe('CV text extraction refused: needed more than 16 MB of heap');
    // And the next file is read as usual.
    expect(await extractText(pdf, 'application/pdf')).toBe('Paul Durand');
  });

  // The memory of decoded PDF streams is not on the heap: only the resident size tells (Linux).
  it.runIf(process.platform === 'linux')(
    'stops a process whose resident memory passes its limit',
    async () => {
      // Without the inflated size check, pdf.js decodes the 300 MB content stream as it reads it.
      // A lower limit is reached sooner: on a loaded machine decoding toward 200 MB took over 20 s.
      const err = await refusal(pdfBomb(300), 'application/pdf', {
        maxPdfInflatedBytes: Infinity,
        maxRssMb: 150,
        timeoutMs: 120_000,
      });
      expect(err.message).toBe('CV text extraction refused: used more than 150 MB of memory');
    },
    120_000,
  );

  it('fails on damaged files, without retrying them', async () => {
    const notZip = await refusal(Buffer.from('PK\x03\x04 damaged'), DOCX_MIME);
    expect(notZip).toMatchObject({ kind: 'unreadable', permanent: true });
    expect(notZip.message).toBe('CV text extraction failed: not a ZIP archive');
    const noDocument = await refusal(odtWith(['x']), DOCX_MIME);
    expect(noDocument.message).toMatch(/no word\/document\.xml/);
    const pdf = await refusal(Buffer.from('%PDF-1.4\nnothing else'), 'application/pdf');
    expect(pdf.kind).toBe('unreadable');
    expect(pdf.message).toMatch(/^CV text extraction failed: unreadable PDF/);
  });
});
