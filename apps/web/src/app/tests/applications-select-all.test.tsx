import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { APPLICATION_PERMISSIONS, MOTIFS, STATUSES, makeApplication, workflowStatusHandlers } from '../../test/application-fixtures.ts';
import { makeMe } from '../../test/fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

/** The treatment list: 1,000 applications match (or `total`), a page of two shows. */
function useFixtures(total = 1000) {
  signIn(makeMe(APPLICATION_PERMISSIONS));
  const puts: unknown[] = [];
  const reads: number[] = [];
  const rows = [makeApplication({ id: 11, firstname: 'Inès', lastname: 'Roux' }), makeApplication({ id: 12, firstname: 'Jules', lastname: 'Blanc' })];
  const op = { id: 7, kind: 'status_change', total: 1000, created_at: '2026-11-30T02:00:00.000Z' };
  server.use(
    http.get('*/api/statuses', () => HttpResponse.json(STATUSES)),
    ...workflowStatusHandlers(),
    http.get('*/api/motifs', () => HttpResponse.json(MOTIFS)),
    http.get('*/api/assessment-tests', () => HttpResponse.json([])),
    http.get('*/api/projects/all/offers/jobboards', () => HttpResponse.json([])),
    http.get('*/api/treatment/applications/offers', () => HttpResponse.json({ data: [], current_page: 1, last_page: 1, per_page: 50, total: 0 })),
    http.get('*/api/treatment/:kind', () => HttpResponse.json({ data: rows, current_page: 1, last_page: total / 2, per_page: 2, total })),
    http.put('*/api/treatment/:kind/statuses', async ({ request }) => {
      const body = (await request.json()) as { selection: { all: { count: number } } };
      puts.push(body);
      // Two applications left the list meanwhile: the first confirmation is refused.
      if (body.selection.all.count !== 997)
        return HttpResponse.json({ message: 'The selection changed.', code: 'selection_changed', errors: { count: ['997'] } }, { status: 409 });
      return HttpResponse.json({ ...op, status: 'queued', processed: 0, changed: 0, skipped: {}, finished_at: null }, { status: 202 });
    }),
    http.get('*/api/applications/bulk-operations/:id', ({ params }) => {
      reads.push(Number(params.id));
      if (reads.length < 2) return HttpResponse.json({ ...op, total: 997, status: 'running', processed: 400, changed: 398, skipped: { unchanged: 2 }, finished_at: null });
      return HttpResponse.json({ ...op, total: 997, status: 'done', processed: 997, changed: 994, skipped: { unchanged: 2, invalid_status: 1 }, finished_at: '2026-11-30T02:00:09.000Z' });
    }),
  );
  return { puts, reads };
}

