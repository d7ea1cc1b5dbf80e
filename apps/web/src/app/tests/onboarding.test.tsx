import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type {
  TMyTask,
  TOnboarding,
  TOnboardingListItem,
  TOnboardingProcess,
  TOnboardingStatus,
} from '@embauche/contracts/onboarding';
import { ADMIN_PERMISSIONS, RECRUITER_PERMISSIONS, makeMe } from '../../test/fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

afterEach(() => {
  toast.dismiss();
});

const page = <T,>(data: T[]) => ({
  data,
  current_page: 1,
  last_page: 1,
  per_page: 20,
  total: data.length,
});

const STATUSES: TOnboardingStatus[] = [
  { id: 1, system_key: 'not_started', name: null, position: 0, onboarding_count: 1 },
  { id: 2, system_key: 'in_progress', name: null, position: 1, onboarding_count: 1 },
  { id: 3, system_key: 'done', name: null, position: 2, onboarding_count: 0 },
  { id: 4, system_key: 'cancelled', name: null, position: 3, onboarding_count: 0 },
  { id: 9, system_key: null, name: 'Période d’essai', position: 4, onboarding_count: 0 },
];

const LEA: TOnboardingListItem = {
  id: 31,
  application_id: 501,
  applicant: { id: 77, firstname: 'Léa', lastname: 'Martin' },
  offer: { id: 90, title: 'Soudeur H/F' },
  subsidiary: { id: 3, name: 'Valmont Lyon' },
  start_date: '2026-12-07',
  manager: { id: 12, name: 'Paul Durand' },
  status: { id: 2, system_key: 'in_progress', name: null },
  progress: { done: 1, total: 3 },
  overdue_count: 1,
};
const HUGO: TOnboardingListItem = {
  ...LEA,
  id: 32,
  application_id: 502,
  applicant: { id: 78, firstname: 'Hugo', lastname: 'Petit' },
  status: { id: 1, system_key: 'not_started', name: null },
  progress: { done: 0, total: 3 },
  overdue_count: 0,
};

const TASK = {
  onboarding_id: 31,
  kind: 'task' as const,
  owner: { id: 12, name: 'Paul Durand' },
  done: false,
  done_at: null,
  done_by: null,
  overdue: false,
  document_name: null,
  comments: [],
};
const DETAIL: TOnboarding = {
  ...LEA,
  applicant: { ...LEA.applicant, email: 'lea@example.org', language: 'fr' },
  process: { id: 5, name: 'Arrivée atelier' },
  address: '1 rue du Port, Lyon',
  first_day_contact: 'Paul',
  cancelled_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
  limited: false,
  tasks: [
    {
      ...TASK,
      id: 301,
      title: 'Préparer le poste',
      position: 0,
      due_date: '2026-12-01',
      overdue: true,
    },
    {
      ...TASK,
      id: 302,
      title: 'Badge d’accès',
      position: 1,
      due_date: '2026-12-07',
      done: true,
      done_at: '2026-11-28T10:00:00.000Z',
      done_by: { id: 12, name: 'Paul Durand' },
    },
    {
      ...TASK,
      id: 303,
      kind: 'document',
      title: 'RIB',
      position: 2,
      due_date: '2026-12-03',
      document_name: 'RIB',
    },
  ],
  documents: [
    {
      task_id: 303,
      name: 'RIB',
      requested_at: '2026-11-20T10:05:00.000Z',
      received_at: null,
      document_id: null,
    },
  ],
  emails: [
    {
      task_id: 304,
      title: 'Bienvenue',
      mail_model_id: 8,
      send_date: '2026-12-04',
      state: 'scheduled',
      sent_at: null,
    },
  ],
};

const PROCESS: TOnboardingProcess = {
  id: 5,
  name: 'Arrivée atelier',
  active: true,
  onboarding_count: 2,
  updated_at: '2026-11-20T10:00:00.000Z',
  steps: [
    {
      id: 51,
      title: 'Préparer le poste',
      kind: 'task',
      responsible: { type: 'manager', id: null, name: null },
      due_days: -3,
      document_name: null,
      mail_model_id: null,
      position: 0,
    },
    {
      id: 52,
      title: 'Mail de bienvenue',
      kind: 'email',
      responsible: { type: 'recruiter', id: null, name: null },
      due_days: -1,
      document_name: null,
      mail_model_id: null,
      position: 1,
    },
  ],
};

