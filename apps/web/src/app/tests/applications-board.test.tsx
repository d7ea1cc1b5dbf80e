import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { APPLICATION_PERMISSIONS, makeApplication, useApplicationsApi } from '../../test/application-fixtures.ts';
import { makeMe } from '../../test/fixtures.ts';
import { makeOfferDetail, PROJECT_PERMISSIONS, useProjectsApi } from '../../test/project-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

const APPLICATIONS = [
  makeApplication({ id: 1, firstname: 'Alice', lastname: 'Durand' }),
  makeApplication({ id: 2, firstname: 'Bruno', lastname: 'Petit', tags: [] }),
  makeApplication({ id: 3, firstname: 'Chloé', lastname: 'Moreau', status: { id: 2, name: 'preselected', default_status: true } }),
];

function useFixtures(permissions: string[] = APPLICATION_PERMISSIONS) {
  signIn(makeMe([...PROJECT_PERMISSIONS, ...permissions]));
  useProjectsApi();
  server.use(http.get('*/api/projects/10/offers/100', () => HttpResponse.json(makeOfferDetail())));
  return useApplicationsApi(APPLICATIONS);
}

const column = (name: string) => screen.getByRole('region', { name });
const handle = (name: string) => `Déplacer la candidature de ${name}`;
/** What dnd-kit last said to screen readers. */
const announcement = () => document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '';

/**
 * jsdom lays nothing out: give each board column (a region with a level-2 title) a 288 px wide
 * rectangle side by side, and each card one inside its column, as a browser would.
 */
function layOutBoard() {
  const original = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const section = this.closest('section[aria-labelledby]');
    const board = section?.parentElement;
    if (!section || !board) return original.call(this);
    const index = [...board.children].indexOf(section);
    const card = this.closest('li');
    const cardIndex = card ? [...(card.parentElement?.children ?? [])].indexOf(card) : -1;
    const left = index * 300 + (card ? 8 : 0);
    const top = card ? 60 + cardIndex * 100 : 0;
    const width = card ? 272 : 288;
    const height = card ? 90 : 600;
    return DOMRect.fromRect({ x: left, y: top, width, height });
  });
}

/** Picks up a focused card with the keyboard, presses the arrows, drops it. */
async function keyboardMove(keys: string) {
  await userEvent.keyboard(' ');
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  for (const key of keys.split(' ')) {
    await userEvent.keyboard(`{${key}}`);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }
  await userEvent.keyboard(' ');
}

afterEach(() => vi.restoreAllMocks());

// Sonner captures the pointer when a toast is pressed (its undo button); jsdom has no pointer capture.
if (!HTMLElement.prototype.setPointerCapture) HTMLElement.prototype.setPointerCapture = () => {};
if (!HTMLElement.prototype.releasePointerCapture) HTMLElement.prototype.releasePointerCapture = () => {};

