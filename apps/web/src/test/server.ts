import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { NOTIFICATION_DEFAULTS, NOTIFICATION_KINDS } from '@embauche/contracts/notification-preferences';
import { DEFAULT_APPLICATION_FIELDS } from '@embauche/contracts/offer-settings';

/** Signed out by default; tests add their own handlers with server.use(). */
export const defaultHandlers = [
  http.get('*/api/me', () =>
    HttpResponse.json({ message: 'Unauthenticated', code: 'unauthenticated' }, { status: 401 }),
  ),
  http.post('*/api/sso/check', () => HttpResponse.json({ sso: false, redirect_url: null })),
  http.post('*/api/logout', () => new HttpResponse(null, { status: 204 })),
  http.put('*/api/user_profile/language', () => new HttpResponse(null, { status: 204 })),
  http.get('*/api/subsidiaries', () => HttpResponse.json([])),
  // The dashboard's "my onboarding tasks" link (issue 41): no task unless a test says otherwise.
  http.get('*/api/onboarding/my-tasks', () =>
    HttpResponse.json({ data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 }),
  ),
  // The company's custom fields (issue 17): none unless a test says otherwise.
  http.get('*/api/custom-fields/active', () => HttpResponse.json([])),
  // The new-offer dialog's templates and the offer form's image bank: none unless a test says otherwise.
  http.get('*/api/offer-templates/choices', () => HttpResponse.json({ data: [] })),
  http.get('*/api/offer-images/choices', () =>
    HttpResponse.json({ data: [], current_page: 1, last_page: 1, per_page: 100, total: 0 }),
  ),
  // The application path the manual applicant form follows: the defaults unless a test says otherwise.
  http.get('*/api/application-path/form', () =>
    HttpResponse.json({
      fields: DEFAULT_APPLICATION_FIELDS,
      document_type_ids: [],
      document_types: [],
      updated_at: null,
    }),
  ),
  // The home page's four blocks: empty unless a test says otherwise.
  http.get('*/api/dashboard/offers/*', () =>
    HttpResponse.json({ data: [], current_page: 1, last_page: 1, per_page: 5, total: 0 }),
  ),
  // The user settings' notification preferences: the built-in defaults, nothing of the user's own.
  http.get('*/api/me/notification-preferences', () =>
    HttpResponse.json({
      kinds: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, null])),
      digest: null,
      digest_hour: null,
      company: NOTIFICATION_DEFAULTS,
      time_zone: 'Europe/Paris',
    }),
  ),
  // The user settings' own e-mail signature: none unless a test says otherwise.
  http.get('*/api/me/mail-signature', () =>
    HttpResponse.json({ contents: { fr: null, en: null, es: null, de: null } }),
  ),
  // The header's bell: nothing unread unless a test says otherwise.
  http.get('*/api/notifications/count', () => HttpResponse.json(0)),
  http.get('*/api/notifications', () =>
    HttpResponse.json({ data: [], current_page: 1, last_page: 1, per_page: 50, total: 0 }),
  ),
  // Workflows and statuses configuration (issue 17): nothing unless a test says otherwise.
  http.get('*/api/config/statuses', () => HttpResponse.json([])),
  http.get('*/api/config/workflows', () => HttpResponse.json([])),
  http.get('*/api/config/workflow-assignments', () =>
    HttpResponse.json({ data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 }),
  ),
  // Scheduled offer exports (issue 17): none unless a test says otherwise.
  http.get('*/api/config/offer-export-schedules', () =>
    HttpResponse.json({ data: [], current_page: 1, last_page: 1, per_page: 10, total: 0 }),
  ),
  http.get('*/api/config/offer-export-schedules/recipients', () => HttpResponse.json({ data: [] })),
  // The talent community (issue 37): nobody unless a test says otherwise.
  http.get('*/api/community/members', () =>
    HttpResponse.json({ data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 }),
  ),
  http.get('*/api/community/interests', () => HttpResponse.json([])),
  // The news popup (issue 38 part 5): no current item, and no item on the staff's page, unless a
  // test says otherwise.
  http.get('*/api/news/current', () => HttpResponse.json(null)),
  http.get('*/api/superadmin/news', () =>
    HttpResponse.json({ data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 }),
  ),
];

export const server = setupServer(...defaultHandlers);
