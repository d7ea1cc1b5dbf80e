import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { meQueryKey } from '../../features/auth/api/get-me.ts';
import { makeMe } from '../../test/fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

async function fillCredentials() {
  await userEvent.type(await screen.findByRole('textbox', { name: /Adresse e-mail/ }), 'camille@example.com');
  await userEvent.type(screen.getByLabelText(/Mot de passe/), 'secret-password');
  await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
}

describe('login page', () => {
  it('signs in and goes to the redirect target', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/login', async ({ request }) => {
        body = await request.json();
        signIn(makeMe());
        return HttpResponse.json({ status: 'authenticated', two_factor: false });
      }),
    );
    const app = renderApp('/login?redirect=%2Fcommunity');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connectez-vous à votre espace' })).toBeVisible();
    await fillCredentials();
    expect(await screen.findByRole('heading', { level: 1, name: 'Communauté' })).toBeVisible();
    expect(app.location()).toBe('/community');
    expect(body).toEqual({ email: 'camille@example.com', password: 'secret-password' });
  });

  it('validates the form before calling the server', async () => {
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Se connecter' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Adresse e-mail/ })).toHaveAccessibleDescription('Ce champ est obligatoire.'),
    );
  });

  it('shows invalid credentials on the e-mail field', async () => {
    server.use(
      http.post('*/api/login', () =>
        HttpResponse.json({ message: 'Invalid', errors: { email: ['invalid_credentials'] } }, { status: 422 }),
      ),
    );
    renderApp('/login');
    await fillCredentials();
    const email = screen.getByRole('textbox', { name: /Adresse e-mail/ });
    await waitFor(() => expect(email).toHaveAccessibleDescription('E-mail ou mot de passe incorrect.'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('says so when there were too many attempts', async () => {
    server.use(http.post('*/api/login', () => HttpResponse.json({ message: 'Too many' }, { status: 429 })));
    renderApp('/login');
    await fillCredentials();
    expect(await screen.findByRole('alert')).toHaveTextContent('Trop de tentatives');
  });

  it('lets the user choose an account and posts again with it', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/login', async ({ request }) => {
        const body = (await request.json()) as { user?: number };
        bodies.push(body);
        if (!body.user) {
          return HttpResponse.json({
            status: 'choose_account',
            two_factor: false,
            accounts: [
              { id: 11, company_id: 1, company_name: 'Acme Industries', role_name: 'Recruteur' },
              { id: 12, company_id: 2, company_name: 'Globex', role_name: null },
            ],
          });
        }
        signIn(makeMe());
        return HttpResponse.json({ status: 'authenticated', two_factor: false });
      }),
    );
    const app = renderApp('/login');
    await fillCredentials();
    expect(await screen.findByRole('heading', { level: 1, name: 'Choisissez un compte' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /Globex/ }));
    await waitFor(() => expect(app.location()).toBe('/'));
    expect(bodies[1]).toMatchObject({ email: 'camille@example.com', user: 12 });
  });

  it('asks for the second factor and accepts a recovery code', async () => {
    let challenge: unknown;
    server.use(
      http.post('*/api/login', () => HttpResponse.json({ status: 'two_factor_required', two_factor: true })),
      http.post('*/api/two-factor-challenge', async ({ request }) => {
        challenge = await request.json();
        if ((challenge as { code?: string }).code) {
          return HttpResponse.json({ message: 'Invalid', errors: { code: ['invalid_code'] } }, { status: 422 });
        }
        signIn(makeMe());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const app = renderApp('/login?redirect=/profile');
    await fillCredentials();
    expect(await screen.findByRole('heading', { level: 1, name: 'Vérification en deux étapes' })).toBeVisible();
    await userEvent.type(screen.getByRole('textbox', { name: /Code de vérification/ }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByText('Code invalide.')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Utiliser un code de récupération' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Code de récupération/ }), 'abcd-efgh');
    server.use(http.get('*/api/user_profile/personal_infos', () => HttpResponse.json({ firstname: 'Camille', lastname: 'Martin', email: 'c@example.com', img_src: null })));
    await userEvent.click(screen.getByRole('button', { name: 'Vérifier' }));
    await waitFor(() => expect(app.location()).toBe('/profile'));
    expect(challenge).toEqual({ recovery_code: 'abcd-efgh' });
  });

  it('says how long to wait when the account has had too many wrong codes', async () => {
    server.use(
      http.post('*/api/login', () => HttpResponse.json({ status: 'two_factor_required', two_factor: true })),
      http.post('*/api/two-factor-challenge', () =>
        HttpResponse.json(
          { message: 'Too many attempts.', code: 'too_many_requests' },
          { status: 429, headers: { 'Retry-After': '840' } },
        ),
      ),
    );
    renderApp('/login');
    await fillCredentials();
    await userEvent.type(await screen.findByRole('textbox', { name: /Code de vérification/ }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Trop de codes erronés pour ce compte. Réessayez dans 14 minutes.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Vérification en deux étapes' })).toBeVisible();
  });

  it('sends the user back to the password when the pending sign-in is void', async () => {
    let logins = 0;
    server.use(
      http.post('*/api/login', () => {
        logins += 1;
        return HttpResponse.json({ status: 'two_factor_required', two_factor: true });
      }),
      http.post('*/api/two-factor-challenge', () =>
        HttpResponse.json({ message: 'Authentication required.', code: 'unauthenticated' }, { status: 401 }),
      ),
    );
    renderApp('/login');
    await fillCredentials();
    await userEvent.type(await screen.findByRole('textbox', { name: /Code de vérification/ }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Connectez-vous à votre espace' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Trop de codes erronés, ou la vérification a expiré : saisissez à nouveau votre mot de passe.',
    );
    expect(screen.getByLabelText(/Mot de passe/)).toBeVisible();
    expect(logins).toBe(1);
  });

  it('offers single sign-on when the e-mail domain uses it', async () => {
    server.use(
      http.post('*/api/sso/check', () => HttpResponse.json({ sso: true, redirect_url: 'https://idp.example.com/start' })),
    );
    renderApp('/login');
    await userEvent.type(await screen.findByRole('textbox', { name: /Adresse e-mail/ }), 'ana@sso.example.com');
    await userEvent.tab();
    const link = await screen.findByRole('link', { name: 'Continuer avec le SSO' });
    expect(link).toHaveAttribute('href', 'https://idp.example.com/start');
    expect(screen.queryByLabelText(/Mot de passe/)).not.toBeInTheDocument();
  });
});

describe('guest-only and authenticated-only pages', () => {
  /** Counts the GET /api/me requests the page makes (spec 7: none on the login path). */
  function countMeRequests() {
    const seen: string[] = [];
    const listener = ({ request }: { request: Request }) => {
      if (request.method === 'GET' && new URL(request.url).pathname === '/api/me') seen.push(request.url);
    };
    server.events.on('request:start', listener);
    return { count: () => seen.length, stop: () => server.events.removeListener('request:start', listener) };
  }

  it('does not ask for the user on /login, then fetches it once signed in', async () => {
    const requests = countMeRequests();
    server.use(
      http.post('*/api/login', () => {
        signIn(makeMe());
        return HttpResponse.json({ status: 'authenticated', two_factor: false });
      }),
    );
    const app = renderApp('/login?redirect=%2Fcommunity');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connectez-vous à votre espace' })).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.count()).toBe(0);
    await fillCredentials();
    expect(await screen.findByRole('heading', { level: 1, name: 'Communauté' })).toBeVisible();
    expect(app.location()).toBe('/community');
    expect(requests.count()).toBe(1);
    requests.stop();
  });

  it('shows the form to a signed-in user who opens /login afresh, without calling /me', async () => {
    const requests = countMeRequests();
    signIn(makeMe());
    const app = renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.count()).toBe(0);
    expect(app.location()).toBe('/login');
    requests.stop();
  });

  it('sends a user the app already knows away from /login in their saved language', async () => {
    const me = makeMe(undefined, { language: 'en' });
    signIn(me);
    const app = renderApp('/login?redirect=%2Fcommunity');
    await screen.findByRole('button', { name: 'Se connecter' });
    act(() => app.queryClient.setQueryData(meQueryKey, me));
    expect(await screen.findByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
    expect(app.location()).toBe('/community');
    expect(app.i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('signs in again right after signing out', async () => {
    signIn(makeMe());
    server.use(
      http.post('*/api/logout', () => {
        server.use(http.get('*/api/me', () => HttpResponse.json({ message: 'no' }, { status: 401 })));
        return new HttpResponse(null, { status: 204 });
      }),
      http.post('*/api/login', () => {
        signIn(makeMe());
        return HttpResponse.json({ status: 'authenticated', two_factor: false });
      }),
    );
    const app = renderApp('/community');
    await userEvent.click(await screen.findByRole('button', { name: /^Menu utilisateur/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Se déconnecter' }));
    await fillCredentials();
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    expect(app.location()).toBe('/');
  });

  it('ignores a redirect target on another site', async () => {
    const me = makeMe();
    signIn(me);
    const app = renderApp('/login?redirect=https%3A%2F%2Fevil.example.com');
    await screen.findByRole('button', { name: 'Se connecter' });
    act(() => app.queryClient.setQueryData(meQueryKey, me));
    await waitFor(() => expect(app.location()).toBe('/'));
  });

  it('sends a signed-out visitor to /login with the page as redirect', async () => {
    const app = renderApp('/stats?period=week');
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeVisible();
    expect(app.location()).toBe(`/login?redirect=${encodeURIComponent('/stats?period=week')}`);
  });
});
