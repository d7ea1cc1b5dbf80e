import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_PERMISSIONS, makeMe } from '../../test/fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';

const configMenu = async () => within(await screen.findByRole('navigation', { name: 'Menu de configuration' }));

describe('configuration layout', () => {
  it('titles the page after the selected entry and opens its group', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    renderApp('/config/users/rights');
    expect(await screen.findByRole('heading', { level: 1, name: 'Droits' })).toBeVisible();
    expect(document.title).toBe('Embauche - Droits');
    const menu = await configMenu();
    expect(menu.getByRole('button', { name: 'Utilisateurs' })).toHaveAttribute('aria-expanded', 'true');
    expect(menu.getByRole('link', { name: 'Droits' })).toHaveAttribute('aria-current', 'page');
    expect(menu.queryByRole('link', { name: 'Groupes' })).not.toBeInTheDocument();
  });

  it('keeps the workflow entry active on its deeper pages', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    renderApp('/config/workflow/new');
    // The page's own screen (issue 17) loads with it.
    expect(await screen.findByRole('heading', { level: 1, name: 'Workflow' }, { timeout: 10_000 })).toBeVisible();
  });

  it('lists only permitted entries, Account first, then alphabetical', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    renderApp('/config');
    const menu = await configMenu();
    const topLevel = menu
      .getAllByRole('list')
      .flatMap((list) => within(list).getAllByRole('listitem').filter((item) => item.parentElement === list))
      .map((item) => item.querySelector('a,button')?.textContent);
    expect(topLevel).toEqual(['Compte', 'E-mails', 'Modèle de rendez-vous', 'Statuts', 'Utilisateurs', 'Workflow']);
    expect(menu.queryByRole('button', { name: 'Section superadmin' })).not.toBeInTheDocument();
    expect(menu.queryByRole('button', { name: "Offres d'emploi" })).not.toBeInTheDocument();
  });

  it('filters the menu by search, case-insensitively', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    renderApp('/config');
    const menu = await configMenu();
    await userEvent.type(menu.getByRole('searchbox', { name: 'Rechercher un paramètre' }), 'SIGN');
    expect(menu.getByRole('link', { name: 'Signature' })).toBeVisible();
    expect(menu.queryByRole('link', { name: 'Statuts' })).not.toBeInTheDocument();
    expect(menu.queryByRole('button', { name: 'Compte' })).not.toBeInTheDocument();
  });

  it('forbids a config page without its permission', async () => {
    signIn(makeMe(['config.access', 'config.status']));
    renderApp('/config/users/list');
    expect(await screen.findByRole('heading', { level: 2, name: "Vous n'avez pas accès à cette page" })).toBeVisible();
  });

  it('forbids /config without config.access', async () => {
    signIn(makeMe());
    renderApp('/config/status');
    expect(await screen.findByRole('heading', { level: 1, name: "Vous n'avez pas accès à cette page" })).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Menu de configuration' })).not.toBeInTheDocument();
  });

  it('shows the superadmin section to super admins', async () => {
    signIn(makeMe(['config.access', 'user.super_admin'], { super_admin: true }));
    renderApp('/config/superadmin-section/news-popup');
    expect(await screen.findByRole('heading', { level: 1, name: "Popup d'actualités" })).toBeVisible();
    expect((await configMenu()).getByRole('button', { name: 'Section superadmin' })).toHaveClass('text-red-700');
  });
});
