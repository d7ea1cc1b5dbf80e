/** `inline` or `attachment` with an ASCII fallback and the RFC 5987 UTF-8 name. */
export function contentDisposition(type: 'inline' | 'attachment', filename: string): string {
  const ascii = filename
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
