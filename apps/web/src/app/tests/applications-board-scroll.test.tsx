import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { APPLICATION_PERMISSIONS, makeApplication, useApplicationsApi } from '../../test/application-fixtures.ts';
import { makeMe } from '../../test/fixtures.ts';
import { makeOfferDetail, PROJECT_PERMISSIONS, useProjectsApi } from '../../test/project-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

/** Issue 42 part 1: a column of thousands of cards scrolls through all of them, a window drawn at a time. */
const COLUMN_SIZE = 2000;
const name = (i: number) => `Prénom${i} Nom${i}`;
const APPLICATIONS = [
  ...Array.from({ length: COLUMN_SIZE }, (_, i) => makeApplication({ id: i + 1, firstname: `Prénom${i + 1}`, lastname: `Nom${i + 1}`, tags: [] })),
  makeApplication({ id: 5001, firstname: 'Chloé', lastname: 'Moreau', status: { id: 2, name: 'preselected', default_status: true } }),
];

function useFixtures() {
  signIn(makeMe([...PROJECT_PERMISSIONS, ...APPLICATION_PERMISSIONS]));
  useProjectsApi();
  server.use(
    http.get('*/api/projects/10/offers/100', () => HttpResponse.json(makeOfferDetail())),
    // A focused link to an applicant fetches their screen ahead (useApplicantLinkPrefetch): not what is tested here.
    http.get('*/api/applicants/:id/:part', () => HttpResponse.json({ message: 'not here' }, { status: 404 })),
  );
  return useApplicationsApi(APPLICATIONS);
}

const column = (title: string) => screen.getByRole('region', { name: title });
/** The column's scrolling box (the list's parent). */
const scroller = (region: HTMLElement) => within(region).getByRole('list').parentElement as HTMLElement;
const pagesAsked = (api: { requests: URL[] }, statusId: number) =>
  api.requests.filter((url) => url.searchParams.get('filter[statuses]') === String(statusId)).map((url) => Number(url.searchParams.get('page')));

/** jsdom lays nothing out: each column is 600 px high, each card 90 px (what the virtualiser measures). */
function layOutBoard() {
  const original = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const section = this.closest('section[aria-labelledby]');
    const board = section?.parentElement;
    if (!section || !board) return original.call(this);
    const index = [...board.children].indexOf(section);
    const card = this.closest('li');
    return DOMRect.fromRect({ x: index * 300 + (card ? 8 : 0), y: card ? 60 : 0, width: card ? 160 : 176, height: card ? 90 : 600 });
  });
  // A column's scrolling box (the one holding its list) is 600 px high and as tall inside as its list.
  const list = (box: Element) => box.querySelector(':scope > ul[style]') as HTMLElement | null;
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return list(this) ? 600 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
    const inner = list(this);
    return inner ? parseFloat(inner.style.height) + 12 : 0;
  });
  // Nor does it scroll: a box's scrollTo sets its offset and tells its listeners, as a browser does.
  Element.prototype.scrollTo ??= () => {};
  vi.spyOn(Element.prototype, 'scrollTo').mockImplementation(function (this: Element, options?: ScrollToOptions | number) {
    if (typeof options === 'object' && options.top !== undefined) this.scrollTop = options.top;
    this.dispatchEvent(new Event('scroll'));
  });
}

/** Scrolls a column to the end of what it has drawn, as a user dragging its scrollbar down. */
function scrollToEnd(region: HTMLElement) {
  const box = scroller(region);
  const list = within(region).getByRole('list');
  act(() => {
    box.scrollTop = parseFloat(list.style.height);
    fireEvent.scroll(box);
  });
}

afterEach(() => vi.restoreAllMocks());

