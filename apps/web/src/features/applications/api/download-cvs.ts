import { CV_BUNDLE_JOB_MAX, CV_BUNDLE_MAX, type TOfferCvRequest } from '@embauche/contracts/applicants';
import { downloadFile } from '../../../lib/download-file.ts';

export type CvBundleType = 'zip' | 'pdf';
export { CV_BUNDLE_JOB_MAX, CV_BUNDLE_MAX };

/**
 * `POST /applicants/offer_cv {ids | selection, type}`: the CVs of the ticked applicants, or of every
 * application a list's filters hold ("all that match", resolved on the server), as one ZIP or one
 * merged PDF — up to CV_BUNDLE_MAX; more go through a job (prepare-cv-bundle.ts).
 */
export function downloadCvs(target: Pick<TOfferCvRequest, 'ids' | 'selection'>, type: CvBundleType): Promise<string> {
  return downloadFile('/applicants/offer_cv', {
    method: 'POST',
    body: { ...target, type },
    fallbackName: type === 'zip' ? 'cv.zip' : 'cv.pdf',
  });
}