function useOnboardingApi() {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const record = async (request: Request) => {
    calls.push({
      method: request.method,
      url: request.url,
      body: request.method === 'GET' ? null : await request.json().catch(() => null),
    });
  };
  server.use(
    http.get('*/api/onboarding/statuses', () => HttpResponse.json(STATUSES)),
    http.get('*/api/onboardings', async ({ request }) => {
      await record(request);
      const status = new URL(request.url).searchParams.get('filter[status_id]');
      return HttpResponse.json(
        page([LEA, HUGO].filter((o) => !status || String(o.status.id) === status)),
      );
    }),
    http.get('*/api/onboardings/counts', () =>
      HttpResponse.json([
        { status_id: 1, count: 1 },
        { status_id: 2, count: 1 },
      ]),
    ),
    http.get('*/api/onboardings/:id', ({ params }) =>
      params.id === '31'
        ? HttpResponse.json(DETAIL)
        : HttpResponse.json({ message: 'Not found' }, { status: 404 }),
    ),
    http.put('*/api/onboarding-tasks/:id', async ({ request, params }) => {
      await record(request);
      const task = DETAIL.tasks.find((t) => String(t.id) === params.id)!;
      return HttpResponse.json({ ...task, ...((calls.at(-1)?.body as object) ?? {}) });
    }),
    http.post('*/api/onboarding-tasks/:id/comments', async ({ request }) => {
      await record(request);
      return HttpResponse.json(
        { id: 1, body: 'Fait', author: null, created_at: '2026-11-29T10:00:00.000Z' },
        { status: 201 },
      );
    }),
    http.get('*/api/onboarding/users', () =>
      HttpResponse.json([
        { id: 12, name: 'Paul Durand' },
        { id: 14, name: 'Nina Roux' },
      ]),
    ),
    http.get('*/api/onboarding/processes', () => HttpResponse.json([PROCESS])),
    http.get('*/api/onboarding/processes/:id', () => HttpResponse.json(PROCESS)),
    http.post('*/api/onboarding/processes', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ ...PROCESS, id: 6, name: 'Cadres' }, { status: 201 });
    }),
    http.put('*/api/onboarding/processes/:id', async ({ request }) => {
      await record(request);
      return HttpResponse.json(PROCESS);
    }),
    http.post('*/api/onboarding/statuses', async ({ request }) => {
      await record(request);
      return HttpResponse.json(
        { id: 10, system_key: null, name: 'Intégré', position: 5, onboarding_count: 0 },
        { status: 201 },
      );
    }),
    http.put('*/api/onboarding/statuses/:id', async ({ request }) => {
      await record(request);
      return HttpResponse.json(STATUSES[0]);
    }),
    http.delete('*/api/onboarding/statuses/:id', async ({ request }) => {
      await record(request);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/mail-models', async ({ request }) => {
      await record(request);
      return HttpResponse.json(page([]));
    }),
  );
  return calls;
}

