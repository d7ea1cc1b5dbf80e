import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import {
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_KINDS,
  type TMyNotificationPreferences,
  type TMyNotificationPreferencesFormInput,
  type TNotificationDefaults,
  type TNotificationSettings,
} from '@embauche/contracts/notification-preferences';
import { ADMIN_PERMISSIONS, makeMe } from '../../test/fixtures.ts';
import { mediaQueryList } from '../../test/media-query-list.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

afterEach(() => {
  toast.dismiss();
  vi.restoreAllMocks();
});

const FORBIDDEN = "Vous n'avez pas accès à cette page";
const GENERIC = 'Une erreur est survenue.';
const WITH_NOTIFICATIONS = [...ADMIN_PERMISSIONS, 'config.notifications'];

const SETTINGS: TNotificationSettings = {
  ...NOTIFICATION_DEFAULTS,
  time_zone: 'Europe/Paris',
  updated_at: null,
};

/** The company's defaults as the server keeps them; answers `refuse` to the next save when given. */
function useSettingsApi(refuse?: { status: number; body: object }) {
  const saved: TNotificationDefaults[] = [];
  let current = { ...SETTINGS };
  server.use(
    http.get('*/api/config/notifications', () => HttpResponse.json(current)),
    http.put('*/api/config/notifications', async ({ request }) => {
      const body = (await request.json()) as TNotificationDefaults;
      saved.push(body);
      if (refuse) return HttpResponse.json(refuse.body, { status: refuse.status });
      current = { ...current, ...body, updated_at: '2026-11-29T10:00:00.000Z' };
      return HttpResponse.json(current);
    }),
  );
  return saved;
}

/** The user's own preferences, the company's defaults (mentions by e-mail, a digest at 18:00) beside. */
function useMyPreferencesApi() {
  const saved: TMyNotificationPreferencesFormInput[] = [];
  const company: TNotificationDefaults = {
    kinds: { ...NOTIFICATION_DEFAULTS.kinds, comment_mention: { in_app: true, email: true } },
    digest: 'daily',
    digest_hour: 18,
  };
  let current: TMyNotificationPreferences = {
    kinds: Object.fromEntries(
      NOTIFICATION_KINDS.map((k) => [k, null]),
    ) as TMyNotificationPreferences['kinds'],
    digest: null,
    digest_hour: null,
    company,
    time_zone: 'Europe/Paris',
  };
  server.use(
    http.get('*/api/me/notification-preferences', () => HttpResponse.json(current)),
    http.put('*/api/me/notification-preferences', async ({ request }) => {
      const body = (await request.json()) as TMyNotificationPreferencesFormInput;
      saved.push(body);
      current = {
        ...current,
        kinds: body.kinds,
        digest: body.digest,
        digest_hour: body.digest_hour ?? null,
      } as TMyNotificationPreferences;
      return HttpResponse.json(current);
    }),
  );
  return saved;
}

/** jsdom has no layout: answer `(max-width: Npx)` queries as a window `width` pixels wide would. */
function useWindowWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    return mediaQueryList(query, !max || width <= Number(max[1]));
  });
}

