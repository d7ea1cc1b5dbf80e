/** Base key of the share queries; a transfer, a new link or a revocation invalidates through it. */
export const sharesBaseKey = ['shares'] as const;
export const applicantSharesKey = (applicantId: number) => [...sharesBaseKey, 'applicant', applicantId] as const;
