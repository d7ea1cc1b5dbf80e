/**
 * Under `['subsidiaries']`, the key of the pickers' list (lib/subsidiaries): a change here makes
 * both stale at once.
 */
export const subsidiariesBaseKey = ['subsidiaries'] as const;
export const subsidiaryTreeKey = [...subsidiariesBaseKey, 'config', 'tree'] as const;
export const subsidiaryCompanyUsersKey = [...subsidiariesBaseKey, 'config', 'company-users'] as const;

export function subsidiaryUsersKey(id: number) {
  return [...subsidiariesBaseKey, 'config', 'users', id] as const;
}

/**
 * Other screens' caches that hold subsidiaries, named by their keys rather than imported (features
 * do not import each other): `/me` carries the subsidiary mode, the users administration shows
 * each user's subsidiary, offers and projects show theirs by name.
 */
export const meKey = ['me'] as const;
export const usersListsKey = ['users'] as const;
export const offersKey = ['offers'] as const;
export const projectsKey = ['projects'] as const;
