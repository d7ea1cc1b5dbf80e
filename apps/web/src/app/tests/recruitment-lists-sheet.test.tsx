import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import { makeMe } from '../../test/fixtures.ts';
import { mediaQueryList } from '../../test/media-query-list.ts';
import { LIST_USERS, makeList, makeListItem, serveLists } from '../../test/recruitment-list-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

if (!HTMLElement.prototype.setPointerCapture) HTMLElement.prototype.setPointerCapture = () => {};
afterEach(() => {
  toast.dismiss();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** jsdom has no layout: answer width queries as a window `width` pixels wide would. */
function useWindowWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    const min = /min-width:\s*(\d+)px/.exec(query);
    return mediaQueryList(query, (!max || width <= Number(max[1])) && (!min || width >= Number(min[1])));
  });
}

const BUTTON = 'Listes de recrutement';

async function openSheet() {
  renderApp('/');
  await userEvent.click(await screen.findByRole('button', { name: BUTTON }, { timeout: 5000 }));
  return screen.findByRole('dialog', { name: BUTTON });
}

const MINE_PRIVATE = makeListItem({ id: 1, name: 'Développeurs Lyon', applicant_amount: 1 });
const MINE_SHARED = makeListItem({
  id: 2,
  name: 'Commerciaux',
  private: false,
  collaborative: true,
  shared_users: [LIST_USERS[0]!, LIST_USERS[1]!],
  applicant_amount: 12,
});
const SHARED_WITH_ME = makeListItem({
  id: 3,
  name: 'Vivier comptables',
  private: false,
  is_owner: false,
  can_add: false,
  creator: { id: 21, firstname: 'Léa', lastname: 'Bernard' },
  shared_users: [{ id: 7, firstname: 'Camille', lastname: 'Martin', img_src: null }],
});

describe('recruitment lists sheet', () => {
  it('is offered from 1024 px with project.list only', async () => {
    useWindowWidth(1023);
    signIn(makeMe());
    const view = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    expect(screen.queryByRole('button', { name: BUTTON })).not.toBeInTheDocument();
    view.unmount();

    useWindowWidth(1366);
    signIn(makeMe(['sourcing.access']));
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    expect(screen.queryByRole('button', { name: BUTTON })).not.toBeInTheDocument();
  });

  it('shows each card with its badges, links and the creator-only actions', async () => {
    useWindowWidth(1366);
    signIn(makeMe());
    serveLists([[MINE_PRIVATE, MINE_SHARED, SHARED_WITH_ME]]);
    const sheet = await openSheet();
    const cards = await within(sheet).findAllByRole('article');
    expect(cards).toHaveLength(3);

    const [privateCard, sharedCard, theirs] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(privateCard).getByRole('link', { name: 'Développeurs Lyon' })).toHaveAttribute('href', '/sourcing/lists/1');
    expect(within(privateCard).getByText('Privée')).toBeVisible();
    expect(within(privateCard).getByText('1 candidat')).toBeVisible();
    expect(within(privateCard).queryByText('Ajout autorisé')).not.toBeInTheDocument();
    expect(within(privateCard).queryByText('Lecture seule')).not.toBeInTheDocument();
    expect(within(privateCard).getByRole('button', { name: 'Modifier la liste Développeurs Lyon' })).toBeVisible();
    expect(within(privateCard).getByRole('button', { name: 'Supprimer la liste Développeurs Lyon' })).toBeVisible();

    expect(within(sharedCard).getByText('Partagée avec 2 personnes')).toBeVisible();
    expect(within(sharedCard).getByText('12 candidats')).toBeVisible();
    expect(within(sharedCard).getByText('Ajout autorisé')).toBeVisible();

    expect(within(theirs).getByText('Lecture seule')).toBeVisible();
    expect(within(theirs).getByText('Par Léa Bernard')).toBeVisible();
    expect(within(theirs).queryByText(/Partagée avec/)).not.toBeInTheDocument();
    expect(within(theirs).queryByRole('button')).not.toBeInTheDocument();
  });

  it('asks again with the chosen source filter and sort', async () => {
    useWindowWidth(1366);
    signIn(makeMe());
    const queries = serveLists([[MINE_PRIVATE]]);
    const sheet = await openSheet();
    await within(sheet).findByRole('article');
    expect(queries.at(-1)?.get('sort')).toBe('date_desc');
    expect(queries.at(-1)?.get('filter[source]')).toBeNull();

    await userEvent.selectOptions(within(sheet).getByRole('combobox', { name: 'Afficher' }), 'Partagées avec moi');
    await waitFor(() => expect(queries.at(-1)?.get('filter[source]')).toBe('shared'));
    await userEvent.selectOptions(within(sheet).getByRole('combobox', { name: 'Trier par' }), 'Nom (A → Z)');
    await waitFor(() => expect(queries.at(-1)?.get('sort')).toBe('name_asc'));
    expect(queries.at(-1)?.get('filter[source]')).toBe('shared');
  });

  it('shows its empty state', async () => {
    useWindowWidth(1366);
    signIn(makeMe());
    serveLists([]);
    const sheet = await openSheet();
    expect(await within(sheet).findByText('Aucune liste de recrutement')).toBeVisible();
    expect(within(sheet).getByRole('button', { name: 'Nouvelle liste' })).toBeVisible();
  });

  it('loads the next page once a fifth of the end shows, with 5 placeholder cards meanwhile', async () => {
    useWindowWidth(1366);
    signIn(makeMe());
    const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          observers.push({ callback, options });
        }
        observe() {}
        disconnect() {}
        unobserve() {}
      },
    );
    const first = Array.from({ length: 20 }, (_, i) => makeListItem({ id: 100 + i, name: `Liste ${i + 1}` }));
    const queries = serveLists([first, [makeListItem({ id: 200, name: 'Liste 21' })]]);
    // The second page waits until the placeholders have been seen.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('*/api/recruitment-lists', async ({ request }) => {
        // Nothing answered: the next handler does, once the gate opens.
        if (new URL(request.url).searchParams.get('page') === '2') await gate;
      }),
    );
    const sheet = await openSheet();
    expect(await within(sheet).findAllByRole('article')).toHaveLength(20);
    const observer = observers.at(-1)!;
    expect(observer.options?.threshold).toBe(0.2);
    act(() => observer.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(await within(sheet).findAllByTestId('recruitment-list-placeholder')).toHaveLength(5);
    release();
    expect(await within(sheet).findByRole('link', { name: 'Liste 21' })).toBeVisible();
    expect(queries.map((q) => q.get('page')).filter((page) => page !== '1')).toEqual(['2']);
    expect(within(sheet).queryByTestId('recruitment-list-placeholder')).not.toBeInTheDocument();
  });

  it('closes when a card is clicked and goes to the list', async () => {
    useWindowWidth(1366);
    signIn(makeMe());
    serveLists([[MINE_PRIVATE]]);
    server.use(
      http.get('*/api/recruitment-lists/1', () => HttpResponse.json(makeList())),
      http.get('*/api/recruitment-lists/1/applicants', () => HttpResponse.json({ data: [], current_page: 1, last_page: 1, per_page: 20, total: 0, archived: 0, hidden: 0 })),
    );
    const sheet = await openSheet();
    await userEvent.click(await within(sheet).findByRole('link', { name: 'Développeurs Lyon' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: BUTTON })).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { level: 1, name: 'Développeurs Lyon' })).toBeVisible();
  });
});
