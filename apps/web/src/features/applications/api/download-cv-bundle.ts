import { downloadFile } from '../../../lib/download-file.ts';

/**
 * `GET /applicants/bulk-operations/{id}/file`: the ZIP a CV bundle's job made, as a download
 * (`cv-YYYY-MM-DD.zip`); 410 `file_expired` once it expired (7 days).
 */
export function downloadCvBundle(id: number): Promise<string> {
  return downloadFile(`/applicants/bulk-operations/${id}/file`, { fallbackName: 'cv.zip' });
}
