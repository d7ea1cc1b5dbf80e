import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAuditLogEntry, TAuditLogPage } from '@embauche/contracts/audit';
import { ADMIN_PERMISSIONS, makeMe } from '../../test/fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

const person = (id: number, firstname: string, lastname: string) => ({ id, firstname, lastname, email: `${firstname.toLowerCase()}@demo.test` });

const entry = (id: number, action: string, extra: Partial<TAuditLogEntry> = {}): TAuditLogEntry => ({
  id,
  action,
  created_at: '2026-11-25T09:30:00.000Z',
  actor: person(7, 'Alice', 'Martin'),
  actor_user_id: 7,
  acting_as_user: null,
  acting_as_company: null,
  target_type: null,
  target_id: null,
  details: null,
  ip: '203.0.113.5',
  user_agent: 'Mozilla/5.0',
  ...extra,
});

const ENTRIES = [
  entry(3, 'share.created', { target_type: 'share', target_id: 12, details: { sections: ['profile', 'cv'], expires_in_days: 30 } }),
  entry(2, 'auth.sign_in_failed', { details: { email: 'alice@demo.test' } }),
  entry(1, 'auth.sign_in', { actor: person(9, 'Staff', 'Embauche'), actor_user_id: 9, acting_as_user: person(7, 'Alice', 'Martin') }),
];

/** Answers the entries that pass `filter[action]` and `filter[user]`, and records every query. */
function serve(entries: TAuditLogEntry[] = ENTRIES, lastPage = 1) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/activity-logs', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      const action = params.get('filter[action]');
      const user = params.get('filter[user]');
      const data = entries.filter((e) => (!action || e.action === action) && (!user || String(e.actor_user_id) === user));
      const page = Number(params.get('page') ?? 1);
      const body: TAuditLogPage = { data, current_page: page, last_page: lastPage, per_page: 20, total: data.length, total_capped: false };
      return HttpResponse.json(body);
    }),
  );
  return queries;
}

const admin = () => signIn(makeMe([...ADMIN_PERMISSIONS, 'config.activity_logs']));

describe('activity logs', () => {
  it('lists the entries with translated actions, people and details', async () => {
    admin();
    serve();
    renderApp('/config/activity-logs');
    expect(await screen.findByRole('heading', { level: 1, name: "Journal d'activité" })).toBeVisible();
    const table = await screen.findByRole('table', { name: "Entrées du journal d'activité, les plus récentes d'abord" });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1]!).getByText('Lien de partage créé')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('profile, cv')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Échec de connexion')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('E-mail saisi')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('en tant que Alice Martin')).toBeInTheDocument();
    expect(within(rows[3]!).getByRole('button', { name: "Afficher seulement l'activité de Staff Embauche" })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('25/11/2026', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('3 entrées')).toBeInTheDocument();
  });

  it('filters by action and by person through the URL', async () => {
    admin();
    const queries = serve();
    renderApp('/config/activity-logs');
    await screen.findByRole('table');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Échec de connexion');
    await waitFor(() => expect(queries.at(-1)?.get('filter[action]')).toBe('auth.sign_in_failed'));
    await waitFor(() => expect(window.location.search).toContain('action=auth.sign_in_failed'));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));

    await userEvent.click(within(screen.getByRole('table')).getByRole('button', { name: "Afficher seulement l'activité de Alice Martin" }));
    await waitFor(() => expect(queries.at(-1)?.get('filter[user]')).toBe('7'));
    expect(screen.getByText('Personne : Alice Martin')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    // Back to the first answer (from the cache): every entry, no filter in the URL.
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(4));
    await waitFor(() => expect(window.location.search).not.toMatch(/action=|user=/));
  });

  it('sends the text after a pause and pages', async () => {
    admin();
    const queries = serve(ENTRIES, 3);
    renderApp('/config/activity-logs');
    await screen.findByRole('table');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Personne' }), 'alice');
    await waitFor(() => expect(queries.at(-1)?.get('filter[q]')).toBe('alice'));
    await userEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'));
    expect(queries.at(-1)?.get('filter[q]')).toBe('alice');
  });

  it('says when nothing matches, and when the list cannot load', async () => {
    admin();
    serve([]);
    const view = renderApp('/config/activity-logs');
    expect(await screen.findByRole('heading', { name: 'Aucune activité enregistrée pour l’instant.'.replace('’', "'") })).toBeVisible();
    view.unmount();
    server.use(http.get('*/api/activity-logs', () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    renderApp('/config/activity-logs');
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent("Les journaux d'activité n'ont pas pu être chargés.");
  });

  it('shows the page in English', async () => {
    admin();
    serve();
    renderApp('/config/activity-logs', { lng: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity logs' })).toBeVisible();
    expect(await screen.findByText('Failed sign-in')).toBeInTheDocument();
  });

  it('forbids the page without config.activity_logs', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    renderApp('/config/activity-logs');
    expect(await screen.findByRole('heading', { level: 2, name: "Vous n'avez pas accès à cette page" })).toBeVisible();
  });
});
