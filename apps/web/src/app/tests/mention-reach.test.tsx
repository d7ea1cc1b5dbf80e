import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import type { TMentionables } from '@embauche/contracts/activity-feed';
import { makeMe } from '../../test/fixtures.ts';
import { APPLICANT_PERMISSIONS, applicantApiHandlers } from '../../test/applicant-fixtures.ts';
import { FEED_PERMISSION, feedApiHandlers, makeFeedEntry } from '../../test/activity-feed-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

vi.mock('../../features/applicants/components/pdf-viewer.tsx', () => ({
  default: ({ label }: { label: string }) => <section aria-label={label} />,
}));

/** Marc sees the applicant; Margaux does not; Théo's role reads no comments; half of a group sees it. */
const REACH: TMentionables = {
  truncated: false,
  users: [
    { id: 8, firstname: 'Marc', lastname: 'Petit', email: 'marc.petit@example.com', img_src: null, subsidiary_id: null, mentionable: true, reason: null },
    { id: 9, firstname: 'Margaux', lastname: 'Durand', email: 'margaux.durand@example.com', img_src: null, subsidiary_id: 1, mentionable: false, reason: 'no_access' },
    { id: 10, firstname: 'Marius', lastname: 'Blanc', email: 'marius.blanc@example.com', img_src: null, subsidiary_id: null, mentionable: false, reason: 'no_feed' },
  ],
  groups: [
    { id: 3, name: 'Marketing', members: 4, reachable_members: 2 },
    { id: 4, name: 'Mardi direction', members: 2, reachable_members: 0 },
  ],
};

async function openFeed(options: Parameters<typeof feedApiHandlers>[0]) {
  signIn(makeMe([...APPLICANT_PERMISSIONS, FEED_PERMISSION]));
  const api = feedApiHandlers({ mentionables: REACH, ...options });
  server.use(...applicantApiHandlers(), ...api.handlers);
  renderApp('/applicants/5');
  const heading = await screen.findByRole('heading', { level: 2, name: "Fil d'activité" }, { timeout: 15000 });
  const panel = heading.closest('section') as HTMLElement;
  const form = within(panel).getByRole('form', { name: 'Nouveau commentaire' });
  return { ...api, panel, form, text: within(form).getByRole('textbox', { name: 'Nouveau commentaire' }) };
}

describe('mentions within reach (issue 35)', () => {
  it('offers those who see the applicant, the others greyed with the reason and not pickable', async () => {
    const { form, text, calls } = await openFeed({});
    await userEvent.type(text, 'Vu avec @mar');
    const list = await within(form).findByRole('listbox', { name: 'Personnes et groupes à mentionner' });
    const options = await within(list).findAllByRole('option');
    // The mentionable first, then the greyed ones.
    expect(options.map((o) => o.getAttribute('aria-disabled'))).toEqual([null, null, 'true', 'true', 'true']);
    const margaux = within(list).getByRole('option', { name: /Margaux Durand/ });
    expect(margaux).toHaveAccessibleDescription('Ne voit pas ce candidat : ne sera pas prévenu');
    expect(within(list).getByRole('option', { name: /Marius Blanc/ })).toHaveAccessibleDescription('Son rôle ne donne pas accès aux commentaires');
    expect(within(list).getByRole('option', { name: /Mardi direction/ })).toHaveAccessibleDescription('Aucun membre ne voit ce commentaire');
    expect(within(list).getByRole('option', { name: /Marketing/ })).toHaveTextContent('2 sur 4 membres prévenus');
    // The lists asked for are the applicant's.
    expect(calls.mentions.at(-1)?.searchParams.get('applicant_id')).toBe('5');

    // A click or Enter on a greyed one picks nothing.
    await userEvent.pointer({ keys: '[MouseLeft>]', target: margaux });
    expect(text).toHaveValue('Vu avec @mar');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(margaux).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    expect(text).toHaveValue('Vu avec @mar');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{Enter}');
    expect(text).toHaveValue('Vu avec @Marc Petit ');
  });

  it('tells the author whom the server did not notify', async () => {
    const { form, text, panel } = await openFeed({
      onPost: () =>
        HttpResponse.json(
          { ...makeFeedEntry({ id: 99, text: '@Marc Petit', created_at: new Date().toISOString() }), dropped_mentions: { users: [{ id: 8, firstname: 'Marc', lastname: 'Petit' }] } },
          { status: 201 },
        ),
    });
    await userEvent.type(text, '@marc');
    const list = await within(form).findByRole('listbox');
    await within(list).findByRole('option', { name: /Marc Petit/ });
    await userEvent.keyboard('{Enter}');
    await userEvent.click(within(form).getByRole('button', { name: 'Envoyer' }));
    const status = await within(panel).findByRole('status');
    expect(status).toHaveTextContent('Marc Petit n’a pas été prévenu : cette personne ne voit pas ce candidat.');
    await userEvent.click(within(status).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(within(panel).queryByText(/n’a pas été prévenu/)).toBeNull());
  });
});
