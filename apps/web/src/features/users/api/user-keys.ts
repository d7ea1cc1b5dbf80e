import type { UsersFilter } from './get-users.ts';

export const usersBaseKey = ['users'] as const;
export const usersPagesKey = [...usersBaseKey, 'pages'] as const;
export const userChoicesKey = [...usersBaseKey, 'choices'] as const;

export function usersImportKey(id: number) {
  return [...usersBaseKey, 'imports', id] as const;
}

export function usersPageKey(filter: UsersFilter, page: number) {
  return [...usersPagesKey, filter, page] as const;
}
