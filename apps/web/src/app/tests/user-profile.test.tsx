import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeMe } from '../../test/fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

const profile = {
  firstname: 'Camille',
  lastname: 'Martin',
  email: 'camille@example.com',
  img_src: null,
};

describe('profile page', () => {
  it('loads and saves the personal details', async () => {
    signIn(makeMe());
    let sent: FormData | undefined;
    server.use(
      http.get('*/api/user_profile/personal_infos', () => HttpResponse.json(profile)),
      http.post('*/api/user_profile/personal_infos', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json({ ...profile, firstname: 'Camila' });
      }),
    );
    renderApp('/profile');
    const firstname = await screen.findByRole('textbox', { name: /Prénom/ });
    expect(firstname).toHaveValue('Camille');
    await userEvent.clear(firstname);
    await userEvent.type(firstname, 'Camila');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Votre profil a été mis à jour.')).toBeVisible();
    expect(sent?.get('firstname')).toBe('Camila');
  });

  it('puts server errors on their fields', async () => {
    signIn(makeMe());
    server.use(
      http.get('*/api/user_profile/personal_infos', () => HttpResponse.json(profile)),
      http.post('*/api/user_profile/personal_infos', () =>
        HttpResponse.json(
          { message: 'Invalid', errors: { email: ['not_unique'] } },
          { status: 422 },
        ),
      ),
    );
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    const email = screen.getByRole('textbox', { name: /Adresse e-mail/ });
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('Cette valeur est déjà utilisée.'),
    );
  });
});

