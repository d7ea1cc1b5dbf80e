import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** Signed out by default; tests add their own handlers with server.use(). */
export const defaultHandlers = [
  http.get('*/api/me', () => HttpResponse.json({ message: 'Unauthenticated', code: 'unauthenticated' }, { status: 401 })),
  http.post('*/api/sso/check', () => HttpResponse.json({ sso: false, redirect_url: null })),
  http.post('*/api/logout', () => new HttpResponse(null, { status: 204 })),
  http.put('*/api/user_profile/language', () => new HttpResponse(null, { status: 204 })),
  http.get('*/api/subsidiaries', () => HttpResponse.json([])),
  // The home page's four blocks: empty unless a test says otherwise.
  http.get('*/api/dashboard/offers/*', () => HttpResponse.json({ data: [], current_page: 1, last_page: 1, per_page: 5, total: 0 })),
  // The header's bell: nothing unread unless a test says otherwise.
  http.get('*/api/notifications/count', () => HttpResponse.json(0)),
  http.get('*/api/notifications', () => HttpResponse.json({ data: [], current_page: 1, last_page: 1, per_page: 50, total: 0 })),
];

export const server = setupServer(...defaultHandlers);
