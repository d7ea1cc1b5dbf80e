import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type { TCompanyJobBoard } from '@embauche/contracts/job-boards';
import { ADMIN_PERMISSIONS, makeMe } from '../../test/fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

afterEach(() => {
  toast.dismiss();
});

const PERMISSIONS = [...ADMIN_PERMISSIONS, 'config.jobboards_list'];

/** The job boards API: credentials go in, only `has_credentials` comes out; bodies are kept. */
function useJobBoardsApi() {
  let boards: TCompanyJobBoard[] = [
    { id: 1, name: 'Indeed', slug: 'indeed', logo_url: null, enabled: true, credential_fields: ['account_id', 'api_key'], has_credentials: false },
    { id: 5, name: 'HelloWork', slug: 'hellowork', logo_url: null, enabled: true, credential_fields: ['login', 'password'], has_credentials: true },
    { id: 8, name: 'Site carrière', slug: 'career-site', logo_url: null, enabled: false, credential_fields: [], has_credentials: false },
  ];
  const bodies: { url: string; body: { enabled: boolean; credentials?: Record<string, string> | null } }[] = [];
  server.use(
    http.get('*/api/config/jobboards', () => HttpResponse.json(boards)),
    http.put('*/api/config/jobboards/:id', async ({ request, params }) => {
      const body = (await request.json()) as (typeof bodies)[number]['body'];
      bodies.push({ url: request.url, body });
      boards = boards.map((b) =>
        b.id === Number(params.id)
          ? { ...b, enabled: body.enabled, has_credentials: body.credentials === undefined ? b.has_credentials : body.credentials !== null }
          : b,
      );
      return HttpResponse.json(boards.find((b) => b.id === Number(params.id)));
    }),
  );
  return { bodies };
}

describe('config jobboards/list page', () => {
  it('is hidden from the menu and forbidden without config.jobboards_list', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    renderApp('/config/jobboards/list');
    expect(await screen.findByRole('heading', { name: "Vous n'avez pas accès à cette page" }, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Jobboards' })).not.toBeInTheDocument();
  });

  it('turns boards on and off, enters, replaces and clears credentials without ever showing them', async () => {
    signIn(makeMe(PERMISSIONS));
    const { bodies } = useJobBoardsApi();
    renderApp('/config/jobboards/list');
    const list = await screen.findByRole('list', { name: /Jobboards/ }, { timeout: 5000 });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('2 activé(s) sur 3')).toBeVisible();
    expect(within(list).getByText('Aucun identifiant nécessaire.')).toBeVisible();

    const career = screen.getByRole('switch', { name: 'Publier sur Site carrière' });
    expect(career).not.toBeChecked();
    await userEvent.click(career);
    expect(await screen.findByText('Site carrière activé.')).toBeVisible();
    expect(bodies.at(-1)).toMatchObject({ body: { enabled: true } });
    expect(bodies.at(-1)!.body).not.toHaveProperty('credentials');

    await userEvent.click(screen.getByRole('button', { name: 'Saisir les identifiants de Indeed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Identifiants de Indeed' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findAllByText('Ce champ est obligatoire.')).toHaveLength(2);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Identifiant de compte' }), 'ACC-1');
    const key = within(dialog).getByLabelText(/Clé d’API/);
    expect(key).toHaveAttribute('type', 'password');
    await userEvent.type(key, 'sk-secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Identifiants de Indeed enregistrés.')).toBeVisible();
    expect(bodies.at(-1)).toMatchObject({ body: { enabled: true, credentials: { account_id: 'ACC-1', api_key: 'sk-secret' } } });
    expect(await screen.findByRole('button', { name: 'Remplacer les identifiants de Indeed' })).toBeVisible();
    expect(screen.queryByDisplayValue('sk-secret')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Effacer les identifiants de HelloWork' }));
    expect(await screen.findByText('Identifiants de HelloWork effacés.')).toBeVisible();
    expect(bodies.at(-1)).toMatchObject({ body: { enabled: true, credentials: null } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Saisir les identifiants de HelloWork' })).toBeVisible());
  }, 40_000);
});
