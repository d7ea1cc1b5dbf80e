import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeMe } from '../../test/fixtures.ts';
import { makeOffer, PROJECT_PERMISSIONS, useProjectsApi } from '../../test/project-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

/** All offers, published ones: 242 match, a page of two shows. */
function useFixtures() {
  signIn(makeMe(PROJECT_PERMISSIONS));
  useProjectsApi({ offers: [makeOffer(), makeOffer({ id: 101, job_position: 'Assistant paie H/F' })], lastPage: 13 });
  const puts: unknown[] = [];
  const reads: number[] = [];
  const op = { id: 9, kind: 'offers.unpublish', total: 239, created_at: '2026-11-30T02:00:00.000Z' };
  server.use(
    http.put('*/api/projects/all/offers/batch/unpublish', async ({ request }) => {
      const body = (await request.json()) as { selection: { all: { count: number } } };
      puts.push(body);
      // Two offers left the list meanwhile: the first confirmation is refused.
      if (body.selection.all.count !== 239)
        return HttpResponse.json({ message: 'The selection changed.', code: 'selection_changed', errors: { count: ['239'] } }, { status: 409 });
      return HttpResponse.json({ ...op, status: 'queued', processed: 0, changed: 0, skipped: {}, finished_at: null }, { status: 202 });
    }),
    http.get('*/api/projects/all/offers/bulk-operations/:id', ({ params }) => {
      reads.push(Number(params.id));
      if (reads.length < 2) return HttpResponse.json({ ...op, status: 'running', processed: 200, changed: 199, skipped: { not_published: 1 }, finished_at: null });
      return HttpResponse.json({ ...op, status: 'done', processed: 239, changed: 237, skipped: { not_published: 2 }, finished_at: '2026-11-30T02:00:09.000Z' });
    }),
  );
  return { puts, reads };
}

describe('select all offers that match (issue 42 part 2)', () => {
  it('selects the whole filtered list, confirms its count again when it changed, and follows the job to its result', async () => {
    const api = useFixtures();
    renderApp('/projects/all/offers?status=published');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Sélectionner toutes les offres de la page' }));
    const bar = screen.getByRole('toolbar', { name: 'Actions sur la sélection' });
    expect(within(bar).getByText('2 offres sélectionnées')).toBeVisible();
    await userEvent.click(within(bar).getByRole('button', { name: 'Sélectionner les 242 offres qui correspondent' }));
    expect(within(bar).getByText('242 offres sélectionnées (toutes celles qui correspondent)')).toBeVisible();
    // A row unticked is left out.
    await userEvent.click(screen.getByRole('checkbox', { name: "Sélectionner l'offre Assistant paie H/F" }));
    expect(within(bar).getByText('241 offres sélectionnées (toutes celles qui correspondent)')).toBeVisible();

    await userEvent.click(within(bar).getByRole('button', { name: 'Dépublier' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Dépublier 241 offres ?' });
    expect(within(dialog).getByText(/porte sur les 241 offres qui correspondent aux filtres de la liste/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dépublier' }));
    expect(await within(dialog).findByText('La liste a changé : 239 offres correspondent maintenant. Validez à nouveau pour agir sur elles.')).toBeVisible();
    dialog = await screen.findByRole('alertdialog', { name: 'Dépublier 239 offres ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dépublier' }));
    // The job's progress, then its result: changed, and skipped with the reasons.
    expect(await within(dialog).findByRole('progressbar', { name: "Avancement de l'action" })).toBeVisible();
    expect(await within(dialog).findByText('237 offres modifiées', undefined, { timeout: 5000 })).toBeVisible();
    expect(within(dialog).getByText('2 offres laissées telles quelles :')).toBeVisible();
    expect(within(dialog).getByText("2 : n'est pas publiée")).toBeVisible();
    const selection = (count: number) => ({ selection: { all: { filters: { 'filter[status]': 'published' }, except: [101], count } } });
    expect(api.puts).toEqual([selection(241), selection(239)]);
    expect(api.reads.every((id) => id === 9)).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Actions sur la sélection' })).toBeNull());
  });

  it('exports all that match less the unticked offers', async () => {
    useFixtures();
    let exported: URL | undefined;
    server.use(
      http.get('*/api/projects/all/offers/export/all', ({ request }) => {
        exported = new URL(request.url);
        return new HttpResponse('id', { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="offres.csv"' } });
      }),
    );
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:offres');
    const revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      renderApp('/projects/all/offers?status=published');
      await userEvent.click(await screen.findByRole('checkbox', { name: 'Sélectionner toutes les offres de la page' }));
      await userEvent.click(screen.getByRole('button', { name: 'Sélectionner les 242 offres qui correspondent' }));
      await userEvent.click(screen.getByRole('checkbox', { name: "Sélectionner l'offre Assistant paie H/F" }));
      await userEvent.click(screen.getByRole('button', { name: 'Exporter' }));
      expect(await screen.findByText('241 offres sélectionnées')).toBeVisible();
      await userEvent.click(screen.getByRole('menuitem', { name: 'Sélection en CSV' }));
      await waitFor(() => expect(click).toHaveBeenCalled());
      expect(exported?.searchParams.get('project')).toBe('all');
      expect(exported?.searchParams.get('filter[status]')).toBe('published');
      expect(exported?.searchParams.get('except')).toBe('101');
    } finally {
      createObjectURL.mockRestore();
      revokeObjectURL.mockRestore();
      click.mockRestore();
    }
  });
});
