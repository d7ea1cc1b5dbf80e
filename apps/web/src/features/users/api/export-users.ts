import { useMutation } from '@tanstack/react-query';
import type { EXPORT_FORMATS } from '@embauche/contracts/offers';
import { downloadFile } from '../../../lib/download-file.ts';
import type { UsersFilter } from './get-users.ts';

export type UsersExportFormat = (typeof EXPORT_FORMATS)[number];

export type ExportUsersInput = {
  format: UsersExportFormat;
  filter: UsersFilter;
  lang: string;
  /** The ticked users only. */
  ids?: number[];
  /** All that match less these (unticked in "all" mode). */
  except?: number[];
};

/** `GET /users/export?format&lang&sort&filter[…]&ids&except`: the users the list shows (or the selection), as CSV or XLSX. */
export function exportUsers({ format, filter, lang, ids, except }: ExportUsersInput): Promise<string> {
  const { sort, ...filters } = filter;
  return downloadFile('/users/export', {
    // The ticked users go by id alone: the filters they were ticked under may have changed since.
    query: ids ? { format, lang, sort, ids } : { format, lang, sort, filter: filters, except },
    fallbackName: `users.${format}`,
  });
}

export function useExportUsers() {
  return useMutation({ mutationFn: exportUsers });
}
