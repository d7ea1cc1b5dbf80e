import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Strict XML checks: fast-xml-parser, a devDependency of this package (the version s3rver uses).
import { parse as parseXml, validate as validateXml } from 'fast-xml-parser';
import { acceptedLanguages } from '../src/modules/career-site/career-site-language.ts';
import { textOf } from '../src/modules/career-site/career-site-public.service.ts';
import { apiAs, type Api } from './support/api.ts';
import { multipart } from './support/multipart.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';
import { careerSiteForm } from './support/career-site-form.ts';

const FORM = careerSiteForm({
  introductions: { fr: 'Groupe <industriel> & familial.', en: 'A family <group>.' },
  offer_fields: ['contract_type', 'location', 'salary', 'closing_date', 'reference'],
  privacy_notices: { fr: 'Vos données.', en: 'Your data.' },
});

/** What a hostile title tries: closing the JSON-LD script, opening an element, breaking XML. */
const HOSTILE = 'Soudeur </script><script>alert(1)</script> "H/F" & <b>';

describe('Accept-Language', () => {
  it('orders the languages by preference', () => {
    expect(acceptedLanguages('de-DE,de;q=0.9,en;q=0.8,fr;q=0.1')).toEqual(['de', 'de', 'en', 'fr']);
    expect(acceptedLanguages('en;q=0, es')).toEqual(['es']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
  it('reads the text of a description for its meta tag', () => {
    expect(
      textOf('<p>Atelier <strong>neuf</strong>.</p><p>R&amp;D &#233;t&#xE9; &nbsp;: oui</p>'),
    ).toBe('Atelier neuf. R&D été : oui');
  });
});

/**
 * Issue 37 part 2 (docs/career-site.md): the public site, rendered on the server: the list with
 * its search, filters and pages, the offer page with its JSON-LD and Open Graph tags, the sitemap
 * and the job-board feed; languages; 404 for what is not public; an old slug redirects; escaping.
 */
describe.each(testDatabases())('public career site on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let valmont: number;
  let mairie: number;
  let offerId: number;
  let hidden: { unpublished: number; archived: number; mairie: number };

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });
  const jsonLd = (html: string) => {
    const scripts = [
      ...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
    ];
    expect(scripts).toHaveLength(1);
    return JSON.parse(scripts[0]![1]!) as Record<string, unknown>;
  };
  const meta = (html: string, property: string) =>
    new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(html)?.[1];

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    const other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    valmont = (await admin.get('/api/me')).json<{ company_id: number }>().company_id;
    mairie = (await other.get('/api/me')).json<{ company_id: number }>().company_id;
    const saved = await admin.put('/api/config/career-site', FORM);
    expect(saved.statusCode, saved.body).toBe(200);

    const { db } = ctx.database;
    const offers = (companyId: number) =>
      db
        .selectFrom('offers')
        .select('id')
        .where('company_id', '=', companyId)
        .orderBy('id')
        .execute();
    const [mine, theirs] = await Promise.all([offers(valmont), offers(mairie)]);
    expect(mine.length).toBeGreaterThanOrEqual(3);
    // Valmont: one offer to read, everything else unpublished, one archived; the Mairie's published.
    await db
      .updateTable('offers')
      .set({ status: 'unpublished' })
      .where('company_id', '=', valmont)
      .execute();
    offerId = mine[0]!.id;
    hidden = { unpublished: mine[1]!.id, archived: mine[2]!.id, mairie: theirs[0]!.id };
    await db
      .updateTable('offers')
      .set({
        status: 'published',
        archived: false,
        job_position: HOSTILE,
        description: '<p>Atelier <strong>neuf</strong>.</p>',
        contract_type: 'cdi',
        location: 'Lyon 7e',
        remote: 'partial',
        salary_min: 30000,
        salary_max: 36000,
        closing_date: '2027-01-31',
        reference: 'VAL-001',
        published_at: '2026-11-02T09:00:00.000Z',
      })
      .where('id', '=', offerId)
      .execute();
    await db
      .updateTable('offers')
      .set({ status: 'published', archived: true })
      .where('id', '=', hidden.archived)
      .execute();
    await db
      .updateTable('offers')
      .set({ status: 'published', archived: false })
      .where('id', '=', hidden.mairie)
      .execute();
  });
  afterAll(async () => ctx?.close());

  it('lists the published offers, escaped, in the candidate’s language', async () => {
    const res = await get('/careers/valmont-recrute');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
    expect(res.headers.vary).toMatch(/Accept-Language/);
    const html = res.body;
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('1 offre');
    expect(html).toContain(
      'Soudeur &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;H/F&quot; &amp; &lt;b&gt;',
    );
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('Groupe &lt;industriel&gt; &amp; familial.');
    expect(html).toContain(
      `/careers/valmont-recrute/offers/${offerId}-soudeur-script-script-alert-1-script-h-f-b?lng=fr`,
    );
    expect(html).toMatch(/30[\s\u202f]000 – 36[\s\u202f]000 € par an/);
    expect(html).toContain('<form class="search" method="get"');
    expect(html).toContain('hreflang="en"');

    expect((await get('/careers/valmont-recrute?lng=en')).body).toContain('<html lang="en">');
    // German is not offered: the next preference that is.
    const accepted = await get('/careers/valmont-recrute', {
      'accept-language': 'de-DE,de;q=0.9,en;q=0.5',
    });
    expect(accepted.body).toContain('<html lang="en">');
    expect(accepted.body).toContain('1 job');
    // An unknown lng falls back to the browser's, then the company's.
    expect((await get('/careers/valmont-recrute?lng=xx')).body).toContain('<html lang="fr">');
  });

  it('searches and filters from the URL, and pages', async () => {
    const count = async (qs: string) =>
      /(\d+) offres?/.exec((await get(`/careers/valmont-recrute?${qs}`)).body)?.[1];
    expect(await count('q=SOUDEUR')).toBe('1');
    expect(await count('q=lyon')).toBe('1');
    expect(await count('q=boulanger')).toBe('0');
    expect(await count('q=%25')).toBe('0');
    expect(await count('contract=cdi')).toBe('1');
    expect(await count('contract=cdd')).toBe('0');
    expect(await count('contract=nonsense')).toBe('1');
    expect(await count('place=Lyon%207e&remote=partial')).toBe('1');
    expect(await count('remote=full')).toBe('0');
    expect(await count('subsidiary=999999')).toBe('0');
    expect(await count('page=99&q[]=x')).toBe('1');
    // A page past the last shows the last one.
    expect(
      (await get('/careers/valmont-recrute?page=99')).body.match(/<li class="offer">/g),
    ).toHaveLength(1);
    const filtered = (await get('/careers/valmont-recrute?contract=cdi')).body;
    expect(filtered).toContain('<option value="cdi" selected>CDI</option>');
    expect(filtered).toContain('Effacer la recherche');

    // 25 published offers: two pages, the filters kept in the links.
    const { db } = ctx.database;
    const extra = await db
      .selectFrom('offers')
      .select('id')
      .where('company_id', '=', valmont)
      .where('id', 'not in', [offerId, hidden.unpublished, hidden.archived])
      .orderBy('id')
      .limit(24)
      .execute();
    await db
      .updateTable('offers')
      .set({ status: 'published', archived: false, contract_type: 'cdi' })
      .where(
        'id',
        'in',
        extra.map((e) => e.id),
      )
      .execute();
    const total = 1 + extra.length;
    const first = (await get('/careers/valmont-recrute?contract=cdi')).body;
    expect(first).toContain(`${total} offres`);
    if (total > 20) {
      expect(first).toContain('rel="next" href="');
      expect(first).toContain('?contract=cdi&amp;page=2&amp;lng=fr');
      const second = (await get('/careers/valmont-recrute?contract=cdi&page=2')).body;
      expect(second.match(/<li class="offer">/g)).toHaveLength(total - 20);
      expect(second).toContain('rel="prev"');
    }
    await db
      .updateTable('offers')
      .set({ status: 'unpublished' })
      .where(
        'id',
        'in',
        extra.map((e) => e.id),
      )
      .execute();
  });

  it('shows an offer with its JSON-LD JobPosting and Open Graph tags', async () => {
    const res = await get(`/careers/valmont-recrute/offers/${offerId}`);
    expect(res.statusCode, res.body).toBe(200);
    const html = res.body;
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('<p>Atelier <strong>neuf</strong>.</p>');
    const posting = jsonLd(html);
    expect(posting).toMatchObject({
      '@context': 'https://schema.org/',
      '@type': 'JobPosting',
      title: HOSTILE,
      description: '<p>Atelier <strong>neuf</strong>.</p>',
      datePosted: '2026-11-02',
      validThrough: '2027-01-31T23:59:59',
      employmentType: 'FULL_TIME',
      hiringOrganization: { '@type': 'Organization', name: 'Groupe Valmont' },
      jobLocation: {
        '@type': 'Place',
        address: { '@type': 'PostalAddress', addressLocality: 'Lyon 7e', addressCountry: 'FR' },
      },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'EUR',
        value: { '@type': 'QuantitativeValue', minValue: 30000, maxValue: 36000, unitText: 'YEAR' },
      },
      identifier: { '@type': 'PropertyValue', value: 'VAL-001' },
      // The page holds the apply form (part 3, test/career-site-apply.test.ts).
      directApply: true,
    });
    expect(String(posting.url)).toMatch(
      new RegExp(`/careers/valmont-recrute/offers/${offerId}-soudeur`),
    );
    expect(meta(html, 'og:title')).toBe(
      'Soudeur &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;H/F&quot; &amp; &lt;b&gt; – Groupe Valmont',
    );
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'og:description')).toBe('Atelier neuf.');
    expect(html).toContain('<link rel="canonical" href="http://localhost');

    // A field the company hides leaves the page and the JSON-LD alike.
    const saved = await admin.put('/api/config/career-site', {
      ...FORM,
      offer_fields: ['location'],
    });
    expect(saved.statusCode).toBe(200);
    const lean = jsonLd((await get(`/careers/valmont-recrute/offers/${offerId}`)).body);
    expect(lean.baseSalary).toBeUndefined();
    expect(lean.employmentType).toBeUndefined();
    expect(lean.jobLocation).toBeDefined();
    expect((await admin.put('/api/config/career-site', FORM)).statusCode).toBe(200);
  });

  it('redirects a wrong readable part, and an old slug, to the canonical address', async () => {
    const wrong = await get(`/careers/valmont-recrute/offers/${offerId}-comptable?lng=en`);
    expect(wrong.statusCode).toBe(301);
    expect(wrong.headers.location).toMatch(
      new RegExp(`/careers/valmont-recrute/offers/${offerId}-soudeur-[a-z0-9-]+\\?lng=en$`),
    );
    const old = await get('/careers/groupe-valmont?q=soudeur');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toMatch(/\/careers\/valmont-recrute\?q=soudeur$/);
    const oldOffer = await get(`/careers/groupe-valmont/offers/${offerId}`);
    expect(oldOffer.headers.location).toMatch(
      new RegExp(`/careers/valmont-recrute/offers/${offerId}$`),
    );
  });

  it('answers 404 for what is not public: unpublished, archived, another company’s, unknown', async () => {
    for (const id of [hidden.unpublished, hidden.archived, hidden.mairie, 999_999_999]) {
      const res = await get(`/careers/valmont-recrute/offers/${id}`);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.body).toContain('Page introuvable');
    }
    expect((await get('/careers/valmont-recrute/offers/abc')).statusCode).toBe(404);
    expect((await get('/careers/nobody-here')).statusCode).toBe(404);
    expect((await get('/careers/UPPER')).statusCode).toBe(404);
    // The Mairie's site holds its own offer and none of Valmont's.
    const mairieSite = (await get('/careers/mairie-saint-aubin')).body;
    expect(mairieSite).toContain(`/offers/${hidden.mairie}-`);
    expect(mairieSite).not.toContain(`/offers/${offerId}-`);
  });

  it('shows the latest privacy notice in the page’s language, linked from every page', async () => {
    expect((await get('/careers/valmont-recrute')).body).toContain(
      'href="http://localhost:80/careers/valmont-recrute/privacy?lng=fr">Notice de confidentialité</a>',
    );
    const fr = await get('/careers/valmont-recrute/privacy');
    expect(fr.statusCode).toBe(200);
    expect(fr.body).toContain('<p>Vos données.</p>');
    expect(fr.body).toMatch(/Version 1 du \d{2}\/\d{2}\/\d{4}/);
    const en = await get('/careers/valmont-recrute/privacy', { 'accept-language': 'en' });
    expect(en.body).toContain('<p>Your data.</p>');
    expect((await get('/careers/groupe-valmont/privacy')).statusCode).toBe(301);
    // The Mairie never saved its site: no notice to show.
    expect((await get('/careers/mairie-saint-aubin/privacy')).statusCode).toBe(404);
  });

  it('writes a sitemap and a feed that parse as XML, the feed tracking its board', async () => {
    const sitemap = await get('/careers/valmont-recrute/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect(validateXml(sitemap.body)).toBe(true);
    const urls = (parseXml(sitemap.body) as { urlset: { url: { loc: string }[] } }).urlset.url;
    expect(urls.map((u) => u.loc)).toEqual([
      expect.stringMatching(/\/careers\/valmont-recrute$/),
      expect.stringMatching(new RegExp(`/careers/valmont-recrute/offers/${offerId}-soudeur`)),
    ]);

    const feed = await get('/careers/valmont-recrute/feed.xml?board=indeed');
    expect(feed.statusCode).toBe(200);
    expect(validateXml(feed.body)).toBe(true);
    const source = (
      parseXml(feed.body, { parseNodeValue: false }) as {
        source: { publisher: string; job: Record<string, string> };
      }
    ).source;
    expect(source.publisher).toBe('Groupe Valmont');
    const job = source.job;
    expect(job).toMatchObject({
      referencenumber: 'VAL-001',
      company: 'Groupe Valmont',
      city: 'Lyon 7e',
      country: 'FR',
      jobtype: 'CDI',
    });
    expect(feed.body).toContain(
      '<title>Soudeur &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;H/F&quot; &amp; &lt;b&gt;</title>',
    );
    expect(job.url).toMatch(
      new RegExp(`/careers/valmont-recrute/offers/${offerId}-soudeur[a-z0-9-]*\\?source=indeed$`),
    );
    expect((await get('/careers/valmont-recrute/feed.xml?board=nowhere')).statusCode).toBe(404);
    const plain = await get('/careers/valmont-recrute/feed.xml');
    expect(plain.body).not.toContain('source=');
    expect((await get('/careers/nobody-here/sitemap.xml')).statusCode).toBe(404);

    // A feed is built once and kept while nothing it shows changes; any change shows at once.
    expect((await get('/careers/valmont-recrute/feed.xml?board=indeed')).body).toBe(feed.body);
    const { db } = ctx.database;
    const before = await db
      .selectFrom('offers')
      .select(['description', 'updated_at'])
      .where('id', '=', offerId)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('offers')
      .set({
        description: '<p>Atelier rénové.</p>',
        updated_at: new Date(Date.now() + 1000).toISOString(),
      })
      .where('id', '=', offerId)
      .execute();
    try {
      const changed = await get('/careers/valmont-recrute/feed.xml?board=indeed');
      expect(changed.body).toContain('Atelier rénové');
      // Another offer published: in the feed at once.
      await db
        .updateTable('offers')
        .set({ status: 'published' })
        .where('id', '=', hidden.unpublished)
        .execute();
      const more = await get('/careers/valmont-recrute/feed.xml?board=indeed');
      expect(more.body.match(/<job>/g)).toHaveLength(2);
    } finally {
      await db
        .updateTable('offers')
        .set({ status: 'unpublished' })
        .where('id', '=', hidden.unpublished)
        .execute();
      await db.updateTable('offers').set(before).where('id', '=', offerId).execute();
    }
    // Built again from the same offers: the same feed, but for the time it was built.
    const built = (body: string) => body.replace(/<lastBuildDate>[^<]*<\/lastBuildDate>/, '');
    expect(built((await get('/careers/valmont-recrute/feed.xml?board=indeed')).body)).toBe(
      built(feed.body),
    );
  });

  it('serves the cover and the logo while shown, and no other image of the bank', async () => {
    expect((await get('/careers/valmont-recrute/logo')).statusCode).toBe(404);
    // Without a logo shown, no icon to fetch (browsers would otherwise ask the app for its own).
    expect((await get('/careers/valmont-recrute')).body).toContain(
      '<link rel="icon" href="data:,">',
    );
    const cookie = await signIn(ctx.app, 'admin@demo.test');
    const upload = async () => {
      const data = await sharp({
        create: { width: 40, height: 20, channels: 3, background: '#14532d' },
      })
        .png()
        .toBuffer();
      const body = multipart({}, [{ field: 'file', filename: 'c.png', data, type: 'image/png' }]);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/offer-images',
        payload: body.payload,
        headers: { ...body.headers, cookie },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number }>().id;
    };
    const [cover, other] = [await upload(), await upload()];
    expect((await get(`/careers/valmont-recrute/images/${cover}`)).statusCode).toBe(404);
    const saved = await admin.put('/api/config/career-site', { ...FORM, cover_image_id: cover });
    expect(saved.statusCode).toBe(200);
    const file = await get(`/careers/valmont-recrute/images/${cover}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const thumb = await get(`/careers/valmont-recrute/images/${cover}?size=thumbnail`);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await get(`/careers/valmont-recrute/images/${other}`)).statusCode).toBe(404);
    expect((await get(`/careers/mairie-saint-aubin/images/${cover}`)).statusCode).toBe(404);
    expect((await get('/careers/valmont-recrute')).body).toContain(
      `<img class="cover" src="http://localhost:80/careers/valmont-recrute/images/${cover}" alt="">`,
    );
    expect((await admin.put('/api/config/career-site', FORM)).statusCode).toBe(200);
  });

  it('is answered by the career site, not the web app, and limits each address', async () => {
    const res = await get('/careers/valmont-recrute', { 'x-forwarded-for': '203.0.113.9' });
    expect(res.body).toContain('<h1>');
    let last = 200;
    for (let i = 0; i < 320 && last !== 429; i += 1)
      last = (
        await ctx.app.inject({
          method: 'GET',
          url: '/careers/nobody-here',
          remoteAddress: '198.51.100.7',
        })
      ).statusCode;
    expect(last).toBe(429);
    // Another address is not held back.
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/careers/valmont-recrute',
          remoteAddress: '198.51.100.8',
        })
      ).statusCode,
    ).toBe(200);
  });
});
