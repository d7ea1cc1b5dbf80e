import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type { TMailing } from '@embauche/contracts/mailings';
import type { TSmsMassSendInput } from '@embauche/contracts/sms';
import {
  APPLICATION_PERMISSIONS,
  makeApplication,
  useApplicationsApi,
} from '../../test/application-fixtures.ts';
import { makeMe } from '../../test/fixtures.ts';
import {
  makeOfferDetail,
  PROJECT_PERMISSIONS,
  useProjectsApi,
} from '../../test/project-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

// Sonner captures the pointer when a toast is pressed; jsdom has no pointer capture.
if (!HTMLElement.prototype.setPointerCapture) HTMLElement.prototype.setPointerCapture = () => {};
afterEach(() => toast.dismiss());

const SELECTION = 'Actions sur la sélection';
const EMAIL = 'Envoyer un e-mail';
const SMS = 'Envoyer un SMS';

const mailing = (overrides: Partial<TMailing> = {}): TMailing => ({
  id: 9,
  status: 'done',
  model_name: 'Relance',
  subject: 'Relance',
  total: 3,
  sent: 3,
  skipped: 0,
  skipped_reasons: { no_email: 0, unsubscribed: 0, cancelled: 0 },
  send_at: new Date().toISOString(),
  created_at: new Date().toISOString(),
  finished_at: new Date().toISOString(),
  created_by: 'Camille Martin',
  attachments: [],
  ...overrides,
});

/**
 * The offer 100 with Alice Durand (1) and Bruno Petit (2), the SMS feature, e-mail and SMS rights;
 * the first mailing (or SMS) answers 409 with 3 (a third application arrived), the next is taken.
 */
function useOffer() {
  signIn(
    makeMe(
      [
        ...PROJECT_PERMISSIONS,
        ...APPLICATION_PERMISSIONS,
        'project_application.email',
        'project_application.sms',
      ],
      { features: ['SMS'] },
    ),
  );
  useProjectsApi();
  const mailings: unknown[] = [];
  const texts: TSmsMassSendInput[] = [];
  const changed = (count: number) =>
    HttpResponse.json(
      {
        message: 'The selection changed.',
        code: 'selection_changed',
        errors: { count: [String(count)] },
      },
      { status: 409 },
    );
  server.use(
    http.get('*/api/projects/10/offers/100', () => HttpResponse.json(makeOfferDetail())),
    http.get('*/api/sms/get-active-conversations', () =>
      HttpResponse.json({ conversations: [], unread_conversation_count: 0 }),
    ),
    http.get('*/api/sms/conversations', () =>
      HttpResponse.json({
        data: [],
        current_page: 1,
        last_page: 1,
        per_page: 20,
        total: 0,
        unread_conversation_count: 0,
      }),
    ),
    http.get('*/api/mailings/models', () =>
      HttpResponse.json([
        {
          id: 11,
          kind: 'free',
          name: 'Relance',
          is_default: false,
          languages: ['fr'],
          updated_at: '2026-01-10T09:00:00Z',
          updated_by: 'Camille Martin',
        },
      ]),
    ),
    http.post('*/api/mailings', async ({ request }) => {
      mailings.push(await request.json());
      return mailings.length === 1
        ? changed(3)
        : HttpResponse.json(mailing({ status: 'scheduled', sent: 0, finished_at: null }), {
            status: 202,
          });
    }),
    http.get('*/api/mailings/9', () => HttpResponse.json(mailing())),
    http.post('*/api/sms/mass-send', async ({ request }) => {
      texts.push((await request.json()) as TSmsMassSendInput);
      return texts.length === 1
        ? changed(3)
        : HttpResponse.json({
            sent: [
              { applicationId: 1, applicantId: 501 },
              { applicationId: 2, applicantId: 502 },
            ],
            refused: [{ applicationId: 3, applicantId: 503, reason: 'applicant_without_mobile' }],
          });
    }),
  );
  useApplicationsApi([
    makeApplication({ id: 1, firstname: 'Alice', lastname: 'Durand' }),
    makeApplication({ id: 2, firstname: 'Bruno', lastname: 'Petit' }),
  ]);
  return { mailings, texts };
}

