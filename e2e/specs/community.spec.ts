import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { signIn, useApp } from '../support/app.ts';
import { horizontalOverflow, screenshot, seriousViolations } from '../support/browser.ts';
import { saveCareerSite } from '../support/career-site.ts';
import { label } from '../support/labels.ts';

const app = useApp();

const t = (lng: string, key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce(
    (text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)),
    label(lng, `community:${key}`),
  );

/** The site with its talent community open, as both tests need it. */
const COMMUNITY_SITE = {
  offer_fields: ['contract_type', 'location'],
  privacy_notices: {
    fr: 'Vos données servent au recrutement, deux ans.',
    en: 'Your data serves hiring, two years.',
  },
  talent_community: true,
};

describe('talent community', () => {
  it('a candidate joins on a phone without JavaScript; a recruiter finds them in /community and invites them', async () => {
    // The company opens its community (French and English offered) and publishes an offer.
    const admin = await app.newPage('fr-FR', { viewport: { width: 1366, height: 900 } });
    await signIn(admin.page, 'admin@demo.test');
    await admin.page.waitForURL(`${app.url}/`);
    await saveCareerSite(admin.page, COMMUNITY_SITE);
    const offer = await admin.page.evaluate(async () => {
      const offers = await fetch('/api/projects/all/offers?filter[status]=published&per_page=1');
      const page = (await offers.json()) as { data: { id: number; job_position: string }[] };
      return page.data[0]!;
    });
    assert.ok(offer, 'a published offer in the demo data');

    // A fresh context: a phone, no session, no JavaScript.
    const phone = await app.newPage('fr-FR', {
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    const res = await phone.page.goto('/careers/groupe-valmont/community');
    assert.equal(res?.status(), 200);
    await phone.page
      .getByRole('heading', { level: 1, name: /Rejoindre la communauté talents/ })
      .waitFor();
    await phone.page.getByRole('textbox', { name: 'Prénom *', exact: true }).fill('Inès');
    await phone.page.getByRole('textbox', { name: 'Nom *', exact: true }).fill('Garnier');
    await phone.page
      .getByRole('textbox', { name: 'Adresse e-mail *' })
      .fill('ines.garnier@example.org');
    await phone.page.getByRole('textbox', { name: /Téléphone/ }).fill('+33 6 11 22 33 44');
    const overflow = await horizontalOverflow(phone.page);
    assert.ok(overflow.overflow <= 0, `sideways scroll: ${JSON.stringify(overflow)}`);
    // Consent missing: the form comes back with the error and what was typed.
    await phone.page.getByRole('button', { name: 'Rejoindre la communauté' }).click();
    await phone.page.getByRole('alert').first().waitFor();
    assert.equal(
      await phone.page.getByRole('textbox', { name: 'Prénom *', exact: true }).inputValue(),
      'Inès',
    );
    await screenshot(phone.page, 'community-join-error-fr-390');
    await phone.page
      .getByRole('checkbox', { name: /J’accepte que Groupe Valmont conserve mes données/ })
      .check();
    await phone.page.getByRole('button', { name: 'Rejoindre la communauté' }).click();
    await phone.page.getByRole('heading', { level: 1, name: /^Merci/ }).waitFor();
    await screenshot(phone.page, 'community-join-done-fr-390');
    await phone.context.close();

    // The same page in English on a desktop (scripting on for axe; the page has none of its own).
    const desktop = await app.newPage('en-US', { viewport: { width: 1366, height: 900 } });
    await desktop.page.goto('/careers/groupe-valmont/community');
    await desktop.page
      .getByRole('heading', { level: 1, name: /Join Groupe Valmont's talent community/ })
      .waitFor();
    assert.equal(await desktop.page.locator('script').count(), 0);
    assert.deepEqual(await seriousViolations(desktop.page), []);
    await screenshot(desktop.page, 'community-join-en-1366');
    await desktop.context.close();

    // The recruiter finds the member and invites them to apply.
    await admin.page.goto('/community');
    await admin.page.getByRole('heading', { level: 1, name: t('fr', 'title') }).waitFor();
    await admin.page.getByRole('searchbox', { name: t('fr', 'filters.search') }).fill('garnier');
    const link = admin.page.getByRole('link', { name: 'Inès Garnier' });
    await link.waitFor();
    assert.deepEqual(await seriousViolations(admin.page), []);
    await screenshot(admin.page, 'community-area-fr-1366');
    await link.click();
    await admin.page.getByRole('heading', { level: 1, name: 'Inès Garnier' }).waitFor();
    await admin.page.getByText(t('fr', 'consent.active')).waitFor();
    await admin.page.getByRole('button', { name: t('fr', 'member.invite') }).click();
    const dialog = admin.page.getByRole('dialog', { name: t('fr', 'invite_dialog.title') });
    await dialog
      .getByRole('radio', {
        name: new RegExp(offer.job_position.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      })
      .check({ force: true });
    await dialog.getByRole('button', { name: t('fr', 'invite_dialog.submit') }).click();
    await admin.page
      .getByText(t('fr', 'invite_dialog.done', { name: 'Inès Garnier', offer: offer.job_position }))
      .waitFor();
    assert.deepEqual(await seriousViolations(admin.page), []);
    await screenshot(admin.page, 'community-member-fr-1366');
    const mails = await admin.page.evaluate(async () => {
      const res = await fetch('/api/dev/mail-outbox?limit=20');
      return (await res.json()) as { to: string; subject: string }[];
    });
    assert.ok(
      mails.some(
        (m) => m.to === 'ines.garnier@example.org' && m.subject.includes(offer.job_position),
      ),
      JSON.stringify(mails.slice(0, 3)),
    );
    await admin.context.close();

    // The area in English on a phone: no sideways scroll, the community stays in the menu.
    const mobile = await app.newPage('en-US', { viewport: { width: 390, height: 844 } });
    await signIn(mobile.page, 'admin@demo.test');
    await mobile.page.waitForURL(`${app.url}/`);
    await mobile.page.evaluate(async () => {
      await fetch('/api/user_profile/language', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ language: 'en' }),
      });
      localStorage.setItem('i18nextLng', 'en');
    });
    await mobile.page.goto('/community?consent=active');
    await mobile.page.getByRole('heading', { level: 1, name: t('en', 'title') }).waitFor();
    await mobile.page.getByRole('link', { name: 'Inès Garnier' }).waitFor();
    const mobileOverflow = await horizontalOverflow(mobile.page);
    assert.ok(mobileOverflow.overflow <= 0, `sideways scroll: ${JSON.stringify(mobileOverflow)}`);
    await screenshot(mobile.page, 'community-area-en-390');
    await mobile.context.close();
  });

  it('a recruiter selects two members and writes to them; both e-mails in the outbox (1366 fr, 390 en)', async () => {
    const admin = await app.newPage('fr-FR', { viewport: { width: 1366, height: 900 } });
    await signIn(admin.page, 'admin@demo.test');
    await admin.page.waitForURL(`${app.url}/`);
    // The community open (as above), and two people join from the public form.
    await saveCareerSite(admin.page, COMMUNITY_SITE);
    await admin.page.evaluate(async () => {
      const form = await (await fetch('/careers/groupe-valmont/community')).text();
      const version = /name="notice_version" value="(\d+)"/.exec(form)?.[1] ?? '1';
      for (const [firstname, lastname] of [
        ['Nora', 'Lemaire'],
        ['Yann', 'Caron'],
      ]) {
        const body = new FormData();
        body.set('firstname', firstname!);
        body.set('lastname', lastname!);
        body.set('email', `${firstname!.toLowerCase()}.groupemail@example.org`);
        body.set('consent', 'yes');
        body.set('notice_version', version);
        const joined = await fetch('/careers/groupe-valmont/community', { method: 'POST', body });
        if (!joined.ok) throw new Error(`join: ${joined.status}`);
      }
    });
    await admin.page.goto('/community?q=groupemail');
    await admin.page.getByRole('heading', { level: 1, name: t('fr', 'title') }).waitFor();
    for (const name of ['Nora Lemaire', 'Yann Caron'])
      await admin.page
        .getByRole('checkbox', { name: t('fr', 'selection.select', { name }) })
        .check();
    await admin.page
      .getByRole('toolbar', { name: t('fr', 'selection.label') })
      .getByRole('button', { name: t('fr', 'selection.email') })
      .click();
    const dialog = admin.page.getByRole('dialog', { name: label('fr', 'multicast:title') });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: label('fr', 'multicast:content.free') }).check();
    await dialog
      .getByRole('textbox', { name: new RegExp(`^${label('fr', 'multicast:free.subject')}`) })
      .fill('Des nouvelles de Groupe Valmont');
    await dialog
      .getByRole('textbox', { name: new RegExp(`^${label('fr', 'multicast:free.body')}`) })
      .fill('Bonjour, de nouvelles offres sont en ligne.');
    assert.deepEqual(await seriousViolations(admin.page), []);
    await screenshot(admin.page, 'community-mailing-fr-1366', { fullPage: false });
    const submit = label('fr', 'multicast:members.submit_other').replace('{{count}}', '2');
    await dialog.getByRole('button', { name: submit }).click();
    await dialog
      .getByRole('status')
      .getByText(label('fr', 'multicast:progress.done'))
      .waitFor({ timeout: 30_000 });
    // Both e-mails in the development outbox, each with the community's leave link.
    for (const to of ['nora.groupemail@example.org', 'yann.groupemail@example.org']) {
      let mail: { to: string; subject: string; text: string } | undefined;
      for (let i = 0; i < 60 && !mail; i += 1) {
        const outbox = (await (await admin.page.request.get('/api/dev/mail-outbox')).json()) as {
          to: string;
          subject: string;
          text: string;
        }[];
        mail = outbox.find(
          (m) => m.to.includes(to) && m.subject === 'Des nouvelles de Groupe Valmont',
        );
        if (!mail) await admin.page.waitForTimeout(500);
      }
      assert.ok(mail, `the e-mail to ${to} is in the outbox`);
      assert.match(mail.text, /Bonjour, de nouvelles offres sont en ligne\./);
      assert.match(mail.text, /\/careers\/groupe-valmont\/community\/member\//);
    }
    await admin.context.close();

    // The same selection and dialog in English on a phone: no sideways scroll.
    const mobile = await app.newPage('en-US', { viewport: { width: 390, height: 844 } });
    await signIn(mobile.page, 'admin@demo.test');
    await mobile.page.waitForURL(`${app.url}/`);
    await mobile.page.evaluate(async () => {
      await fetch('/api/user_profile/language', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ language: 'en' }),
      });
      localStorage.setItem('i18nextLng', 'en');
    });
    await mobile.page.goto('/community?q=groupemail');
    await mobile.page.getByRole('heading', { level: 1, name: t('en', 'title') }).waitFor();
    await mobile.page.getByRole('checkbox', { name: t('en', 'selection.select_page') }).check();
    await mobile.page
      .getByRole('toolbar', { name: t('en', 'selection.label') })
      .getByRole('button', { name: t('en', 'selection.email') })
      .click();
    const mobileDialog = mobile.page.getByRole('dialog', { name: label('en', 'multicast:title') });
    await mobileDialog.waitFor();
    await mobileDialog
      .getByText(label('en', 'multicast:members.submit_other').replace('{{count}}', '2'))
      .waitFor();
    const overflow = await horizontalOverflow(mobile.page);
    assert.ok(overflow.overflow <= 0, `sideways scroll: ${JSON.stringify(overflow)}`);
    await screenshot(mobile.page, 'community-mailing-en-390', { fullPage: false });
    await mobile.context.close();
  });
});
