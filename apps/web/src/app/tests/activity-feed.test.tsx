import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeMe } from '../../test/fixtures.ts';
import { APPLICANT_PERMISSIONS, applicantApiHandlers } from '../../test/applicant-fixtures.ts';
import { FEED_PERMISSION, MENTIONABLES, feedApiHandlers, feedPage, makeFeedEntry } from '../../test/activity-feed-fixtures.ts';
import { makeOfferDetail, PROJECT_PERMISSIONS, useProjectsApi } from '../../test/project-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

vi.mock('../../features/applicants/components/pdf-viewer.tsx', () => ({
  default: ({ label }: { label: string }) => <section aria-label={label} />,
}));

async function openApplicantFeed(options: Parameters<typeof feedApiHandlers>[0] = {}, path = '/applicants/5', lng?: string) {
  signIn(makeMe([...APPLICANT_PERMISSIONS, FEED_PERMISSION]));
  const api = feedApiHandlers(options);
  server.use(...applicantApiHandlers(), ...api.handlers);
  const view = renderApp(path, { lng });
  const heading = await screen.findByRole('heading', { level: 2, name: lng === 'en' ? 'Activity feed' : "Fil d'activité" }, { timeout: 15000 });
  const panel = heading.closest('section') as HTMLElement;
  return { ...view, ...api, panel };
}

function composerOf(panel: HTMLElement) {
  const form = within(panel).getByRole('form', { name: 'Nouveau commentaire' });
  return { form, text: within(form).getByRole('textbox', { name: 'Nouveau commentaire' }) };
}

