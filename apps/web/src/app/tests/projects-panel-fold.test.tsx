import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeMe } from '../../test/fixtures.ts';
import { makeProject, makeTree, PROJECT_PERMISSIONS, useProjectsApi } from '../../test/project-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';

const tree = makeTree([makeProject({ id: 1, name: 'Siège – Lyon', type: 1 })]);
const PANEL = 'Arborescence des projets';

describe('projects panel folding (issue 35, the kanban needs the room)', () => {
  it('folds into a rail of named icons from its button, the focus following, and unfolds back', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS, { id: 7 }));
    useProjectsApi({ tree });
    renderApp('/projects');
    const panel = await screen.findByRole('navigation', { name: PANEL });
    const fold = within(panel).getByRole('button', { name: 'Replier le panneau des projets' });
    expect(fold).toHaveAttribute('aria-keyshortcuts', 'Alt+Shift+P');
    expect(fold).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(fold);

    const rail = screen.getByRole('navigation', { name: PANEL });
    expect(within(rail).queryByRole('searchbox')).not.toBeInTheDocument();
    const unfold = within(rail).getByRole('button', { name: 'Déplier le panneau des projets' });
    expect(unfold).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(unfold).toHaveFocus());
    // The shortcuts stay one click away, named for screen readers.
    expect(within(rail).getByRole('link', { name: 'Toutes les offres' })).toHaveAttribute('href', '/projects/all/offers');
    expect(within(rail).getByRole('link', { name: 'Offres favorites' })).toHaveAttribute('href', '/projects/favorites/offers');
    // Remembered for this user only.
    expect(window.localStorage.getItem('embauche.pref.7.projects.panelFolded')).toBe('true');

    await userEvent.click(unfold);
    const again = screen.getByRole('navigation', { name: PANEL });
    expect(within(again).getByRole('searchbox', { name: 'Rechercher un projet ou une offre' })).toBeVisible();
    await waitFor(() => expect(within(again).getByRole('button', { name: 'Replier le panneau des projets' })).toHaveFocus());
  });

  it('toggles with Alt+Shift+P', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi({ tree });
    renderApp('/projects');
    const panel = await screen.findByRole('navigation', { name: PANEL });
    expect(within(panel).getByRole('searchbox')).toBeVisible();
    await userEvent.keyboard('{Alt>}{Shift>}P{/Shift}{/Alt}');
    expect(await screen.findByRole('button', { name: 'Déplier le panneau des projets' })).toBeVisible();
    await userEvent.keyboard('{Alt>}{Shift>}P{/Shift}{/Alt}');
    expect(await screen.findByRole('button', { name: 'Replier le panneau des projets' })).toBeVisible();
  });

  it('opens folded for the user who folded it, unfolded for another', async () => {
    window.localStorage.setItem('embauche.pref.7.projects.panelFolded', 'true');
    signIn(makeMe(PROJECT_PERMISSIONS, { id: 7 }));
    useProjectsApi({ tree });
    const first = renderApp('/projects');
    expect(await screen.findByRole('button', { name: 'Déplier le panneau des projets' })).toBeVisible();
    first.unmount();

    signIn(makeMe(PROJECT_PERMISSIONS, { id: 8 }));
    renderApp('/projects');
    expect(await screen.findByRole('button', { name: 'Replier le panneau des projets' })).toBeVisible();
  });

  it('unfolds from the rail to the search box', async () => {
    window.localStorage.setItem('embauche.pref.7.projects.panelFolded', 'true');
    signIn(makeMe(PROJECT_PERMISSIONS, { id: 7 }));
    useProjectsApi({ tree });
    renderApp('/projects');
    await userEvent.click(await screen.findByRole('button', { name: 'Rechercher un projet ou une offre' }));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Rechercher un projet ou une offre' })).toHaveFocus());
  });
});
