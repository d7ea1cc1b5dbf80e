import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { signIn, useApp } from '../support/app.ts';
import { horizontalOverflow, screenshot } from '../support/browser.ts';
import { label } from '../support/labels.ts';

const app = useApp();

/** A string of a namespace with its `{{…}}` values filled in. */
const t = (language: string, key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)), label(language, key));

type Setup = { offerId: number; projectId: number; jobPosition: string; applicationId: number; applicantId: number };

/**
 * Through the API as the signed-in admin: offer fields Budget (amount) and Urgent (yes/no) and an
 * application field Niveau, all shown in lists; one offer holding applications gets its values.
 */
async function setUp(page: Page): Promise<Setup> {
  // The page's context shares its session cookie with these requests (no Origin: accepted).
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown) => {
    const res = await page.request.fetch(url, { method, data });
    assert.ok(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`);
    return res.json();
  };
  const field = (body: object) => call('POST', '/api/custom-fields', { show_in_list: true, ...body });
  const budget = await field({ entity: 'offer', type: 'currency', label: 'Budget' });
  const urgent = await field({ entity: 'offer', type: 'yes_no', label: 'Urgent' });
  await field({ entity: 'application', type: 'single_choice', label: 'Niveau', options: ['Junior', 'Senior'] });
  const offers = await call('GET', '/api/projects/all/offers?per_page=100');
  const offer = offers.data.find((o: { total_applications: number }) => o.total_applications > 0);
  await call('PUT', `/api/projects/${offer.project_id}/offers/${offer.id}`, { custom_fields: { [budget.id]: 420050, [urgent.id]: true } });
  const applications = await call('GET', `/api/projects/${offer.project_id}/offers/${offer.id}/applications?page=1`);
  const application = applications.data[0];
  return { offerId: offer.id, projectId: offer.project_id, jobPosition: offer.job_position, applicationId: application.id, applicantId: application.applicant_id };
}

describe('custom fields in lists', () => {
  it('shows list fields as columns, filters on one, edits an application’s values (French, 1366 and 390 px)', async () => {
    const { context, page } = await app.newPage('fr-FR', { viewport: { width: 1366, height: 900 } });
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(`${app.url}/`);
    const setup = await setUp(page);

    // The offer list: a line per list field under the offer's name, the amount in euros.
    await page.goto('/projects/all/offers');
    const table = page.getByRole('table', { name: label('fr', 'projects:all_offers') });
    const row = table.getByRole('row', { name: new RegExp(setup.jobPosition.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')) }).first();
    await row.getByText(t('fr', 'customFields:values.term', { label: 'Budget' })).waitFor();
    await row.getByText(/4\s?200,50\s?€/).waitFor();

    // The filter: Urgent = Oui keeps this offer only, in the address too.
    await page.getByRole('button', { name: t('fr', 'projects:filters.more') }).click();
    const group = page.getByRole('group', { name: t('fr', 'customFields:filter.legend') });
    await group.getByRole('combobox', { name: t('fr', 'customFields:filter.field') }).selectOption({ label: 'Urgent' });
    await group.getByRole('combobox', { name: t('fr', 'customFields:filter.value', { label: 'Urgent' }) }).selectOption({ label: t('fr', 'customFields:inputs.yes') });
    await page.waitForURL(/custom_field=\d+&custom_value=1|custom_value=1&/);
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 1);
    await table.scrollIntoViewIfNeeded();
    await screenshot(page, 'custom-field-lists-offers-fr', { fullPage: false });

    // The applicant screen: the application's own card, saved.
    await page.goto(`/applicants/${setup.applicantId}?application=${setup.applicationId}`);
    const card = page.getByRole('region', { name: t('fr', 'customFields:application_card.title', { title: setup.jobPosition }) });
    await card.getByRole('combobox', { name: 'Niveau' }).selectOption('Senior');
    await card.getByRole('button', { name: t('fr', 'customFields:inputs.save') }).click();
    await page.getByText(t('fr', 'customFields:inputs.saved')).waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'custom-field-lists-application-card-fr', { fullPage: false });

    // The offer's application list shows it on the row.
    await page.goto(`/projects/${setup.projectId}/offer/${setup.offerId}?view=list`);
    await page.getByText(t('fr', 'customFields:values.term', { label: 'Niveau' })).first().waitFor();
    const senior = page.getByRole('table').getByText('Senior', { exact: true });
    await senior.waitFor();
    await senior.scrollIntoViewIfNeeded();
    await screenshot(page, 'custom-field-lists-applications-fr', { fullPage: false });
    await context.close();

    // A phone: the offer's card carries the line, without a sideways scroll.
    const phone = await app.newPage('fr-FR', { viewport: { width: 390, height: 844 } });
    await signIn(phone.page, 'admin@demo.test');
    await phone.page.waitForURL(`${app.url}/`);
    await phone.page.goto('/projects/all/offers');
    const line = phone.page.getByText(t('fr', 'customFields:values.term', { label: 'Budget' })).first();
    await line.waitFor();
    await line.scrollIntoViewIfNeeded();
    const overflow = await horizontalOverflow(phone.page);
    assert.ok(overflow.overflow <= 0, `sideways scroll: ${JSON.stringify(overflow)}`);
    await screenshot(phone.page, 'custom-field-lists-offers-mobile-fr', { fullPage: false });
    await phone.context.close();
  });
});
