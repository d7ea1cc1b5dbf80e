import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type { TSmsOutboxItem } from '@embauche/contracts/sms';
import { makeMe } from '../../test/fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

if (!HTMLElement.prototype.setPointerCapture) HTMLElement.prototype.setPointerCapture = () => {};
afterEach(() => toast.dismiss());

const SMS = 'project_application.sms';

const item = (overrides: Partial<TSmsOutboxItem>): TSmsOutboxItem => ({
  id: 1,
  message_id: 11,
  conversation_id: 3,
  to: '+33612345678',
  from: '+33700000000',
  body: 'Bonjour, êtes-vous disponible demain ?',
  state: 'sent',
  reason: null,
  applicant_name: 'Léa Moreau',
  created_at: '2026-11-20T09:30:00.000Z',
  ...overrides,
});

/** The outbox answers `items` (mutable: a receipt changes the state); the calls are kept. */
function useOutbox(items: TSmsOutboxItem[]) {
  const calls = { receipts: [] as { id: string; body: unknown }[], replies: [] as { id: string; body: unknown }[] };
  signIn(makeMe([SMS], { features: ['SMS'] }));
  server.use(
    http.get('*/api/sms/get-active-conversations', () => HttpResponse.json({ conversations: [], unread_conversation_count: 0 })),
    http.get('*/api/sms/conversations', () => HttpResponse.json({ data: [], current_page: 1, last_page: 1, per_page: 20, total: 0, unread_conversation_count: 0 })),
    http.get('*/api/dev/sms/outbox', () => HttpResponse.json({ data: items })),
    http.post('*/api/dev/sms/outbox/:id/receipt', async ({ params, request }) => {
      const body = (await request.json()) as { state: 'received' | 'failed'; reason?: string };
      calls.receipts.push({ id: String(params.id), body });
      const index = items.findIndex((i) => i.id === Number(params.id));
      items[index] = { ...items[index]!, state: body.state, reason: body.state === 'failed' ? (body.reason ?? 'undelivered') : null };
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('*/api/dev/sms/outbox/:id/reply', async ({ params, request }) => {
      calls.replies.push({ id: String(params.id), body: await request.json() });
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

describe('SMS outbox (development page)', () => {
  it('lists the texts newest first with their state, and simulates the delivery receipt', async () => {
    const calls = useOutbox([
      item({ id: 2, applicant_name: 'Paul Girard', to: '+33698765432', body: 'Votre entretien est confirmé.', state: 'pending' }),
      item({ id: 1, state: 'failed', reason: 'provider_unreachable' }),
    ]);
    renderApp('/dev/sms-outbox');
    expect(await screen.findByRole('heading', { level: 1, name: 'Boîte d’envoi SMS' }, { timeout: 5000 })).toBeVisible();
    const list = await screen.findByRole('list', { name: 'SMS envoyés' });
    const [newest, older] = within(list).getAllByRole('listitem');
    expect(newest).toHaveAccessibleName('À : Paul Girard (+33698765432)');
    expect(within(newest!).getByText('Votre entretien est confirmé.')).toBeVisible();
    expect(within(newest!).getByText('En attente')).toBeVisible();
    expect(within(older!).getByText('Échec')).toBeVisible();
    expect(within(older!).getByText('Échec : provider_unreachable')).toBeVisible();
    // A failed one waits for no receipt.
    expect(within(older!).queryByRole('button', { name: 'Simuler la réception' })).toBeNull();

    await userEvent.click(within(newest!).getByRole('button', { name: 'Simuler la réception' }));
    expect(await screen.findByText('Accusé de réception simulé.')).toBeVisible();
    expect(calls.receipts).toEqual([{ id: '2', body: { state: 'received' } }]);
    await waitFor(() => expect(within(newest!).getByText('Reçu')).toBeVisible());
  });

  it('simulates a failure with its reason', async () => {
    const calls = useOutbox([item({ id: 4 })]);
    renderApp('/dev/sms-outbox');
    const [only] = within(await screen.findByRole('list', { name: 'SMS envoyés' }, { timeout: 5000 })).getAllByRole('listitem');
    await userEvent.type(within(only!).getByRole('textbox', { name: 'Raison de l’échec' }), 'numéro inconnu');
    await userEvent.click(within(only!).getByRole('button', { name: 'Simuler un échec' }));
    await waitFor(() => expect(within(only!).getByText('Échec : numéro inconnu')).toBeVisible());
    expect(calls.receipts).toEqual([{ id: '4', body: { state: 'failed', reason: 'numéro inconnu' } }]);
  });

  it('simulates the applicant’s reply, refusing a blank one', async () => {
    const calls = useOutbox([item({ id: 7 })]);
    renderApp('/dev/sms-outbox');
    const [only] = within(await screen.findByRole('list', { name: 'SMS envoyés' }, { timeout: 5000 })).getAllByRole('listitem');
    const reply = within(only!).getByRole('textbox', { name: 'Réponse du candidat' });
    await userEvent.click(within(only!).getByRole('button', { name: 'Simuler la réponse' }));
    expect(await within(only!).findByText('Ce champ est obligatoire.')).toBeVisible();
    expect(calls.replies).toEqual([]);
    await userEvent.type(reply, 'Oui, je suis disponible.');
    await userEvent.click(within(only!).getByRole('button', { name: 'Simuler la réponse' }));
    expect(await screen.findByText('Réponse simulée.')).toBeVisible();
    expect(calls.replies).toEqual([{ id: '7', body: { message: 'Oui, je suis disponible.' } }]);
    expect(reply).toHaveValue('');
  });

  it('says when there is nothing yet, and when the page is unavailable (404)', async () => {
    useOutbox([]);
    const first = renderApp('/dev/sms-outbox');
    expect(await screen.findByRole('heading', { name: 'Aucun SMS pour le moment' }, { timeout: 5000 })).toBeVisible();
    first.unmount();
    server.use(http.get('*/api/dev/sms/outbox', () => HttpResponse.json({ message: 'Not found', code: 'not_found' }, { status: 404 })));
    renderApp('/dev/sms-outbox');
    expect(await screen.findByRole('heading', { name: 'Boîte d’envoi SMS indisponible' }, { timeout: 5000 })).toBeVisible();
  });

  it('is refused without the SMS feature or permission', async () => {
    signIn(makeMe([SMS]));
    renderApp('/dev/sms-outbox');
    expect(await screen.findByRole('heading', { name: "Vous n'avez pas accès à cette page" }, { timeout: 5000 })).toBeVisible();
  });
});
