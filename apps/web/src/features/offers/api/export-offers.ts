import { useMutation } from '@tanstack/react-query';
import type { EXPORT_FORMATS } from '@embauche/contracts/offers';
import type { TProjectRef } from '@embauche/contracts/projects';
import { downloadFile } from '../../../lib/download-file.ts';
import type { ListFilter } from '../../../lib/query-string.ts';

export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export type ExportOffersInput =
  | { kind: 'specific'; format: ExportFormat; offerIds: number[]; lang: string }
  | { kind: 'all'; format: ExportFormat; project: TProjectRef; filter: ListFilter; lang: string; except?: number[] };

/**
 * The selected offers (`POST …/export/specific`) or every offer of a list (`project`: a project id or
 * a special list) matching its filters (`GET …/export/all`), as that list shows them; in "all that
 * match" mode (issue 42 part 2) less the offers unticked since (`except`).
 */
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
    query: { format: input.format, lang: input.lang, project: input.project, filter: input.filter, except: input.except },
    fallbackName,
  });
}

export function useExportOffers() {
  return useMutation({ mutationFn: exportOffers });
}
