import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUserActivationResult, TUserSelectionInput } from '@embauche/contracts/users';
import { api } from '../../../lib/api-client.ts';
import { buildQueryString } from '../../../lib/query-string.ts';
import type { UsersFilter } from './get-users.ts';
import { usersBaseKey } from './user-keys.ts';

/** The list's filters as the selection sends them: the query parameters the list call sends (`filter[q]=…`). */
export function userSelectionFilters(filter: UsersFilter): Record<string, string> {
  const { sort, ...filters } = filter;
  void sort;
  return Object.fromEntries(new URLSearchParams(buildQueryString({ filter: filters }).slice(1)));
}

export type SelectionActiveInput = { selection: TUserSelectionInput; active: boolean };

/**
 * `PUT /users/account-activation {selection, active}`: "all that match" the list's filters (issue
 * 42 part 2), less the unticked; what changed and what was skipped by reason. 409
 * `selection_changed` with the current count in `errors.count[0]`.
 */
export function setSelectionActive(body: SelectionActiveInput): Promise<TUserActivationResult> {
  return api.put<TUserActivationResult>('/users/account-activation', body);
}

export function useSetSelectionActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSelectionActive,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: usersBaseKey }),
  });
}
