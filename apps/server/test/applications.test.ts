import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, projectId, type Api } from './support/api.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

type Item = {
  id: number;
  applicant_id: number;
  offer_id: number | null;
  project_id: number | null;
  status: { id: number; name: string };
  statutApplicant: number;
  motif_id: number | null;
  recruited_at: string | null;
  idjobboard_provenance: number | null;
  firstname: string;
  lastname: string;
  tags: string[];
  tests_count: number;
  created_at: string;
};
type Offer = { id: number; project_id: number; total_applications?: number };

describe.each(testDatabases())('applications on $dialect', (testDb) => {
  let ctx: TestContext;
  let adminCookie: string;
  let admin: Api;
  let other: Api;
  let manager: Api;
  let offer: Offer;
  let base: string;
  let all: Item[];
  let theirs: Item;
  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    adminCookie = await signIn(ctx.app, 'admin@demo.test');
    admin = apiAs(ctx.app, adminCookie);
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    manager = apiAs(ctx.app, await signIn(ctx.app, 'manager@demo.test'));
    const offers = (
      await admin.get('/api/projects/all/offers?per_page=100&filter[status]=published')
    ).json().data as Offer[];
    // The offer with the most applications.
    let best = { offer: offers[0]!, n: -1 };
    for (const o of offers) {
      const n = (
        (
          await admin.get(`/api/projects/${o.project_id}/offers/${o.id}/applications`)
        ).json() as Item[]
      ).length;
      if (n > best.n) best = { offer: o, n };
    }
    offer = best.offer;
    base = `/api/projects/${offer.project_id}/offers/${offer.id}/applications`;
    all = (await admin.get(base)).json();
    const theirOffer = (await other.get('/api/projects/all/offers?filter[status]=published')).json()
      .data[0] as Offer;
    theirs = (
      await other.get(`/api/projects/${theirOffer.project_id}/offers/${theirOffer.id}/applications`)
    ).json()[0];
  });
  afterAll(() => ctx.close());

  it('lists the default statuses with fixed ids and the motifs', async () => {
    const statuses = (await admin.get('/api/statuses')).json();
    expect(statuses.map((s: { id: number; name: string }) => [s.id, s.name])).toEqual([
      [1, 'new'],
      [2, 'preselected'],
      [3, 'phone_interview'],
      [4, 'interview'],
      [5, 'offer_sent'],
      [6, 'recruited'],
      [7, 'refused'],
      [8, 'withdrawn'],
    ]);
    expect(statuses.every((s: { default_status: boolean }) => s.default_status)).toBe(true);
    const motifs = (await admin.get('/api/motifs')).json();
    expect(motifs.length).toBeGreaterThan(3);
    expect(motifs[0]).toMatchObject({ id: 1, default_motif: true });
    expect((await apiAs(ctx.app).get('/api/statuses')).statusCode).toBe(401);
  });

  it('lists an offer’s applications unpaged and paged, newest first', async () => {
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(all[0]).toMatchObject({
      offer_id: offer.id,
      spontaneous: false,
      application_id: all[0]!.id,
    });
    expect(all[0]!.statutApplicant).toBe(all[0]!.status.id);
    const dates = all.map((a) => a.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const page = (await admin.get(`${base}?page=1&per_page=2`)).json();
    expect(page).toMatchObject({ current_page: 1, per_page: 2, total: all.length });
    expect(page.data).toHaveLength(2);
    expect(page.last_page).toBe(Math.ceil(all.length / 2));
    const byName = (await admin.get(`${base}?sort=lastname`)).json() as Item[];
    const names = byName.map((a) => a.lastname);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await admin.get(`${base}?order=-status_id`)).statusCode).toBe(200);
    expect((await admin.get(`${base}?sort=password`)).statusCode).toBe(422);
  });

  it('filters by statuses, search, scope_range, motifs, job boards and tests', async () => {
    const get = async (q: string) => {
      const res = await admin.get(`${base}?${q}`);
      expect(res.statusCode).toBe(200);
      return res.json() as Item[];
    };
    const news = await get('filter[statuses]=1');
    expect(news.length).toBe(all.filter((a) => a.status.id === 1).length);
    const two = await get('filter[statuses]=1,2');
    expect(two.every((a) => [1, 2].includes(a.status.id))).toBe(true);
    const first = all[0]!;
    const found = await get(`filter[search]=${encodeURIComponent(first.lastname.toLowerCase())}`);
    expect(found.map((a) => a.id)).toContain(first.id);
    expect(await get('filter[search]=zzzzqqq')).toEqual([]);
    // Paged, the same matches with their total (one statement), past the last page too.
    const name = encodeURIComponent(first.lastname.toLowerCase());
    for (const page of [1, found.length + 1]) {
      const paged = (
        await admin.get(`${base}?page=${page}&per_page=1&filter[search]=${name}`)
      ).json();
      expect(paged.total).toBe(found.length);
      expect(paged.data.map((a: Item) => a.id)).toEqual(
        found.slice(page - 1, page).map((a) => a.id),
      );
      expect(paged.data[0] ?? {}).not.toHaveProperty('window_total');
    }
    const day = first.created_at.slice(0, 10);
    const ranged = await get(`filter[scope_range]=${day},${day}`);
    expect(ranged.every((a) => a.created_at.slice(0, 10) === day)).toBe(true);
    expect(ranged.map((a) => a.id)).toContain(first.id);
    expect((await admin.get(`${base}?filter[scope_range]=2024-13-01,`)).statusCode).toBe(422);
    const board = first.idjobboard_provenance!;
    const boards = await get(`filter[job_boards]=${board}`);
    expect(boards.length).toBeGreaterThan(0);
    expect(boards.every((a) => a.idjobboard_provenance === board)).toBe(true);
    const tested = await get(
      'filter[tests]=' +
        (await admin.get('/api/assessment-tests'))
          .json()
          .map((t: { id: number }) => t.id)
          .join(','),
    );
    expect(tested.every((a) => a.tests_count > 0)).toBe(true);
    const refused = (await get('filter[motifs]=1,2,3,4,5,6,7')).every((a) => a.motif_id !== null);
    expect(refused).toBe(true);
    expect((await admin.get(`${base}?filter[statuses]=abc`)).statusCode).toBe(422);
  });

  it('counts the board’s columns under the filters', async () => {
    const res = await admin.get(`${base}/counts`);
    expect(res.statusCode).toBe(200);
    const counts = res.json();
    expect(counts.total).toBe(all.length);
    expect(counts.statuses).toHaveLength(8);
    for (const s of counts.statuses) {
      expect(s.count).toBe(all.filter((a) => a.status.id === s.id).length);
    }
    const none = (await admin.get(`${base}/counts?filter[search]=zzzzqqq`)).json();
    expect(none.total).toBe(0);
  });

  it('changes a status: 6 stamps recruited_at, any other clears it, refusal needs a motif', async () => {
    const target = all[0]!;
    const put = (body: object) =>
      admin.put(`${base}/statuses`, { application_id: target.id, ...body });
    const hired = await put({ status_id: 6 });
    expect(hired.statusCode).toBe(200);
    expect(hired.json()).toMatchObject({
      statutApplicant: 6,
      status: { id: 6, name: 'recruited' },
    });
    expect(hired.json().recruited_at).toMatch(/^\d{4}-/);
    const back = (await put({ status_id: 3 })).json();
    expect(back.recruited_at).toBeNull();
    const refused = await put({ status_id: 7 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ motif_id: ['field_required'] });
    const withMotif = await put({ status_id: 7, motif_id: 2 });
    expect(withMotif.json()).toMatchObject({ statutApplicant: 7, motif_id: 2 });
    expect(withMotif.json().motif_name).toBeTruthy();
    expect((await put({ status_id: 99 })).statusCode).toBe(422);
    expect((await put({ status_id: 7, motif_id: 999 })).statusCode).toBe(422);
    // Another company's application, through this offer or theirs.
    expect(
      (await admin.put(`${base}/statuses`, { application_id: theirs.id, status_id: 2 })).statusCode,
    ).toBe(404);
    const theirsBase = `/api/projects/${theirs.project_id}/offers/${theirs.offer_id}/applications`;
    expect(
      (await admin.put(`${theirsBase}/statuses`, { application_id: theirs.id, status_id: 2 }))
        .statusCode,
    ).toBe(404);
    // The manager reads but may not change statuses.
    expect(
      (await manager.put(`${base}/statuses`, { application_id: target.id, status_id: 2 }))
        .statusCode,
    ).toBe(403);
  });

  it('answers an application, its motivation, documents, tests; another company’s is not found', async () => {
    const item = all.find((a) => a.tests_count > 0) ?? all[0]!;
    const detail = await admin.get(`/api/applications/${item.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: item.id, applicant: { id: item.applicant_id } });
    expect(detail.json().applicant.cv).toMatchObject({ mime: 'application/pdf' });
    expect((await admin.get(`/api/applications/${item.id}/motivation`)).json()).toHaveProperty(
      'motivation',
    );
    expect((await admin.get(`/api/applications/${item.id}/documents`)).json()).toEqual([]);
    const tests = (await admin.get(`/api/applications/${item.id}/tests/list`)).json();
    expect(tests.length).toBe(item.tests_count);
    for (const path of ['', '/motivation', '/documents', '/tests/list', '/summary']) {
      expect((await admin.get(`/api/applications/${theirs.id}${path}`)).statusCode).toBe(404);
    }
    expect((await admin.get('/api/applications/999999')).statusCode).toBe(404);
  });

  it('carries the offer’s project documents setting on every item; spontaneous ones allow documents', async () => {
    type Flagged = Item & { documents_enabled: boolean };
    const seasonal = await projectId(admin, 'Renforts saisonniers – été');
    const seasonalOffers = (await admin.get(`/api/projects/${seasonal}/offers?per_page=100`)).json()
      .data as Offer[];
    let seasonalItems: Flagged[] = [];
    let seasonalBase = '';
    for (const o of seasonalOffers) {
      seasonalBase = `/api/projects/${seasonal}/offers/${o.id}/applications`;
      seasonalItems = (await admin.get(seasonalBase)).json();
      if (seasonalItems.length) break;
    }
    expect(seasonalItems.length).toBeGreaterThan(0);
    expect(seasonalItems.every((a) => a.documents_enabled === false)).toBe(true);
    const paged = (await admin.get(`${seasonalBase}?page=1&per_page=5`)).json();
    expect(paged.data.every((a: Flagged) => a.documents_enabled === false)).toBe(true);
    const one = seasonalItems[0]!;
    expect((await admin.get(`/api/applications/${one.id}`)).json().documents_enabled).toBe(false);
    // The offer's own detail says it too, under its project and from the "all" list.
    for (const ref of [seasonal, 'all']) {
      const detail = await admin.get(`/api/projects/${ref}/offers/${one.offer_id}`);
      expect(detail.json().documents_enabled).toBe(false);
    }
    expect((await admin.get(`/api/projects/all/offers/${offer.id}`)).json().documents_enabled).toBe(
      offer.project_id !== seasonal,
    );
    // The motivation route answers as before: the rule is the web's.
    const motivation = await admin.get(`/api/applications/${one.id}/motivation`);
    expect(motivation.statusCode).toBe(200);
    expect(motivation.json()).toHaveProperty('motivation');

    // The applicant's overview and the treatment list say the same.
    const overview = (
      await admin.get(`/api/applicants/${one.applicant_id}/applications-overview`)
    ).json() as { id: number; offer_id: number | null; documents_enabled: boolean }[];
    expect(overview.find((a) => a.id === one.id)!.documents_enabled).toBe(false);
    const treatment = (
      await admin.get(`/api/treatment/applications?offers=${one.offer_id}&statuses=1,2,3,4,5,6,7,8`)
    ).json();
    expect(treatment.data.length).toBeGreaterThan(0);
    expect(treatment.data.every((a: Flagged) => a.documents_enabled === false)).toBe(true);

    // Elsewhere documents are on, and spontaneous applications (no project) allow them.
    if (offer.project_id !== seasonal) {
      expect((await admin.get(base)).json().every((a: Flagged) => a.documents_enabled)).toBe(true);
    }
    const spontaneous = (await admin.get('/api/treatment/spontaneous')).json().data as Flagged[];
    expect(spontaneous.length).toBeGreaterThan(0);
    expect(spontaneous.every((a) => a.documents_enabled === true)).toBe(true);

    // The items follow the project's setting as it changes.
    const put = (documents_enabled: boolean) =>
      admin.put(`/api/projects/${seasonal}`, {
        name: 'Renforts saisonniers – été',
        type: 1,
        documents_enabled,
      });
    expect((await put(true)).statusCode).toBe(200);
    expect((await admin.get(seasonalBase)).json().every((a: Flagged) => a.documents_enabled)).toBe(
      true,
    );
    expect((await put(false)).statusCode).toBe(200);
    // Another company's application is still not found.
    expect((await admin.get(`/api/applications/${theirs.id}`)).statusCode).toBe(404);
  });

  it('hides applications of offers a user does not see (403) and needs the permission', async () => {
    const list = (await manager.get('/api/projects/all/offers?per_page=100')).json()
      .data as Offer[];
    const visible = new Set(list.map((o) => o.id));
    if (!visible.has(offer.id)) {
      expect((await manager.get(base)).statusCode).toBe(403);
      expect((await manager.get(`/api/applications/${all[0]!.id}`)).statusCode).toBe(403);
    }
    const recruiter = apiAs(ctx.app, await signIn(ctx.app, 'recruiter@demo.test'));
    expect((await recruiter.get(base)).statusCode).toBe(200);
  });

  it('lists applications to treat across offers and spontaneous ones, and changes them in bulk', async () => {
    const res = await admin.get('/api/treatment/applications?per_page=100');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.total).toBeGreaterThan(0);
    expect(page.data.every((a: Item) => a.status.id === 1 && a.offer_id !== null)).toBe(true);
    const offers = (await admin.get('/api/treatment/applications/offers')).json();
    expect(offers.reduce((n: number, o: { to_treat: number }) => n + o.to_treat, 0)).toBe(
      page.total,
    );
    // Paged (the web app's call): the same offers in the same order, searched by job position.
    type Choice = { id: number; job_position: string; to_treat: number };
    const first = (await admin.get('/api/treatment/applications/offers?page=1&per_page=2')).json();
    expect(first).toMatchObject({ current_page: 1, per_page: 2, total: offers.length });
    expect(first.data).toEqual(offers.slice(0, 2));
    const second = (await admin.get('/api/treatment/applications/offers?page=2&per_page=2')).json();
    expect(second.data).toEqual(offers.slice(2, 4));
    const word = (offers[0] as Choice).job_position.split(' ')[0]!;
    const byPosition = (
      await admin.get(
        `/api/treatment/applications/offers?page=1&per_page=100&search=${encodeURIComponent(word.toUpperCase())}`,
      )
    ).json();
    expect(byPosition.data).toEqual(
      offers.filter((o: Choice) => o.job_position.toLowerCase().includes(word.toLowerCase())),
    );
    expect(byPosition.total).toBe(byPosition.data.length);
    const chosen = (
      await admin.get(
        `/api/treatment/applications/offers?page=1&offers=${(offers[1] as Choice).id}`,
      )
    ).json();
    expect(chosen).toMatchObject({ total: 1, data: [offers[1]] });
    const one = page.data[0] as Item;
    const byOffer = (await admin.get(`/api/treatment/applications?offers=${one.offer_id}`)).json();
    expect(byOffer.data.every((a: Item) => a.offer_id === one.offer_id)).toBe(true);
    const searched = (
      await admin.get(`/api/treatment/applications?search=${encodeURIComponent(one.firstname)}`)
    ).json();
    expect(searched.data.map((a: Item) => a.id)).toContain(one.id);
    const interviews = (await admin.get('/api/treatment/applications?statuses=4')).json();
    expect(interviews.data.every((a: Item) => a.status.id === 4)).toBe(true);
    expect((await admin.get('/api/treatment/applications?subsidiaries=999999')).json().total).toBe(
      0,
    );
    expect((await admin.get('/api/treatment/applications?jobboards=1&tests=1')).statusCode).toBe(
      200,
    );

    const spont = (await admin.get('/api/treatment/spontaneous')).json();
    expect(spont.total).toBeGreaterThan(0);
    expect(spont.data.every((a: Item) => a.offer_id === null && a.status.id === 1)).toBe(true);

    const bulk = await admin.put('/api/treatment/applications/statuses', [
      { application_id: one.id, status_id: 2 },
      { application_id: page.data[1].id, status_id: 7 },
      { application_id: theirs.id, status_id: 2 },
      { application_id: spont.data[0].id, status_id: 2 },
    ]);
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json()).toEqual({
      changed: [one.id],
      failed: [
        { id: page.data[1].id, reason: 'motif_required' },
        { id: theirs.id, reason: 'not_found' },
        { id: spont.data[0].id, reason: 'not_found' },
      ],
    });
    const s2 = await admin.put('/api/treatment/spontaneous/statuses', [
      { application_id: spont.data[0].id, status_id: 8, motif_id: 6 },
    ]);
    expect(s2.json()).toEqual({ changed: [spont.data[0].id], failed: [] });
    const after = (await admin.get('/api/treatment/applications?per_page=100')).json();
    expect(after.total).toBe(page.total - 1);
  });

  it('duplicates applications onto another offer, keeping statuses or not', async () => {
    const offers = (
      await admin.get('/api/projects/all/offers?per_page=100&filter[status]=published')
    ).json().data as Offer[];
    const target = offers.find((o) => o.id !== offer.id)!;
    const [a, b] = [all[1]!, all[2]!];
    const url = `${base.replace('/applications', '')}/applications/duplicate`;
    const res = await admin.put(url, {
      application_id: a.id,
      job_offer_id: target.id,
      applicants_ids: [b.applicant_id],
      keep_statuses: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().created).toHaveLength(2);
    const onTarget = (
      await admin.get(`/api/projects/${target.project_id}/offers/${target.id}/applications`)
    ).json() as Item[];
    const copyOfA = onTarget.find((x) => x.applicant_id === a.applicant_id)!;
    expect(copyOfA.status.id).toBe((await admin.get(`/api/applications/${a.id}`)).json().status.id);
    const again = (
      await admin.put(url, { job_offer_id: target.id, applicants_ids: [b.applicant_id] })
    ).json();
    expect(again).toEqual({ created: [], skipped: [b.applicant_id] });
    expect(
      (await admin.put(url, { job_offer_id: target.id, applicants_ids: [theirs.applicant_id] }))
        .statusCode,
    ).toBe(422);
    expect(
      (await admin.put(url, { job_offer_id: theirs.offer_id, applicants_ids: [b.applicant_id] }))
        .statusCode,
    ).toBe(422);
    expect(
      (await manager.put(url, { job_offer_id: target.id, applicants_ids: [b.applicant_id] }))
        .statusCode,
    ).toBe(403);
  });

  it('writes a local summary that says so, keeps one per language, and regenerates on demand', async () => {
    const item = all[3]!;
    const url = `/api/applications/${item.id}/summary`;
    const res = await admin.get(`${url}?lang=en`);
    expect(res.statusCode).toBe(200);
    const summary = res.json();
    expect(summary).toMatchObject({
      subject_type: 'application',
      subject_id: item.id,
      source: 'local',
      model: null,
      language: 'en',
    });
    expect(summary.text).toMatch(/^\[local\] Automatic offline summary \(no AI\)/);
    expect(summary.text).toContain('Experience');
    expect((await admin.get(`${url}?lang=en`)).json().created_at).toBe(summary.created_at);

    // Another language gets its own summary, then keeps it; Accept-Language chooses without ?lang.
    const german = (await admin.get(`${url}?lang=de`)).json();
    expect(german).toMatchObject({ language: 'de' });
    expect(german.text).toMatch(/^\[local\] Automatische Offline-Zusammenfassung/);
    const byHeader = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { cookie: adminCookie, 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(byHeader.json()).toMatchObject({ language: 'de', created_at: german.created_at });

    await new Promise((r) => setTimeout(r, 5));
    const fresh = (await admin.get(`${url}?regenerate=1&lang=fr`)).json();
    expect(fresh).toMatchObject({ language: 'fr' });
    expect(fresh.created_at > summary.created_at).toBe(true);
    expect(fresh.text).toMatch(/^\[local\] Résumé automatique/);
    expect((await admin.get(url)).json().created_at).toBe(fresh.created_at);
    expect((await admin.get(`${url}?lang=en`)).json().created_at).toBe(summary.created_at);
    expect((await admin.get(`${url}?lang=it`)).statusCode).toBe(422);

    const applicant = (await admin.get(`/api/applicants/${item.applicant_id}/summary`)).json();
    expect(applicant).toMatchObject({ subject_type: 'applicant', source: 'local', language: 'fr' });
    expect((await admin.get(`/api/applicants/${theirs.applicant_id}/summary`)).statusCode).toBe(
      404,
    );
  });
});
