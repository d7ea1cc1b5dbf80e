import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { signIn, useApp } from '../support/app.ts';
import { horizontalOverflow, screenshot, seriousViolations } from '../support/browser.ts';
import { label } from '../support/labels.ts';

const app = useApp();

/** A string of the rights namespace with its `{{…}}` values filled in. */
const t = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)), label('fr', `rights:${key}`));

/** Opens the page and waits for the tree and the root's rights. */
async function openRights(page: Page) {
  await page.goto('/config/users/rights');
  await page.getByRole('heading', { level: 1, name: label('fr', 'config:menu.users_rights') }).waitFor();
  const tree = page.getByRole('tree', { name: t('tree.label') });
  await tree.waitFor();
  await page.getByRole('heading', { name: t('matrix.heading', { name: 'Administrateur' }) }).waitFor();
  return tree;
}

describe('roles and rights', () => {
  it('creates a child role, grants it a right, keeps it after a reload; fits 390 px', async () => {
    const { context, page } = await app.newPage();
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(`${app.url}/`);
    const tree = await openRights(page);
    await tree.getByRole('treeitem', { name: /Recruteur/ }).waitFor();
    assert.deepEqual(await seriousViolations(page), []);

    // A child of the selected root.
    await page.getByRole('button', { name: t('tree.add_child') }).click();
    const dialog = page.getByRole('dialog', { name: t('dialog.create_title', { name: 'Administrateur' }) });
    await dialog.getByRole('textbox', { name: t('dialog.name') }).fill('Assistant RH');
    await dialog.getByRole('button', { name: t('dialog.save') }).click();
    await page.getByText(t('dialog.created', { name: 'Assistant RH' })).waitFor();
    const created = tree.getByRole('treeitem', { name: /Assistant RH/ });
    await created.waitFor();
    assert.equal(await created.getAttribute('aria-level'), '2');

    // Select it with the keyboard, grant a right, save.
    await created.click();
    await page.getByRole('heading', { name: t('matrix.heading', { name: 'Assistant RH' }) }).waitFor();
    const grant = page.getByRole('checkbox', { name: t('actions.project_application.see'), exact: true });
    assert.equal(await grant.isChecked(), false);
    await grant.check();
    await page.getByText(t('matrix.unsaved')).waitFor();
    await screenshot(page, 'rights-unsaved-fr', { fullPage: false });
    await page.getByRole('button', { name: t('matrix.save') }).click();
    await page.getByText(t('matrix.saved', { name: 'Assistant RH' })).waitFor();

    // After a reload the role and its right are still there.
    await page.reload();
    await openRights(page);
    await tree.getByRole('treeitem', { name: /Assistant RH/ }).click();
    await page.getByRole('heading', { name: t('matrix.heading', { name: 'Assistant RH' }) }).waitFor();
    await page.getByRole('checkbox', { name: t('actions.project_application.see'), exact: true, checked: true }).waitFor();
    assert.equal(await page.getByRole('checkbox', { name: t('actions.project_application.see'), exact: true }).isChecked(), true);
    assert.equal(await page.getByRole('checkbox', { name: t('actions.project.list'), exact: true }).isChecked(), false);
    await screenshot(page, 'rights-fr');
    await context.close();

    // A phone: the tree above the matrix, no sideways scrolling.
    const phone = await app.newPage('fr-FR', { viewport: { width: 390, height: 844 } });
    await signIn(phone.page, 'admin@demo.test');
    await phone.page.waitForURL(`${app.url}/`);
    const phoneTree = await openRights(phone.page);
    const treeBox = await phoneTree.boundingBox();
    const matrixBox = await phone.page.getByRole('heading', { name: t('matrix.heading', { name: 'Administrateur' }) }).boundingBox();
    assert.ok(treeBox && matrixBox && treeBox.y < matrixBox.y, 'the tree stacks above the matrix');
    const overflow = await horizontalOverflow(phone.page);
    assert.ok(overflow.overflow <= 0, `sideways scroll at 390 px: ${JSON.stringify(overflow)}`);
    await phone.page.getByRole('heading', { name: t('tree.heading') }).scrollIntoViewIfNeeded();
    await screenshot(phone.page, 'rights-mobile-fr', { fullPage: false });
    await phone.context.close();
  });
});
