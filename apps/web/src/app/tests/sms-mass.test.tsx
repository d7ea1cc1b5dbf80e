import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type { TSmsMassSendPayload, TSmsMassSendResult } from '@embauche/contracts/sms';
import { APPLICATION_PERMISSIONS, makeApplication, useApplicationsApi } from '../../test/application-fixtures.ts';
import { makeMe } from '../../test/fixtures.ts';
import { makeOfferDetail, PROJECT_PERMISSIONS, useProjectsApi } from '../../test/project-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

// Sonner captures the pointer when a toast is pressed; jsdom has no pointer capture.
if (!HTMLElement.prototype.setPointerCapture) HTMLElement.prototype.setPointerCapture = () => {};
// Sonner keeps its toasts between renders: a test's toast would show again in the next test.
afterEach(() => toast.dismiss());

const SMS = 'project_application.sms';
const SELECTION = 'Actions sur la sélection';

/** The offer 100 with Alice Durand (501) and Bruno Petit (502); the header's SMS calls answer nothing. */
function useOffer(permissions: string[], features: ('SMS' | 'SSO')[] = ['SMS']) {
  signIn(makeMe([...PROJECT_PERMISSIONS, ...APPLICATION_PERMISSIONS, ...permissions], { features }));
  useProjectsApi();
  server.use(
    http.get('*/api/projects/10/offers/100', () => HttpResponse.json(makeOfferDetail())),
    http.get('*/api/sms/get-active-conversations', () => HttpResponse.json({ conversations: [], unread_conversation_count: 0 })),
    http.get('*/api/sms/conversations', () => HttpResponse.json({ data: [], current_page: 1, last_page: 1, per_page: 20, total: 0, unread_conversation_count: 0 })),
  );
  return useApplicationsApi([
    makeApplication({ id: 1, firstname: 'Alice', lastname: 'Durand' }),
    makeApplication({ id: 2, firstname: 'Bruno', lastname: 'Petit' }),
  ]);
}

/** Answers `result` to the mass send and keeps the payloads. */
function useMassSend(result: TSmsMassSendResult | { status: number }) {
  const sent: TSmsMassSendPayload[] = [];
  server.use(
    http.post('*/api/sms/mass-send', async ({ request }) => {
      sent.push((await request.json()) as TSmsMassSendPayload);
      return 'status' in result ? HttpResponse.json({ message: 'boom' }, { status: result.status }) : HttpResponse.json(result);
    }),
  );
  return sent;
}

