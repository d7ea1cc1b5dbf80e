import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { APPLICATION_PERMISSIONS, MOTIFS, STATUSES, makeApplication, workflowStatusHandlers } from '../../test/application-fixtures.ts';
import { makeMe } from '../../test/fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

function useFixtures(workflows: Parameters<typeof workflowStatusHandlers> = []) {
  signIn(makeMe(APPLICATION_PERMISSIONS));
  const calls: URL[] = [];
  const offerCalls: URL[] = [];
  const changes: unknown[] = [];
  const onOffers = [
    makeApplication({ id: 11, firstname: 'Inès', lastname: 'Roux' }),
    makeApplication({ id: 12, firstname: 'Jules', lastname: 'Blanc', offer_id: 101, job_position: 'Comptable H/F' }),
  ];
  const spontaneous = [makeApplication({ id: 13, firstname: 'Karim', lastname: 'Faure', offer_id: null, project_id: null, job_position: null, spontaneous: true })];
  server.use(
    http.get('*/api/statuses', () => HttpResponse.json(STATUSES)),
    ...workflowStatusHandlers(...workflows),
    http.get('*/api/motifs', () => HttpResponse.json(MOTIFS)),
    http.get('*/api/assessment-tests', () => HttpResponse.json([])),
    http.get('*/api/projects/all/offers/jobboards', () => HttpResponse.json([])),
    // The offer choices come a page at a time, narrowed by a search or to the chosen offers.
    http.get('*/api/treatment/applications/offers', ({ request }) => {
      const url = new URL(request.url);
      offerCalls.push(url);
      const all = [
        { id: 100, project_id: 10, job_position: 'Chargé de recrutement H/F', to_treat: 1 },
        { id: 101, project_id: 10, job_position: 'Comptable H/F', to_treat: 1 },
      ];
      const search = url.searchParams.get('search')?.toLowerCase();
      const only = url.searchParams.get('offers')?.split(',').map(Number);
      const data = all.filter((o) => (!search || o.job_position.toLowerCase().includes(search)) && (!only || only.includes(o.id)));
      return HttpResponse.json({ data, current_page: 1, last_page: 1, per_page: Number(url.searchParams.get('per_page')), total: data.length });
    }),
    http.get('*/api/treatment/:kind', ({ request, params }) => {
      const url = new URL(request.url);
      calls.push(url);
      const offers = url.searchParams.get('offers')?.split(',').map(Number);
      const base = params.kind === 'spontaneous' ? spontaneous : onOffers;
      const data = offers ? base.filter((a) => offers.includes(a.offer_id ?? 0)) : base;
      return HttpResponse.json({ data, current_page: 1, last_page: 1, per_page: 20, total: data.length });
    }),
    http.put('*/api/treatment/:kind/statuses', async ({ request, params }) => {
      const body = (await request.json()) as { application_id: number }[];
      changes.push({ kind: params.kind, body });
      return HttpResponse.json({ changed: body.map((b) => b.application_id), failed: [] });
    }),
  );
  return { calls, offerCalls, changes };
}

