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
  domain_states: [
    {
      domain: 'example.com',
      status: 'pending',
      txt_name: '_embauche-verification.example.com',
      txt_value: 'embauche-verification=0123456789abcdef0123456789abcdef',
      verified_at: null,
      verified_method: null,
    },
  ],
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

describe('SSO domain verification', () => {
  it('shows each domain’s state and TXT record, and verifies it on demand', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    useUsersApi();
    const verified = {
      ...SETTINGS.domain_states[0]!,
      status: 'verified' as const,
      verified_at: '2026-03-02T10:00:00.000Z',
      verified_method: 'dns' as const,
    };
    const asked: unknown[] = [];
    server.use(
      http.get('*/api/sso/settings', () => HttpResponse.json(SETTINGS)),
      http.post('*/api/sso/domains/verify', async ({ request }) => {
        asked.push(await request.json());
        return asked.length === 1
          ? HttpResponse.json({ result: 'record_missing', domain: SETTINGS.domain_states[0] })
          : HttpResponse.json({ result: 'verified', domain: verified });
      }),
    );
    renderApp('/config/users/list');
    await userEvent.click(await screen.findByRole('button', { name: 'Paramètres de connexion SSO' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Connexion SSO (OpenID Connect)' });
    const section = await within(dialog).findByRole('region', { name: 'Vérification des domaines' });
    expect(within(section).getByText('En attente de vérification')).toBeVisible();
    expect(within(section).getByRole('textbox', { name: 'Nom de l’enregistrement TXT de example.com' })).toHaveValue(
      '_embauche-verification.example.com',
    );
    expect(within(section).getByRole('textbox', { name: 'Valeur de l’enregistrement TXT de example.com' })).toHaveValue(
      'embauche-verification=0123456789abcdef0123456789abcdef',
    );
    const verify = within(section).getByRole('button', { name: 'Vérifier le domaine example.com' });
    await userEvent.click(verify);
    expect(await within(section).findByText(/^Enregistrement TXT introuvable\./)).toHaveAttribute('role', 'status');
    expect(asked).toEqual([{ domain: 'example.com' }]);
    await userEvent.click(verify);
    expect(await within(section).findByText('Vérifié')).toBeVisible();
    expect(within(section).getByText(/Vérifié par son enregistrement DNS le 2 mars 2026/)).toBeVisible();
    expect(within(section).queryByRole('button', { name: /Vérifier le domaine/ })).not.toBeInTheDocument();
  });

  it('says when another company proved the domain first', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    useUsersApi();
    server.use(
      http.get('*/api/sso/settings', () => HttpResponse.json(SETTINGS)),
      http.post('*/api/sso/domains/verify', () =>
        HttpResponse.json({ message: 'Invalid', errors: { domain: ['domain_taken'] } }, { status: 422 }),
      ),
    );
    renderApp('/config/users/list');
    await userEvent.click(await screen.findByRole('button', { name: 'Paramètres de connexion SSO' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Connexion SSO (OpenID Connect)' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Vérifier le domaine example.com' }));
    expect(await within(dialog).findByText('Ce domaine se connecte déjà à une autre entreprise.')).toHaveAttribute('role', 'status');
  });
});

describe('SSO domains awaiting approval (super administrators)', () => {
  const CLAIM = { id: 41, domain: 'valmont.example', company_id: 3, company_name: 'Groupe Valmont', created_at: '2026-03-01T08:00:00.000Z' };

  it('lists the pending claims and approves one', async () => {
    signIn(makeMe(['config.access', 'user.super_admin'], { super_admin: true }));
    let pending = [CLAIM];
    const decisions: unknown[] = [];
    server.use(
      http.get('*/api/superadmin/sso_domains', () => HttpResponse.json({ data: pending })),
      http.post('*/api/superadmin/sso_domains/approve', async ({ request }) => {
        decisions.push(await request.json());
        pending = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/config/superadmin-section/sso-domains');
    const table = await screen.findByRole('table', { name: 'Domaines SSO à approuver' }, { timeout: 5000 });
    expect(within(table).getByRole('cell', { name: 'valmont.example' })).toBeVisible();
    expect(within(table).getByRole('cell', { name: 'Groupe Valmont' })).toBeVisible();
    expect(within(table).getByRole('button', { name: 'Refuser valmont.example pour Groupe Valmont' })).toBeVisible();
    await userEvent.click(within(table).getByRole('button', { name: 'Approuver valmont.example pour Groupe Valmont' }));
    expect(await screen.findByText('Aucun domaine n’attend d’approbation.')).toBeVisible();
    expect(decisions).toEqual([{ id: 41 }]);
    expect(await screen.findByText('valmont.example est approuvé pour Groupe Valmont.')).toBeVisible();
  });

  it('is not offered to a company administrator', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    renderApp('/config/superadmin-section/sso-domains');
    expect(await screen.findByText("Vous n'avez pas accès à cette page", {}, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
