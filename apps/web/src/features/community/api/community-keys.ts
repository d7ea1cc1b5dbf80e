/** Every cached read of the community area starts with this key (invalidated after a write). */
export const communityKey = ['community'] as const;
export const communityMembersKey = [...communityKey, 'members'] as const;
export const communityMemberKey = (id: number) => [...communityKey, 'member', id] as const;
export const communityChoicesKey = [...communityKey, 'choices'] as const;
