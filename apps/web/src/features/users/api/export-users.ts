import { useMutation } from '@tanstack/react-query';
import type { EXPORT_FORMATS } from '@embauche/contracts/offers';
import { downloadFile } from '../../../lib/download-file.ts';
import type { UsersFilter } from './get-users.ts';

export type UsersExportFormat = (typeof EXPORT_FORMATS)[number];

export type ExportUsersInput = { format: UsersExportFormat; filter: UsersFilter; lang: string };

/** `GET /users/export?format&lang&sort&filter[…]`: the users the list shows, as CSV or XLSX. */
export function exportUsers({ format, filter, lang }: ExportUsersInput): Promise<string> {
  const { sort, ...filters } = filter;
  return downloadFile('/users/export', {
    query: { format, lang, sort, filter: filters },
    fallbackName: `users.${format}`,
  });
}

export function useExportUsers() {
  return useMutation({ mutationFn: exportUsers });
}
