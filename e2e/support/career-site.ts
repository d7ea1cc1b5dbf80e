import type { Page } from 'playwright-core';

/** The demo company's career-site settings that the specs start from (PUT /api/config/career-site). */
export type CareerSiteSettings = {
  offer_fields: string[];
  privacy_notices: Record<string, string>;
  talent_community: boolean;
};

/**
 * Publishes Groupe Valmont's career site at `/careers/groupe-valmont` in French and English with
 * `settings`, through the API in `page`'s session (an administrator's). Throws on a refusal.
 */
export async function saveCareerSite(page: Page, settings: CareerSiteSettings): Promise<void> {
  const answer = await page.evaluate(async (values) => {
    const res = await fetch('/api/config/career-site', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        slug: 'groupe-valmont',
        show_logo: true,
        primary_color: '#14532d',
        accent_color: '#9a3412',
        cover_image_id: null,
        languages: ['fr', 'en'],
        introductions: {},
        ...values,
      }),
    });
    return res.ok ? '' : `${res.status} ${await res.text()}`;
  }, settings);
  if (answer) throw new Error(`career site: ${answer}`);
}
