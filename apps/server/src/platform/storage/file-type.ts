/** File kinds recognised from their first bytes, never from the name or the declared type. */
export type DetectedType = { mime: string; ext: string };

const SIGNATURES: { bytes: number[]; offset?: number; type: DetectedType }[] = [
  {
    bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    type: { mime: 'image/png', ext: 'png' },
  },
  { bytes: [0xff, 0xd8, 0xff], type: { mime: 'image/jpeg', ext: 'jpg' } },
  { bytes: [0x47, 0x49, 0x46, 0x38], type: { mime: 'image/gif', ext: 'gif' } },
  { bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], type: { mime: 'application/pdf', ext: 'pdf' } },
  // OLE2 compound file: Word 97-2003 .doc (also old Excel/PowerPoint; good enough for a CV field).
  {
    bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
    type: { mime: 'application/msword', ext: 'doc' },
  },
  { bytes: [0x7b, 0x5c, 0x72, 0x74, 0x66], type: { mime: 'application/rtf', ext: 'rtf' } },
];

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const ODT_MIME = 'application/vnd.oasis.opendocument.text';

export function detectFileType(data: Buffer): DetectedType | null {
  for (const sig of SIGNATURES) {
    const offset = sig.offset ?? 0;
    if (sig.bytes.every((b, i) => data[offset + i] === b)) return sig.type;
  }
  // WEBP: "RIFF" .... "WEBP"
  if (
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return { mime: 'image/webp', ext: 'webp' };
  }
  // ZIP containers: an ODT names its type in the first (stored) entry; a DOCX holds word/ files.
  if (data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04) {
    const head = data.subarray(0, Math.min(data.length, 64 * 1024)).toString('latin1');
    if (head.includes('mimetypeapplication/vnd.oasis.opendocument.text')) {
      return { mime: ODT_MIME, ext: 'odt' };
    }
    if (data.includes('word/document.xml', 0, 'latin1') || head.includes('word/')) {
      return { mime: DOCX_MIME, ext: 'docx' };
    }
    return null;
  }
  if (isPlainText(data)) return { mime: 'text/plain', ext: 'txt' };
  return null;
}

/** Valid UTF-8 without NUL or other control characters (tabs and line ends aside). */
function isPlainText(data: Buffer): boolean {
  if (data.length === 0) return false;
  const sample = data.subarray(0, 64 * 1024);
  for (const byte of sample) {
    if (
      byte === 0 ||
      (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c)
    )
      return false;
  }
  try {
    // A cut inside a multi-byte character at the sample's end is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(
      sample.length < data.length ? sample.subarray(0, trimIncomplete(sample)) : sample,
    );
    return true;
  } catch {
    return false;
  }
}

function trimIncomplete(buf: Buffer): number {
  const end = buf.length;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const b = buf[end - i]!;
    if ((b & 0xc0) === 0xc0) return end - i;
    if ((b & 0x80) === 0) break;
  }
  return end;
}

export const IMAGE_MIMES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
