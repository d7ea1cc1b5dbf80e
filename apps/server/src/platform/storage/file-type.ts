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
];

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
  return null;
}

export const IMAGE_MIMES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
