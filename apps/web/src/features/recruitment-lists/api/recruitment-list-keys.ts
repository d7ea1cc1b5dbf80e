import type { TRecruitmentListSort, TRecruitmentListSource } from '@embauche/contracts/recruitment-lists';

export const recruitmentListsBaseKey = ['recruitment-lists'] as const;
export const recruitmentListPagesKey = [...recruitmentListsBaseKey, 'pages'] as const;
export const recruitmentListUsersKey = [...recruitmentListsBaseKey, 'users'] as const;
export const recruitmentListDetailsKey = [...recruitmentListsBaseKey, 'detail'] as const;

/** The sheet's pages for one source filter and sort. */
export function recruitmentListPagesKeyOf(source: TRecruitmentListSource | '', sort: TRecruitmentListSort) {
  return [...recruitmentListPagesKey, source, sort] as const;
}

export function recruitmentListKey(id: number) {
  return [...recruitmentListDetailsKey, id] as const;
}

export function recruitmentListApplicantsKey(id: number, search: string, page: number) {
  return [...recruitmentListDetailsKey, id, 'applicants', search, page] as const;
}
