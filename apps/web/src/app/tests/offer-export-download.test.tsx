import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import { ADMIN_PERMISSIONS, makeMe } from '../../test/fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

const PERMISSIONS = [...ADMIN_PERMISSIONS, 'config.export_job_offers'];
const PAGE = '/config/joboffers/export';

/** The link of a scheduled export's e-mail: `/config/joboffers/export?download={id}`. */
describe('config joboffers/export?download', () => {
  let click: ReturnType<typeof vi.spyOn>;
  let downloads: string[];

  beforeEach(() => {
    downloads = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    server.use(
      http.get('*/api/config/joboffers/export', () => HttpResponse.json({ data: [] })),
      http.get('*/api/config/offer-export-schedules', () =>
        HttpResponse.json({ data: [], current_page: 1, last_page: 1, per_page: 10, total: 0 }),
      ),
      http.get('*/api/config/joboffers/export/:id/download', ({ params }) => {
        downloads.push(String(params.id));
        if (params.id === '41')
          return new HttpResponse('id', {
            headers: {
              'content-type': 'text/csv',
              'content-disposition': 'attachment; filename="offres-hebdo.csv"',
            },
          });
        if (params.id === '42')
          return HttpResponse.json(
            { message: 'The export is not finished.', code: 'export_not_ready' },
            { status: 409 },
          );
        return HttpResponse.json({ message: 'Export not found' }, { status: 404 });
      }),
    );
  });
  afterEach(() => {
    toast.dismiss();
    vi.restoreAllMocks();
  });

  it('downloads the export once, says so, then clears the parameter', async () => {
    signIn(makeMe(PERMISSIONS));
    renderApp(`${PAGE}?download=41`);
    expect(await screen.findByText(/Téléchargement de offres-hebdo.csv/)).toHaveTextContent(
      'Téléchargement de offres-hebdo.csv lancé.',
    );
    expect(click).toHaveBeenCalledTimes(1);
    expect(downloads).toEqual(['41']);
    await waitFor(() => expect(window.location.search).not.toContain('download'));
  });

  it('says when the export is gone or not finished', async () => {
    signIn(makeMe(PERMISSIONS));
    const app = renderApp(`${PAGE}?download=99`, { lng: 'en' });
    expect(await screen.findByText(/This export no longer exists/)).toBeVisible();
    await waitFor(() => expect(window.location.search).not.toContain('download'));
    app.unmount();
    toast.dismiss();
    renderApp(`${PAGE}?download=42`);
    expect(await screen.findByText(/Cet export n'est pas encore terminé/)).toBeVisible();
    await waitFor(() => expect(window.location.search).not.toContain('download'));
    expect(click).not.toHaveBeenCalled();
  });

  it('downloads nothing without config.export_job_offers', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    renderApp(`${PAGE}?download=41`);
    expect(
      await screen.findByRole(
        'heading',
        { name: "Vous n'avez pas accès à cette page" },
        { timeout: 5000 },
      ),
    ).toBeVisible();
    expect(downloads).toEqual([]);
  });

  it('a signed-out visitor signs in first and comes back to the same address', async () => {
    const app = renderApp(`${PAGE}?download=41`);
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeVisible();
    expect(app.location()).toBe(`/login?redirect=${encodeURIComponent(`${PAGE}?download=41`)}`);
    expect(downloads).toEqual([]);
  });
});