describe('onboarding', () => {
  it('lists the new hires with their progress and overdue tasks, filters by status in the URL, and shows the board', async () => {
    const calls = useOnboardingApi();
    signIn(makeMe([...RECRUITER_PERMISSIONS, 'onboarding.access']));
    const user = userEvent.setup();
    renderApp('/onboarding');
    expect(await screen.findByRole('heading', { level: 1, name: 'Onboarding' })).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Nouvelles recrues' });
    expect(within(list).getByRole('link', { name: 'Léa Martin' })).toHaveAttribute(
      'href',
      '/onboarding/31',
    );
    expect(
      within(list).getByRole('progressbar', { name: 'Tâches faites : 1 sur 3' }),
    ).toBeVisible();
    expect(within(list).getByText('1 tâche en retard')).toBeVisible();

    await user.selectOptions(screen.getByLabelText('Statut'), 'Pas commencé');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Nouvelles recrues' })).queryByText('Léa Martin'),
      ).not.toBeInTheDocument(),
    );
    expect(window.location.search).toContain('status=1');
    expect(calls.some((c) => c.url.includes('filter%5Bstatus_id%5D=1'))).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    await user.click(screen.getByRole('tab', { name: 'Tableau' }));
    const board = await screen.findByRole('region', { name: 'Tableau des onboardings par statut' });
    const column = within(board).getByRole('region', { name: /En cours/ });
    expect(await within(column).findByRole('link', { name: 'Léa Martin' })).toBeVisible();
    expect(within(column).getByLabelText('1 onboarding')).toBeVisible();
    expect(window.location.search).toContain('view=board');
  });

  it("ticks, reassigns and comments a task on the new hire's page; shows documents and e-mails to come", async () => {
    const calls = useOnboardingApi();
    signIn(makeMe([...RECRUITER_PERMISSIONS, 'onboarding.access']));
    const user = userEvent.setup();
    renderApp('/onboarding/31');
    expect(await screen.findByRole('heading', { level: 1, name: 'Léa Martin' })).toBeVisible();
    const checklist = screen.getByRole('list', { name: 'Liste des tâches' });
    expect(within(checklist).getByText(/En retard depuis le/)).toBeVisible();

    await user.click(
      within(checklist).getByRole('checkbox', { name: 'Tâche faite : Préparer le poste' }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/onboarding-tasks/301'))?.body).toEqual({
        done: true,
      }),
    );

    await user.click(
      within(checklist).getByRole('button', {
        name: "Confier la tâche Préparer le poste à quelqu'un d'autre",
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Confier la tâche « Préparer le poste »',
    });
    await within(dialog).findByRole('option', { name: 'Nina Roux' });
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: /Responsable/ }),
      'Nina Roux',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confier' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url.endsWith('/onboarding-tasks/301')).at(-1)?.body).toEqual({
        owner_user_id: 14,
      }),
    );

    await user.click(
      within(checklist).getByRole('button', { name: 'Commentaires de la tâche RIB (0)' }),
    );
    const comments = await screen.findByRole('dialog', { name: 'Commentaires : RIB' });
    await user.type(
      within(comments).getByRole('textbox', { name: /Nouveau commentaire/ }),
      'Relancé par téléphone',
    );
    await user.click(within(comments).getByRole('button', { name: 'Commenter' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/onboarding-tasks/303/comments'))?.body).toEqual({
        body: 'Relancé par téléphone',
      }),
    );

    expect(within(screen.getByRole('list', { name: 'Documents' })).getByText('RIB')).toBeVisible();
    expect(
      within(screen.getByRole('list', { name: 'E-mails' })).getByText(/Prévu le/),
    ).toBeVisible();
    // The language the new hire's e-mails are written in, named in the reader's language.
    expect(screen.getByText('Écrits en français')).toBeVisible();
  });

  it("lets a task's owner without onboarding.access reach their tasks and tick one, in English", async () => {
    const calls = useOnboardingApi();
    const mine: TMyTask = {
      ...DETAIL.tasks[0]!,
      comment_count: 0,
      onboarding: {
        id: 31,
        applicant: { firstname: 'Léa', lastname: 'Martin' },
        offer_title: 'Soudeur H/F',
        start_date: '2026-12-07',
      },
    };
    server.use(http.get('*/api/onboarding/my-tasks', () => HttpResponse.json(page([mine]))));
    signIn(makeMe(RECRUITER_PERMISSIONS, { language: 'en' }));
    const user = userEvent.setup();
    renderApp('/', { lng: 'en' });
    await user.click(await screen.findByRole('link', { name: /My onboarding tasks/ }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My onboarding tasks' }),
    ).toBeVisible();
    const tasks = await screen.findByRole('list', { name: 'My tasks' });
    expect(within(tasks).getByRole('link', { name: 'Léa Martin' })).toHaveAttribute(
      'href',
      '/onboarding/31',
    );
    expect(within(tasks).queryByRole('button', { name: /Give the task/ })).not.toBeInTheDocument();
    await user.click(within(tasks).getByRole('checkbox', { name: 'Task done: Préparer le poste' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/onboarding-tasks/301'))?.body).toEqual({
        done: true,
      }),
    );
  });

  it('edits a process: steps reordered with the buttons, a new step added, saved in that order', async () => {
    const calls = useOnboardingApi();
    signIn(makeMe([...ADMIN_PERMISSIONS, 'config.onboarding']));
    const user = userEvent.setup();
    renderApp('/config/onboarding/process');
    expect(await screen.findByRole('heading', { level: 1, name: 'Processus' })).toBeVisible();
    const list = await screen.findByRole('list', { name: "Processus d'onboarding" });
    expect(within(list).getByText('2 étapes · 2 onboardings lancés')).toBeVisible();
    await user.click(within(list).getByRole('link', { name: 'Arrivée atelier' }));

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Processus Arrivée atelier' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: "Monter l'étape Mail de bienvenue" }));
    await user.click(screen.getByRole('button', { name: 'Ajouter une étape' }));
    const third = screen.getByRole('listitem', { name: 'Étape 3 : Étape 3' });
    await user.type(within(third).getByRole('textbox', { name: /Intitulé/ }), 'RIB');
    await user.selectOptions(
      within(third).getByRole('combobox', { name: 'Type' }),
      'Document à fournir',
    );
    await user.type(within(third).getByRole('textbox', { name: /Document demandé/ }), 'RIB');
    await user.selectOptions(
      within(third).getByRole('combobox', { name: "Avant ou après l'arrivée" }),
      "jours après l'arrivée",
    );
    await user.click(screen.getByRole('button', { name: 'Enregistrer le processus' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'PUT' && c.url.endsWith('/onboarding/processes/5')),
      ).toBe(true),
    );
    const body = calls.find((c) => c.method === 'PUT')!.body as {
      steps: { title: string; id?: number; due_days: number; document_name?: string }[];
    };
    expect(body.steps.map((s) => s.title)).toEqual([
      'Mail de bienvenue',
      'Préparer le poste',
      'RIB',
    ]);
    expect(body.steps[0]!.id).toBe(52);
    expect(body.steps[2]).toMatchObject({ document_name: 'RIB', due_days: 1 });
  });

  it('adds, moves and deletes onboarding statuses', async () => {
    const calls = useOnboardingApi();
    signIn(makeMe([...ADMIN_PERMISSIONS, 'config.onboarding']));
    const user = userEvent.setup();
    renderApp('/config/onboarding/statuses');
    const list = await screen.findByRole('list', { name: "Statuts d'onboarding" });
    expect(
      within(list).queryByRole('button', { name: 'Supprimer le statut Pas commencé' }),
    ).not.toBeInTheDocument();
    await user.click(
      within(list).getByRole('button', { name: 'Descendre le statut Pas commencé' }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ position: 1 }),
    );

    await user.click(screen.getByRole('button', { name: 'Nouveau statut' }));
    const dialog = await screen.findByRole('dialog', { name: "Nouveau statut d'onboarding" });
    await user.type(within(dialog).getByRole('textbox', { name: /Nom/ }), 'Intégré');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Intégré' }),
    );

    await user.click(
      within(list).getByRole('button', { name: 'Supprimer le statut Période d’essai' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Supprimer' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/onboarding/statuses/9')),
      ).toBe(true),
    );
  });

  it('lists the onboarding e-mail models only, with a new one opened at the onboarding address', async () => {
    const calls = useOnboardingApi();
    signIn(makeMe([...ADMIN_PERMISSIONS, 'config.onboarding']));
    renderApp('/config/onboarding/mail-templates');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Modèles de courriers' }),
    ).toBeVisible();
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes('filter%5Bkind%5D=onboarding'))).toBe(true),
    );
    expect(screen.queryByLabelText("Type d'e-mail")).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Nouveau modèle/ })).toHaveAttribute(
      'href',
      '/config/onboarding/mail-templates/new',
    );
  });
});
