/** Query keys of the sourcing screen: the search pages, and the lists offered by "add to a list". */
export const sourcingBaseKey = ['sourcing'] as const;
export const sourcingSearchKey = [...sourcingBaseKey, 'search'] as const;
export const sourcingListsKey = [...sourcingBaseKey, 'recruitment-lists'] as const;
