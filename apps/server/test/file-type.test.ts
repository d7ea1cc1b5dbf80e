import { describe, expect, it } from 'vitest';
import { detectFileType } from '../src/platform/storage/file-type.ts';
import { extractText } from '../src/platform/storage/text-extract.ts';

const zipWith = (name: string, extra = '') =>
  Buffer.concat([
    Buffer.from([0x50, 0x4b, 0x03, 0x04]),
    Buffer.alloc(26),
    Buffer.from(name + extra, 'latin1'),
  ]);

describe('file types from bytes', () => {
  it.each([
    ['%PDF-1.7\n', 'application/pdf'],
    ['{\\rtf1\\ansi Bonjour}', 'application/rtf'],
    ['Bonjour, je suis développeuse.\n', 'text/plain'],
  ])('%s → %s', (text, mime) => {
    expect(detectFileType(Buffer.from(text))?.mime).toBe(mime);
  });

  it('recognises DOC, DOCX, ODT, JPEG and PNG, and refuses the rest', () => {
    expect(detectFileType(Buffer.from('d0cf11e0a1b11ae1000000', 'hex'))?.ext).toBe('doc');
    expect(detectFileType(zipWith('[Content_Types].xml', 'word/document.xml'))?.ext).toBe('docx');
    expect(detectFileType(zipWith('mimetypeapplication/vnd.oasis.opendocument.text'))?.ext).toBe(
      'odt',
    );
    expect(detectFileType(zipWith('data.csv'))).toBeNull();
    expect(detectFileType(Buffer.from('ffd8ffe000104a46', 'hex'))?.mime).toBe('image/jpeg');
    expect(detectFileType(Buffer.from('89504e470d0a1a0a', 'hex'))?.mime).toBe('image/png');
    expect(detectFileType(Buffer.from([0x4d, 0x5a, 0x90, 0x00]))).toBeNull();
    expect(detectFileType(Buffer.from([0xc3, 0x28, 0x41]))).toBeNull(); // invalid UTF-8
    expect(detectFileType(Buffer.alloc(0))).toBeNull();
  });

  it('extracts text from RTF and plain text', async () => {
    expect(
      await extractText(
        Buffer.from("{\\rtf1\\ansi {\\b Comptable}\\par Lyon caf\\'e9}"),
        'application/rtf',
      ),
    ).toBe('Comptable\nLyon café');
    expect(await extractText(Buffer.from('  a  b \n'), 'text/plain')).toBe('a b');
    expect(await extractText(Buffer.from('x'), 'image/png')).toBeNull();
  });
});
