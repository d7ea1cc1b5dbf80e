import { useMutation } from '@tanstack/react-query';
import type { EXPORT_FORMATS } from '@embauche/contracts/offers';
import { downloadFile } from '../../../lib/download-file.ts';
import type { FilterValue } from '../../../lib/query-string.ts';

export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export type ExportOffersInput =
  | { kind: 'specific'; format: ExportFormat; offerIds: number[]; lang: string }
  | { kind: 'all'; format: ExportFormat; filter: Record<string, FilterValue>; lang: string };

/** The selected offers (`POST …/export/specific`) or every offer matching the filters (`GET …/export/all`). */
export function exportOffers(input: ExportOffersInput): Promise<string> {
  const fallbackName = `offres.${input.format}`;
  if (input.kind === 'specific') {
    return downloadFile('/projects/all/offers/export/specific', {
      method: 'POST',
      query: { lang: input.lang },
      body: { format: input.format, offer_ids: input.offerIds },
      fallbackName,
    });
  }
  return downloadFile('/projects/all/offers/export/all', {
    query: { format: input.format, lang: input.lang, filter: input.filter },
    fallbackName,
  });
}

export function useExportOffers() {
  return useMutation({ mutationFn: exportOffers });
}