describe('treatment screen', () => {
  it('is reached from the dashboard and needs project_application.see', async () => {
    signIn(makeMe([]));
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Candidatures à traiter' })).toBeNull();
    renderApp('/treatment');
    expect(await screen.findAllByRole('heading', { name: "Vous n'avez pas accès à cette page" })).not.toHaveLength(0);
  });

  it('filters by offer in the URL and changes statuses in bulk', async () => {
    const api = useFixtures();
    const { location } = renderApp('/');
    await userEvent.click(await screen.findByRole('link', { name: 'Candidatures à traiter' }));
    expect(location()).toBe('/treatment');
    expect(await screen.findByRole('heading', { level: 1, name: 'Candidatures à traiter' })).toBeVisible();
    const row = (await screen.findByRole('link', { name: 'Inès Roux' }, { timeout: 5000 })).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Chargé de recrutement H/F' })).toHaveAttribute('href', '/projects/10/offer/100');
    expect(screen.getByRole('link', { name: 'Jules Blanc' })).toHaveAttribute('href', '/applicants/512?application=12&list=%2Ftreatment');

    await userEvent.click(screen.getByRole('button', { name: /^Offres/ }));
    // The choices are searched on the server, a page of 50 at a time.
    expect(await screen.findByRole('checkbox', { name: 'Chargé de recrutement H/F (1)' })).toBeVisible();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher dans « Offres »' }), 'compta');
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Chargé de recrutement H/F (1)' })).toBeNull(), { timeout: 4000 });
    expect(api.offerCalls.some((url) => url.searchParams.get('search') === 'compta')).toBe(true);
    expect(api.offerCalls.every((url) => url.searchParams.get('page') === '1' && url.searchParams.get('per_page') === '50')).toBe(true);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Comptable H/F (1)' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('offers')).toBe('101'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Inès Roux' })).toBeNull());
    expect(api.calls.at(-1)?.searchParams.get('offers')).toBe('101');
    expect(api.calls.at(-1)?.searchParams.get('page')).toBe('1');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner toutes les candidatures de la page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Changer le statut' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Changer le statut de 1 candidature' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Nouveau statut/ }), 'Présélectionné');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Appliquer' }));
    expect(await within(dialog).findByText('1 candidature mise à jour.')).toBeVisible();
    expect(api.changes).toEqual([{ kind: 'applications', body: [{ application_id: 12, status_id: 2, motif_id: null }] }]);
  });

  it('keeps the previous rows dimmed, busy and out of reach while the filtered list loads', async () => {
    useFixtures();
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The filtered list is slow to come; the other calls go to the fixtures' handler.
    server.use(
      http.get('*/api/treatment/applications', async ({ request }) => {
        if (!new URL(request.url).searchParams.get('offers')) return undefined;
        await gate;
        const data = [makeApplication({ id: 12, firstname: 'Jules', lastname: 'Blanc', offer_id: 101, job_position: 'Comptable H/F' })];
        return HttpResponse.json({ data, current_page: 1, last_page: 1, per_page: 20, total: 1 });
      }),
    );
    renderApp('/treatment');
    const row = (await screen.findByRole('link', { name: 'Inès Roux' }, { timeout: 5000 })).closest('tr')!;
    await userEvent.click(screen.getByRole('button', { name: /^Offres/ }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Comptable H/F (1)' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('offers')).toBe('101'));
    // Inès's row (another offer) is still shown, but nothing on it can be selected or changed.
    await waitFor(() => expect(row.closest('[inert]')).not.toBeNull());
    expect(row.closest('[aria-busy="true"]')).not.toBeNull();
    release();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Inès Roux' })).toBeNull());
    const fresh = screen.getByRole('link', { name: 'Jules Blanc' }).closest('tr')!;
    expect(fresh.closest('[inert]')).toBeNull();
    await waitFor(() => expect(fresh.closest('[aria-busy="true"]')).toBeNull());
  });

  it('lists spontaneous applications in their own tab and changes one from its menu', async () => {
    const api = useFixtures();
    renderApp('/treatment?tab=spontaneous');
    expect(await screen.findByRole('tab', { name: 'Spontanées', selected: true })).toBeVisible();
    await screen.findByRole('link', { name: 'Karim Faure' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: /^Offres/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Changer le statut de Karim Faure' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Entretien' }));
    await waitFor(() => expect(api.changes).toEqual([{ kind: 'spontaneous', body: [{ application_id: 13, status_id: 4, motif_id: null }] }]));
    expect(await screen.findByText('Karim Faure est maintenant « Entretien ».')).toBeVisible();
  });

  it('lists each row’s offer workflow, and in bulk the statuses the selected offers’ workflows share', async () => {
    const pick = (...ids: number[]) => ids.map((id, i) => ({ ...STATUSES[id - 1]!, position: i + 1 }));
    const asked: number[][] = [];
    const api = useFixtures([{ 100: pick(1, 4, 6, 7), 101: pick(1, 2, 4, 6) }, pick(1, 3, 6), asked]);
    renderApp('/treatment');
    await screen.findByRole('link', { name: 'Inès Roux' }, { timeout: 5000 });
    const items = async () => (await screen.findByRole('menu')).querySelectorAll('[role="menuitemradio"]');
    await userEvent.click(screen.getByRole('button', { name: 'Changer le statut de Inès Roux' }));
    await waitFor(async () => expect([...(await items())].map((i) => i.textContent)).toEqual(['Nouveau', 'Entretien', 'Recruté', 'Refusé']));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Changer le statut de Jules Blanc' }));
    await waitFor(async () => expect([...(await items())].map((i) => i.textContent)).toEqual(['Nouveau', 'Présélectionné', 'Entretien', 'Recruté']));
    await userEvent.keyboard('{Escape}');
    // One call for the page's offers.
    expect(asked).toEqual([[100, 101]]);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner toutes les candidatures de la page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Changer le statut' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Changer le statut de 2 candidatures' });
    const select = within(dialog).getByRole('combobox', { name: /Nouveau statut/ });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choisir un statut', 'Nouveau', 'Entretien', 'Recruté']);
    expect(select).toHaveAccessibleDescription('Seuls les statuts communs aux workflows des offres sélectionnées sont proposés.');
    await userEvent.selectOptions(select, 'Entretien');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Appliquer' }));
    expect(await within(dialog).findByText('2 candidatures mises à jour.')).toBeVisible();
    expect(api.changes).toEqual([
      { kind: 'applications', body: [{ application_id: 11, status_id: 4, motif_id: null }, { application_id: 12, status_id: 4, motif_id: null }] },
    ]);
  });

  it('lists the default workflow for spontaneous applications', async () => {
    const pick = (...ids: number[]) => ids.map((id, i) => ({ ...STATUSES[id - 1]!, position: i + 1 }));
    useFixtures([{}, pick(1, 3, 6)]);
    renderApp('/treatment?tab=spontaneous');
    await screen.findByRole('link', { name: 'Karim Faure' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Changer le statut de Karim Faure' }));
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getAllByRole('menuitemradio').map((i) => i.textContent)).toEqual(['Nouveau', 'Entretien téléphonique', 'Recruté']));
  });

  it('offers no spontaneous tab without project_application.see_spontaneous', async () => {
    const api = useFixtures();
    signIn(makeMe(APPLICATION_PERMISSIONS.filter((p) => p !== 'project_application.see_spontaneous')));
    renderApp('/treatment?tab=spontaneous');
    expect(await screen.findByRole('tab', { name: 'Sur les offres', selected: true })).toBeVisible();
    expect(screen.queryByRole('tab', { name: 'Spontanées' })).toBeNull();
    expect(screen.getByText('Les nouvelles candidatures de toutes vos offres.')).toBeVisible();
    await screen.findByRole('link', { name: 'Inès Roux' }, { timeout: 5000 });
    expect(api.calls.every((url) => url.pathname.endsWith('/treatment/applications'))).toBe(true);
  });
});
