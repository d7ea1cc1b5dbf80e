import { useMutation } from '@tanstack/react-query';
import type { TUserImportReport, TUserImportStarted } from '@embauche/contracts/user-import';
import { apiRequest } from '../../../lib/api-client.ts';

const form = (file: File) => {
  const body = new FormData();
  body.append('file', file);
  return body;
};

/** `POST /users/import?dry_run=true`: every bad row of the file, nothing imported. */
export function checkUsersImport(file: File): Promise<TUserImportReport> {
  return apiRequest<TUserImportReport>('/users/import', {
    method: 'POST',
    query: { dry_run: 'true' },
    body: form(file),
  });
}

/** `POST /users/import`: queues the import of every row (202 with its id). */
export function startUsersImport(file: File): Promise<TUserImportStarted> {
  return apiRequest<TUserImportStarted>('/users/import', { method: 'POST', body: form(file) });
}

export function useCheckUsersImport() {
  return useMutation({ mutationFn: checkUsersImport });
}

export function useStartUsersImport() {
  return useMutation({ mutationFn: startUsersImport });
}
