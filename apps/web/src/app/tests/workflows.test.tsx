import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type { TStatusSetting, TWorkflow } from '@embauche/contracts/workflows';
import { ADMIN_PERMISSIONS, makeMe } from '../../test/fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

if (!HTMLElement.prototype.setPointerCapture) HTMLElement.prototype.setPointerCapture = () => {};
afterEach(() => {
  toast.dismiss();
});

const NAMES = ['new', 'preselected', 'phone_interview', 'interview', 'offer_sent', 'recruited', 'refused', 'withdrawn'];
const setting = (id: number, name: string, extra: Partial<TStatusSetting> = {}): TStatusSetting => ({
  id,
  name,
  default_status: id <= 8,
  label: null,
  color: null,
  hidden: false,
  application_count: id === 1 ? 4 : 0,
  motifs: [],
  ...extra,
});

/** The workflows and statuses API over state the calls change; request bodies are kept. */
function useWorkflowsApi() {
  let statuses: TStatusSetting[] = [
    ...NAMES.map((name, i) => setting(i + 1, name)),
    setting(1000, 'Test technique', { application_count: 2 }),
  ];
  statuses[6] = {
    ...statuses[6]!,
    motifs: [{ id: 1, name: 'profile_mismatch', default_motif: true, label: null, status_id: 7, hidden: false, application_count: 0 }],
  };
  let workflows: TWorkflow[] = [
    { id: 1, name: 'Workflow', is_default: true, status_ids: [1, 2, 3, 4, 5, 6, 7, 8], offer_count: 0, project_count: 0 },
  ];
  const bodies: { method: string; url: string; body: unknown }[] = [];
  const projects = [{ id: 3, name: 'Soudure', project_id: null, workflow_id: null }];
  const offers = [
    { id: 4, name: 'Soudeur', project_id: 3, workflow_id: null },
    ...Array.from({ length: 24 }, (_, i) => ({ id: 100 + i, name: `Vendeur ${String(i + 1).padStart(2, '0')}`, project_id: 3, workflow_id: null })),
  ];
  const assignmentQueries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/config/statuses', () => HttpResponse.json(statuses)),
    http.put('*/api/config/statuses/:id', async ({ request, params }) => {
      const body = (await request.json()) as { name?: string | null; color?: string | null; hidden?: boolean };
      bodies.push({ method: 'PUT', url: request.url, body });
      statuses = statuses.map((s) =>
        s.id === Number(params.id)
          ? { ...s, label: s.default_status && body.name !== undefined ? body.name : s.label, color: body.color === undefined ? s.color : body.color, hidden: body.hidden ?? s.hidden }
          : s,
      );
      return HttpResponse.json(statuses.find((s) => s.id === Number(params.id)));
    }),
    http.delete('*/api/config/statuses/:id', ({ request }) => {
      bodies.push({ method: 'DELETE', url: request.url, body: null });
      return HttpResponse.json(
        { message: 'held', code: 'status_in_use', errors: { status: ['status_in_use:2'] } },
        { status: 409 },
      );
    }),
    http.get('*/api/config/workflows', () => HttpResponse.json(workflows)),
    http.get('*/api/config/workflow-assignments', ({ request }) => {
      const params = new URL(request.url).searchParams;
      assignmentQueries.push(params);
      const q = (params.get('filter[search]') ?? '').toLowerCase();
      const page = Number(params.get('page') ?? 1);
      const perPage = Number(params.get('per_page') ?? 20);
      const rows = (params.get('kind') === 'offer' ? offers : projects).filter((r) => r.name.toLowerCase().includes(q));
      return HttpResponse.json({
        data: rows.slice((page - 1) * perPage, page * perPage),
        current_page: page,
        last_page: Math.max(1, Math.ceil(rows.length / perPage)),
        per_page: perPage,
        total: rows.length,
      });
    }),
    http.put('*/api/config/workflow-assignments', async ({ request }) => {
      bodies.push({ method: 'PUT', url: request.url, body: await request.json() });
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('*/api/config/workflows', async ({ request }) => {
      const body = (await request.json()) as TWorkflow;
      bodies.push({ method: 'POST', url: request.url, body });
      const created = { ...body, id: 2, is_default: false, offer_count: 0, project_count: 0 };
      workflows = [...workflows, created];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put('*/api/config/workflows/:id', async ({ request, params }) => {
      const body = (await request.json()) as TWorkflow;
      bodies.push({ method: 'PUT', url: request.url, body });
      workflows = workflows.map((w) => (w.id === Number(params.id) ? { ...w, ...body } : w));
      return HttpResponse.json(workflows.find((w) => w.id === Number(params.id)));
    }),
  );
  return { bodies, assignmentQueries };
}

describe('config status page', () => {
  it('is forbidden without config.status', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS.filter((p) => p !== 'config.status')));
    renderApp('/config/status');
    expect(await screen.findByRole('heading', { name: "Vous n'avez pas accès à cette page" }, { timeout: 5000 })).toBeVisible();
  });

  it('lists default statuses translated and custom ones as typed, renames a default status, and tells a refused delete', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    const { bodies } = useWorkflowsApi();
    renderApp('/config/status');
    const list = await screen.findByRole('list', { name: 'Statuts' }, { timeout: 5000 });
    expect(within(list).getByRole('heading', { name: 'Présélectionné' })).toBeVisible();
    expect(within(list).getByRole('heading', { name: 'Test technique' })).toBeVisible();
    const motifs = within(list).getByRole('list', { name: 'Motifs du statut Refusé' });
    expect(within(motifs).getByText('Profil ne correspondant pas au poste')).toBeVisible();

    await userEvent.click(within(list).getByRole('button', { name: 'Modifier le statut Présélectionné' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le statut' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nom' }), 'Shortlist');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Statut « Shortlist » enregistré.')).toBeVisible();
    expect(bodies.at(-1)).toMatchObject({ method: 'PUT', body: { name: 'Shortlist', color: null } });
    expect(await within(list).findByRole('heading', { name: 'Shortlist' })).toBeVisible();

    await userEvent.click(within(list).getByRole('button', { name: 'Supprimer le statut Test technique' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Supprimer le statut « Test technique » ?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText(/Ce statut est attribué à 2 candidatures/)).toBeVisible();
  });
});

describe('config workflow pages', () => {
  it('lists the workflows, reorders statuses by keyboard and saves the order', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    const { bodies } = useWorkflowsApi();
    renderApp('/config/workflow');
    const list = await screen.findByRole('list', { name: 'Workflows' }, { timeout: 5000 });
    expect(within(list).getByRole('heading', { name: 'Workflow' })).toBeVisible();
    expect(within(list).getByText('Par défaut')).toBeVisible();
    const order = within(list).getByRole('list', { name: 'Statuts du workflow Workflow' });
    expect(within(order).getAllByRole('listitem')[1]).toHaveTextContent('Présélectionné');

    await userEvent.click(within(list).getByRole('button', { name: 'Modifier le workflow Workflow' }));
    const editor = await screen.findByRole('region', { name: 'Modifier le workflow « Workflow »' });
    const statuses = within(editor).getByRole('list', { name: "Statuts, dans l'ordre" });
    // Keyboard: focus the "move down" button of "Nouveau" and press Enter.
    within(statuses).getByRole('button', { name: 'Descendre Nouveau' }).focus();
    await userEvent.keyboard('{Enter}');
    const items = within(statuses).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Présélectionné');
    expect(items[1]).toHaveTextContent('Nouveau');
    expect(within(statuses).getByRole('button', { name: 'Retirer Recruté du workflow' })).toBeDisabled();
    await userEvent.click(within(statuses).getByRole('button', { name: 'Retirer Entretien téléphonique du workflow' }));
    await userEvent.click(within(editor).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Workflow « Workflow » enregistré.')).toBeVisible();
    expect(bodies.at(-1)).toMatchObject({ method: 'PUT', body: { name: 'Workflow', status_ids: [2, 1, 4, 5, 6, 7, 8] } });

    // The offer's own workflow: a select per offer.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Soudeur' }), 'Workflow');
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ body: { kind: 'offer', id: 4, workflow_id: 1 } }));
  });

  it('pages and searches the projects and the offers to assign on the server', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    const { assignmentQueries } = useWorkflowsApi();
    renderApp('/config/workflow');
    const offers = await screen.findByRole('group', { name: 'Offres en cours' }, { timeout: 5000 });
    const projects = screen.getByRole('group', { name: 'Projets' });
    expect(await within(offers).findByText('25 offres en cours')).toBeVisible();
    expect(within(projects).getByText('1 projet')).toBeVisible();
    expect(within(projects).getByRole('combobox', { name: 'Soudure' })).toBeVisible();
    expect(within(offers).getAllByRole('combobox')).toHaveLength(20);
    expect(within(projects).queryByRole('navigation')).toBeNull();
    const pages = within(offers).getByRole('navigation', { name: 'Pages des offres' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Suivant' }));
    expect(await within(offers).findByRole('combobox', { name: 'Vendeur 24' })).toBeVisible();
    expect(within(offers).getAllByRole('combobox')).toHaveLength(5);
    expect(assignmentQueries.some((p) => p.get('kind') === 'offer' && p.get('page') === '2')).toBe(true);
    // The search asks the server and starts again from the first page.
    await userEvent.type(within(offers).getByRole('searchbox', { name: 'Rechercher une offre' }), 'SOUD');
    expect(await within(offers).findByText('1 offre en cours', {}, { timeout: 3000 })).toBeVisible();
    expect(within(offers).getByRole('combobox', { name: 'Soudeur' })).toBeVisible();
    expect(assignmentQueries.at(-1)?.get('filter[search]')).toBe('SOUD');
    expect(assignmentQueries.at(-1)?.get('page')).toBe('1');
    expect(within(projects).getByText('1 projet')).toBeVisible();
  });

  it('creates a workflow from the default one, and checks its name', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    const { bodies } = useWorkflowsApi();
    renderApp('/config/workflow/new');
    const name = await screen.findByRole('textbox', { name: 'Nom du workflow' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Créer le workflow' }));
    expect(await screen.findByText('Ce champ est obligatoire.')).toBeVisible();
    await userEvent.type(name, 'Stages');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Ajouter un statut' }), 'Test technique');
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter' }));
    await userEvent.click(screen.getByRole('button', { name: 'Créer le workflow' }));
    await waitFor(() =>
      expect(bodies.at(-1)).toMatchObject({ method: 'POST', body: { name: 'Stages', status_ids: [1, 2, 3, 4, 5, 6, 7, 8, 1000], is_default: false } }),
    );
    expect(await screen.findByRole('list', { name: 'Workflows' }, { timeout: 5000 })).toBeVisible();
  });
});