describe('activity feed', () => {
  it('is neither shown nor called without see_activity_feed', async () => {
    signIn(makeMe(APPLICANT_PERMISSIONS));
    const calls: string[] = [];
    server.use(
      ...applicantApiHandlers(),
      http.get('*/api/activity-feed', ({ request }) => (calls.push(request.url), HttpResponse.json(feedPage([])))),
    );
    renderApp('/applicants/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Léa Moreau' }, { timeout: 15000 })).toBeVisible();
    await screen.findByRole('heading', { level: 2, name: 'Documents' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: "Fil d'activité" })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('shows threads, replies, events, mentions, files and relative times in French', async () => {
    const { panel, calls } = await openApplicantFeed();
    const feed = await within(panel).findByRole('feed', { name: "Fil d'activité" });
    const articles = within(feed).getAllByRole('article');
    const comment = articles[0] as HTMLElement;
    expect(within(comment).getByRole('heading', { level: 3, name: 'Camille Martin' })).toBeVisible();
    expect(within(comment).getAllByText("à l'instant")[0]).toBeVisible();
    expect(within(comment).getByText('@Marc Petit', { selector: 'strong' })).toBeVisible();
    expect(within(comment).getByRole('link', { name: 'grille-entretien.pdf' })).toHaveAttribute('href', '/api/activity-feed/attachments/11');
    const replies = within(comment).getByRole('list', { name: 'Réponses' });
    expect(within(replies).getByText('Oui, je regarde.')).toBeVisible();
    expect(within(feed).getByText('Statut passé de Nouveau à Présélectionné')).toBeVisible();
    expect(within(feed).getByText('il y a 3 h')).toBeVisible();
    expect(within(replies).getByText('il y a 12 min')).toBeVisible();
    // No application chosen in the URL: the applicant's whole feed.
    expect(calls.lists[0]?.searchParams.get('applicant_id')).toBe('5');
    expect(calls.lists[0]?.searchParams.has('offer_id')).toBe(false);
  });

  it('narrows to the chosen application’s offer, and speaks English', async () => {
    const { calls, panel } = await openApplicantFeed({}, '/applicants/5?application=50', 'en');
    await within(panel).findByRole('feed', { name: 'Activity feed' });
    expect(within(panel).getByText('Status changed from New to Shortlisted')).toBeVisible();
    expect(within(panel).getByText('3 h ago')).toBeVisible();
    expect(calls.lists[0]?.searchParams.get('offer_id')).toBe('100');
    expect(calls.lists[0]?.searchParams.get('applicant_id')).toBe('5');
  });

  it('shows an empty state', async () => {
    const { panel } = await openApplicantFeed({ entries: [] });
    expect(await within(panel).findByRole('heading', { level: 3, name: 'Aucune activité pour le moment' })).toBeVisible();
  });

  it('loads the first 2 pages up front and the next one on demand', async () => {
    const pages = [1, 2, 3].map((n) => feedPage([makeFeedEntry({ id: 100 + n, text: `Commentaire de la page ${n}` })], n, 3));
    const { panel, calls } = await openApplicantFeed({ pages });
    expect(await within(panel).findByText('Commentaire de la page 2')).toBeVisible();
    expect(calls.lists.map((url) => url.searchParams.get('page'))).toEqual(['1', '2']);
    await userEvent.click(within(panel).getByRole('button', { name: "Afficher l'activité plus ancienne" }));
    expect(await within(panel).findByText('Commentaire de la page 3')).toBeVisible();
    expect(within(panel).queryByRole('button', { name: "Afficher l'activité plus ancienne" })).toBeNull();
  });

  it('mentions someone with the keyboard and posts at once (optimistic)', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { panel, calls } = await openApplicantFeed({
      onPost: (body) =>
        new Promise<Response>((resolve) => {
          answer = resolve;
          void body;
        }),
    });
    const { form, text } = composerOf(panel);
    await userEvent.type(text, 'Bonjour @mar');
    const list = await within(form).findByRole('listbox', { name: 'Personnes et groupes à mentionner' });
    await within(list).findByRole('option', { name: /Margaux Durand/ });
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['Marc Petitmarc.petit@example.com', 'Margaux Durandmargaux.durand@example.com', 'Marketing4 membres']);
    expect(within(list).getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(within(list).getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    expect(text).toHaveAttribute('aria-activedescendant', within(list).getAllByRole('option')[1]?.id);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(within(list).getAllByRole('option')[2]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(text).toHaveValue('Bonjour @Marc Petit ');
    expect(within(form).queryByRole('listbox')).toBeNull();
    // Escape closes the suggestions and keeps the text.
    await userEvent.type(text, 'et @Mark');
    expect(await within(form).findByRole('listbox')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(within(form).queryByRole('listbox')).toBeNull();
    expect(text).toHaveValue('Bonjour @Marc Petit et @Mark');
    await userEvent.type(text, 'eting aussi');
    await userEvent.click(within(form).getByRole('button', { name: 'Envoyer' }));

    // Shown before the server answers, then with the server's entry.
    const feed = within(panel).getByRole('feed');
    const pending = within(feed).getAllByRole('article')[0] as HTMLElement;
    expect(within(pending).getByText('Envoi…')).toBeVisible();
    expect(within(pending).getByText('@Marc Petit', { selector: 'strong' })).toBeVisible();
    expect(text).toHaveValue('');
    await waitFor(() => expect(calls.posts).toHaveLength(1));
    const body = calls.posts[0] as FormData;
    expect(body.get('text')).toBe('Bonjour @Marc Petit et @Marketing aussi');
    expect(body.get('mentions[users][0]')).toBe('8');
    expect(body.get('mentions[group][0]')).toBeNull();
    expect(body.get('is_private[self]')).toBe('0');
    expect(body.get('source')).toBe('applicant');
    answer(HttpResponse.json(makeFeedEntry({ id: 99, text: 'Bonjour @Marc Petit et @Marketing aussi', created_at: new Date().toISOString() }), { status: 201 }));
    await waitFor(() => expect(within(feed).queryByText('Envoi…')).toBeNull());
  });

  it('sends the chosen privacy and a dropped file', async () => {
    const { panel, calls } = await openApplicantFeed();
    const { form, text } = composerOf(panel);
    await userEvent.click(within(form).getByRole('button', { name: 'Visible par : Public' }));
    let dialog = await screen.findByRole('dialog', { name: 'Qui peut voir ce commentaire ?' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Moi uniquement' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Appliquer' }));
    expect(within(form).getByRole('button', { name: 'Visible par : Moi uniquement' })).toBeVisible();

    await userEvent.click(within(form).getByRole('button', { name: 'Visible par : Moi uniquement' }));
    dialog = await screen.findByRole('dialog', { name: 'Qui peut voir ce commentaire ?' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Personnes et filiales choisies' }));
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Margaux Durand' }));
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Agence Nantes' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Appliquer' }));
    expect(within(form).getByRole('button', { name: 'Visible par : Privé · 2 destinataires' })).toBeVisible();

    const file = new File(['%PDF-1.4'], 'note.pdf', { type: 'application/pdf' });
    // A file dropped on the composer joins the ones chosen with the attach button.
    fireEvent.dragOver(form, { dataTransfer: { files: [file] } });
    expect(within(form).getByText('Déposez les fichiers pour les joindre.')).toBeVisible();
    fireEvent.drop(form, { dataTransfer: { files: [file] } });
    await userEvent.upload(within(form).getByLabelText('Joindre des fichiers'), new File(['x'], 'autre.pdf', { type: 'application/pdf' }));
    const chosen = within(form).getByRole('list', { name: 'Fichiers à envoyer' });
    expect(within(chosen).getAllByRole('listitem').map((item) => item.textContent?.split(/\d/)[0])).toEqual(['note.pdf', 'autre.pdf']);
    await userEvent.click(within(chosen).getByRole('button', { name: 'Retirer autre.pdf' }));
    await userEvent.type(text, 'Confidentiel');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(calls.posts).toHaveLength(1));
    const body = calls.posts[0] as FormData;
    expect(body.get('is_private[self]')).toBe('0');
    expect(body.get('is_private[users][0]')).toBe('9');
    expect(body.get('is_private[subsidiaries][0]')).toBe('2');
    // jsdom's File reaches the handler as a plain blob (name lost): the e2e spec checks the name.
    expect(body.get('files[0]')).toMatchObject({ type: 'application/pdf' });
    expect(body.get('files[1]')).toBeNull();
  });

  it('asks to type a name when more people match than the privacy picker lists', async () => {
    const { panel } = await openApplicantFeed({ mentionables: { ...MENTIONABLES, truncated: true } });
    const { form } = composerOf(panel);
    await userEvent.click(within(form).getByRole('button', { name: 'Visible par : Public' }));
    const dialog = await screen.findByRole('dialog', { name: 'Qui peut voir ce commentaire ?' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Personnes et filiales choisies' }));
    await within(dialog).findByRole('checkbox', { name: 'Margaux Durand' });
    expect(within(dialog).getByText('D’autres personnes correspondent : tapez un nom pour les trouver.')).toBeVisible();
  });

  it('rolls back and explains a refused comment, giving its text back', async () => {
    const { panel } = await openApplicantFeed({
      onPost: () => HttpResponse.json({ message: 'Validation failed', errors: { 'mentions.users': ['mention_outside_audience'] } }, { status: 422 }),
    });
    const { form, text } = composerOf(panel);
    await userEvent.type(text, 'Pour @Marc Petit seulement');
    await userEvent.click(within(form).getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText(/Votre commentaire n'a pas pu être publié\. Cette personne ne fait pas partie/)).toBeVisible();
    await waitFor(() => expect(text).toHaveValue('Pour @Marc Petit seulement'));
    expect(within(panel).queryByText('Envoi…')).toBeNull();
    expect(within(within(panel).getByRole('feed')).getAllByRole('article')).toHaveLength(3);
  });

  it('replies, edits in place and deletes after confirmation', async () => {
    const { panel, calls } = await openApplicantFeed();
    const feed = await within(panel).findByRole('feed');
    const thread = within(feed).getAllByRole('article')[0] as HTMLElement;
    await userEvent.click(within(thread).getAllByRole('button', { name: 'Répondre' })[0] as HTMLElement);
    const reply = within(thread).getByRole('form', { name: 'Votre réponse' });
    expect(within(reply).getByRole('textbox', { name: 'Votre réponse' })).toHaveFocus();
    await userEvent.keyboard('Merci !');
    await userEvent.click(within(reply).getByRole('button', { name: 'Répondre' }));
    await waitFor(() => expect(calls.posts).toHaveLength(1));
    expect(calls.posts[0]?.get('parent_id')).toBe('3');
    expect(calls.posts[0]?.has('is_private[self]')).toBe(false);

    await userEvent.click(within(thread).getByRole('button', { name: 'Modifier' }));
    const edit = within(thread).getByRole('form', { name: 'Modifier le commentaire' });
    const box = within(edit).getByRole('textbox', { name: 'Modifier le commentaire' });
    expect(box).toHaveValue('Entretien calé, @Marc Petit peux-tu relire le CV ?');
    await userEvent.clear(box);
    await userEvent.type(box, 'Entretien calé, @Marc Petit merci');
    await userEvent.click(within(edit).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.posts).toHaveLength(2));
    expect(calls.posts[1]?.get('edit_id')).toBe('3');
    expect(calls.posts[1]?.get('mentions[users][0]')).toBe('8');

    await userEvent.click(within(thread).getByRole('button', { name: 'Supprimer' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Supprimer ce commentaire ?' });
    expect(within(confirm).getByRole('button', { name: 'Annuler' })).toHaveFocus();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(calls.deletes).toEqual(['3']));
    expect(await screen.findByText('Commentaire supprimé')).toBeVisible();
  });

  it('keeps the category filter in the URL and sends it', async () => {
    const { panel, calls } = await openApplicantFeed();
    await within(panel).findByRole('feed');
    const chips = within(panel).getByRole('group', { name: 'Catégories' });
    await userEvent.click(within(chips).getByRole('button', { name: /^Commentaires/ }));
    await waitFor(() => expect(window.location.search).toContain('feed_category=comments'));
    await waitFor(() => expect(calls.lists.some((url) => url.searchParams.get('filter[category]') === 'comments')).toBe(true));
    expect(within(chips).getByRole('button', { name: /^Commentaires/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('is a tab of the offer screen, on the offer’s feed', async () => {
    signIn(makeMe([...PROJECT_PERMISSIONS, FEED_PERMISSION]));
    useProjectsApi();
    const api = feedApiHandlers();
    server.use(http.get('*/api/projects/10/offers/100', () => HttpResponse.json(makeOfferDetail())), ...api.handlers);
    renderApp('/projects/10/offer/100');
    await userEvent.click(await screen.findByRole('tab', { name: "Fil d'activité" }, { timeout: 15000 }));
    await waitFor(() => expect(window.location.search).toContain('tab=activity'));
    expect(await screen.findByRole('feed', { name: "Fil d'activité" })).toBeVisible();
    expect(api.calls.lists[0]?.searchParams.get('offer_id')).toBe('100');
    expect(api.calls.lists[0]?.searchParams.has('applicant_id')).toBe(false);
  });

  it('has no tab on the offer screen without the permission', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi();
    server.use(http.get('*/api/projects/10/offers/100', () => HttpResponse.json(makeOfferDetail())));
    renderApp('/projects/10/offer/100?tab=activity');
    expect(await screen.findByRole('tab', { name: 'Candidatures' }, { timeout: 15000 })).toBeVisible();
    expect(screen.queryByRole('tab', { name: "Fil d'activité" })).toBeNull();
  });
});
