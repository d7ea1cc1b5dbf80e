import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { APPLICATION_PERMISSIONS, makeApplication, useApplicationsApi } from '../../test/application-fixtures.ts';
import { makeMe } from '../../test/fixtures.ts';
import { makeOfferDetail, PROJECT_PERMISSIONS, useProjectsApi } from '../../test/project-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

const APPLICATIONS = [
  makeApplication({ id: 1, firstname: 'Alice', lastname: 'Durand' }),
  makeApplication({ id: 3, firstname: 'Chloé', lastname: 'Moreau', status: { id: 7, name: 'refused', default_status: true } }),
];

function useFixtures() {
  signIn(makeMe([...PROJECT_PERMISSIONS, ...APPLICATION_PERMISSIONS], { id: 7 }));
  useProjectsApi();
  server.use(http.get('*/api/projects/10/offers/100', () => HttpResponse.json(makeOfferDetail())));
  return useApplicationsApi(APPLICATIONS);
}

const BOARD = 'Tableau des candidatures par statut';

/** jsdom lays nothing out: the board 600 px wide, its columns 176 px (a strip 44 px) side by side with 8 px gaps, scrolled by `scrollLeft`. */
function layOutBoard() {
  const original = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    if (this.getAttribute('aria-label') === BOARD) return DOMRect.fromRect({ x: 0, y: 0, width: 600, height: 600 });
    const board = this.parentElement;
    if (this.tagName === 'SECTION' && board?.getAttribute('aria-label') === BOARD) {
      let left = -board.scrollLeft;
      for (const column of board.children) {
        const width = column.hasAttribute('data-collapsed') ? 44 : 176;
        if (column === this) return DOMRect.fromRect({ x: left, y: 0, width, height: 600 });
        left += width + 8;
      }
    }
    return original.call(this);
  });
}

const originalScrollBy = HTMLElement.prototype.scrollBy;
afterEach(() => {
  vi.restoreAllMocks();
  HTMLElement.prototype.scrollBy = originalScrollBy;
});

describe('kanban room (issue 35 item 3)', () => {
  it('collapses a column to a strip with its name and count, remembered for the user, and expands it back', async () => {
    useFixtures();
    const view = renderApp('/projects/10/offer/100?view=board');
    const board = await screen.findByRole('group', { name: BOARD });
    const refused = within(board).getByRole('region', { name: 'Refusé' });
    await within(refused).findByRole('link', { name: 'Chloé Moreau' });
    await userEvent.click(within(refused).getByRole('button', { name: 'Réduire la colonne Refusé' }));

    const strip = within(board).getByRole('region', { name: 'Refusé' });
    expect(within(strip).queryByRole('link')).not.toBeInTheDocument();
    expect(within(strip).getByText('1 candidature')).toBeInTheDocument();
    const expand = within(strip).getByRole('button', { name: 'Développer la colonne Refusé' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(expand).toHaveFocus());
    expect(JSON.parse(window.localStorage.getItem('embauche.pref.7.kanban.collapsedStatuses') ?? '[]')).toEqual([7]);
    // The other columns are untouched.
    expect(within(within(board).getByRole('region', { name: 'Nouveau' })).getByRole('link', { name: 'Alice Durand' })).toBeVisible();

    // Another visit opens with the column still collapsed.
    view.unmount();
    renderApp('/projects/10/offer/100?view=board');
    const again = await screen.findByRole('group', { name: BOARD });
    await userEvent.click(within(again).getByRole('button', { name: 'Développer la colonne Refusé' }));
    expect(await within(within(again).getByRole('region', { name: 'Refusé' })).findByRole('link', { name: 'Chloé Moreau' })).toBeVisible();
    await waitFor(() => expect(within(again).getByRole('button', { name: 'Réduire la colonne Refusé' })).toHaveFocus());
    expect(window.localStorage.getItem('embauche.pref.7.kanban.collapsedStatuses')).toBe('[]');
  });

  it('shows the columns hidden on the right as a button that scrolls to them, then the ones left behind', async () => {
    layOutBoard();
    const scrollBy = vi.fn(function (this: HTMLElement, options?: ScrollToOptions | number) {
      this.scrollLeft += typeof options === 'object' ? (options.left ?? 0) : 0;
      this.dispatchEvent(new Event('scroll'));
    });
    HTMLElement.prototype.scrollBy = scrollBy as unknown as HTMLElement['scrollBy'];
    useFixtures();
    renderApp('/projects/10/offer/100?view=board');
    await screen.findByRole('group', { name: BOARD });
    // 600 px hold three 176 px columns whole (0–544); the fourth is cut, the other four beyond: 5 hidden.
    const next = await screen.findByRole('button', { name: 'Voir les colonnes suivantes (5 masquées à droite)' });
    expect(next).toHaveTextContent('+5');
    expect(screen.queryByRole('button', { name: /colonnes? précédentes?/ })).not.toBeInTheDocument();
    await userEvent.click(next);
    expect(scrollBy).toHaveBeenCalledWith(expect.objectContaining({ left: 480 }));
    expect(await screen.findByRole('button', { name: 'Voir les colonnes précédentes (3 masquées à gauche)' })).toBeVisible();
  });

  it('keeps a compact card: the name links to the applicant, the handle and the actions share one row', async () => {
    useFixtures();
    renderApp('/projects/10/offer/100?view=board');
    const nouveau = await screen.findByRole('region', { name: 'Nouveau' });
    const link = await within(nouveau).findByRole('link', { name: 'Alice Durand' });
    expect(link).toHaveAttribute('title', 'Alice Durand');
    const card = link.closest('li') as HTMLElement;
    expect(within(card).getByRole('button', { name: 'Déplacer la candidature de Alice Durand' })).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Changer le statut de Alice Durand' })).toBeVisible();
  });
});
