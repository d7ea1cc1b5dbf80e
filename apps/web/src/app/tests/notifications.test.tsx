import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { TNotification } from '@embauche/contracts/notifications';
import { makeMe } from '../../test/fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

function notification(id: number, overrides: Partial<TNotification> = {}): TNotification {
  return {
    id,
    user_id: 7,
    read_at: null,
    created_at: new Date().toISOString(),
    data: { slug: 'comment_mention', source: 'applicant', route: `/applicants/${id}`, user_name: 'Léa Petit', applicant_name: 'Jean Dupont' },
    ...overrides,
  };
}

/** A stand-in for the browser's EventSource: the test pushes messages and errors. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  onopen: (() => void) | null = null;
  closed = false;
  constructor(public url: string) {
    FakeEventSource.instances.push(this);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.();
  }
  emit(data: string, lastEventId = '') {
    this.onmessage?.(new MessageEvent('message', { data, lastEventId }));
  }
}

/** A subscription token as the server signs it (the signature is not checked by the client). */
function subscriptionToken(exp: number, iat: number): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256' })}.${part({ mercure: { subscribe: ['v2/user/7'] }, iat, exp })}.signature`;
}

/** Pages as the server does (the items come newest first): `per_page`, only those older than `filter[before]`. */
function page(all: TNotification[], params: URLSearchParams) {
  const perPage = Number(params.get('per_page') ?? 20);
  const before = Number(params.get('filter[before]') ?? 0);
  const rest = all.filter((n) => before === 0 || n.id < before);
  return { data: rest.slice(0, perPage), current_page: 1, last_page: Math.max(1, Math.ceil(rest.length / perPage)), per_page: perPage, total: rest.length };
}

function serve(count: number, items: TNotification[]) {
  server.use(
    http.get('*/api/notifications/count', () => HttpResponse.json(count)),
    http.get('*/api/notifications', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const unreadOnly = params.get('filter[status]') === 'unread';
      return HttpResponse.json(page(unreadOnly ? items.filter((n) => n.read_at === null) : items, params));
    }),
  );
}

