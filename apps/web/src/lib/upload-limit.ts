import { DEFAULT_UPLOAD_MAX_MB } from '@embauche/contracts/constants';

/** Spec 5: the server's limit (UPLOAD_MAX_MB, 4 by default) in bytes, computed as the server does. */
export const UPLOAD_MAX_MB = DEFAULT_UPLOAD_MAX_MB;
export const UPLOAD_MAX_BYTES = Math.floor(UPLOAD_MAX_MB * 1048576 * 1.0025);

/** The server's own 413 code for a file over the limit, or null when the file fits. */
export function fileSizeError(file: File): string | null {
  return file.size > UPLOAD_MAX_BYTES ? `file_too_large:${UPLOAD_MAX_MB}` : null;
}
