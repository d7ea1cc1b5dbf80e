import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { signIn, useApp } from '../support/app.ts';
import { horizontalOverflow, screenshot, seriousViolations } from '../support/browser.ts';
import { label } from '../support/labels.ts';

const app = useApp();

/** A string of the groups namespace with its `{{…}}` values filled in. */
const t = (language: string, key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)), label(language, `groups:${key}`));

/** Opens the page and waits for its table (desktop) or its cards (phone). */
async function openGroups(page: Page, phone = false) {
  await page.goto('/config/users/groups');
  await page.getByRole('heading', { level: 1, name: label('fr', 'config:menu.users_groups') }).waitFor();
  const list = page.getByRole(phone ? 'list' : 'table', { name: t('fr', 'list.label') });
  await list.waitFor();
  return list;
}

/** Lets toasts and dialogs settle so that screenshots see a quiet page. */
async function settle(page: Page) {
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(300);
}

describe('groups administration', () => {
  it('creates a group, adds two members, renames it and shows its member count, at 1366 and 390 px', async () => {
    const { context, page } = await app.newPage();
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(`${app.url}/`);

    const table = await openGroups(page);
    await table.getByRole('row').filter({ hasText: 'Direction' }).waitFor();
    assert.deepEqual(await seriousViolations(page), []);

    // Create: validation first, then a name already held (case aside), then a new one.
    await page.getByRole('button', { name: t('fr', 'add') }).click();
    const dialog = page.getByRole('dialog', { name: t('fr', 'dialog.create_title') });
    await dialog.getByRole('button', { name: t('fr', 'dialog.submit_create') }).click();
    await dialog.getByText(label('fr', 'errors:field_required')).waitFor();
    await dialog.getByRole('textbox', { name: t('fr', 'dialog.name') }).fill('direction');
    await dialog.getByRole('button', { name: t('fr', 'dialog.submit_create') }).click();
    await dialog.getByText(label('fr', 'errors:not_unique')).waitFor();
    await dialog.getByRole('textbox', { name: t('fr', 'dialog.name') }).fill('Jury de recrutement');
    await dialog.getByRole('button', { name: t('fr', 'dialog.submit_create') }).click();
    await page.getByText(t('fr', 'dialog.created', { name: 'Jury de recrutement' })).waitFor();
    const row = table.getByRole('row').filter({ hasText: 'Jury de recrutement' });
    await row.getByText(t('fr', 'list.members_count_one', { count: 0 })).waitFor();

    // Two members, found by the search and ticked.
    await page.getByRole('button', { name: t('fr', 'list.edit_members', { name: 'Jury de recrutement' }) }).click();
    const members = page.getByRole('dialog', { name: t('fr', 'members.title', { name: 'Jury de recrutement' }) });
    const search = members.getByRole('searchbox', { name: t('fr', 'members.search') });
    await search.fill('julien');
    await members.getByRole('checkbox', { name: 'Julien Morel' }).check();
    await search.fill('camille');
    await members.getByRole('checkbox', { name: 'Camille Durand' }).check();
    await members.getByText(t('fr', 'members.selected_other', { count: 2 })).waitFor();
    await screenshot(page, 'groups-members-fr');
    await members.getByRole('button', { name: t('fr', 'members.save') }).click();
    await page.getByText(t('fr', 'members.saved', { name: 'Jury de recrutement' })).waitFor();
    await row.getByText(t('fr', 'list.members_count_other', { count: 2 })).waitFor();

    // Rename: the count stays.
    await page.getByRole('button', { name: t('fr', 'list.rename', { name: 'Jury de recrutement' }) }).click();
    const rename = page.getByRole('dialog', { name: t('fr', 'dialog.rename_title') });
    await rename.getByRole('textbox', { name: t('fr', 'dialog.name') }).fill('Jury final');
    await rename.getByRole('button', { name: t('fr', 'dialog.submit_rename') }).click();
    await page.getByText(t('fr', 'dialog.renamed', { name: 'Jury final' })).waitFor();
    const renamed = table.getByRole('row').filter({ hasText: 'Jury final' });
    await renamed.getByText(t('fr', 'list.members_count_other', { count: 2 })).waitFor();
    await settle(page);
    await screenshot(page, 'groups-list-fr');

    // The members dialog opens on the two members, ticked.
    await page.getByRole('button', { name: t('fr', 'list.edit_members', { name: 'Jury final' }) }).click();
    const again = page.getByRole('dialog', { name: t('fr', 'members.title', { name: 'Jury final' }) });
    assert.equal(await again.getByRole('checkbox', { name: 'Julien Morel' }).isChecked(), true);
    assert.equal(await again.getByRole('checkbox', { name: 'Camille Durand' }).isChecked(), true);
    await page.keyboard.press('Escape');
    await again.waitFor({ state: 'detached' });
    await context.close();

    // A phone: cards, no sideways scrolling, the dialogs fit.
    const phone = await app.newPage('fr-FR', { viewport: { width: 390, height: 844 } });
    await signIn(phone.page, 'admin@demo.test');
    await phone.page.waitForURL(`${app.url}/`);
    const cards = await openGroups(phone.page, true);
    const card = cards.getByRole('listitem').filter({ hasText: 'Jury final' });
    await card.getByText(t('fr', 'list.members_count_other', { count: 2 })).waitFor();
    const overflow = await horizontalOverflow(phone.page);
    assert.ok(overflow.overflow <= 0, `sideways scroll at 390 px: ${JSON.stringify(overflow)}`);
    await screenshot(phone.page, 'groups-list-mobile-fr');
    await phone.page.getByRole('button', { name: t('fr', 'list.edit_members', { name: 'Jury final' }) }).click();
    await phone.page.getByRole('dialog', { name: t('fr', 'members.title', { name: 'Jury final' }) }).getByRole('checkbox', { name: 'Julien Morel' }).waitFor();
    const dialogOverflow = await horizontalOverflow(phone.page);
    assert.ok(dialogOverflow.overflow <= 0, `sideways scroll at 390 px: ${JSON.stringify(dialogOverflow)}`);
    await screenshot(phone.page, 'groups-members-mobile-fr', { fullPage: false });
    await phone.context.close();
  });

  it('grants an offer to a group: a member then sees it among the offers granted to them, at 1366 and 390 px', async () => {
    const { context, page } = await app.newPage();
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(`${app.url}/`);
    // Set-up through the API, as the admin: an offer of a project the manager does not see, and a
    // group holding the manager.
    const json = async (method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown) => {
      const res = await page.request.fetch(`${app.url}${url}`, { method, data, headers: { origin: app.url, accept: 'application/json' } });
      if (!res.ok()) throw new Error(`${url}: ${res.status()} ${await res.text()}`);
      return res.status() === 204 ? null : res.json();
    };
    const projects = (await json('GET', '/api/projects')) as { id: number; name: string }[];
    const finance = projects.find((p) => p.name === 'Finance et contrôle de gestion')!.id;
    const offer = (await json('POST', `/api/projects/${finance}/offers`, { job_position: 'Analyste financier (accès par groupe)' })) as { id: number };
    const managers = (await json('GET', '/api/users?filter[q]=manager%40demo.test')) as { data: { id: number }[] };
    const group = (await json('POST', '/api/groups', { name: 'Comité finance' })) as { id: number };
    await json('PUT', `/api/groups/${group.id}/members`, { user_ids: [managers.data[0]!.id] });
    const setup = { finance, offer: offer.id };

    // The manager does not see the offer yet.
    const manager = await app.newPage();
    await signIn(manager.page, 'manager@demo.test');
    await manager.page.waitForURL(`${app.url}/`);
    await manager.page.goto('/projects/offers-direct-access/offers');
    await manager.page.getByRole('heading', { level: 1 }).waitFor();
    await manager.page.waitForLoadState('networkidle');
    assert.equal(await manager.page.getByText('Analyste financier (accès par groupe)').count(), 0);

    // The admin grants it to the group on the offer's access tab.
    await page.goto(`/projects/${setup.finance}/offer/${setup.offer}?tab=access`);
    const groups = page.getByRole('region', { name: label('fr', 'projects:access.groups_title') });
    await groups.getByText(label('fr', 'projects:access.groups_none')).waitFor();
    await groups.getByRole('combobox', { name: label('fr', 'projects:access.add_group_label') }).selectOption({ label: 'Comité finance' });
    await groups.getByRole('button', { name: label('fr', 'projects:access.add_group') }).click();
    await groups.getByRole('listitem').filter({ hasText: 'Comité finance' }).waitFor();
    await groups.getByText(label('fr', 'projects:access.group_members_one').replace('{{count}}', '1')).waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await settle(page);
    await screenshot(page, 'offer-access-groups-fr');
    await context.close();

    // The member sees it now, among the offers granted to them, on their next request.
    await manager.page.reload();
    await manager.page.getByText('Analyste financier (accès par groupe)').first().waitFor();
    await screenshot(manager.page, 'offer-access-groups-member-fr');
    await manager.context.close();

    // A phone: the access tab fits at 390 px.
    const phone = await app.newPage('fr-FR', { viewport: { width: 390, height: 844 } });
    await signIn(phone.page, 'admin@demo.test');
    await phone.page.waitForURL(`${app.url}/`);
    await phone.page.goto(`/projects/${setup.finance}/offer/${setup.offer}?tab=access`);
    const phoneGroups = phone.page.getByRole('region', { name: label('fr', 'projects:access.groups_title') });
    await phoneGroups.getByRole('listitem').filter({ hasText: 'Comité finance' }).waitFor();
    const overflow = await horizontalOverflow(phone.page);
    assert.ok(overflow.overflow <= 0, `sideways scroll at 390 px: ${JSON.stringify(overflow)}`);
    await screenshot(phone.page, 'offer-access-groups-mobile-fr');
    await phone.context.close();
  });
});
