import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

const TOKEN = 'a'.repeat(43);
const invalidLink = () =>
  HttpResponse.json({ message: 'This reset link is no longer valid.', errors: { token: ['reset_token_invalid'] } }, { status: 422 });

function validLink(firstPassword = false) {
  server.use(
    http.post('*/api/users/password', () =>
      HttpResponse.json({ email: 'camille@example.com', expires_at: '2030-01-01T10:00:00.000Z', first_password: firstPassword }),
    ),
  );
}

describe('forgotten password', () => {
  it('is reached from the sign-in form by keyboard', async () => {
    const app = renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Connectez-vous à votre espace' });
    const link = screen.getByRole('link', { name: 'Mot de passe oublié ?' });
    await userEvent.click(screen.getByRole('textbox', { name: /Adresse e-mail/ }));
    await userEvent.tab();
    await userEvent.tab();
    expect(link).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mot de passe oublié ?' })).toBeVisible();
    expect(app.location()).toBe('/forgot-password');
  });

  it('asks for a link and confirms without telling whether the account exists', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/users/password-requested', async ({ request }) => {
        body = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/forgot-password');
    const email = await screen.findByRole('textbox', { name: /Adresse e-mail/ });
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('Ce champ est obligatoire.'));
    expect(body).toBeUndefined();
    await userEvent.type(email, 'camille@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Consultez vos e-mails' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent("Si un compte utilise l'adresse camille@example.com");
    expect(body).toEqual({ email: 'camille@example.com' });
    expect(screen.getByRole('link', { name: 'Retour à la connexion' })).toHaveAttribute('href', '/login');
  });

  it('says so when too many links were asked for', async () => {
    server.use(http.post('*/api/users/password-requested', () => HttpResponse.json({ message: 'Too many' }, { status: 429 })));
    renderApp('/forgot-password', { lng: 'en' });
    await userEvent.type(await screen.findByRole('textbox', { name: /E-mail address/ }), 'camille@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts');
  });
});

describe('reset password page', () => {
  it('sets a new password with the change-password rules, then leads to the sign-in page', async () => {
    validLink();
    let body: unknown;
    server.use(
      http.post('*/api/users/reset-password', async ({ request }) => {
        body = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const app = renderApp(`/reset-password?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Choisissez un nouveau mot de passe' })).toBeVisible();
    expect(screen.getByText('Pour le compte camille@example.com.')).toBeVisible();
    const password = screen.getByLabelText(/^Nouveau mot de passe/);
    const confirmation = screen.getByLabelText(/^Confirmer le nouveau mot de passe/);
    await userEvent.type(password, 'short');
    await userEvent.type(confirmation, 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription('8 caractères minimum.'));
    expect(confirmation).toHaveAccessibleDescription('Les mots de passe ne correspondent pas.');
    expect(body).toBeUndefined();

    await userEvent.clear(password);
    await userEvent.type(password, 'new-password-1');
    await userEvent.clear(confirmation);
    await userEvent.type(confirmation, 'new-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mot de passe changé' })).toBeVisible();
    expect(body).toEqual({ token: TOKEN, password: 'new-password-1', password_confirmation: 'new-password-1' });
    await userEvent.click(screen.getByRole('link', { name: 'Se connecter' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Connectez-vous à votre espace' })).toBeVisible();
    expect(app.location()).toBe('/login');
  });

  it('says an expired or used link is no longer valid, with a way to ask for a new one', async () => {
    server.use(http.post('*/api/users/password', invalidLink));
    const app = renderApp(`/reset-password?token=${TOKEN}`, { lng: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is no longer valid' })).toBeVisible();
    expect(screen.getByText(/it has expired or has already been used/)).toBeVisible();
    expect(screen.queryByLabelText(/New password/)).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    expect(app.location()).toBe('/forgot-password');
  });

  it('shows the same page when the link dies while the form is open, and without a token', async () => {
    validLink();
    server.use(http.post('*/api/users/reset-password', invalidLink));
    renderApp(`/reset-password?token=${TOKEN}`);
    await userEvent.type(await screen.findByLabelText(/^Nouveau mot de passe/), 'new-password-1');
    await userEvent.type(screen.getByLabelText(/^Confirmer le nouveau mot de passe/), 'new-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await screen.findByRole('heading', { level: 1, name: "Ce lien n'est plus valable" })).toBeVisible();

    renderApp('/reset-password');
    expect((await screen.findAllByRole('heading', { level: 1, name: "Ce lien n'est plus valable" })).length).toBe(2);
  });

  it("welcomes an invited user who chooses their first password, in their language", async () => {
    validLink(true);
    server.use(http.post('*/api/users/reset-password', () => new HttpResponse(null, { status: 204 })));
    renderApp(`/reset-password?token=${TOKEN}`, { lng: 'de' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Willkommen! Wählen Sie Ihr Passwort' })).toBeVisible();
    await userEvent.type(screen.getByLabelText(/^Passwort(?! bestätigen)/), 'new-password-1');
    await userEvent.type(screen.getByLabelText(/^Passwort bestätigen/), 'new-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Mein Passwort speichern' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Passwort gespeichert' })).toBeVisible();
  });
});
