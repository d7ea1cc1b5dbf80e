import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type { TOnboardingProcess } from '@embauche/contracts/onboarding';
import { APPLICATION_PERMISSIONS, MOTIFS, STATUSES, makeApplication, workflowStatusHandlers } from '../../test/application-fixtures.ts';
import { makeMe } from '../../test/fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

afterEach(() => {
  toast.dismiss();
});

const PROCESS: TOnboardingProcess = {
  id: 5,
  name: 'Arrivée atelier',
  active: true,
  onboarding_count: 0,
  updated_at: '2026-11-20T10:00:00.000Z',
  steps: [{ id: 51, title: 'Préparer le poste', kind: 'task', responsible: { type: 'manager', id: null, name: null }, due_days: -3, document_name: null, mail_model_id: null, position: 0 }],
};

/** The treatment screen (its row menu and its selection's status change) with the onboarding calls. */
function useFixtures(permissions: string[], karimStatus = 1) {
  signIn(makeMe(permissions));
  const posts: { url: string; body: unknown }[] = [];
  const onOffers = [
    makeApplication({ id: 11, firstname: 'Inès', lastname: 'Roux' }),
    makeApplication({ id: 12, firstname: 'Jules', lastname: 'Blanc' }),
  ];
  const spontaneous = [
    makeApplication({ id: 13, firstname: 'Karim', lastname: 'Faure', offer_id: null, project_id: null, job_position: null, spontaneous: true, status: { ...STATUSES[karimStatus - 1]! } }),
  ];
  server.use(
    http.get('*/api/statuses', () => HttpResponse.json(STATUSES)),
    ...workflowStatusHandlers(),
    http.get('*/api/motifs', () => HttpResponse.json(MOTIFS)),
    http.get('*/api/assessment-tests', () => HttpResponse.json([])),
    http.get('*/api/projects/all/offers/jobboards', () => HttpResponse.json([])),
    http.get('*/api/treatment/applications/offers', () => HttpResponse.json({ data: [], current_page: 1, last_page: 1, per_page: 50, total: 0 })),
    http.get('*/api/treatment/:kind', ({ params }) => {
      const data = params.kind === 'spontaneous' ? spontaneous : onOffers;
      return HttpResponse.json({ data, current_page: 1, last_page: 1, per_page: 20, total: data.length });
    }),
    http.put('*/api/treatment/:kind/statuses', async ({ request }) => {
      const body = (await request.json()) as { application_id: number }[];
      return HttpResponse.json({ changed: body.map((b) => b.application_id), failed: [] });
    }),
    http.get('*/api/onboarding/processes', () => HttpResponse.json([PROCESS])),
    http.get('*/api/onboarding/users', () => HttpResponse.json([{ id: 12, name: 'Paul Durand' }])),
    http.get('*/api/applications/:id/onboarding', ({ params }) =>
      HttpResponse.json({
        onboarding:
          params.id === '13'
            ? { id: 99, status: { id: 2, system_key: 'in_progress', name: null }, start_date: '2026-12-07', progress: { done: 1, total: 3 } }
            : null,
      }),
    ),
    http.post('*/api/onboardings/bulk', async ({ request }) => {
      posts.push({ url: request.url, body: await request.json() });
      return HttpResponse.json({ created: 1, onboarding_ids: [41], skipped: [{ application_id: 12, reason: 'onboarding_exists' }] });
    }),
    http.post('*/api/onboardings', async ({ request }) => {
      posts.push({ url: request.url, body: await request.json() });
      return HttpResponse.json({ id: 40 }, { status: 201 });
    }),
    http.post('*/api/onboardings/:id/cancel', ({ request }) => {
      posts.push({ url: request.url, body: null });
      return HttpResponse.json({ id: 99 });
    }),
  );
  return posts;
}

const ONBOARDING = [...APPLICATION_PERMISSIONS, 'onboarding.access'];

describe('status 6 and onboarding', () => {
  it('offers to start the onboarding when one application is recruited', async () => {
    const posts = useFixtures(ONBOARDING);
    const user = userEvent.setup();
    renderApp('/treatment?tab=spontaneous');
    await screen.findByRole('link', { name: 'Karim Faure' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Changer le statut de Karim Faure' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Recruté' }));
    const dialog = await screen.findByRole('dialog', { name: "Lancer l'onboarding de Karim Faure ?" });
    expect(await within(dialog).findByRole('option', { name: 'Arrivée atelier (1 étape)' })).toBeVisible();
    expect(within(dialog).getByRole('combobox', { name: /^Manager/ })).toHaveDisplayValue('Camille Martin');
    await user.type(within(dialog).getByRole('textbox', { name: 'Contact du premier jour' }), 'Paul à l’accueil');
    await user.click(within(dialog).getByRole('button', { name: "Lancer l'onboarding" }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toMatchObject({ application_id: 13, process_id: 5, manager_id: 7, first_day_contact: 'Paul à l’accueil', address: null });
    expect((posts[0]!.body as { start_date: string }).start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await screen.findByText("Onboarding de Karim Faure lancé.")).toBeVisible();
  });

  it('offers it for a whole selection once the batch change to status 6 is read, and tells what was skipped', async () => {
    const posts = useFixtures(ONBOARDING);
    const user = userEvent.setup();
    renderApp('/treatment');
    await screen.findByRole('link', { name: 'Inès Roux' }, { timeout: 5000 });
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner toutes les candidatures de la page' }));
    await user.click(screen.getByRole('button', { name: 'Changer le statut' }));
    const batch = await screen.findByRole('alertdialog', { name: 'Changer le statut de 2 candidatures' });
    await user.selectOptions(within(batch).getByRole('combobox', { name: /Nouveau statut/ }), 'Recruté');
    await user.click(within(batch).getByRole('button', { name: 'Appliquer' }));
    await user.click(await within(batch).findByRole('button', { name: 'Fermer' }));
    const dialog = await screen.findByRole('dialog', { name: "Lancer l'onboarding de 2 recrues ?" });
    await within(dialog).findByRole('option', { name: 'Arrivée atelier (1 étape)' });
    expect(within(dialog).queryByRole('textbox', { name: 'Contact du premier jour' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: "Lancer l'onboarding" }));
    expect(await within(dialog).findByText('1 onboarding lancé.')).toBeVisible();
    expect(within(dialog).getByText('1 candidature a déjà un onboarding en cours.')).toBeVisible();
    expect(posts[0]!.body).toMatchObject({ application_ids: [11, 12], process_id: 5, manager_id: 7 });
  });

  it('asks whether to cancel the onboarding when an application leaves status 6', async () => {
    const posts = useFixtures(ONBOARDING, 6);
    const user = userEvent.setup();
    renderApp('/treatment?tab=spontaneous');
    await screen.findByRole('link', { name: 'Karim Faure' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Changer le statut de Karim Faure' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Entretien' }));
    const ask = await screen.findByRole('alertdialog', { name: "Annuler l'onboarding de Karim Faure ?" });
    await user.click(within(ask).getByRole('button', { name: "Annuler l'onboarding" }));
    await waitFor(() => expect(posts.map((p) => new URL(p.url).pathname)).toEqual(['/api/onboardings/99/cancel']));
  });

  it('offers nothing without onboarding.access', async () => {
    const posts = useFixtures(APPLICATION_PERMISSIONS);
    const user = userEvent.setup();
    renderApp('/treatment?tab=spontaneous');
    await screen.findByRole('link', { name: 'Karim Faure' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Changer le statut de Karim Faure' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Recruté' }));
    expect(await screen.findByText('Karim Faure est maintenant « Recruté ».')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts).toEqual([]);
  });
});
