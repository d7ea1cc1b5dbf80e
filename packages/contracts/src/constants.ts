export const LANGUAGES = ['fr', 'en', 'es', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr';

/** A saved or sent language code when the app speaks it, else the default (French). */
export function knownLanguage(value: string | null | undefined): Language {
  return LANGUAGES.find((l) => l === value) ?? DEFAULT_LANGUAGE;
}

/** Translation namespaces (spec section 1). */
export const NAMESPACES = [
  'actingAs',
  'activityFeed',
  'ai',
  'applicant',
  'application',
  'audit',
  'booking',
  'career_site',
  'common',
  'community',
  'company_settings',
  'config',
  'customFields',
  'dashboard',
  'data',
  'dragNDrop',
  'errors',
  'grapesjs',
  'groups',
  'job_boards',
  'kanban',
  'login',
  'mail',
  'multicast',
  'notifications',
  'notification_preferences',
  'offer_settings',
  'onboarding',
  'pdfReader',
  'planner',
  'player',
  'projects',
  'rights',
  'shared',
  'sms',
  'sourcing',
  'sso',
  'statistics',
  'subsidiaries',
  'tagInput',
  'user_config',
  'user_profile',
  'users',
  'workflows',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const ORGANISATION_TYPES = { PRIVATE: 0, TERRITORIAL: 1, SANTE: 2, ETAT: 3 } as const;
export type OrganisationType = (typeof ORGANISATION_TYPES)[keyof typeof ORGANISATION_TYPES];

/** Company features that switch parts of the product on. */
export const FEATURES = ['SMS', 'NonDiscrimination', 'OffersFollowUp', 'SSO'] as const;
export type Feature = (typeof FEATURES)[number];

/** Client accounts: 0 is the product's own internal account, 1 the demo account. */
export const CLIENT_ACCOUNTS = { INTERNAL: 0, DEMO: 1 } as const;

/** The default pipeline's fixed ids (DESIGN section 9). */
export const STATUS_IDS = {
  NEW: 1,
  PRESELECTED: 2,
  PHONE_INTERVIEW: 3,
  INTERVIEW: 4,
  OFFER_SENT: 5,
  RECRUITED: 6,
  REFUSED: 7,
  WITHDRAWN: 8,
} as const;
export const STATUS_RECRUITED = STATUS_IDS.RECRUITED;
/** Moving to one of these needs a motif (the reason of the refusal or withdrawal). */
export const STATUSES_NEEDING_MOTIF: readonly number[] = [STATUS_IDS.REFUSED, STATUS_IDS.WITHDRAWN];

export const DEFAULT_UPLOAD_MAX_MB = 4;
export const SMS_MAX_LENGTH = 1071;
export const SMS_SEGMENT_LENGTH = 153;

export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 604800;

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** Beyond this page a list is past any real data; a bigger number answers 422 `max_value:{MAX_PAGE}`. */
export const MAX_PAGE = 100_000;

export const PROJECT_SEARCH_MIN_LENGTH = 2;
