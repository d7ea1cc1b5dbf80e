import { downloadFile } from '../../../lib/download-file.ts';

export type CvBundleType = 'zip' | 'pdf';

/** `POST /applicants/offer_cv {ids, type}`: the applicants' CVs as one ZIP or one merged PDF. */
export function downloadCvs(applicantIds: number[], type: CvBundleType): Promise<string> {
  return downloadFile('/applicants/offer_cv', {
    method: 'POST',
    body: { ids: applicantIds, type },
    fallbackName: type === 'zip' ? 'cv.zip' : 'cv.pdf',
  });
}