describe('config notifications (company defaults)', () => {
  it('needs config.notifications: forbidden otherwise', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    renderApp('/config/notifications');
    expect(
      await screen.findByRole('heading', { name: FORBIDDEN }, { timeout: 5000 }),
    ).toBeVisible();
  });

  it('shows every kind × channel in a table and saves a choice made by keyboard, with a daily digest', async () => {
    signIn(makeMe(WITH_NOTIFICATIONS));
    const saved = useSettingsApi();
    renderApp('/config/notifications');
    const table = await screen.findByRole(
      'table',
      { name: /Ce que reçoivent les utilisateurs/ },
      { timeout: 5000 },
    );
    expect(within(table).getByRole('columnheader', { name: "Dans l'application" })).toBeVisible();
    expect(within(table).getByRole('columnheader', { name: 'Par e-mail' })).toBeVisible();
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Mention dans un commentaire',
      'Réponse à un commentaire',
      'Documents demandés reçus',
      'Nouvelle candidature sur une offre favorite',
      'Changement de statut sur une offre favorite',
      'Candidats transmis',
      'Réponse à un SMS',
      "Tâche d'onboarding en retard",
      'ZIP de CV prêt (ou en échec)',
    ]);
    const inApp = within(table).getByRole('checkbox', {
      name: "Réponse à un SMS : dans l'application",
    });
    expect(inApp).toBeChecked();
    // A prepared ZIP of CVs is also e-mailed by default (the user asked for it, and left meanwhile).
    expect(within(table).getByRole('checkbox', { name: 'ZIP de CV prêt (ou en échec) : par e-mail' })).toBeChecked();
    // By keyboard: focus the e-mail box of mentions and press space.
    const email = within(table).getByRole('checkbox', {
      name: 'Mention dans un commentaire : par e-mail',
    });
    expect(email).not.toBeChecked();
    email.focus();
    await userEvent.keyboard(' ');
    expect(email).toBeChecked();
    await userEvent.click(inApp);
    // The hour shows once the digest is daily.
    const digest = screen.getByRole('group', { name: 'Envoi des e-mails' });
    expect(
      within(digest).getByRole('radio', { name: 'Tout de suite : un e-mail par notification' }),
    ).toBeChecked();
    expect(screen.queryByRole('combobox', { name: 'Heure du résumé' })).not.toBeInTheDocument();
    await userEvent.click(within(digest).getByRole('radio', { name: 'Un résumé par jour' }));
    const hour = screen.getByRole('combobox', { name: 'Heure du résumé' });
    expect(hour).toHaveAccessibleDescription(/Europe\/Paris/);
    await userEvent.selectOptions(hour, '18:00');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Notifications par défaut enregistrées.')).toBeVisible();
    expect(saved).toEqual([
      {
        kinds: {
          ...NOTIFICATION_DEFAULTS.kinds,
          comment_mention: { in_app: true, email: true },
          sms_received: { in_app: false, email: false },
        },
        digest: 'daily',
        digest_hour: 18,
      },
    ]);
    expect(await screen.findByText(/Dernière modification/)).toBeVisible();
  });

  it('says that no e-mail goes while sending is “never”', async () => {
    signIn(makeMe(WITH_NOTIFICATIONS));
    useSettingsApi();
    renderApp('/config/notifications');
    await userEvent.click(
      await screen.findByRole(
        'radio',
        { name: 'Jamais : aucun e-mail de notification' },
        { timeout: 5000 },
      ),
    );
    expect(
      screen.getByText(/Aucun e-mail n'est envoyé tant que l'envoi est « Jamais »/),
    ).toBeVisible();
  });

  it('shows a refusal of the server as a message', async () => {
    signIn(makeMe(WITH_NOTIFICATIONS));
    const saved = useSettingsApi({ status: 500, body: { message: 'boom' } });
    renderApp('/config/notifications');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Enregistrer' }, { timeout: 5000 }),
    );
    expect(await screen.findByText(GENERIC)).toBeVisible();
    expect(saved).toHaveLength(1);
    // The form keeps what was chosen.
    expect(
      screen.getByRole('checkbox', { name: "Mention dans un commentaire : dans l'application" }),
    ).toBeChecked();
  });

  it('on a phone, lists the kinds instead of a table, with the same named boxes', async () => {
    useWindowWidth(390);
    signIn(makeMe(WITH_NOTIFICATIONS));
    useSettingsApi();
    renderApp('/config/notifications');
    const list = await screen.findByRole(
      'list',
      { name: /Ce que reçoivent les utilisateurs/ },
      { timeout: 5000 },
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(NOTIFICATION_KINDS.length);
    expect(
      within(list).getByRole('checkbox', { name: 'Réponse à un SMS : par e-mail' }),
    ).not.toBeChecked();
  });
});

describe('user settings: my notification preferences', () => {
  it('follows the company by default and saves an own choice and an own digest', async () => {
    signIn(makeMe());
    const saved = useMyPreferencesApi();
    renderApp('/user-settings');
    const section = await screen.findByRole('region', { name: 'Notifications' }, { timeout: 5000 });
    const table = await within(section).findByRole('table', { name: /Ce que vous recevez/ });
    expect(
      within(table).getByRole('columnheader', { name: "Choix de l'entreprise" }),
    ).toBeVisible();
    const follow = within(table).getByRole('checkbox', {
      name: "Mention dans un commentaire : suivre le choix de l'entreprise",
    });
    const email = within(table).getByRole('checkbox', {
      name: 'Mention dans un commentaire : par e-mail',
    });
    // Following: the company's choice (mentions by e-mail), not editable.
    expect(follow).toBeChecked();
    expect(email).toBeChecked();
    expect(email).toBeDisabled();
    await userEvent.click(follow);
    expect(email).toBeEnabled();
    await userEvent.click(email);
    expect(email).not.toBeChecked();
    // The company's digest is described; an own one at 07:00.
    const digest = within(section).getByRole('group', { name: 'Envoi des e-mails' });
    expect(
      within(digest).getByRole('radio', {
        name: "Comme l'entreprise (un résumé par jour à 18:00)",
      }),
    ).toBeChecked();
    await userEvent.click(within(digest).getByRole('radio', { name: 'Un résumé par jour' }));
    await userEvent.selectOptions(
      within(section).getByRole('combobox', { name: 'Heure du résumé' }),
      '07:00',
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('Vos préférences de notification sont enregistrées.'),
    ).toBeVisible();
    expect(saved).toEqual([
      {
        kinds: {
          ...Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, null])),
          comment_mention: { in_app: true, email: false },
        },
        digest: 'daily',
        digest_hour: 7,
      },
    ]);
    // Back to the company's choice.
    await userEvent.click(follow);
    expect(email).toBeChecked();
    expect(email).toBeDisabled();
  });
});
