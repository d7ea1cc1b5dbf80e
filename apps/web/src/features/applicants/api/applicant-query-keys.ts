/** Base keys of the applicant queries; mutations invalidate through them. */
export const applicantBaseKey = ['applicants'] as const;
export const applicantKey = (applicantId: number) => [...applicantBaseKey, applicantId] as const;
export const applicationKey = (applicationId: number) => ['applications', 'detail', applicationId] as const;
export const documentUploadKey = (token: string) => ['documents-upload', token] as const;
