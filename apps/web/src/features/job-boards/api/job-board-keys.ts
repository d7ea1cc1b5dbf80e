export const companyJobBoardsKey = ['job-boards', 'company'] as const;

/**
 * The offer screens' cache (features/offers: the job-board tab lists the enabled boards, under the
 * offer detail key), named by its key rather than imported: features do not import each other.
 */
export const offerDetailsKey = ['offers', 'detail'] as const;