describe('applications board', () => {
  it('shows one column per status in pipeline order, with counts and paged cards', async () => {
    const api = useFixtures();
    renderApp('/projects/10/offer/100?view=board');
    expect(await screen.findByRole('button', { name: 'Tableau', pressed: true }, { timeout: 5000 })).toBeVisible();
    const board = await screen.findByRole('group', { name: 'Tableau des candidatures par statut' }, { timeout: 5000 });
    const titles = within(board).getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(['Nouveau', 'Présélectionné', 'Entretien téléphonique', 'Entretien', 'Proposition envoyée', 'Recruté', 'Refusé', 'Désisté']);
    await within(column('Nouveau')).findByRole('link', { name: 'Alice Durand' }, { timeout: 5000 });
    expect(within(column('Nouveau')).getByText('2 candidatures')).toBeInTheDocument();
    // The link remembers the board and the card's column (its status, the column's page), for previous/next.
    expect(within(column('Présélectionné')).getByRole('link', { name: 'Chloé Moreau' })).toHaveAttribute(
      'href',
      `/applicants/503?application=3&list=${encodeURIComponent('/projects/10/offer/100?view=board&column=2&column_page=1')}`,
    );
    expect(within(column('Recruté')).getByText('Aucune candidature')).toBeVisible();
    // Each column asks for its own status, one page at a time.
    const columnCalls = api.requests.filter((url) => url.searchParams.get('filter[statuses]') === '1');
    expect(columnCalls[0]?.searchParams.get('page')).toBe('1');
    expect(columnCalls[0]?.searchParams.get('per_page')).toBe('50');
    expect(within(column('Nouveau')).getByRole('button', { name: 'Déplacer la candidature de Alice Durand' })).toBeVisible();
  });

  it('changes a status from the card menu at once, then keeps it', async () => {
    const api = useFixtures();
    renderApp('/projects/10/offer/100?view=board');
    const nouveau = await screen.findByRole('region', { name: 'Nouveau' }, { timeout: 5000 });
    await userEvent.click(await within(nouveau).findByRole('button', { name: 'Changer le statut de Bruno Petit' }, { timeout: 5000 }));
    let release = () => {};
    api.gate = new Promise((resolve) => (release = resolve));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Entretien' }));
    // Before the server answers, the card has moved and the counts follow.
    await waitFor(() => expect(within(column('Entretien')).getByRole('link', { name: 'Bruno Petit' })).toBeVisible());
    expect(within(column('Nouveau')).queryByRole('link', { name: 'Bruno Petit' })).toBeNull();
    expect(within(column('Entretien')).getByText('1 candidature')).toBeInTheDocument();
    release();
    expect(api.changes).toEqual([{ status_id: 4, application_id: 2, motif_id: null, project_id: 10, offer_id: 100 }]);
    expect(await screen.findByText('Bruno Petit est maintenant « Entretien ».')).toBeVisible();
    await waitFor(() => expect(within(column('Entretien')).getByText('1 candidature')).toBeInTheDocument());
    expect(within(column('Nouveau')).getByText('1 candidature')).toBeInTheDocument();
  });

  it('asks for the motif of a refusal first; cancel leaves the card where it was', async () => {
    const api = useFixtures();
    renderApp('/projects/10/offer/100?view=board');
    const nouveau = await screen.findByRole('region', { name: 'Nouveau' }, { timeout: 5000 });
    await userEvent.click(await within(nouveau).findByRole('button', { name: 'Changer le statut de Alice Durand' }, { timeout: 5000 }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Refusé' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Passer en « Refusé »' });
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(within(column('Nouveau')).getByRole('link', { name: 'Alice Durand' })).toBeVisible();
    expect(api.changes).toEqual([]);

    await userEvent.click(within(nouveau).getByRole('button', { name: 'Changer le statut de Alice Durand' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Refusé' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Passer en « Refusé »' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(within(dialog).getByText('Ce champ est obligatoire.')).toBeVisible();
    expect(within(dialog).getByRole('combobox', { name: /Motif/ })).toHaveAttribute('aria-invalid', 'true');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Motif/ }), 'Expérience insuffisante');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(within(column('Refusé')).getByRole('link', { name: 'Alice Durand' })).toBeVisible());
    expect(api.changes).toEqual([{ status_id: 7, application_id: 1, motif_id: 2, project_id: 10, offer_id: 100 }]);
  });

  it('puts the card back and reloads the board when the change fails', async () => {
    const api = useFixtures();
    api.fail = true;
    renderApp('/projects/10/offer/100?view=board');
    const nouveau = await screen.findByRole('region', { name: 'Nouveau' }, { timeout: 5000 });
    await userEvent.click(await within(nouveau).findByRole('button', { name: 'Changer le statut de Bruno Petit' }, { timeout: 5000 }));
    const before = api.requests.length;
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Recruté' }));
    // The toast fades in (sonner mounts it hidden, then shows it on the next frame).
    const failed = await screen.findByText('Le statut de Bruno Petit n\'a pas pu passer à « Recruté ». La liste a été rechargée.');
    await waitFor(() => expect(failed).toBeVisible());
    await waitFor(() => expect(within(column('Nouveau')).getByRole('link', { name: 'Bruno Petit' })).toBeVisible());
    expect(within(column('Recruté')).queryByRole('link', { name: 'Bruno Petit' })).toBeNull();
    expect(within(column('Nouveau')).getByText('2 candidatures')).toBeInTheDocument();
    expect(api.requests.length).toBeGreaterThan(before);
  });

  it('moves a card by keyboard two columns along, keeps the focus on it, announces where it is, and moves it again', async () => {
    layOutBoard();
    const api = useFixtures();
    renderApp('/projects/10/offer/100?view=board');
    const nouveau = await screen.findByRole('region', { name: 'Nouveau' }, { timeout: 5000 });
    const grip = await within(nouveau).findByRole('button', { name: handle('Bruno Petit') }, { timeout: 5000 });
    act(() => grip.focus());
    await keyboardMove('ArrowRight ArrowRight');
    await waitFor(() => expect(within(column('Entretien téléphonique')).getByRole('link', { name: 'Bruno Petit' })).toBeVisible());
    expect(api.changes).toEqual([{ status_id: 3, application_id: 2, motif_id: null, project_id: 10, offer_id: 100 }]);
    expect(announcement()).toBe('Carte de Bruno Petit déplacée dans la colonne « Entretien téléphonique », position 1 sur 1.');
    // The card was drawn again in its new column: the focus is on it there, ready for the next move.
    await waitFor(() => expect(within(column('Entretien téléphonique')).getByRole('button', { name: handle('Bruno Petit') })).toHaveFocus());
    expect(await screen.findByText('Bruno Petit est maintenant « Entretien téléphonique ».')).toBeVisible();

    await keyboardMove('ArrowRight');
    await waitFor(() => expect(within(column('Entretien')).getByRole('link', { name: 'Bruno Petit' })).toBeVisible());
    expect(api.changes.at(-1)).toEqual({ status_id: 4, application_id: 2, motif_id: null, project_id: 10, offer_id: 100 });
    await waitFor(() => expect(within(column('Entretien')).getByRole('button', { name: handle('Bruno Petit') })).toHaveFocus());
    expect(announcement()).toBe('Carte de Bruno Petit déplacée dans la colonne « Entretien », position 1 sur 1.');

    // Left goes back, Escape cancels: nothing is sent.
    await userEvent.keyboard(' ');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    await userEvent.keyboard('{ArrowLeft}');
    await userEvent.keyboard('{Escape}');
    expect(api.changes).toHaveLength(2);
    expect(announcement()).toBe('Déplacement annulé : la candidature de Bruno Petit reste dans la colonne « Entretien ».');
  }, 30_000);

  it('says where a card lands among the others of its new column', async () => {
    layOutBoard();
    const api = useFixtures();
    renderApp('/projects/10/offer/100?view=board');
    const nouveau = await screen.findByRole('region', { name: 'Nouveau' }, { timeout: 5000 });
    const grip = await within(nouveau).findByRole('button', { name: handle('Alice Durand') }, { timeout: 5000 });
    await within(column('Présélectionné')).findByRole('link', { name: 'Chloé Moreau' }, { timeout: 5000 });
    let release = () => {};
    api.gate = new Promise((resolve) => (release = resolve));
    act(() => grip.focus());
    await keyboardMove('ArrowRight');
    // Same application date as Chloé's (newest first): Alice comes after her, the column then holds two cards.
    expect(announcement()).toBe('Carte de Alice Durand déplacée dans la colonne « Présélectionné », position 2 sur 2.');
    await waitFor(() => expect(within(column('Présélectionné')).getAllByRole('link').map((l) => l.textContent)).toEqual(['Chloé Moreau', 'Alice Durand']));
    release();
  }, 30_000);

  it('undoes a change from its toast: the previous status goes back through the same call and the counts follow', async () => {
    const api = useFixtures();
    renderApp('/projects/10/offer/100?view=board');
    const nouveau = await screen.findByRole('region', { name: 'Nouveau' }, { timeout: 5000 });
    await userEvent.click(await within(nouveau).findByRole('button', { name: 'Changer le statut de Alice Durand' }, { timeout: 5000 }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Proposition envoyée' }));
    // Sonner's toasts outlive a test (newest first): this text is this test's own.
    const toast = (await screen.findAllByText('Alice Durand est maintenant « Proposition envoyée ».'))[0]!.closest('[data-sonner-toast]') as HTMLElement;
    await waitFor(() => expect(within(column('Proposition envoyée')).getByText('1 candidature')).toBeInTheDocument());
    // The closed menu gives the page its pointer back (Radix) before the toast is pressed.
    await waitFor(() => expect(document.body.style.pointerEvents).not.toBe('none'));
    await userEvent.click(within(toast).getByRole('button', { name: 'Annuler' }));
    expect(await screen.findByText('Changement annulé : Alice Durand est de nouveau « Nouveau ».', {}, { timeout: 5000 })).toBeVisible();
    expect(api.changes).toEqual([
      { status_id: 5, application_id: 1, motif_id: null, project_id: 10, offer_id: 100 },
      { status_id: 1, application_id: 1, motif_id: null, project_id: 10, offer_id: 100 },
    ]);
    await waitFor(() => expect(within(column('Nouveau')).getByRole('link', { name: 'Alice Durand' })).toBeVisible());
    expect(within(column('Proposition envoyée')).queryByRole('link', { name: 'Alice Durand' })).toBeNull();
    await waitFor(() => expect(within(column('Nouveau')).getByText('2 candidatures')).toBeInTheDocument());
    expect(within(column('Proposition envoyée')).getByText('0 candidature')).toBeInTheDocument();
  }, 30_000);

  it('undoes a refusal with its motif: the status and the motif it had go back', async () => {
    const api = useFixtures();
    renderApp('/projects/10/offer/100?view=board');
    const preselected = await screen.findByRole('region', { name: 'Présélectionné' }, { timeout: 5000 });
    await userEvent.click(await within(preselected).findByRole('button', { name: 'Changer le statut de Chloé Moreau' }, { timeout: 5000 }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Désisté' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Passer en « Désisté »' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Motif/ }), 'Expérience insuffisante');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Valider' }));
    const toast = (await screen.findAllByText('Chloé Moreau est maintenant « Désisté ».'))[0]!.closest('[data-sonner-toast]') as HTMLElement;
    await userEvent.click(within(toast).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(within(column('Présélectionné')).getByRole('link', { name: 'Chloé Moreau' })).toBeVisible());
    expect(api.changes).toEqual([
      { status_id: 8, application_id: 3, motif_id: 2, project_id: 10, offer_id: 100 },
      { status_id: 2, application_id: 3, motif_id: null, project_id: 10, offer_id: 100 },
    ]);
  }, 30_000);

  it('folds the filters into a button on the board, which shows the panel and how many filters are set', async () => {
    useFixtures();
    renderApp('/projects/10/offer/100?view=board&job_boards=1');
    await screen.findByRole('region', { name: 'Nouveau' }, { timeout: 5000 });
    const toggle = screen.getByRole('button', { name: 'Filtres, 1 filtre actif' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('searchbox', { name: 'Rechercher' })).toBeNull();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('search', { name: 'Filtrer les candidatures' });
    expect(toggle).toHaveAttribute('aria-controls', panel.id);
    await userEvent.type(within(panel).getByRole('searchbox', { name: 'Rechercher' }), 'petit');
    expect(screen.getByRole('button', { name: 'Filtres, 2 filtres actifs' })).toBeVisible();
    await userEvent.click(toggle);
    expect(screen.queryByRole('searchbox', { name: 'Rechercher' })).toBeNull();
    // The list keeps its filters open.
    await userEvent.click(screen.getByRole('button', { name: 'Liste' }));
  }, 30_000);

  it('hides the handles and menus without the change_status permission', async () => {
    useFixtures(['project_application.see']);
    renderApp('/projects/10/offer/100?view=board');
    const nouveau = await screen.findByRole('region', { name: 'Nouveau' }, { timeout: 5000 });
    await within(nouveau).findByRole('link', { name: 'Alice Durand' });
    expect(within(nouveau).queryByRole('button', { name: /Déplacer/ })).toBeNull();
    expect(within(nouveau).queryByRole('button', { name: /Changer le statut/ })).toBeNull();
  });
});
