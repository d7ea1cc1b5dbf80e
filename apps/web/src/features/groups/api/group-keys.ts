import type { GroupsFilter } from './get-groups.ts';

export const groupsBaseKey = ['groups'] as const;
export const groupsPagesKey = [...groupsBaseKey, 'pages'] as const;
export const groupUsersKey = [...groupsBaseKey, 'users'] as const;

export function groupsPageKey(filter: GroupsFilter, page: number) {
  return [...groupsPagesKey, filter, page] as const;
}

export function groupMembersKey(groupId: number) {
  return [...groupsBaseKey, 'members', groupId] as const;
}

/**
 * The users administration shows each user's groups and offers the groups as filters: its cached
 * lists (`['users']`, features/users) go stale with any change here. Named by its key rather than
 * imported, features not importing each other.
 */
export const usersListsKey = ['users'] as const;