describe('applications board: columns of thousands of cards', () => {
  it('draws only a window of a 2,000-card column, loads the next pages as its end comes into view, and reaches the last card', async () => {
    layOutBoard();
    const api = useFixtures();
    renderApp('/projects/10/offer/100?view=board');
    const nouveau = await screen.findByRole('region', { name: 'Nouveau' }, { timeout: 15_000 });
    await within(nouveau).findByRole('link', { name: name(1) }, { timeout: 5000 });
    expect(within(nouveau).getByText('2000 candidatures')).toBeInTheDocument();
    // A window of cards, each telling screen readers its rank among the column's 2,000.
    const drawn = within(nouveau).getAllByRole('listitem');
    expect(drawn.length).toBeLessThan(30);
    expect(drawn[0]).toHaveAttribute('aria-posinset', '1');
    expect(drawn[0]).toHaveAttribute('aria-setsize', '2000');
    expect(pagesAsked(api, 1)).toEqual([1]);
    // No button to press: scrolling down loads page after page.
    expect(within(nouveau).queryByRole('button', { name: /Afficher plus/ })).toBeNull();

    for (let round = 0; round < 60 && !within(nouveau).queryByRole('link', { name: name(COLUMN_SIZE) }); round += 1) {
      const before = pagesAsked(api, 1).length;
      scrollToEnd(nouveau);
      await waitFor(() => expect(pagesAsked(api, 1).length > before || within(nouveau).queryByRole('link', { name: name(COLUMN_SIZE) })).toBeTruthy());
      // Placeholders stand where the next page's cards will show, hidden from screen readers.
      await waitFor(() => expect(document.querySelector('[data-skeleton]') === null || pagesAsked(api, 1).length > before).toBe(true));
    }
    const last = await within(nouveau).findByRole('link', { name: name(COLUMN_SIZE) }, { timeout: 5000 });
    expect(last.closest('li')).toHaveAttribute('aria-posinset', '2000');
    // Each page asked once, in order, and their cards add up to the column's count.
    expect(pagesAsked(api, 1)).toEqual(Array.from({ length: COLUMN_SIZE / 50 }, (_, i) => i + 1));
    expect(within(nouveau).getAllByRole('listitem').length).toBeLessThan(30);
    expect(nouveau.querySelector('[data-skeleton]')).toBeNull();
    expect(within(nouveau).queryByRole('link', { name: name(1) })).toBeNull();
  }, 120_000);

  it('walks the column with the arrow keys, Home and End, loading the next page past the last loaded card', async () => {
    layOutBoard();
    const api = useFixtures();
    renderApp('/projects/10/offer/100?view=board');
    const nouveau = await screen.findByRole('region', { name: 'Nouveau' }, { timeout: 15_000 });
    const first = await within(nouveau).findByRole('link', { name: name(1) }, { timeout: 5000 });
    act(() => first.focus());
    await userEvent.keyboard('{ArrowDown}');
    expect(within(nouveau).getByRole('link', { name: name(2) })).toHaveFocus();
    // End: the last loaded card; one more ↓ loads the next page and the focus follows on its first card.
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(within(nouveau).getByRole('link', { name: name(50) })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(within(nouveau).getByRole('link', { name: name(51) })).toHaveFocus(), { timeout: 5000 });
    expect(pagesAsked(api, 1).slice(0, 2)).toEqual([1, 2]);
    // The same link or button of the next card: from a grip button, ↑ goes to the previous card's grip.
    const grip = within(nouveau).getByRole('button', { name: `Déplacer la candidature de ${name(51)}` });
    act(() => grip.focus());
    await userEvent.keyboard('{ArrowUp}');
    expect(within(nouveau).getByRole('button', { name: `Déplacer la candidature de ${name(50)}` })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(within(nouveau).getByRole('button', { name: `Déplacer la candidature de ${name(1)}` })).toHaveFocus());
    expect(within(nouveau).queryByRole('link', { name: name(51) })).toBeNull();
  }, 60_000);

  it('moves a card from far down the column by keyboard, and the counts follow', async () => {
    layOutBoard();
    const api = useFixtures();
    renderApp('/projects/10/offer/100?view=board');
    const nouveau = await screen.findByRole('region', { name: 'Nouveau' }, { timeout: 15_000 });
    await within(nouveau).findByRole('link', { name: name(1) }, { timeout: 5000 });
    while (pagesAsked(api, 1).length < 5) {
      const before = pagesAsked(api, 1).length;
      scrollToEnd(nouveau);
      await waitFor(() => expect(pagesAsked(api, 1).length).toBeGreaterThan(before));
    }
    // End goes to the last loaded card; the arrow keys go back up to a card a few hundred down the column.
    await waitFor(() => expect(within(nouveau).getAllByRole('link').length).toBeGreaterThan(0));
    act(() => within(nouveau).getAllByRole('link').at(-1)!.focus());
    await userEvent.keyboard('{End}');
    const last = Number((document.activeElement?.textContent ?? '').replace(/^\D+(\d+).*$/, '$1'));
    expect(last).toBeGreaterThanOrEqual(200);
    const far = last - 4;
    for (let i = 0; i < 4; i += 1) await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(within(nouveau).getByRole('link', { name: name(far) })).toHaveFocus());
    act(() => within(nouveau).getByRole('button', { name: `Déplacer la candidature de ${name(far)}` }).focus());
    await userEvent.keyboard(' ');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    await userEvent.keyboard('{ArrowRight}');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    await userEvent.keyboard(' ');
    expect(api.changes).toEqual([{ status_id: 2, application_id: far, motif_id: null, project_id: 10, offer_id: 100 }]);
    await waitFor(() => expect(within(column('Présélectionné')).getByRole('link', { name: name(far) })).toBeVisible());
    await waitFor(() => expect(within(column('Présélectionné')).getByText('2 candidatures')).toBeInTheDocument());
    expect(within(column('Nouveau')).getByText('1999 candidatures')).toBeInTheDocument();
    expect(within(column('Nouveau')).queryByRole('link', { name: name(far) })).toBeNull();
    // The undo toast of a single change is offered for this move too.
    expect((await screen.findAllByText(`${name(far)} est maintenant « Présélectionné ».`))[0]!.closest('[data-sonner-toast]')).not.toBeNull();
  }, 90_000);

  it('reopens a deep column gone stale from its first page, not every page it had loaded', async () => {
    layOutBoard();
    const api = useFixtures();
    renderApp('/projects/10/offer/100?view=board');
    const nouveau = await screen.findByRole('region', { name: 'Nouveau' }, { timeout: 15_000 });
    await within(nouveau).findByRole('link', { name: name(1) }, { timeout: 5000 });
    while (pagesAsked(api, 1).length < 4) {
      const before = pagesAsked(api, 1).length;
      scrollToEnd(nouveau);
      await waitFor(() => expect(pagesAsked(api, 1).length).toBeGreaterThan(before));
    }
    // A move marks the deep column stale without reloading its four pages now.
    await waitFor(() => expect(within(nouveau).getAllByRole('button', { name: /^Déplacer la candidature/ }).length).toBeGreaterThan(0));
    act(() => within(nouveau).getAllByRole('button', { name: /^Déplacer la candidature/ })[0]!.focus());
    await userEvent.keyboard(' ');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    await userEvent.keyboard('{ArrowRight}');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    await userEvent.keyboard(' ');
    await waitFor(() => expect(api.changes).toHaveLength(1));
    const asked = pagesAsked(api, 1).length;
    // To the list and back to the board: the column asks its first page once, then the rest as it scrolls.
    await userEvent.click(screen.getByRole('button', { name: 'Liste' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Tableau' }));
    const again = await screen.findByRole('region', { name: 'Nouveau' }, { timeout: 15_000 });
    await within(again).findAllByRole('link', {}, { timeout: 5000 });
    await waitFor(() => expect(pagesAsked(api, 1).slice(asked).filter((page) => page === 1)).toHaveLength(1));
    expect(pagesAsked(api, 1).slice(asked)).not.toContain(4);
  }, 90_000);

  it('sends the filters to every column, and asks its pages uncounted (the counts call gave the count)', async () => {
    const api = useFixtures();
    renderApp('/projects/10/offer/100?view=board&search=Nom7&job_boards=1');
    await screen.findByRole('region', { name: 'Nouveau' }, { timeout: 15_000 });
    await waitFor(() => expect(new Set(api.requests.map((url) => url.searchParams.get('filter[statuses]'))).size).toBe(8), { timeout: 5000 });
    for (const url of api.requests) {
      expect(url.searchParams.get('filter[search]')).toBe('Nom7');
      expect(url.searchParams.get('filter[job_boards]')).toBe('1');
      expect(url.searchParams.get('count')).toBe('false');
    }
  }, 30_000);
});
