import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import type { TSmsConversation, TSmsConversationItem, TSmsMessage } from '@embauche/contracts/sms';
import { makeMe } from '../../test/fixtures.ts';
import { APPLICANT_PERMISSIONS, applicantApiHandlers } from '../../test/applicant-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';
import { clearDrafts } from '../../features/sms/lib/sms-drafts.ts';

// pdf.js needs a real browser: the applicant screen's CV viewer is a stand-in here.
vi.mock('../../features/applicants/components/pdf-viewer.tsx', () => ({
  default: ({ label }: { label: string }) => <section aria-label={label} />,
}));

const SMS_USER = makeMe(['project.list', 'project_application.sms', ...APPLICANT_PERMISSIONS], { features: ['SMS'] });

/** A stand-in for the browser's EventSource with typed events (`sms`). */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  onopen: (() => void) | null = null;
  listeners = new Map<string, ((event: Event) => void)[]>();
  closed = false;
  constructor(public url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emitTyped(type: string, data: string, lastEventId = '') {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data, lastEventId }));
  }
}

function message(id: number, overrides: Partial<TSmsMessage> = {}): TSmsMessage {
  return {
    id,
    conversation_id: 30,
    direction: 'outbound',
    sender: 7,
    message: `Message ${id}`,
    received: false,
    received_at: null,
    state: 'sent',
    reason: null,
    segments: 1,
    created_at: new Date(Date.UTC(2025, 2, 2, 9, id)).toISOString(),
    people: { name: 'Camille Martin', img: null },
    ...overrides,
  };
}

function item(id: number, firstname: string, overrides: Partial<TSmsConversationItem> = {}): TSmsConversationItem {
  return {
    conversation_id: id,
    application_id: id + 20,
    applicant: { id: id - 25, firstname, lastname: 'Moreau', picture: null, phone_formatted: '+33 6 12 34 56 78' },
    offer: { id: 100, job_position: 'Chargé de recrutement H/F' },
    last_message: { message: 'Bonjour, je suis disponible', created_at: '2025-03-02T10:00:00.000Z', is_read: false },
    last_message_is_read: false,
    last_message_sended: false,
    ...overrides,
  };
}

function conversation(messages: TSmsMessage[], overrides: Partial<TSmsConversation> = {}): TSmsConversation {
  return {
    conversation_id: messages.length ? 30 : null,
    application_id: 50,
    applicant_id: 5,
    phone: '+33612345678',
    phone_formatted: '+33 6 12 34 56 78',
    messages,
    ...overrides,
  };
}

type Served = { unread: number; items: TSmsConversationItem[]; conversation: TSmsConversation; searches: string[]; marked: number[]; sent: unknown[] };

/** The SMS API as the server answers it; `state` records what the client asked. */
function serveSms(state: Served, options: { conversationDelay?: number; send?: () => Response | Promise<Response> } = {}) {
  server.use(
    http.get('*/api/sms/get-active-conversations', () => HttpResponse.json({ conversations: state.items, unread_conversation_count: state.unread })),
    http.get('*/api/sms/conversations', ({ request }) => {
      const search = new URL(request.url).searchParams.get('search') ?? '';
      state.searches.push(search);
      const data = state.items.filter((i) => `${i.applicant.firstname} ${i.applicant.lastname}`.toLowerCase().includes(search.toLowerCase()));
      return HttpResponse.json({ data, current_page: 1, last_page: 1, per_page: 20, total: data.length, unread_conversation_count: state.unread });
    }),
    http.get('*/api/sms/get-conversation', async () => {
      if (options.conversationDelay) await delay(options.conversationDelay);
      return HttpResponse.json(state.conversation);
    }),
    http.put('*/api/sms/mark-read', async ({ request }) => {
      const { conversation_id } = (await request.json()) as { conversation_id: number };
      state.marked.push(conversation_id);
      state.unread = Math.max(0, state.unread - 1);
      return HttpResponse.json({ conversation_id, unread_conversation_count: state.unread });
    }),
    http.post('*/api/sms/send', async ({ request }) => {
      const body = (await request.json()) as { message: string };
      state.sent.push(body);
      if (options.send) return options.send();
      const stored = message(90, { message: body.message, state: 'pending' });
      state.conversation = { ...state.conversation, conversation_id: 30, messages: [...state.conversation.messages, stored] };
      return HttpResponse.json(stored, { status: 201 });
    }),
  );
}