async function openFromList() {
  renderApp('/projects/10/offer/100?view=list');
  await userEvent.click(await screen.findByRole('checkbox', { name: 'Sélectionner la candidature de Alice Durand' }, { timeout: 5000 }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner la candidature de Bruno Petit' }));
  await userEvent.click(within(screen.getByRole('toolbar', { name: SELECTION })).getByRole('button', { name: 'Envoyer un SMS' }));
  return screen.findByRole('dialog', { name: 'Envoyer un SMS' }, { timeout: 5000 });
}

describe('mass SMS from an offer', () => {
  it('counts the characters and the SMS, and sends only a text neither blank nor too long', async () => {
    useOffer([SMS]);
    const sent = useMassSend({ sent: [], refused: [] });
    const dialog = await openFromList();
    expect(within(dialog).getByText('Un SMS à chacun des 2 candidats : Alice Durand, Bruno Petit.')).toBeVisible();
    const send = within(dialog).getByRole('button', { name: 'Envoyer aux 2 candidats' });
    const text = within(dialog).getByRole('textbox', { name: /^Message/ });
    expect(within(dialog).getByText('0 / 1071')).toBeVisible();
    expect(send).toBeDisabled();

    // Blank: still disabled.
    await userEvent.type(text, '   ');
    expect(within(dialog).getByText('3 / 1071')).toBeVisible();
    expect(send).toBeDisabled();

    await userEvent.clear(text);
    await userEvent.type(text, 'Bonjour');
    expect(within(dialog).getByText('7 / 1071')).toBeVisible();
    expect(within(dialog).getByText('1 SMS')).toBeVisible();
    expect(send).toBeEnabled();

    // 154 characters take two SMS of 153.
    await userEvent.clear(text);
    text.focus();
    await userEvent.paste('a'.repeat(154));
    expect(within(dialog).getByText('2 SMS')).toBeVisible();

    // Over 1071: the counter turns red and send is disabled.
    await userEvent.paste('a'.repeat(1071 - 154 + 1));
    const counter = within(dialog).getByText('1072 / 1071');
    expect(counter).toHaveClass('text-red-700');
    expect(within(dialog).getByText('8 SMS')).toBeVisible();
    expect(send).toBeDisabled();
    await userEvent.type(text, '{Backspace}');
    expect(within(dialog).getByText('1071 / 1071')).not.toHaveClass('text-red-700');
    expect(within(dialog).getByText('7 SMS')).toBeVisible();
    expect(send).toBeEnabled();
    expect(sent).toEqual([]);
  });

  it('sends to the selected applicants, says how many got it and lists the refused ones with why', async () => {
    useOffer([SMS]);
    const sent = useMassSend({
      sent: [{ applicationId: 1, applicantId: 501 }],
      refused: [{ applicationId: 2, applicantId: 502, reason: 'applicant_without_mobile' }],
    });
    const dialog = await openFromList();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Message/ }), 'Entretien demain 10 h ?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer aux 2 candidats' }));
    expect(await screen.findByText('1 SMS envoyé.')).toBeVisible();
    expect(screen.getByText('1 candidat n’a pas reçu le SMS :')).toBeVisible();
    expect(screen.getByText('Bruno Petit : pas de numéro de mobile valide')).toBeVisible();
    expect(sent).toEqual([{ applicant_ids: [501, 502], offer_id: 100, message: 'Entretien demain 10 h ?' }]);
    // Sent: the dialog closes and the selection is cleared.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Envoyer un SMS' })).toBeNull());
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: SELECTION })).toBeNull());
  });

  it('names a destination the company does not allow among the refused', async () => {
    useOffer([SMS]);
    useMassSend({
      sent: [{ applicationId: 1, applicantId: 501 }],
      refused: [{ applicationId: 2, applicantId: 502, reason: 'destination_not_allowed' }],
    });
    const dialog = await openFromList();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Message/ }), 'Bonjour');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer aux 2 candidats' }));
    expect(await screen.findByText('Bruno Petit : destination non autorisée')).toBeVisible();
  });

  it('says the daily cap is reached, sending nobody, and keeps the dialog', async () => {
    useOffer([SMS]);
    server.use(
      http.post('*/api/sms/mass-send', () =>
        HttpResponse.json({ message: 'Too many', code: 'sms_daily_cap' }, { status: 429, headers: { 'Retry-After': '3600' } }),
      ),
    );
    const dialog = await openFromList();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Message/ }), 'Bonjour');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer aux 2 candidats' }));
    expect(
      await screen.findByText("La limite quotidienne de SMS de l'entreprise est atteinte : aucun SMS n'est parti. Réessayez demain ou demandez à un administrateur de la relever."),
    ).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Envoyer un SMS' })).toBeVisible();
  });

  it('shows a failed send in a toast and keeps the dialog and the text', async () => {
    useOffer([SMS]);
    useMassSend({ status: 500 });
    const dialog = await openFromList();
    const text = within(dialog).getByRole('textbox', { name: /^Message/ });
    await userEvent.type(text, 'Bonjour');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer aux 2 candidats' }));
    expect(await screen.findByText('Une erreur est survenue.')).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Envoyer un SMS' })).toBeVisible();
    expect(text).toHaveValue('Bonjour');
  });

  it('texts the whole board column (issue 42 part 2: its status under the board filters)', async () => {
    useOffer([SMS]);
    const sent = useMassSend({ sent: [{ applicationId: 1, applicantId: 501 }, { applicationId: 2, applicantId: 502 }], refused: [] });
    renderApp('/projects/10/offer/100?view=board');
    const column = await screen.findByRole('region', { name: 'Nouveau' }, { timeout: 5000 });
    await userEvent.click(await within(column).findByRole('button', { name: 'Envoyer un SMS aux 2 candidatures de la colonne Nouveau' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Envoyer un SMS' }, { timeout: 5000 });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Message/ }), 'Bonjour à tous');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer aux 2 candidats' }));
    expect(await screen.findByText('2 SMS envoyés.')).toBeVisible();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ applicant_ids: [], message: 'Bonjour à tous', selection: { all: { list: 'offer', project_id: 10, offer_id: 100, count: 2 }, spontaneous: false } });
  });

  it('is not offered without the permission, nor without the company SMS feature', async () => {
    useOffer([]);
    const first = renderApp('/projects/10/offer/100?view=list');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Sélectionner la candidature de Alice Durand' }, { timeout: 5000 }));
    expect(within(screen.getByRole('toolbar', { name: SELECTION })).queryByRole('button', { name: 'Envoyer un SMS' })).toBeNull();
    first.unmount();

    useOffer([SMS], []);
    renderApp('/projects/10/offer/100?view=list');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Sélectionner la candidature de Alice Durand' }, { timeout: 5000 }));
    expect(within(screen.getByRole('toolbar', { name: SELECTION })).queryByRole('button', { name: 'Envoyer un SMS' })).toBeNull();
  });
});