describe('select all that match (issue 42 part 2)', () => {
  it('selects the whole filtered list, confirms its count again when it changed, and follows the job to its result', async () => {
    const api = useFixtures();
    renderApp('/treatment');
    await screen.findByRole('link', { name: 'Inès Roux' }, { timeout: 15_000 });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner toutes les candidatures de la page' }));
    const bar = screen.getByRole('toolbar', { name: 'Actions sur la sélection' });
    expect(within(bar).getByText('2 candidatures sélectionnées')).toBeVisible();
    await userEvent.click(within(bar).getByRole('button', { name: 'Sélectionner les 1000 candidatures qui correspondent' }));
    expect(within(bar).getByText('1000 candidatures sélectionnées (toutes celles qui correspondent)')).toBeVisible();
    // Only what acts on the whole set on the server is offered; the CVs of more than 500 go through a job.
    expect(within(bar).queryByRole('button', { name: 'Transférer par e-mail' })).toBeNull();
    expect(within(bar).getByRole('button', { name: 'Télécharger les CV' })).toBeEnabled();
    // A row unticked is left out.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner la candidature de Jules Blanc' }));
    expect(within(bar).getByText('999 candidatures sélectionnées (toutes celles qui correspondent)')).toBeVisible();

    await userEvent.click(within(bar).getByRole('button', { name: 'Changer le statut' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Changer le statut de 999 candidatures' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Nouveau statut/ }), 'Présélectionné');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Appliquer' }));
    expect(await within(dialog).findByText('La liste a changé : 997 candidatures correspondent maintenant. Validez à nouveau pour les changer.')).toBeVisible();
    dialog = await screen.findByRole('alertdialog', { name: 'Changer le statut de 997 candidatures' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Appliquer' }));
    // The job's progress, then its result: changed, and skipped with the reasons.
    expect(await within(dialog).findByRole('progressbar', { name: 'Avancement du changement de statut' })).toBeVisible();
    expect(await within(dialog).findByText('994 candidatures mises à jour.', undefined, { timeout: 5000 })).toBeVisible();
    expect(within(dialog).getByText('3 candidatures laissées telles quelles :')).toBeVisible();
    expect(within(dialog).getByText('2 : déjà à ce statut')).toBeVisible();
    expect(within(dialog).getByText(/^1 : /)).toBeVisible();
    expect(api.puts).toEqual([
      { selection: { all: { list: 'treatment', filters: {}, except: [12], count: 999 } }, status_id: 2, motif_id: null },
      { selection: { all: { list: 'treatment', filters: {}, except: [12], count: 997 } }, status_id: 2, motif_id: null },
    ]);
    expect(api.reads.every((id) => id === 7)).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Actions sur la sélection' })).toBeNull());
  });

  it('downloads the CVs of all that match, and sends the new count after the list changed', async () => {
    useFixtures(120);
    const cvs: { selection: { all: { count: number } } }[] = [];
    server.use(
      http.post('*/api/applicants/offer_cv', async ({ request }) => {
        const body = (await request.json()) as { selection: { all: { count: number } } };
        cvs.push(body);
        if (body.selection.all.count !== 118)
          return HttpResponse.json({ message: 'The selection changed.', code: 'selection_changed', errors: { count: ['118'] } }, { status: 409 });
        return new HttpResponse('PK', { headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="cv.zip"' } });
      }),
    );
    renderApp('/treatment');
    await screen.findByRole('link', { name: 'Inès Roux' }, { timeout: 15_000 });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner toutes les candidatures de la page' }));
    const bar = screen.getByRole('toolbar', { name: 'Actions sur la sélection' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Sélectionner les 120 candidatures qui correspondent' }));
    await userEvent.click(within(bar).getByRole('button', { name: 'Télécharger les CV' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Archive ZIP' }));
    expect(await screen.findByText('La liste a changé : 118 candidatures correspondent maintenant. Téléchargez à nouveau.')).toBeVisible();
    expect(within(bar).getByText('118 candidatures sélectionnées (toutes celles qui correspondent)')).toBeVisible();
    await userEvent.click(within(bar).getByRole('button', { name: 'Télécharger les CV' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Archive ZIP' }));
    await waitFor(() => expect(cvs).toHaveLength(2));
    expect(cvs).toEqual([
      { selection: { all: { list: 'treatment', filters: {}, except: [], count: 120 }, spontaneous: false }, type: 'zip' },
      { selection: { all: { list: 'treatment', filters: {}, except: [], count: 118 }, spontaneous: false }, type: 'zip' },
    ]);
  });

  it('prepares the ZIP of more than 500 in a job, follows it, then downloads it; the PDF says its cap', async () => {
    useFixtures(1000);
    const posts: unknown[] = [];
    const reads: number[] = [];
    let downloads = 0;
    const op = { id: 31, kind: 'applicants.cv_bundle', total: 998, created_at: '2026-11-30T02:00:00.000Z', finished_at: null, file: null };
    server.use(
      http.post('*/api/applicants/offer_cv', async ({ request }) => {
        const body = (await request.json()) as { selection: { all: { count: number } } };
        posts.push(body);
        if (body.selection.all.count !== 998)
          return HttpResponse.json({ message: 'The selection changed.', code: 'selection_changed', errors: { count: ['998'] } }, { status: 409 });
        return HttpResponse.json({ ...op, status: 'queued', processed: 0, changed: 0, skipped: {} }, { status: 202 });
      }),
      http.get('*/api/applicants/bulk-operations/:id', ({ params }) => {
        reads.push(Number(params.id));
        if (reads.length < 2) return HttpResponse.json({ ...op, status: 'running', processed: 400, changed: 390, skipped: { no_cv: 10 } });
        return HttpResponse.json({
          ...op,
          status: 'done',
          processed: 998,
          changed: 980,
          skipped: { no_cv: 17, duplicate: 1 },
          finished_at: '2026-11-30T02:01:00.000Z',
          file: { status: 'ready', size: 262_144_000, expires_at: '2026-12-07T02:01:00.000Z' },
        });
      }),
      http.get('*/api/applicants/bulk-operations/:id/file', () => {
        downloads++;
        if (downloads > 1) return HttpResponse.json({ message: 'This file has expired.', code: 'file_expired' }, { status: 410 });
        return new HttpResponse('PK', { headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="cv-2026-11-30.zip"' } });
      }),
    );
    renderApp('/treatment');
    await screen.findByRole('link', { name: 'Inès Roux' }, { timeout: 15_000 });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner toutes les candidatures de la page' }));
    const bar = screen.getByRole('toolbar', { name: 'Actions sur la sélection' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Sélectionner les 1000 candidatures qui correspondent' }));
    await userEvent.click(within(bar).getByRole('button', { name: 'Télécharger les CV' }));
    expect(await screen.findByRole('menuitem', { name: 'Un seul PDF : 500 CV au plus' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Préparer les 1000 CV (ZIP)' }));
    // The list changed meanwhile: the new count, then the next click sends it.
    expect(await screen.findByText('La liste a changé : 998 candidatures correspondent maintenant. Téléchargez à nouveau.')).toBeVisible();
    await userEvent.click(within(bar).getByRole('button', { name: 'Télécharger les CV' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Préparer les 998 CV (ZIP)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Les CV de 998 candidatures' });
    expect(await within(dialog).findByRole('progressbar', { name: 'Avancement de la préparation du ZIP' })).toBeVisible();
    expect(await within(dialog).findByText('980 CV dans le ZIP.', undefined, { timeout: 5000 })).toBeVisible();
    expect(within(dialog).getByText('18 candidatures laissées de côté :')).toBeVisible();
    expect(within(dialog).getByText('17 : pas de CV')).toBeVisible();
    expect(within(dialog).getByText('1 : candidat déjà dans le ZIP')).toBeVisible();
    expect(within(dialog).getByText(/^Disponible jusqu'au 07\/12\/2026 \(250\sMo\)\.$/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Télécharger le ZIP' }));
    await waitFor(() => expect(downloads).toBe(1));
    // A week later the file is gone: the dialog says so.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Télécharger le ZIP' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ce fichier a expiré (il est gardé 7 jours) : préparez à nouveau les CV.');
    expect(within(dialog).queryByRole('button', { name: 'Télécharger le ZIP' })).toBeNull();
    expect(posts).toEqual([
      { selection: { all: { list: 'treatment', filters: {}, except: [], count: 1000 }, spontaneous: false }, type: 'zip' },
      { selection: { all: { list: 'treatment', filters: {}, except: [], count: 998 }, spontaneous: false }, type: 'zip' },
    ]);
    expect(reads.every((id) => id === 31)).toBe(true);
  });

  it('refuses more than 10,000 CVs at once and says so', async () => {
    useFixtures(12000);
    renderApp('/treatment');
    await screen.findByRole('link', { name: 'Inès Roux' }, { timeout: 15_000 });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner toutes les candidatures de la page' }));
    const bar = screen.getByRole('toolbar', { name: 'Actions sur la sélection' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Sélectionner les 12000 candidatures qui correspondent' }));
    expect(within(bar).getByRole('button', { name: 'Télécharger les CV' })).toBeDisabled();
    expect(within(bar).getByText('Au plus 10000 CV par téléchargement : affinez les filtres.')).toBeVisible();
  });
});