function served(overrides: Partial<Served> = {}): Served {
  return { unread: 0, items: [], conversation: conversation([]), searches: [], marked: [], sent: [], ...overrides };
}

/** Opens the applicant screen's SMS sheet (application 50 in focus) and answers its pane. */
async function openApplicantSms() {
  const user = userEvent.setup();
  server.use(...applicantApiHandlers());
  renderApp('/applicants/5');
  await user.click(await screen.findByRole('button', { name: 'SMS avec Léa Moreau' }, { timeout: 5000 }));
  const pane = await screen.findByRole('region', { name: 'SMS avec Léa Moreau' });
  return { user, pane };
}

describe('SMS bell, sheet and conversation pane', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearDrafts();
  });

  it('shows the bell with the unread count (99+ above 99) only with the SMS feature and permission', async () => {
    serveSms(served({ unread: 120 }));
    signIn(SMS_USER);
    const { unmount } = renderApp('/');
    // The file's first render also pays for loading the app's modules: a slow shared machine needs longer.
    const bell = await screen.findByRole('button', { name: 'Conversations SMS, 99+ non lues' }, { timeout: 5000 });
    expect(within(bell).getByText('99+')).toBeVisible();
    unmount();

    signIn(makeMe(['project.list', 'project_application.sms']));
    renderApp('/');
    expect(await screen.findByRole('button', { name: /^Notifications/ })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Conversations SMS/ })).not.toBeInTheDocument();
  });

  it('hides the bell without project_application.sms', async () => {
    signIn(makeMe(['project.list'], { features: ['SMS'] }));
    renderApp('/');
    expect(await screen.findByRole('button', { name: /^Notifications/ })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Conversations SMS/ })).not.toBeInTheDocument();
  });

  it('lists conversations, searches by name, opens one, marks it read and drops the counter', async () => {
    const user = userEvent.setup();
    const state = served({
      unread: 2,
      items: [item(30, 'Léa'), item(31, 'Hugo', { last_message_is_read: true, last_message_sended: true, last_message: { message: 'À demain', created_at: '2025-03-01T10:00:00.000Z', is_read: true } })],
      conversation: conversation([message(1), message(2, { direction: 'inbound', sender: null, received: true, state: 'received', message: 'Oui, merci', people: { name: 'Léa Moreau', img: null } })], { applicant_id: 5, application_id: 50 }),
    });
    serveSms(state);
    signIn(SMS_USER);
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Conversations SMS, 2 non lues' }));
    const sheet = await screen.findByRole('dialog', { name: 'Conversations SMS' });
    const list = await within(sheet).findByRole('list', { name: 'Conversations' });
    const entries = within(list).getAllByRole('button');
    expect(entries[0]).toHaveAccessibleName(/^Non lue : Léa Moreau, Chargé de recrutement H\/F, .+, Bonjour, je suis disponible$/);
    expect(entries[1]).toHaveAccessibleName(/^Hugo Moreau, .+, Vous : À demain$/);

    await user.type(within(sheet).getByRole('searchbox', { name: 'Rechercher un candidat' }), 'hug');
    await waitFor(() => expect(within(sheet).getAllByRole('listitem')).toHaveLength(1));
    expect(state.searches.at(-1)).toBe('hug');
    await user.clear(within(sheet).getByRole('searchbox', { name: 'Rechercher un candidat' }));
    await waitFor(() => expect(within(sheet).getAllByRole('listitem')).toHaveLength(2));

    await user.click(within(sheet).getByRole('button', { name: /Léa Moreau/ }));
    const pane = await within(sheet).findByRole('region', { name: 'SMS avec Léa Moreau' });
    const log = await within(pane).findByRole('log', { name: 'Messages avec Léa Moreau' });
    const rows = within(log).getAllByRole('listitem');
    expect(rows[0]).toHaveAttribute('data-direction', 'outbound');
    expect(rows[0]).toHaveTextContent('Envoyé par Camille Martin : Message 1');
    expect(within(rows[0]!).getByRole('img', { name: 'Envoyé' })).toBeVisible();
    expect(rows[1]).toHaveAttribute('data-direction', 'inbound');
    expect(within(rows[1]!).getByRole('img', { name: 'Reçu' })).toBeVisible();
    expect(within(pane).getByText(/\+33 6 12 34 56 78/)).toBeVisible();
    // Opening it marks it read: the counter takes the server's value.
    await waitFor(() => expect(state.marked).toEqual([30]));
    // The bell sits behind the modal sheet: once it is closed, the counter shows one less.
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Conversations SMS, 1 non lue' })).toHaveFocus();
  });

  it('pages the list, 20 at a time, newest first, with "show more"', async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: 25 }, (_, i) => item(100 + i, `Candidat${i + 1}`));
    const pages: string[] = [];
    serveSms(served({ unread: 0, items: all }));
    server.use(
      http.get('*/api/sms/conversations', ({ request }) => {
        const params = new URL(request.url).searchParams;
        const page = Number(params.get('page'));
        pages.push(`${page}/${params.get('per_page')}`);
        const data = all.slice((page - 1) * 20, page * 20);
        return HttpResponse.json({ data, current_page: page, last_page: 2, per_page: 20, total: 25, unread_conversation_count: 0 });
      }),
    );
    signIn(SMS_USER);
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Conversations SMS' }));
    const sheet = await screen.findByRole('dialog', { name: 'Conversations SMS' });
    await waitFor(() => expect(within(sheet).getAllByRole('listitem')).toHaveLength(20));
    await user.click(within(sheet).getByRole('button', { name: 'Afficher plus' }));
    await waitFor(() => expect(within(sheet).getAllByRole('listitem')).toHaveLength(25));
    expect(within(sheet).getAllByRole('listitem').at(-1)).toHaveTextContent('Candidat25 Moreau');
    expect(within(sheet).queryByRole('button', { name: 'Afficher plus' })).not.toBeInTheDocument();
    expect(pages).toEqual(['1/20', '2/20']);
  });

  it('names each delivery tick: pending, sent, received and failed with the reason', async () => {
    signIn(SMS_USER);
    serveSms(
      served({
        conversation: conversation([
          message(1, { state: 'pending' }),
          message(2, { state: 'sent' }),
          message(3, { state: 'received', received: true, received_at: '2025-03-02T09:10:00.000Z' }),
          message(4, { state: 'failed', reason: 'provider_unreachable' }),
        ]),
      }),
    );
    const { user, pane } = await openApplicantSms();
    const log = await within(pane).findByRole('log');
    expect(within(log).getByRole('img', { name: "En attente d'envoi" })).toBeVisible();
    expect(within(log).getByRole('img', { name: 'Envoyé' })).toBeVisible();
    expect(within(log).getByRole('img', { name: 'Reçu par le candidat' })).toBeVisible();
    const failed = within(log).getByRole('img', { name: "Échec de l'envoi : opérateur injoignable" });
    // Keyboard: the tick takes the focus and its tooltip says the same.
    failed.focus();
    await user.keyboard('{Shift>}{Tab}{/Shift}{Tab}');
    expect(failed).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent("Échec de l'envoi : opérateur injoignable");
  });

  it('shows an 8-row skeleton while loading, then the empty state', async () => {
    signIn(SMS_USER);
    serveSms(served({ conversation: conversation([]) }), { conversationDelay: 150 });
    const { pane } = await openApplicantSms();
    const skeleton = within(pane).getByRole('status', { name: 'Chargement des messages' });
    expect(within(skeleton).getAllByTestId('sms-skeleton-row')).toHaveLength(8);
    expect(await within(pane).findByText('Aucun message')).toBeVisible();
    expect(within(pane).queryByRole('status', { name: 'Chargement des messages' })).not.toBeInTheDocument();
  });

  it('counts characters out of 1071, turns red above, counts SMS by 153, and disables send when blank or too long', async () => {
    signIn(SMS_USER);
    serveSms(served());
    const { user, pane } = await openApplicantSms();
    await within(pane).findByText('Aucun message');
    const input = within(pane).getByRole('textbox', { name: 'Message' });
    const send = within(pane).getByRole('button', { name: 'Envoyer' });
    const counter = within(pane).getByTestId('sms-counter');
    expect(counter).toHaveTextContent('0 / 1071');
    expect(send).toBeDisabled();

    await user.type(input, '   ');
    expect(counter).toHaveTextContent('3 / 1071');
    expect(send).toBeDisabled();

    await user.clear(input);
    await user.click(input);
    await user.paste('a'.repeat(153));
    expect(within(pane).getByTestId('sms-segments')).toHaveTextContent('1 SMS');
    await user.type(input, 'b');
    expect(counter).toHaveTextContent('154 / 1071');
    expect(within(pane).getByTestId('sms-segments')).toHaveTextContent('2 SMS');
    expect(send).toBeEnabled();
    expect(counter).not.toHaveClass('text-red-700');

    await user.clear(input);
    await user.click(input);
    await user.paste('x'.repeat(1071));
    expect(counter).toHaveTextContent('1071 / 1071');
    expect(within(pane).getByTestId('sms-segments')).toHaveTextContent('7 SMS');
    expect(send).toBeEnabled();
    await user.type(input, 'y');
    expect(counter).toHaveTextContent('1072 / 1071');
    expect(counter).toHaveClass('text-red-700');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/Le message dépasse 1071 caractères/);
    expect(send).toBeDisabled();
  });

  it('sends, shows the message pending, disables send while sending and clears the draft', async () => {
    signIn(SMS_USER);
    const state = served();
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    serveSms(state, {
      send: async () => {
        await answered;
        const stored = message(90, { message: 'Bonjour Léa', state: 'pending' });
        return HttpResponse.json(stored, { status: 201 });
      },
    });
    const { user, pane } = await openApplicantSms();
    await within(pane).findByText('Aucun message');
    const input = within(pane).getByRole('textbox', { name: 'Message' });
    await user.type(input, 'Bonjour Léa');
    await user.click(within(pane).getByRole('button', { name: 'Envoyer' }));
    expect(await within(pane).findByRole('button', { name: 'Envoi…' })).toBeDisabled();
    expect(input).toHaveValue('Bonjour Léa');
    act(() => release());
    const log = await within(pane).findByRole('log');
    expect(within(log).getByText('Bonjour Léa')).toBeVisible();
    expect(within(log).getByRole('img', { name: "En attente d'envoi" })).toBeVisible();
    await waitFor(() => expect(input).toHaveValue(''));
    expect(within(pane).getByTestId('sms-counter')).toHaveTextContent('0 / 1071');
    expect(within(pane).getByRole('button', { name: 'Envoyer' })).toBeDisabled();
    expect(state.sent).toEqual([{ applicant_id: 5, application_id: 50, message: 'Bonjour Léa' }]);
  });

  it('keeps an unsent draft when the pane is closed and reopened', async () => {
    signIn(SMS_USER);
    serveSms(served());
    const { user, pane } = await openApplicantSms();
    await user.type(within(pane).getByRole('textbox', { name: 'Message' }), 'Brouillon');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'SMS avec Léa Moreau' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'SMS avec Léa Moreau' }));
    const reopened = await screen.findByRole('region', { name: 'SMS avec Léa Moreau' });
    expect(within(reopened).getByRole('textbox', { name: 'Message' })).toHaveValue('Brouillon');
  });

  it('shows a refused send as a translated toast and keeps the draft', async () => {
    signIn(SMS_USER);
    serveSms(served(), {
      send: () => HttpResponse.json({ message: 'Unprocessable', code: 'validation_failed', errors: { applicant_id: ['applicant_without_mobile'] } }, { status: 422 }),
    });
    const { user, pane } = await openApplicantSms();
    await within(pane).findByText('Aucun message');
    const input = within(pane).getByRole('textbox', { name: 'Message' });
    await user.type(input, 'Bonjour');
    await user.click(within(pane).getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText("Ce candidat n'a pas de numéro de mobile valide.")).toBeVisible();
    expect(input).toHaveValue('Bonjour');
  });

  it.each([
    [
      'a destination the company does not allow',
      422,
      { message: 'Unprocessable', code: 'destination_not_allowed', errors: { applicant_id: ['destination_not_allowed'] } },
      "Ce numéro n'est pas une destination SMS autorisée : pays non choisi par l'entreprise, ou numéro satellite, surtaxé ou à coût partagé.",
    ],
    [
      'the daily cap',
      429,
      { message: 'Too many', code: 'sms_daily_cap' },
      "La limite quotidienne de SMS de l'entreprise est atteinte : aucun SMS n'est parti. Réessayez demain ou demandez à un administrateur de la relever.",
    ],
  ])('shows a send refused for %s as a translated toast and keeps the draft', async (_, status, body, text) => {
    signIn(SMS_USER);
    serveSms(served(), { send: () => HttpResponse.json(body, { status, headers: { 'Retry-After': '3600' } }) });
    const { user, pane } = await openApplicantSms();
    await within(pane).findByText('Aucun message');
    const input = within(pane).getByRole('textbox', { name: 'Message' });
    await user.type(input, 'Bonjour');
    await user.click(within(pane).getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText(text)).toBeVisible();
    expect(input).toHaveValue('Bonjour');
  });

  it('disables send for an applicant without a valid mobile number, and says why', async () => {
    signIn(SMS_USER);
    serveSms(served({ conversation: conversation([], { phone: null, phone_formatted: null }) }));
    const { user, pane } = await openApplicantSms();
    await within(pane).findByText('Aucun message');
    const input = within(pane).getByRole('textbox', { name: 'Message' });
    await user.type(input, 'Bonjour');
    expect(within(pane).getByRole('button', { name: 'Envoyer' })).toBeDisabled();
    expect(input).toHaveAccessibleDescription(/pas de numéro de mobile valide/);
  });

  it('shows a reply arriving live, with its tick, and the new counter', async () => {
    signIn(SMS_USER);
    const state = served({ unread: 0, conversation: conversation([message(1)]) });
    serveSms(state);
    const { user, pane } = await openApplicantSms();
    const log = await within(pane).findByRole('log');
    await waitFor(() => expect(FakeEventSource.instances.at(-1)?.listeners.has('sms')).toBe(true));
    const reply = message(2, { direction: 'inbound', sender: null, received: true, state: 'received', message: 'Je vous rappelle', people: { name: 'Léa Moreau', img: null } });
    state.unread = 1;
    act(() =>
      FakeEventSource.instances.at(-1)!.emitTyped(
        'sms',
        JSON.stringify({ type: 'sms.message', conversation_id: 30, application_id: 50, applicant_id: 5, message: reply, unread_conversation_count: 1 }),
        'evt-1',
      ),
    );
    expect(await within(log).findByText('Je vous rappelle')).toBeVisible();
    expect(within(log).getAllByRole('img', { name: 'Reçu' })).toHaveLength(1);
    // The pane is open: the reply is read at once.
    await waitFor(() => expect(state.marked).toEqual([30]));
    // A state change updates the tick in place.
    act(() =>
      FakeEventSource.instances.at(-1)!.emitTyped(
        'sms',
        JSON.stringify({ type: 'sms.state', conversation_id: 30, application_id: 50, applicant_id: 5, message: { ...message(1), state: 'received', received: true } }),
        'evt-2',
      ),
    );
    expect(await within(log).findByRole('img', { name: 'Reçu par le candidat' })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Conversations SMS' })).toBeVisible();
  });
});
