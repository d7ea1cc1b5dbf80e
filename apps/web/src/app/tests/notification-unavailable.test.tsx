import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { TNotification, TNotificationTarget } from '@embauche/contracts/notifications';
import { makeMe } from '../../test/fixtures.ts';
import { APPLICANT_PERMISSIONS } from '../../test/applicant-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

class SilentEventSource {
  onmessage = null;
  onerror = null;
  onopen = null;
  close() {}
}

const mention = (id: number, target: TNotification['target']): TNotification => ({
  id,
  user_id: 7,
  read_at: null,
  created_at: new Date().toISOString(),
  data: { slug: 'comment_mention', source: 'applicant', route: `/applicants/${40 + id}`, user_name: 'Léa Petit', applicant_name: 'Jean Dupont' },
  target,
});

const LOST: TNotificationTarget = {
  state: 'no_access',
  kind: 'applicant',
  name: 'Jean Dupont',
  route: '/applicants/41',
  contacts: [
    { id: 1, firstname: 'Camille', lastname: 'Durand', email: 'admin@demo.test' },
    { id: 2, firstname: 'Hugo', lastname: 'Roux', email: 'hugo.roux@demo.test' },
  ],
};

function serve(items: TNotification[], targets: Record<number, TNotificationTarget>) {
  server.use(
    http.get('*/api/notifications/count', () => HttpResponse.json(items.length)),
    http.get('*/api/notifications', () => HttpResponse.json({ data: items, current_page: 1, last_page: 1, per_page: 50, total: items.length })),
    http.get('*/api/notifications/:id/target', ({ params }) => {
      const target = targets[Number(params.id)];
      return target ? HttpResponse.json(target) : HttpResponse.json({ message: 'Notification not found.' }, { status: 404 });
    }),
    http.post('*/api/notifications/read/:id', () => new HttpResponse(null, { status: 204 })),
    http.get('*/api/applicants/:id/detail', () => HttpResponse.json({ message: 'Applicant not found.' }, { status: 404 })),
    http.get('*/api/applicants/:id/applications-overview', () => HttpResponse.json({ message: 'Applicant not found.' }, { status: 404 })),
  );
}

describe('a notification whose target can no longer be opened (issue 35)', () => {
  beforeEach(() => vi.stubGlobal('EventSource', SilentEventSource));
  afterEach(() => vi.unstubAllGlobals());

  it('leads to "you no longer have access" with whom to ask, not to "not found"', async () => {
    const user = userEvent.setup();
    serve([mention(1, 'no_access')], { 1: LOST });
    signIn(makeMe(APPLICANT_PERMISSIONS));
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: /^Notifications, 1 non lue/ }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const link = await within(panel).findByRole('link', { name: 'Léa Petit vous a mentionné dans un commentaire sur Jean Dupont' });
    expect(link).toHaveAttribute('href', '/notifications/1/unavailable');
    expect(within(panel).getByText('Accès retiré')).toBeVisible();
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Vous n’avez plus accès à ce candidat' })).toBeVisible();
    expect(screen.getByText('Jean Dupont existe toujours, mais ne fait plus partie des projets et des offres que vous voyez.')).toBeVisible();
    expect(screen.getByText('Pour retrouver l’accès, demandez à l’un des administrateurs de votre entreprise :')).toBeVisible();
    expect(screen.getByRole('link', { name: 'admin@demo.test' })).toHaveAttribute('href', 'mailto:admin@demo.test');
    expect(screen.getByRole('link', { name: 'hugo.roux@demo.test' })).toBeVisible();
    expect(screen.queryByText('Candidat introuvable')).toBeNull();
  });

  it('says a deleted applicant is gone', async () => {
    serve([], { 3: { state: 'gone', kind: 'applicant', name: 'Ancien Candidat', route: '/applicants/9', contacts: [] } });
    signIn(makeMe(APPLICANT_PERMISSIONS));
    renderApp('/notifications/3/unavailable');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ce candidat a été supprimé' }, { timeout: 15000 })).toBeVisible();
    expect(screen.getByText('Ancien Candidat n’existe plus : la notification reste pour mémoire.')).toBeVisible();
  });

  it('an applicant page opened from a notification that answers 404 explains instead of "not found"', async () => {
    const user = userEvent.setup();
    // The list still said "open" (cached before the access was removed).
    serve([mention(1, 'open')], { 1: LOST });
    signIn(makeMe(APPLICANT_PERMISSIONS));
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: /^Notifications, 1 non lue/ }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const link = await within(panel).findByRole('link', { name: 'Léa Petit vous a mentionné dans un commentaire sur Jean Dupont' });
    expect(link).toHaveAttribute('href', '/applicants/41');
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Vous n’avez plus accès à ce candidat' }, { timeout: 15000 })).toBeVisible();
  });
});
