import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file.ts';

/** `GET /config/joboffers/export/{id}/download`: the finished export's file, handed to the browser. */
export function downloadOfferExport(id: number): Promise<string> {
  return downloadFile(`/config/joboffers/export/${id}/download`, { fallbackName: `export-${id}` });
}

export function useDownloadOfferExport() {
  return useMutation({ mutationFn: downloadOfferExport });
}
