import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Files made to exhaust a parser (decompression bombs), and ordinary ones to check that the
 * limits leave them alone. Deterministic and cheap: a bomb's compressed data is one compressed
 * chunk repeated (each chunk is flushed with Z_FULL_FLUSH, which resets the compressor, so every
 * chunk compresses to the same bytes), so 370 MB of XML cost a few hundred kilobytes and no
 * 370 MB buffer.
 */

const MIB = 1048576;
const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

type Repeated = { head: string; chunk: string; count: number; tail: string };

/** Raw deflate data of head + chunk × count + tail, with its size and CRC-32. */
function repeatedDeflate({ head, chunk, count, tail }: Repeated) {
  const flush = { finishFlush: constants.Z_FULL_FLUSH, level: 9 };
  const chunkBytes = Buffer.from(chunk);
  const parts = [deflateRawSync(Buffer.from(head), flush)];
  const compressedChunk = deflateRawSync(chunkBytes, flush);
  let crc = crc32(head);
  let adler = adler32(Buffer.from(head));
  const chunkAdler = adler32(chunkBytes);
  for (let i = 0; i < count; i++) {
    parts.push(compressedChunk);
    crc = crc32(chunkBytes, crc);
    adler = adler32Combine(adler, chunkAdler, chunkBytes.length);
  }
  parts.push(deflateRawSync(Buffer.from(tail), { level: 9 }));
  crc = crc32(tail, crc);
  const tailBytes = Buffer.from(tail);
  adler = adler32Combine(adler, adler32(tailBytes), tailBytes.length);
  const size = Buffer.byteLength(head) + chunkBytes.length * count + tailBytes.length;
  return { raw: Buffer.concat(parts), size, crc, adler };
}

function adler32(data: Buffer): number {
  let a = 1;
  let b = 0;
  for (const byte of data) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** zlib's adler32_combine: the checksum of A + B from theirs and B's length. */
function adler32Combine(adler1: number, adler2: number, length2: number): number {
  const BASE = 65521;
  const rem = length2 % BASE;
  let sum1 = adler1 & 0xffff;
  let sum2 = (rem * sum1) % BASE;
  sum1 += (adler2 & 0xffff) + BASE - 1;
  sum2 += ((adler1 >>> 16) & 0xffff) + ((adler2 >>> 16) & 0xffff) + BASE - rem;
  if (sum1 >= BASE) sum1 -= BASE;
  if (sum1 >= BASE) sum1 -= BASE;
  if (sum2 >= BASE * 2) sum2 -= BASE * 2;
  if (sum2 >= BASE) sum2 -= BASE;
  return ((sum2 << 16) | sum1) >>> 0;
}

type ZipEntry = { name: string; raw: Buffer; size: number; crc: number; method: 0 | 8 };

function deflated(name: string, content: string): ZipEntry {
  const data = Buffer.from(content);
  return { name, raw: deflateRawSync(data), size: data.length, crc: crc32(data), method: 8 };
}

/** A ZIP archive of these entries (sizes as given: a bomb may lie about them). */
function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.raw.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(e.crc, 16);
    central.writeUInt32LE(e.raw.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.raw);
    centrals.push(central, name);
    offset += local.length + name.length + e.raw.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';
const DOCUMENT_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W_NS}"><w:body>`;
const DOCUMENT_TAIL = '<w:sectPr/></w:body></w:document>';

function docx(document: ZipEntry): Buffer {
  return zip([
    deflated('[Content_Types].xml', CONTENT_TYPES),
    deflated('_rels/.rels', RELS),
    document,
  ]);
}

/** A DOCX whose paragraphs are these lines (with a tab stop, a tab, a break and entities in them). */
export function docxWith(lines: string[]): Buffer {
  const escape = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  const body = lines
    .map(
      (line) =>
        `<w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr><w:r><w:t xml:space="preserve">${escape(line)}</w:t></w:r></w:p>`,
    )
    .join('');
  return docx(deflated('word/document.xml', `${DOCUMENT_HEAD}${body}${DOCUMENT_TAIL}`));
}

/**
 * A DOCX whose word/document.xml inflates to `mib` MiB of paragraphs (37: a 133 KB file; 370:
 * 1.3 MB). `lie` writes a small uncompressed size in the archive, as a bomb that wants to get
 * past a size check would.
 */
export function docxBomb(mib: number, { lie = false } = {}): Buffer {
  const paragraph = `<w:p><w:r><w:t>Expérience professionnelle &amp; formation</w:t></w:r></w:p>`;
  const chunk = paragraph.repeat(Math.floor(MIB / Buffer.byteLength(paragraph)));
  const data = repeatedDeflate({
    head: DOCUMENT_HEAD,
    chunk,
    count: Math.round((mib * MIB) / Buffer.byteLength(chunk)),
    tail: DOCUMENT_TAIL,
  });
  return docx({
    name: 'word/document.xml',
    raw: data.raw,
    size: lie ? 200_000 : data.size,
    crc: data.crc,
    method: 8,
  });
}

/** An ODT holding these paragraphs. */
export function odtWith(lines: string[]): Buffer {
  const body = lines
    .map(
      (line) =>
        `<text:p text:style-name="P1">${line.replaceAll('&', '&amp;').replaceAll('  ', ' <text:s/>')}</text:p>`,
    )
    .join('');
  const content = `<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:text>${body}</office:text></office:body></office:document-content>`;
  const mimetype = Buffer.from('application/vnd.oasis.opendocument.text');
  return zip([
    { name: 'mimetype', raw: mimetype, size: mimetype.length, crc: crc32(mimetype), method: 0 },
    deflated('content.xml', content),
  ]);
}

/**
 * A one-page PDF whose content stream (FlateDecode) inflates to `mib` MiB: a line of text, then
 * `q Q` operators (save and restore the graphics state) over and over.
 */
export function pdfBomb(mib: number): Buffer {
  const chunk = 'q Q '.repeat(MIB / 4);
  const data = repeatedDeflate({
    head: 'BT /F1 12 Tf 72 720 Td (Bombe) Tj ET\n',
    chunk,
    count: mib,
    tail: '\n',
  });
  // zlib format, as FlateDecode wants: header, raw deflate data, Adler-32 of the whole.
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(data.adler, 0);
  const stream = Buffer.concat([Buffer.from([0x78, 0xda]), data.raw, adler]);
  return pdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    Buffer.concat([
      Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`),
      stream,
      Buffer.from('\nendstream'),
    ]),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

/** A PDF of these objects (numbered from 1, the first one the catalog) with its xref table. */
function pdf(objects: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const part = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`),
      typeof body === 'string' ? Buffer.from(body) : body,
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(part);
    length += part.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(length),
    '%%EOF',
    '',
  ].join('\n');
  parts.push(Buffer.from(xref));
  return Buffer.concat(parts);
}
