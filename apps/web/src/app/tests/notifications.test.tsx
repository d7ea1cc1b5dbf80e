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
  closed = false;
  constructor(public url: string) {
    FakeEventSource.instances.push(this);
  }
  close() {
    this.closed = true;
  }
  emit(data: string) {
    this.onmessage?.(new MessageEvent('message', { data }));
  }
}

const page = (data: TNotification[]) => ({ data, current_page: 1, last_page: 1, per_page: 50, total: data.length });

function serve(count: number, items: TNotification[]) {
  server.use(
    http.get('*/api/notifications/count', () => HttpResponse.json(count)),
    http.get('*/api/notifications', ({ request }) => {
      const unreadOnly = new URL(request.url).searchParams.get('filter[status]') === 'unread';
      return HttpResponse.json(page(unreadOnly ? items.filter((n) => n.read_at === null) : items));
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
});
