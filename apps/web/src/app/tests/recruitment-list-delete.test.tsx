import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import { makeMe } from '../../test/fixtures.ts';
import { mediaQueryList } from '../../test/media-query-list.ts';
import { makeList, makeListItem, serveLists } from '../../test/recruitment-list-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

if (!HTMLElement.prototype.setPointerCapture) HTMLElement.prototype.setPointerCapture = () => {};
afterEach(() => {
  toast.dismiss();
  vi.restoreAllMocks();
});

/** jsdom has no layout: answer width queries as a window `width` pixels wide would. */
function useWindowWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    const min = /min-width:\s*(\d+)px/.exec(query);
    return mediaQueryList(query, (!max || width <= Number(max[1])) && (!min || width >= Number(min[1])));
  });
}

const OTHER = makeListItem({ id: 2, name: 'Commerciaux' });

/**
 * List 1 and its applicants, deletable; every request for it is counted (after the delete, none
 * may come), the sheet's pages hold the remaining list.
 */
function useDeletableList() {
  const requests: string[] = [];
  let deleted = false;
  server.use(
    http.get('*/api/recruitment-lists/1', () => {
      requests.push(deleted ? 'after' : 'before');
      return deleted ? HttpResponse.json({ message: 'Not found', code: 'not_found' }, { status: 404 }) : HttpResponse.json(makeList());
    }),
    http.get('*/api/recruitment-lists/1/applicants', () => {
      requests.push(deleted ? 'after' : 'before');
      return HttpResponse.json({ data: [], current_page: 1, last_page: 1, per_page: 20, total: 0, archived: 0, hidden: 0 });
    }),
    http.delete('*/api/recruitment-lists/1', () => {
      deleted = true;
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/statuses', () => HttpResponse.json([])),
    http.get('*/api/sourcing/search', () => HttpResponse.json({ data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 })),
  );
  serveLists([[OTHER]]);
  return { requestsAfterDelete: () => requests.filter((r) => r === 'after').length, deleted: () => deleted };
}

async function deleteFromItsPage() {
  const view = renderApp('/sourcing/lists/1');
  await userEvent.click(await screen.findByRole('button', { name: 'Supprimer la liste' }, { timeout: 5000 }));
  const confirm = await screen.findByRole('alertdialog', { name: 'Supprimer la liste « Développeurs Lyon » ?' });
  await userEvent.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
  expect(await screen.findByText('Liste de recrutement supprimée')).toBeVisible();
  return view;
}

describe('deleting a recruitment list from its page', () => {
  it('moves on to the sourcing page with the lists sheet open, and never asks for the deleted list again', async () => {
    useWindowWidth(1366);
    signIn(makeMe(['project.list', 'sourcing.access']));
    const api = useDeletableList();
    const view = await deleteFromItsPage();
    expect(api.deleted()).toBe(true);
    await waitFor(() => expect(view.location()).toBe('/sourcing'));
    const sheet = await screen.findByRole('dialog', { name: 'Listes de recrutement' });
    expect(await within(sheet).findByText('Commerciaux')).toBeVisible();
    // Its queries left the cache once its page was gone: not fetched, not even in the cache.
    await waitFor(() => expect(view.queryClient.getQueryCache().findAll({ queryKey: ['recruitment-lists', 'detail', 1] })).toHaveLength(0));
    expect(api.requestsAfterDelete()).toBe(0);

    // Closing the sheet leaves the page; the sheet does not come back by itself.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Listes de recrutement' })).toBeNull());
    expect(view.location()).toBe('/sourcing');
  });

  it('on a phone (no sheet), without sourcing: lands on the dashboard, and the list is not asked again', async () => {
    useWindowWidth(390);
    signIn(makeMe(['project.list']));
    const api = useDeletableList();
    const view = await deleteFromItsPage();
    await waitFor(() => expect(view.location()).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Listes de recrutement' })).toBeNull();
    await waitFor(() => expect(view.queryClient.getQueryCache().findAll({ queryKey: ['recruitment-lists', 'detail', 1] })).toHaveLength(0));
    expect(api.requestsAfterDelete()).toBe(0);
  });
});
