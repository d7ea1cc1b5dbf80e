import type { TCareerSiteFormInput } from '@embauche/contracts/career-site';

/**
 * Career-site settings for `PUT /api/config/career-site` in the tests (Valmont's site in French
 * and English, a privacy notice in each), with what a test needs changed in `overrides`.
 */
export function careerSiteForm(
  overrides: Partial<TCareerSiteFormInput> = {},
): TCareerSiteFormInput {
  return {
    slug: 'valmont-recrute',
    show_logo: true,
    primary_color: '#14532d',
    accent_color: '#9a3412',
    cover_image_id: null,
    languages: ['fr', 'en'],
    introductions: {},
    offer_fields: ['contract_type', 'location'],
    privacy_notices: { fr: 'Vos données restent chez nous.', en: 'Your data stays with us.' },
    talent_community: false,
    ...overrides,
  };
}
