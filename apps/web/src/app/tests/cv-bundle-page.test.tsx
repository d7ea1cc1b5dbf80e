import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { TCvBundleOperation } from '@embauche/contracts/applicants';
import type { TNotification } from '@embauche/contracts/notifications';
import { APPLICATION_PERMISSIONS } from '../../test/application-fixtures.ts';
import { makeMe, RECRUITER_PERMISSIONS } from '../../test/fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

/**
 * A ZIP of CVs found again (issue 42): the bell says it is ready (or could not be prepared) and
 * links to its page, `/downloads/cv-bundles/{id}`, which shows the operation as the dialog does —
 * its progress, then the download until it expires — and "not found" for anyone else's.
 */
const me = makeMe([...RECRUITER_PERMISSIONS, ...APPLICATION_PERMISSIONS]);

const base = {
  id: 7,
  kind: 'applicants.cv_bundle',
  total: 520,
  created_at: '2026-11-30T02:00:00.000Z',
} as const;
const running: TCvBundleOperation = { ...base, status: 'running', processed: 200, changed: 190, skipped: { no_cv: 10 }, finished_at: null, file: null };
const ready: TCvBundleOperation = {
  ...base,
  status: 'done',
  processed: 520,
  changed: 500,
  skipped: { no_cv: 20 },
  finished_at: '2026-11-30T02:03:00.000Z',
  file: { status: 'ready', size: 131_072_000, expires_at: '2026-12-07T02:03:00.000Z' },
};

function notification(id: number, data: TNotification['data']): TNotification {
  return { id, user_id: 7, read_at: null, created_at: new Date().toISOString(), data };
}

function serveNotifications(items: TNotification[]) {
  server.use(
    http.get('*/api/notifications/count', () => HttpResponse.json(items.length)),
    http.get('*/api/notifications', () => HttpResponse.json({ data: items, current_page: 1, last_page: 1, per_page: 50, total: items.length })),
    http.post('*/api/notifications/read/:id', () => new HttpResponse(null, { status: 204 })),
  );
}

/** The bundle as the server answers it, one answer per read (the last one repeated). */
function serveBundle(answers: (TCvBundleOperation | 404)[]) {
  const reads: number[] = [];
  let downloads = 0;
  server.use(
    http.get('*/api/applicants/bulk-operations/:id', ({ params }) => {
      reads.push(Number(params.id));
      const answer = answers[Math.min(reads.length, answers.length) - 1]!;
      if (answer === 404) return HttpResponse.json({ message: 'Bulk operation not found.', code: 'not_found' }, { status: 404 });
      return HttpResponse.json(answer);
    }),
    http.get('*/api/applicants/bulk-operations/:id/file', () => {
      downloads++;
      return new HttpResponse('PK', { headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="cv-2026-11-30.zip"' } });
    }),
  );
  return { reads, downloads: () => downloads };
}

class SilentEventSource {
  onmessage = null;
  onerror = null;
  onopen = null;
  close() {}
}

describe('a prepared ZIP of CVs, found again', () => {
  beforeEach(() => vi.stubGlobal('EventSource', SilentEventSource));
  afterEach(() => vi.unstubAllGlobals());

  it("says in the bell that the ZIP is ready, or could not be prepared, and the link opens the bundle's page", async () => {
    const user = userEvent.setup();
    serveNotifications([
      notification(2, { slug: 'cv_bundle', source: 'other', route: '/downloads/cv-bundles/7', bundle_status: 'ready', count: 500 }),
      notification(1, { slug: 'cv_bundle', source: 'other', route: '/downloads/cv-bundles/6', bundle_status: 'failed', count: 3000 }),
    ]);
    serveBundle([ready]);
    signIn(me);
    const view = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 non lues' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getByRole('link', { name: "Votre ZIP de 3000 CV n'a pas pu être préparé" })).toHaveAttribute('href', '/downloads/cv-bundles/6');
    const link = within(panel).getByRole('link', { name: 'Votre ZIP de 500 CV est prêt' });
    expect(link).toHaveAttribute('href', '/downloads/cv-bundles/7');
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Les CV de 520 candidatures' })).toBeVisible();
    expect(view.location()).toBe('/downloads/cv-bundles/7');
    expect(await screen.findByRole('button', { name: 'Télécharger le ZIP' })).toBeVisible();
  });

  it('says it in English too', async () => {
    const user = userEvent.setup();
    serveNotifications([notification(2, { slug: 'cv_bundle', source: 'other', route: '/downloads/cv-bundles/7', bundle_status: 'ready', count: 500 })]);
    signIn({ ...me, language: 'en' });
    renderApp('/', { lng: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    expect(await screen.findByRole('link', { name: 'Your ZIP of 500 CVs is ready' })).toHaveAttribute('href', '/downloads/cv-bundles/7');
  });

  it('shows the progress while the job runs, then what went in and the download with the day it is kept until', async () => {
    const user = userEvent.setup();
    const bundle = serveBundle([running, ready]);
    signIn(me);
    renderApp('/downloads/cv-bundles/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Les CV de 520 candidatures' })).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Avancement de la préparation du ZIP' })).toBeVisible();
    expect(screen.getByText(/^Préparation du ZIP : 200 sur 520\. Vous pouvez fermer cette fenêtre/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Télécharger le ZIP' })).toBeNull();
    // Read again every second while it runs.
    expect(await screen.findByText('500 CV dans le ZIP.', undefined, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText('20 : pas de CV')).toBeVisible();
    expect(screen.getByText(/^Disponible jusqu'au 07\/12\/2026 \(125\sMo\)\.$/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Télécharger le ZIP' }));
    await waitFor(() => expect(bundle.downloads()).toBe(1));
    expect(bundle.reads.every((id) => id === 7)).toBe(true);
  });

  it('says when the file expired, and when the job failed', async () => {
    serveBundle([{ ...ready, file: { status: 'expired', size: null, expires_at: '2026-12-07T02:03:00.000Z' } }]);
    signIn(me);
    const view = renderApp('/downloads/cv-bundles/7');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ce fichier a expiré (il est gardé 7 jours) : préparez à nouveau les CV.');
    expect(screen.queryByRole('button', { name: 'Télécharger le ZIP' })).toBeNull();
    view.unmount();

    serveBundle([{ ...running, status: 'failed', finished_at: '2026-11-30T02:02:00.000Z' }]);
    renderApp('/downloads/cv-bundles/8');
    expect(await screen.findByText("La préparation s'est arrêtée avant la fin.")).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Télécharger le ZIP' })).toBeNull();
  });

  it("answers not found for someone else's bundle (the API's 404)", async () => {
    serveBundle([404]);
    signIn(me);
    renderApp('/downloads/cv-bundles/99');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Télécharger le ZIP' })).toBeNull();
  });
});