/** Ticks Alice, then "all that match" (2), and opens the bar's `action`. */
async function openAll(action: string) {
  renderApp('/projects/10/offer/100?view=list');
  await userEvent.click(
    await screen.findByRole(
      'checkbox',
      { name: 'Sélectionner la candidature de Alice Durand' },
      { timeout: 5000 },
    ),
  );
  const bar = screen.getByRole('toolbar', { name: SELECTION });
  await userEvent.click(
    within(bar).getByRole('button', { name: 'Sélectionner les 2 candidatures qui correspondent' }),
  );
  expect(
    within(bar).getByText('2 candidatures sélectionnées (toutes celles qui correspondent)'),
  ).toBeVisible();
  await userEvent.click(within(bar).getByRole('button', { name: action }));
  return screen.findByRole('dialog', { name: action }, { timeout: 5000 });
}

const selection = (count: number, filters: Record<string, string> = {}) => ({
  all: { list: 'offer', project_id: 10, offer_id: 100, filters, except: [], count },
  spontaneous: false,
});

describe('writing to all that match (issue 42 part 2)', () => {
  it('e-mails the whole filtered list: says how many, sends the selection, confirms a new count', async () => {
    const api = useOffer();
    const dialog = await openAll(EMAIL);
    expect(
      within(dialog).getByText(
        'Un e-mail à chacune des 2 candidatures qui correspondent aux filtres de la liste.',
      ),
    ).toBeVisible();
    await userEvent.selectOptions(
      await within(dialog).findByRole('combobox', { name: /^Modèle/ }, { timeout: 5000 }),
      'Relance',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer aux 2 candidats' }));
    expect(
      await within(dialog).findByText(
        'La liste a changé : 3 candidatures correspondent maintenant. Envoyez à nouveau pour leur écrire.',
      ),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer aux 3 candidats' }));
    await waitFor(() => expect(api.mailings).toHaveLength(2));
    expect(api.mailings).toEqual([
      {
        recipients: { application_ids: [], applicant_ids: [], selection: selection(2) },
        model_id: 11,
      },
      {
        recipients: { application_ids: [], applicant_ids: [], selection: selection(3) },
        model_id: 11,
      },
    ]);
  });

  it('texts the whole filtered list and counts the refused by reason', async () => {
    const api = useOffer();
    const dialog = await openAll(SMS);
    expect(
      within(dialog).getByText(
        'Un SMS à chacune des 2 candidatures qui correspondent aux filtres de la liste (un par candidat).',
      ),
    ).toBeVisible();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /^Message/ }),
      'Bonjour à tous',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer aux 2 candidats' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'La liste a changé : 3 candidatures correspondent maintenant.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer aux 3 candidats' }));
    expect(await screen.findByText('2 SMS envoyés.')).toBeVisible();
    expect(screen.getByText('pas de numéro de mobile valide : 1')).toBeVisible();
    expect(api.texts).toEqual([
      { applicant_ids: [], message: 'Bonjour à tous', selection: selection(2) },
      { applicant_ids: [], message: 'Bonjour à tous', selection: selection(3) },
    ]);
  });

  it('e-mails and texts a whole board column, not only its loaded cards', async () => {
    const api = useOffer();
    renderApp('/projects/10/offer/100?view=board');
    const column = await screen.findByRole('region', { name: 'Nouveau' }, { timeout: 5000 });
    await userEvent.click(
      await within(column).findByRole(
        'button',
        { name: 'Envoyer un e-mail aux 2 candidatures de la colonne Nouveau' },
        { timeout: 5000 },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: EMAIL }, { timeout: 5000 });
    expect(
      within(dialog).getByText(
        'Un e-mail à chacune des 2 candidatures qui correspondent aux filtres de la liste.',
      ),
    ).toBeVisible();
    await userEvent.selectOptions(
      await within(dialog).findByRole('combobox', { name: /^Modèle/ }, { timeout: 5000 }),
      'Relance',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer aux 2 candidats' }));
    await waitFor(() => expect(api.mailings).toHaveLength(1));
    const sent = api.mailings[0] as { recipients: { selection: ReturnType<typeof selection> } };
    expect(sent.recipients.selection).toMatchObject({
      all: { list: 'offer', project_id: 10, offer_id: 100, except: [], count: 2 },
      spontaneous: false,
    });
    // The column's status is the selection's status filter.
    expect(sent.recipients.selection.all.filters['filter[statuses]']).toMatch(/^\d+$/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await userEvent.click(
      within(column).getByRole('button', {
        name: 'Envoyer un SMS aux 2 candidatures de la colonne Nouveau',
      }),
    );
    const sms = await screen.findByRole('dialog', { name: SMS }, { timeout: 5000 });
    expect(
      within(sms).getByText(
        'Un SMS à chacune des 2 candidatures qui correspondent aux filtres de la liste (un par candidat).',
      ),
    ).toBeVisible();
  });
});
