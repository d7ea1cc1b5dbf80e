import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeMe } from '../../test/fixtures.ts';
import { PROJECT_PERMISSIONS, useProjectsApi } from '../../test/project-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';

/** The offer list's "created" range, opening the more-filters panel unless the URL already did. */
async function openCreatedRange(more: string, legend: string) {
  const toggle = await screen.findByRole('button', { name: more });
  if (toggle.getAttribute('aria-expanded') !== 'true') await userEvent.click(toggle);
  return screen.getByRole('group', { name: legend });
}

describe('date picker', () => {
  it('shows dates in French whatever the browser, Monday first, and picks with the keyboard', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi();
    renderApp('/projects/all/offers?created_at=2026-03-10,');
    const range = await openCreatedRange('Plus de filtres', 'Date de création');
    const from = within(range).getByRole('textbox', { name: 'Du' });
    expect(from).toHaveValue('10/03/2026');
    expect(from).toHaveAttribute('placeholder', 'jj/mm/aaaa');
    expect(from).toHaveAccessibleDescription('Format : jj/mm/aaaa');

    await userEvent.click(within(range).getByRole('button', { name: 'Choisir une date (Date de création – Du), mardi 10 mars 2026' }));
    const calendar = await screen.findByRole('dialog', { name: 'Calendrier (Date de création – Du)' });
    const grid = within(calendar).getByRole('grid', { name: 'mars 2026' });
    expect(within(grid).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['lu', 'ma', 'me', 'je', 've', 'sa', 'di']);
    expect(within(grid).getByRole('button', { name: 'mardi 10 mars 2026' })).toHaveFocus();
    expect(within(grid).getByRole('gridcell', { selected: true })).toHaveTextContent('10');

    // Right: the 11th; down: the 18th; PageDown: 18 April; Home: Monday 13 April; Enter chooses.
    await userEvent.keyboard('{ArrowRight}{ArrowDown}{PageDown}');
    expect(within(calendar).getByRole('grid', { name: 'avril 2026' })).toBeVisible();
    expect(within(calendar).getByRole('button', { name: 'samedi 18 avril 2026' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(within(calendar).getByRole('button', { name: 'lundi 13 avril 2026' })).toHaveFocus();
    await userEvent.keyboard('{End}{PageUp}{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(from).toHaveValue('19/03/2026');
    await waitFor(() => expect(window.location.search).toMatch(/created_at=2026-03-19(,|%2C)/));
  });

  it('closes on Escape without changing the value, and reads typed dates in the format shown', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi();
    renderApp('/projects/all/offers');
    const range = await openCreatedRange('Plus de filtres', 'Date de création');
    const trigger = within(range).getByRole('button', { name: 'Choisir une date (Date de création – au)' });
    await userEvent.click(trigger);
    await screen.findByRole('dialog', { name: 'Calendrier (Date de création – au)' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
    expect(window.location.search).not.toContain('created_at');

    const to = within(range).getByRole('textbox', { name: 'au' });
    await userEvent.type(to, '31/12/2026{Enter}');
    await waitFor(() => expect(window.location.search).toMatch(/created_at=(,|%2C)2026-12-31/));
    await userEvent.clear(to);
    await userEvent.type(to, '31/02/2026');
    await userEvent.tab();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(window.location.search).toMatch(/created_at=(,|%2C)2026-12-31/);
  });

  it('follows German: dd.MM.yyyy and Monday first', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS, { language: 'de' }));
    useProjectsApi();
    renderApp('/projects/all/offers?created_at=2026-03-10,', { lng: 'de' });
    const range = await openCreatedRange('Weitere Filter', 'Erstellt');
    expect(within(range).getByRole('textbox', { name: 'Vom' })).toHaveValue('10.03.2026');
    await userEvent.click(within(range).getByRole('button', { name: /^Datum wählen \(Erstellt – Vom\)/ }));
    const grid = within(await screen.findByRole('dialog')).getByRole('grid', { name: 'März 2026' });
    expect(within(grid).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']);
    expect(within(grid).getByRole('button', { name: 'Dienstag, 10. März 2026' })).toHaveFocus();
  });
});