describe('user settings page', () => {
  it('shows a wrong current password on its field', async () => {
    signIn(makeMe());
    server.use(
      http.post('*/api/user_profile/change_password', () =>
        HttpResponse.json(
          { message: 'Invalid', errors: { current_password: ['wrong_password'] } },
          { status: 422 },
        ),
      ),
    );
    renderApp('/user-settings');
    await userEvent.type(await screen.findByLabelText(/^Mot de passe actuel/), 'old-password');
    await userEvent.type(screen.getByLabelText(/^Nouveau mot de passe/), 'new-password-1');
    await userEvent.type(
      screen.getByLabelText(/^Confirmation du nouveau mot de passe/),
      'new-password-1',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Modifier le mot de passe' }));
    expect(await screen.findByText('Mot de passe incorrect.')).toBeVisible();
  });

  it('checks that the two new passwords match', async () => {
    signIn(makeMe());
    renderApp('/user-settings');
    await userEvent.type(await screen.findByLabelText(/^Mot de passe actuel/), 'old-password');
    await userEvent.type(screen.getByLabelText(/^Nouveau mot de passe/), 'new-password-1');
    await userEvent.type(
      screen.getByLabelText(/^Confirmation du nouveau mot de passe/),
      'other-password',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Modifier le mot de passe' }));
    expect(await screen.findByText('Les mots de passe ne correspondent pas.')).toBeVisible();
  });

  it('enables two-step verification and shows the recovery codes once', async () => {
    signIn(makeMe());
    server.use(
      http.post('*/api/user_profile/two-factor/setup', () =>
        HttpResponse.json({
          secret: 'JBSWY3DPEHPK3PXP',
          otpauth_url: 'otpauth://totp/x',
          qr_code_svg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
        }),
      ),
      http.post('*/api/user_profile/two-factor/confirm', () =>
        HttpResponse.json({ recovery_codes: ['aaaa-1111', 'bbbb-2222'] }),
      ),
    );
    renderApp('/user-settings');
    expect(await screen.findByText('Désactivée')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Activer' }));
    const qr = await screen.findByRole('img', { name: 'QR code de configuration' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeVisible();
    await userEvent.type(screen.getByRole('textbox', { name: /Code à 6 chiffres/ }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText('aaaa-1111')).toBeVisible();
    expect(screen.getByText('bbbb-2222')).toBeVisible();
  });
});

describe('time zone', () => {
  it('offers the company’s zone by default, narrows the list as one types, and saves a zone', async () => {
    signIn(makeMe());
    const sent: unknown[] = [];
    server.use(
      http.put('*/api/user_profile/time_zone', async ({ request }) => {
        sent.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/user-settings');
    const card = await screen.findByRole('region', { name: 'Fuseau horaire' });
    expect(within(card).getByText('Heures affichées dans le fuseau : Europe/Paris.')).toBeVisible();
    const select = within(card).getByRole('combobox', { name: 'Fuseau horaire' });
    expect(select).toHaveValue('');
    expect(
      within(select).getByRole('option', { name: 'Fuseau de l’entreprise (Europe/Paris)' }),
    ).toBeInTheDocument();
    await userEvent.type(
      within(card).getByRole('searchbox', { name: 'Rechercher un fuseau' }),
      'new york',
    );
    const options = within(select).getAllByRole('option');
    expect(options.map((o) => (o as HTMLOptionElement).value)).toEqual(['', 'America/New_York']);
    expect(within(card).getByText('1 fuseau correspond.')).toBeVisible();
    await userEvent.selectOptions(select, 'America/New_York');
    await userEvent.click(within(card).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sent).toEqual([{ time_zone: 'America/New_York' }]));
    expect(await screen.findByText('Fuseau horaire enregistré.')).toBeVisible();
  });

  it('goes back to the company’s zone', async () => {
    signIn(makeMe(undefined, { time_zone: 'Asia/Tokyo' }));
    const sent: unknown[] = [];
    server.use(
      http.put('*/api/user_profile/time_zone', async ({ request }) => {
        sent.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/user-settings');
    const card = await screen.findByRole('region', { name: 'Fuseau horaire' });
    expect(within(card).getByText('Heures affichées dans le fuseau : Asia/Tokyo.')).toBeVisible();
    const select = within(card).getByRole('combobox', { name: 'Fuseau horaire' });
    expect(select).toHaveValue('Asia/Tokyo');
    await userEvent.selectOptions(select, '');
    await userEvent.click(within(card).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sent).toEqual([{ time_zone: null }]));
  });
});

describe('while acting as someone', () => {
  const acting = {
    real_user: { id: 7, firstname: 'Sophie', lastname: 'Bernard' },
    company: { id: 3, social_reason: 'Mairie de Saint-Aubin' },
    role: null,
    user: { id: 30, firstname: 'Nadia', lastname: 'Benali' },
  };

  it('hides the password, two-step verification and sessions controls, and says why', async () => {
    signIn(makeMe(undefined, { acting_as: acting }));
    renderApp('/user-settings');
    expect(await screen.findByRole('heading', { name: 'Sécurité du compte' })).toBeVisible();
    expect(
      screen.getByText(/ne peuvent être modifiés que par son titulaire, dans sa propre session/),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Activer' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Modifier le mot de passe' }),
    ).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Déconnecter mes autres sessions' }),
    ).not.toBeInTheDocument();
    // The language stays the acting person's to choose.
    expect(screen.getByRole('heading', { name: "Langue de l'interface" })).toBeVisible();
  });

  it('keeps the e-mail read-only in the personal details', async () => {
    signIn(makeMe(undefined, { acting_as: acting }));
    server.use(http.get('*/api/user_profile/personal_infos', () => HttpResponse.json(profile)));
    renderApp('/profile');
    const email = await screen.findByRole('textbox', { name: /Adresse e-mail/ });
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAccessibleDescription(
      'Les réinitialisations de mot de passe sont envoyées à cette adresse : seul le titulaire du compte peut la changer.',
    );
  });

  it('translates a refusal of the server', async () => {
    signIn(makeMe());
    server.use(
      http.post('*/api/user_profile/two-factor/setup', () =>
        HttpResponse.json({ message: 'Forbidden', code: 'not_while_acting_as' }, { status: 403 }),
      ),
    );
    renderApp('/user-settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Activer' }));
    expect(
      await screen.findByText(
        /le mot de passe, l'adresse e-mail et la vérification en deux étapes de ce compte ne peuvent pas être modifiés/,
      ),
    ).toBeVisible();
  });
});

describe('other sessions', () => {
  it('signs out the other sessions after the password is confirmed', async () => {
    signIn(makeMe());
    let body: unknown;
    server.use(
      http.post('*/api/user_profile/invalidate_sessions', async ({ request }) => {
        body = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/user-settings');
    await userEvent.type(await screen.findByLabelText(/^Votre mot de passe/), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Déconnecter mes autres sessions' }));
    expect(await screen.findByText('Vos autres sessions ont été déconnectées.')).toBeVisible();
    expect(body).toEqual({ password: 'secret-password' });
  });
});
