export const careerSiteKey = ['career-site'] as const;
export const coverImageChoicesKey = [...careerSiteKey, 'cover-choices'] as const;

/**
 * `/me` carries the career-site link (`career_site_url`, built from the slug): it goes stale when
 * the slug changes. Named by its key (features/auth) rather than imported.
 */
export const meKey = ['me'] as const;
