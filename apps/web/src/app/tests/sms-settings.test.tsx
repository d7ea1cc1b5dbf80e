import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type { TSmsSettings, TSmsSettingsForm } from '@embauche/contracts/sms';
import { ADMIN_PERMISSIONS, makeMe, RECRUITER_PERMISSIONS } from '../../test/fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

afterEach(() => toast.dismiss());

const FORBIDDEN = "Vous n'avez pas accès à cette page";

const SETTINGS: TSmsSettings = {
  allowed_countries: ['FR'],
  is_default: true,
  company_country: 'FR',
  daily_cap: null,
  default_daily_cap: 1000,
  sent_today: 12,
  time_zone: 'Europe/Paris',
  countries: ['BE', 'CH', 'DE', 'ES', 'FR', 'GB', 'LU', 'RE'],
};

/** The settings as the server keeps them; answers `refuse` to the next save when given. */
function useSmsSettingsApi(refuse?: { status: number; body: object }) {
  const saved: TSmsSettingsForm[] = [];
  let current = { ...SETTINGS };
  server.use(
    http.get('*/api/config/sms', () => HttpResponse.json(current)),
    http.put('*/api/config/sms', async ({ request }) => {
      const body = (await request.json()) as TSmsSettingsForm;
      saved.push(body);
      if (refuse) return HttpResponse.json(refuse.body, { status: refuse.status });
      current = { ...current, ...body, is_default: false };
      return HttpResponse.json(current);
    }),
  );
  return saved;
}

describe('config account-infos/sms', () => {
  it('needs the SMS feature and config.account: no menu entry and forbidden otherwise', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS, { features: [] }));
    renderApp('/config/account-infos/sms');
    expect(await screen.findByRole('heading', { name: FORBIDDEN }, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'SMS' })).not.toBeInTheDocument();
  });

  it('is forbidden to a recruiter who may text applicants but not configure the account', async () => {
    signIn(makeMe([...RECRUITER_PERMISSIONS, 'config.access'], { features: ['SMS'] }));
    renderApp('/config/account-infos/sms');
    expect(await screen.findByRole('heading', { name: FORBIDDEN }, { timeout: 5000 })).toBeVisible();
  });

  it('adds neighbouring countries, named in French, and sets a daily cap', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS, { features: ['SMS'] }));
    const saved = useSmsSettingsApi();
    renderApp('/config/account-infos/sms');
    const countries = await screen.findByRole('group', { name: /Pays de destination autorisés/ }, { timeout: 5000 });
    expect(screen.getByRole('link', { name: 'SMS' })).toBeVisible();
    // The company's country comes first, chosen; the others are named in the UI language.
    expect(within(countries).getByRole('checkbox', { name: 'France (pays de l’entreprise)' })).toBeChecked();
    expect(within(countries).getByRole('checkbox', { name: 'Belgique' })).not.toBeChecked();
    expect(within(countries).getByText('1 pays choisi')).toBeVisible();
    expect(screen.getByText('12 SMS envoyés aujourd’hui sur 1000 possibles.')).toBeVisible();

    await userEvent.click(within(countries).getByRole('checkbox', { name: 'Belgique' }));
    await userEvent.type(within(countries).getByRole('searchbox', { name: 'Rechercher un pays' }), 'suis');
    expect(within(countries).queryByRole('checkbox', { name: 'Belgique' })).not.toBeInTheDocument();
    await userEvent.click(within(countries).getByRole('checkbox', { name: 'Suisse' }));
    expect(within(countries).getByText('3 pays choisis')).toBeVisible();

    const cap = screen.getByRole('spinbutton', { name: 'Nombre maximal de SMS par jour' });
    expect(cap).toHaveAttribute('placeholder', '1000');
    await userEvent.type(cap, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('La valeur minimale est 1.')).toBeVisible();
    expect(saved).toEqual([]);

    await userEvent.clear(cap);
    await userEvent.type(cap, '200');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Réglages SMS enregistrés.')).toBeVisible();
    expect(saved).toEqual([{ allowed_countries: ['BE', 'CH', 'FR'], daily_cap: 200 }]);
    expect(await screen.findByText('12 SMS envoyés aujourd’hui sur 200 possibles.')).toBeVisible();
  });

  it('refuses an empty list before asking the server', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS, { features: ['SMS'] }));
    const saved = useSmsSettingsApi();
    renderApp('/config/account-infos/sms');
    const countries = await screen.findByRole('group', { name: /Pays de destination autorisés/ }, { timeout: 5000 });
    await userEvent.click(within(countries).getByRole('button', { name: 'Tout désélectionner' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await within(countries).findByText('Ce champ est obligatoire.')).toBeVisible();
    expect(saved).toEqual([]);
  });

  it('shows the server’s refusal on the list', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS, { features: ['SMS'] }));
    useSmsSettingsApi({ status: 422, body: { message: 'Invalid', code: 'validation_failed', errors: { allowed_countries: ['invalid'] } } });
    renderApp('/config/account-infos/sms');
    const countries = await screen.findByRole('group', { name: /Pays de destination autorisés/ }, { timeout: 5000 });
    await userEvent.click(within(countries).getByRole('checkbox', { name: 'Allemagne' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(within(countries).getByText(/invalide/i)).toBeVisible());
  });

  it('names the countries in the user’s language', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS, { features: ['SMS'], language: 'de' }));
    useSmsSettingsApi();
    renderApp('/config/account-infos/sms', { lng: 'de' });
    const countries = await screen.findByRole('group', { name: /Erlaubte Zielländer/ }, { timeout: 5000 });
    expect(within(countries).getByRole('checkbox', { name: 'Frankreich (Land Ihres Unternehmens)' })).toBeChecked();
    expect(within(countries).getByRole('checkbox', { name: 'Belgien' })).toBeVisible();
  });
});
