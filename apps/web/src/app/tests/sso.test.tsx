import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type { TSsoSettings } from '@embauche/contracts/sso';
import { ADMIN_PERMISSIONS, makeMe } from '../../test/fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

if (!HTMLElement.prototype.setPointerCapture) HTMLElement.prototype.setPointerCapture = () => {};
afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

const SETTINGS: TSsoSettings = {
  configured: true,
  enabled: true,
  issuer_url: 'https://login.example.com/realms/hr',
  client_id: 'embauche',
  client_secret_set: true,
  domains: ['example.com'],
  auto_create_users: false,
  default_role_id: null,
  default_language: 'fr',
  redirect_uri: 'https://ats.example.com/api/sso/callback',
  roles: [
    { id: 2, name: 'Administrateur' },
    { id: 3, name: 'Recruteur' },
  ],
};

function useUsersApi() {
  server.use(
    http.get('*/api/users/choices', () => HttpResponse.json({ roles: [], groups: [], subsidiaries: [] })),
    http.get('*/api/users', () => HttpResponse.json({ data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 })),
  );
}

describe('login with SSO', () => {
  it('shows a refused SSO sign-in, translated', async () => {
    renderApp('/login?sso_error=account_inactive');
    expect(await screen.findByRole('alert')).toHaveTextContent('Votre compte est désactivé. Contactez votre administrateur.');
  });

  it('shows an unknown code as a provider refusal', async () => {
    renderApp('/login?sso_error=<script>');
    expect(await screen.findByRole('alert')).toHaveTextContent("Votre fournisseur d'identité n'a pas validé la connexion.");
  });

  it('follows the SSO address when the form is sent with an SSO e-mail', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    server.use(
      http.post('*/api/sso/check', () => HttpResponse.json({ sso: true, redirect_url: '/api/sso/start?email=ana%40example.com' })),
    );
    renderApp('/login');
    const email = await screen.findByRole('textbox', { name: /Adresse e-mail/ });
    await userEvent.type(email, 'ana@example.com');
    await userEvent.tab();
    expect(await screen.findByRole('link', { name: 'Continuer avec le SSO' })).toHaveAttribute(
      'href',
      '/api/sso/start?email=ana%40example.com',
    );
    await userEvent.type(email, '{Enter}');
    expect(assign).toHaveBeenCalledWith('/api/sso/start?email=ana%40example.com');
  });
});

describe('SSO settings on the users page', () => {
  it('is not offered without config.account', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS.filter((p) => p !== 'config.account')));
    useUsersApi();
    renderApp('/config/users/list');
    expect(await screen.findByRole('button', { name: /Ajouter/ }, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Paramètres de connexion SSO' })).not.toBeInTheDocument();
  });

  it('edits the settings, keeps the secret unless typed, and shows the server’s field errors', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    useUsersApi();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.get('*/api/sso/settings', () => HttpResponse.json(SETTINGS)),
      http.put('*/api/sso/settings', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (bodies.length === 1)
          return HttpResponse.json({ message: 'Invalid', errors: { domains: ['domain_taken'] } }, { status: 422 });
        return HttpResponse.json({ ...SETTINGS, domains: body.domains });
      }),
    );
    renderApp('/config/users/list');
    await userEvent.click(await screen.findByRole('button', { name: 'Paramètres de connexion SSO' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Connexion SSO (OpenID Connect)' });
    expect(await within(dialog).findByRole('textbox', { name: /URL de l'émetteur/ })).toHaveValue(SETTINGS.issuer_url);
    expect(within(dialog).getByLabelText(/Secret client/)).toHaveValue('');
    expect(within(dialog).getByText('Un secret est enregistré : laissez vide pour le garder.')).toBeVisible();
    expect(within(dialog).getByText(SETTINGS.redirect_uri)).toBeVisible();

    const domains = within(dialog).getByRole('textbox', { name: /Domaines e-mail autorisés/ });
    await userEvent.clear(domains);
    await userEvent.type(domains, 'not a domain');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(domains).toHaveAccessibleDescription(/Saisissez un nom de domaine/));
    expect(bodies).toHaveLength(0);

    await userEvent.clear(domains);
    await userEvent.type(domains, 'Example.com{Enter}filiale.example.com');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Créer le compte à la première connexion' }));
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Rôle des comptes créés' }), 'Recruteur');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(domains).toHaveAccessibleDescription(/Ce domaine se connecte déjà à une autre entreprise/));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies[1]).toEqual({
      enabled: true,
      issuer_url: SETTINGS.issuer_url,
      client_id: 'embauche',
      domains: ['example.com', 'filiale.example.com'],
      auto_create_users: true,
      default_role_id: 3,
      default_language: 'fr',
    });
  });
});
