import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeMe } from '../../test/fixtures.ts';
import { makeOffer, PROJECT_PERMISSIONS, useProjectsApi } from '../../test/project-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

function recordOfferRequests() {
  const urls: URL[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (/\/api\/projects\/[^/]+\/offers$/.test(url.pathname)) urls.push(url);
  });
  return urls;
}

describe('offer lists', () => {
  it('puts filters in the URL and sends them as filter[...]', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi();
    const requests = recordOfferRequests();
    renderApp('/projects/all/offers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Toutes les offres' })).toBeVisible();
    await userEvent.selectOptions(screen.getByLabelText('Statut'), 'published');
    await waitFor(() => expect(window.location.search).toContain('status=published'));
    await userEvent.click(screen.getByLabelText('En alerte uniquement'));
    await waitFor(() => expect(window.location.search).toContain('alert=true'));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('filter[status]')).toBe('published'));
    expect(requests.at(-1)?.searchParams.get('filter[alert]')).toBe('1');
    await userEvent.click(screen.getByRole('button', { name: 'Plus de filtres' }));
    const created = screen.getByRole('group', { name: 'Date de création' });
    await userEvent.type(within(created).getByLabelText('Du'), '01/01/2026{Enter}');
    await waitFor(() => expect(window.location.search).toMatch(/created_at=2026-01-01(,|%2C)/));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('filter[created_at]')).toBe('2026-01-01,'));
    server.events.removeAllListeners();
  });

  it('reads filters from the URL and pages through the list', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi({ lastPage: 3 });
    const requests = recordOfferRequests();
    renderApp('/projects/all/offers?status=draft&q=rh');
    expect(await screen.findByRole('link', { name: 'Chargé de recrutement H/F' })).toBeVisible();
    expect(screen.getByLabelText('Statut')).toHaveValue('draft');
    expect(requests[0]?.searchParams.get('filter[q]')).toBe('rh');
    expect(screen.getByText('Page 1 sur 3')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(window.location.search).toContain('page=2'));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('page')).toBe('2'));
    expect(await screen.findByText('Page 2 sur 3')).toBeVisible();
    server.events.removeAllListeners();
  });

  it('applies only the alert filter the screen can show: alert=false in the URL filters nothing', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi();
    const requests = recordOfferRequests();
    renderApp('/projects/all/offers?alert=false');
    expect(await screen.findByRole('link', { name: 'Chargé de recrutement H/F' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'En alerte uniquement' })).not.toBeChecked();
    expect(requests[0]?.searchParams.has('filter[alert]')).toBe(false);
    server.events.removeAllListeners();
  });

  it('runs a batch action behind a dialog and tells which offers changed and which failed', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi({ offers: [makeOffer(), makeOffer({ id: 101, job_position: 'Assistant paie H/F', status: 'draft' })] });
    let body: unknown;
    server.use(
      http.put('*/api/projects/all/offers/batch/publish', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ changed: [101], failed: [{ id: 100, reason: 'already_published' }] });
      }),
    );
    renderApp('/projects/all/offers');
    await userEvent.click(await screen.findByRole('checkbox', { name: "Sélectionner l'offre Chargé de recrutement H/F" }));
    await userEvent.click(screen.getByRole('checkbox', { name: "Sélectionner l'offre Assistant paie H/F" }));
    const toolbar = screen.getByRole('toolbar', { name: 'Actions sur la sélection' });
    expect(within(toolbar).getByText('2 offres sélectionnées')).toBeVisible();
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Publier' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Publier 2 offres ?' });
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publier' }));
    const result = await screen.findByRole('alertdialog', { name: "Résultat de l'opération" });
    expect(body).toEqual({ offers_ids: [100, 101] });
    expect(within(result).getByText('1 offre modifiée')).toBeVisible();
    expect(within(result).getByText('Assistant paie H/F')).toBeVisible();
    expect(within(result).getByText('Chargé de recrutement H/F : déjà publiée')).toBeVisible();
    await userEvent.click(within(result).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Actions sur la sélection' })).not.toBeInTheDocument());
  });

  it('asks for a reason before archiving', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi();
    let body: unknown;
    server.use(
      http.put('*/api/projects/all/offers/batch/archive', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ changed: [100], failed: [] });
      }),
    );
    renderApp('/projects/all/offers');
    await userEvent.click(await screen.findByRole('checkbox', { name: "Sélectionner l'offre Chargé de recrutement H/F" }));
    await userEvent.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Archiver' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Archiver 1 offre ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archiver' }));
    expect(within(dialog).getByText('Ce champ est obligatoire.')).toBeVisible();
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Motif d'archivage/), 'position_filled');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archiver' }));
    expect(await screen.findByText('1 offre modifiée')).toBeVisible();
    expect(body).toEqual({ reason: 'position_filled', comment: null, offers_ids: [100] });
  });

  it('remembers the list for the projects nav item', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi();
    renderApp('/projects/drafts/offers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Offres en brouillon' })).toBeVisible();
    await waitFor(() => expect(window.localStorage.getItem('embauche.lastProjectPath')).toBe('/projects/drafts/offers'));
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Tableau de bord' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    expect(within(nav).getByRole('link', { name: 'Projets' })).toHaveAttribute('href', '/projects/drafts/offers');
  });

  it('exports what the list shows: its list and its filters', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi();
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
      renderApp('/projects/favorites/offers?archived=true&status=published&q=rh');
      expect(await screen.findByRole('heading', { level: 1, name: 'Offres favorites' })).toBeVisible();
      await userEvent.click(screen.getByRole('button', { name: 'Exporter' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Tout exporter en CSV' }));
      await waitFor(() => expect(click).toHaveBeenCalled());
      expect(exported?.searchParams.get('project')).toBe('favorites');
      expect(exported?.searchParams.get('format')).toBe('csv');
      expect(exported?.searchParams.get('lang')).toBe('fr');
      expect(exported?.searchParams.get('filter[archived]')).toBe('true');
      expect(exported?.searchParams.get('filter[status]')).toBe('published');
      expect(exported?.searchParams.get('filter[q]')).toBe('rh');
    } finally {
      createObjectURL.mockRestore();
      revokeObjectURL.mockRestore();
      click.mockRestore();
    }
  });
});