describe('notifications bell and panel', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the unread count on the bell, and 99+ above 99', async () => {
    serve(120, []);
    signIn(makeMe());
    renderApp('/');
    const bell = await screen.findByRole('button', { name: 'Notifications, 99+ non lues' });
    expect(within(bell).getByText('99+')).toBeVisible();
  });

  it('opens a named panel with tabs; an item with a route is a link; marks one read at once', async () => {
    const user = userEvent.setup();
    serve(2, [notification(1), notification(2, { data: { slug: 'documents_received', source: 'applicant', route: null, applicant_name: 'Ana Ruiz', count: 2 } })]);
    let read = 0;
    server.use(
      http.post('*/api/notifications/read/1', async () => {
        read++;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    signIn(makeMe());
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 non lues' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getByRole('tab', { name: 'Non lues', selected: true })).toBeVisible();
    expect(within(panel).getByRole('tab', { name: 'Toutes' })).toBeVisible();
    const link = await within(panel).findByRole('link', { name: 'Léa Petit vous a mentionné dans un commentaire sur Jean Dupont' });
    expect(link).toHaveAttribute('href', '/applicants/1');
    expect(within(panel).getByText('Ana Ruiz a envoyé 2 documents demandés')).toBeVisible();
    expect(within(panel).queryByRole('link', { name: /Ana Ruiz/ })).not.toBeInTheDocument();
    await user.click(within(panel).getAllByRole('button', { name: 'Marquer comme lue' })[0]!);
    // Optimistic: the counter drops before the server answers.
    expect(await screen.findByRole('button', { name: 'Notifications, 1 non lue' })).toBeVisible();
    await waitFor(() => expect(read).toBe(1));
  });

  it('shows the newest 50, and loads more from the last one shown, skipping and repeating none', async () => {
    const user = userEvent.setup();
    const items = Array.from({ length: 60 }, (_, i) => notification(60 - i));
    serve(60, items);
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/notifications') asked.push(url.search);
    });
    signIn(makeMe());
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 60 non lues' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(50));
    expect(within(panel).getAllByRole('link')[0]).toHaveAttribute('href', '/applicants/60');
    // Meanwhile one shown is deleted on the server: the next page still starts right after the last shown.
    items.splice(items.findIndex((n) => n.id === 60), 1);
    await user.click(within(panel).getByRole('button', { name: 'Afficher plus' }));
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(60));
    const hrefs = within(panel)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(new Set(hrefs).size).toBe(60);
    expect(hrefs.at(-1)).toBe('/applicants/1');
    expect(asked.at(-1)).toContain('filter%5Bbefore%5D=11');
    expect(within(panel).queryByRole('button', { name: 'Afficher plus' })).not.toBeInTheDocument();
    server.events.removeAllListeners();
  });

  it('reloads the list and the count when a change fails, and says so', async () => {
    const user = userEvent.setup();
    serve(1, [notification(1)]);
    let countCalls = 0;
    server.use(
      http.get('*/api/notifications/count', () => {
        countCalls++;
        return HttpResponse.json(1);
      }),
      http.post('*/api/notifications/read-all', () => HttpResponse.json({ message: 'boom' }, { status: 500 })),
    );
    signIn(makeMe());
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 non lue' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(panel).findByRole('link', { name: /Léa Petit/ });
    await user.click(within(panel).getByRole('button', { name: 'Tout marquer comme lu' }));
    expect(await screen.findByText('Une erreur est survenue. Veuillez réessayer.')).toBeVisible();
    await waitFor(() => expect(countCalls).toBe(2));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 non lue' })).toBeVisible();
  });

  it('shows the empty state of each tab', async () => {
    const user = userEvent.setup();
    serve(0, []);
    signIn(makeMe());
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText('Aucune notification non lue')).toBeVisible();
    await user.click(within(panel).getByRole('tab', { name: 'Toutes' }));
    expect(await within(panel).findByText('Aucune notification')).toBeVisible();
  });

  it('subscribes to the user’s topics; a live message raises the count and shows a toast link; bad ones are only logged', async () => {
    serve(0, []);
    signIn(makeMe());
    renderApp('/');
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const source = FakeEventSource.instances[0]!;
    const url = new URL(source.url);
    expect(url.pathname).toBe('/.well-known/mercure');
    expect(url.searchParams.getAll('topic')).toEqual(['v2/user/7', 'v2/company/1', 'v2/role/2']);
    expect(url.searchParams.get('authorization')).toBe('token');

    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    act(() => source.emit('not json'));
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();

    act(() => source.emit(JSON.stringify(notification(9))));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 non lue' })).toBeVisible();
    const toastLink = await screen.findByRole('link', { name: 'Léa Petit vous a mentionné dans un commentaire sur Jean Dupont' });
    expect(toastLink).toHaveAttribute('href', '/applicants/9');
  });

  it('closes the stream on error and opens it again 5 seconds later', async () => {
    serve(0, []);
    signIn(makeMe());
    renderApp('/');
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    vi.useFakeTimers();
    try {
      act(() => FakeEventSource.instances[0]!.onerror?.());
      expect(FakeEventSource.instances[0]!.closed).toBe(true);
      act(() => vi.advanceTimersByTime(4900));
      expect(FakeEventSource.instances).toHaveLength(1);
      act(() => vi.advanceTimersByTime(200));
      expect(FakeEventSource.instances).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('renews the subscription token a minute before it expires, reconnecting with lastEventID and losing or doubling nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const now = Math.floor(Date.now() / 1000);
      const first = subscriptionToken(now + 600, now);
      const second = subscriptionToken(now + 1800, now + 540);
      serve(0, []);
      signIn(makeMe(undefined, { mercure_subscription_token: first }));
      renderApp('/');
      await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
      const old = FakeEventSource.instances[0]!;
      expect(new URL(old.url).searchParams.get('authorization')).toBe(first);
      expect(new URL(old.url).searchParams.has('lastEventID')).toBe(false);
      act(() => old.emit(JSON.stringify(notification(1)), 'urn:uuid:1'));
      expect(await screen.findByRole('button', { name: 'Notifications, 1 non lue' })).toBeVisible();

      let tokenCalls = 0;
      server.use(
        http.get('*/api/me', () => {
          tokenCalls++;
          return HttpResponse.json(makeMe(undefined, { mercure_subscription_token: second }));
        }),
      );
      // Not before a minute ahead of `exp`.
      act(() => vi.advanceTimersByTime(538_000));
      expect(tokenCalls).toBe(0);
      expect(FakeEventSource.instances).toHaveLength(1);
      act(() => vi.advanceTimersByTime(3_000));
      await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
      expect(tokenCalls).toBe(1);
      const renewed = FakeEventSource.instances[1]!;
      const url = new URL(renewed.url);
      expect(url.searchParams.get('authorization')).toBe(second);
      expect(url.searchParams.get('lastEventID')).toBe('urn:uuid:1');
      expect(url.searchParams.getAll('topic')).toEqual(['v2/user/7', 'v2/company/1', 'v2/role/2']);

      // The old stream delivers until the new one is open, then closes.
      expect(old.closed).toBe(false);
      act(() => old.emit(JSON.stringify(notification(2)), 'urn:uuid:2'));
      expect(await screen.findByRole('button', { name: 'Notifications, 2 non lues' })).toBeVisible();
      act(() => renewed.open());
      expect(old.closed).toBe(true);
      // The new stream replays what followed urn:uuid:1: the one already received counts once.
      act(() => renewed.emit(JSON.stringify(notification(2)), 'urn:uuid:2'));
      act(() => renewed.emit(JSON.stringify(notification(3)), 'urn:uuid:3'));
      expect(await screen.findByRole('button', { name: 'Notifications, 3 non lues' })).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Notifications, 4 non lues' })).not.toBeInTheDocument();

      // The next renewal follows the new token's expiry.
      act(() => vi.advanceTimersByTime(1_000_000));
      expect(FakeEventSource.instances).toHaveLength(2);
      act(() => vi.advanceTimersByTime(200_000));
      await waitFor(() => expect(tokenCalls).toBe(2));
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the stream when a renewal fails and tries again; past expiry it reopens with a new token', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const now = Math.floor(Date.now() / 1000);
      const first = subscriptionToken(now + 120, now);
      const second = subscriptionToken(now + 3600, now + 120);
      serve(0, []);
      signIn(makeMe(undefined, { mercure_subscription_token: first }));
      renderApp('/');
      await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
      let up = false;
      let tokenCalls = 0;
      server.use(
        http.get('*/api/me', () => {
          tokenCalls++;
          return up ? HttpResponse.json(makeMe(undefined, { mercure_subscription_token: second })) : HttpResponse.json({ message: 'down' }, { status: 503 });
        }),
      );
      // A fifth of a two-minute lifetime ahead: 96 s in. The call fails: the stream stays, and it is asked again 5 s later.
      act(() => vi.advanceTimersByTime(97_000));
      await waitFor(() => expect(tokenCalls).toBe(1));
      expect(FakeEventSource.instances).toHaveLength(1);
      expect(FakeEventSource.instances[0]!.closed).toBe(false);
      act(() => vi.advanceTimersByTime(5_000));
      await waitFor(() => expect(tokenCalls).toBe(2));
      // The token expires, the hub ends the stream: the retry 5 s later gets a new token first.
      act(() => vi.advanceTimersByTime(20_000));
      up = true;
      act(() => FakeEventSource.instances[0]!.onerror?.());
      expect(FakeEventSource.instances[0]!.closed).toBe(true);
      act(() => vi.advanceTimersByTime(5_000));
      await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
      expect(new URL(FakeEventSource.instances[1]!.url).searchParams.get('authorization')).toBe(second);
    } finally {
      vi.useRealTimers();
    }
  });
});
