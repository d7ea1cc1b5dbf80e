import { parseAsStringLiteral, useQueryState } from 'nuqs';

export const APPLICANT_SECTIONS = ['profile', 'cv', 'feed', 'applications'] as const;
export type ApplicantSection = (typeof APPLICANT_SECTIONS)[number];

/**
 * `?section=…`: the applicant screen's tab on a phone (profile, CV, feed, applications). Replaced,
 * not pushed: "back" leaves the applicant rather than walking through its tabs.
 */
export function useApplicantSection() {
  return useQueryState('section', parseAsStringLiteral(APPLICANT_SECTIONS).withDefault('profile').withOptions({ history: 'replace' }));
}
