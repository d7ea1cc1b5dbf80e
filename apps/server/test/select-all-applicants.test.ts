import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBulkOperation as Operation } from '@embauche/contracts/application-selection';
import type { TMailing } from '@embauche/contracts/mailings';
import type { TRecruitmentList } from '@embauche/contracts/recruitment-lists';
import type { TSmsMassSendResult } from '@embauche/contracts/sms';
import type { TSourcingPage } from '@embauche/contracts/sourcing';
import { searchDocument, writeSearchRow } from '../src/platform/db/applicant-search.ts';
import { apiAs, projectId, type Api } from './support/api.ts';
import { companyOf, insertOffer } from './support/insert-company.ts';
import { insertApplicants } from './support/insert-applicants.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

const mjml = (body: string) =>
  `<mjml><mj-body><mj-section><mj-column><mj-text>${body}</mj-text></mj-column></mj-section></mj-body></mjml>`;

/**
 * "Select all that match" for applicants (issue 42 part 2, docs/bulk-actions.md): a sourcing
 * search's or a recruitment list's whole filtered set, resolved on the server by its filters,
 * added to a list, removed from it, e-mailed and texted — exactly that set; another company's
 * list 404 and unchanged; a changed count 409; over the caps 422; the id form as before.
 */
describe.each(testDatabases())('selecting all applicants that match on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let other: Api;
  let manager: Api;
  /** The 320 applicants of the search "selectall" at Valmont, in id order. */
  let everyone: number[];
  /** Those whose CV says "soudeur" and who have a CV file: `soudeur selectall` + has_cv=1. */
  let welders: number[];
  /** Those named "Lot1" (the list's name search). */
  let lot1: number[];
  let otherCompanyList: number;
  let adminCookie: string;
  /** Valmont's project of the offers, and another company's offer. */
  let projectOf: number;
  let foreignOfferId: number;
  /** DELETE with a body (the Api helper sends none). */
  const remove = (list: number, payload: unknown) =>
    ctx.app.inject({
      method: 'DELETE',
      url: `/api/recruitment-lists/${list}/applicants`,
      headers: { cookie: adminCookie },
      payload: payload as object,
    });

  const sourcing = (filters: Record<string, string>, count: number, except: number[] = []) => ({
    all: { source: 'sourcing', filters, except, count },
  });
  const listSel = (
    list: number,
    filters: Record<string, string>,
    count: number,
    except: number[] = [],
  ) => ({ all: { source: 'recruitment_list', list_id: list, filters, except, count } });
  const weldersFilters = { q: 'soudeur selectall', 'filter[has_cv]': '1' };
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

  const newList = async (api: Api, name: string) => {
    const res = await api.post('/api/recruitment-lists', { name, type: 'private' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<TRecruitmentList>().id;
  };
  const members = async (list: number) =>
    sorted(
      (
        await ctx.database.db
          .selectFrom('recruitment_list_applicants')
          .select('applicant_id')
          .where('list_id', '=', list)
          .execute()
      ).map((r) => r.applicant_id!),
    );

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    adminCookie = await signIn(ctx.app, 'admin@demo.test');
    admin = apiAs(ctx.app, adminCookie);
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    manager = apiAs(ctx.app, await signIn(ctx.app, 'manager@demo.test'));
    const db = ctx.database.db;
    const company = (email: string) => companyOf(db, email);
    const valmont = await company('admin@demo.test');
    const otherId = await company('admin@other.test');
    const project = await projectId(admin, 'Finance et contrôle de gestion');
    const now = new Date().toISOString();
    const offer = await insertOffer(db, valmont, project, 'Soudeur TIG', now);
    const otherProject = (await db
      .selectFrom('projects')
      .select('id')
      .where('company_id', '=', otherId)
      .executeTakeFirstOrThrow())!.id;
    const foreignOffer = await insertOffer(db, otherId, otherProject, 'Soudeur mairie', now);
    projectOf = project;
    foreignOfferId = foreignOffer;
    let phones = 0;
    const phone = () => `06${String(20_000_000 + phones++)}`;
    const people = (company_id: number, offer_id: number, prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        company_id,
        firstname: `${prefix}${i}`,
        lastname: `Lot${i % 3}`,
        email: `${prefix}${i}@exemple.fr`,
        phone: phone(),
        offer_id,
      }));
    const made = await insertApplicants(db, people(valmont, offer, 'sa', 320));
    const foreign = await insertApplicants(db, people(otherId, foreignOffer, 'autre', 5));
    everyone = made.map((r) => r.applicant);
    welders = [];
    lot1 = [];
    // 280 welders (CV "soudeur"), 40 painters; one in ten has no CV file.
    const index = async (companyId: number, id: number, i: number, name: string) => {
      const cv = i < 280 ? `Soudeur TIG selectall ${i}` : `Peintre selectall ${i}`;
      const hasCv = i % 10 !== 0;
      await db
        .updateTable('applicants')
        .set({ cv_text: cv, cv_key: hasCv ? `cv/${id}.pdf` : null })
        .where('id', '=', id)
        .execute();
      const doc = searchDocument({ name, email: null, tags: [], cvText: cv });
      await writeSearchRow(db, ctx.database.dialect, companyId, id, doc);
      return i < 280 && hasCv;
    };
    for (const [i, id] of everyone.entries()) {
      if (await index(valmont, id, i, `sa${i} Lot${i % 3}`)) welders.push(id);
      if (i % 3 === 1) lot1.push(id);
    }
    for (const [i, r] of foreign.entries()) await index(otherId, r.applicant, i, `autre${i}`);
    otherCompanyList = await newList(other, 'Liste de la mairie');
  }, 180_000);
  afterAll(() => ctx?.close());

  it('counts what the search shows: every applicant it matches, not only the ranked page', async () => {
    const page = (
      await admin.get(`/api/sourcing/search?q=soudeur%20selectall&filter[has_cv]=1&per_page=20`)
    ).json<TSourcingPage>();
    expect(page.total).toBe(welders.length);
    expect(welders.length).toBe(252);
    expect(page.data).toHaveLength(20);
  });

  it('adds all that match of a search (less those unticked) to a list in a job, exactly', async () => {
    const list = await newList(admin, 'Soudeurs');
    // Two already in the list: counted as skipped, not twice.
    await admin.post(`/api/recruitment-lists/${list}/applicants`, {
      applicant_ids: welders.slice(10, 12),
    });
    const except = welders.slice(0, 2);
    const res = await admin.post(`/api/recruitment-lists/${list}/applicants`, {
      selection: sourcing(weldersFilters, welders.length - 2, except),
    });
    expect(res.statusCode, res.body).toBe(202);
    const queued = res.json<Operation>();
    expect(queued).toMatchObject({ kind: 'recruitment_lists.add', status: 'queued', total: 250 });
    const read = `/api/recruitment-lists/bulk-operations/${queued.id}`;
    // The user's own operation: another user of the company, or another company, 404.
    expect((await manager.get(read)).statusCode).toBe(404);
    expect((await other.get(read)).statusCode).toBe(404);
    await ctx.app.worker.drain();
    const done = (await admin.get(read)).json<Operation>();
    expect(done).toMatchObject({ status: 'done', total: 250, processed: 250, changed: 248 });
    expect(done.skipped).toEqual({ already_in_list: 2 });
    expect(await members(list)).toEqual(sorted(welders.slice(2)));
    const detail = (await admin.get(`/api/recruitment-lists/${list}`)).json<TRecruitmentList>();
    expect(detail.applicant_amount).toBe(welders.length - 2);
  }, 120_000);

  it('removes all that match of a list search, and the id form is unchanged', async () => {
    const list = await newList(admin, 'Tout le monde');
    const everyoneSel = sourcing({ q: 'selectall' }, 320);
    const added = await admin.post(`/api/recruitment-lists/${list}/applicants`, {
      selection: everyoneSel,
    });
    expect(added.statusCode, added.body).toBe(202);
    await ctx.app.worker.drain();
    expect(await members(list)).toEqual(sorted(everyone));
    // "Lot1" on the list's page, one unticked: the others named so go, nobody else (at once: 106).
    const keep = lot1[0]!;
    const removed = await remove(list, {
      selection: listSel(list, { search: 'lot1' }, lot1.length - 1, [keep]),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<Operation>()).toMatchObject({
      kind: 'recruitment_lists.remove',
      status: 'done',
      changed: lot1.length - 1,
      skipped: {},
    });
    const left = sorted(everyone.filter((id) => !lot1.includes(id) || id === keep));
    expect(await members(list)).toEqual(left);
    // More than 200 removed by the job: everyone left but two, exactly.
    const kept = left.slice(-2);
    const many = await remove(list, { selection: listSel(list, {}, left.length - 2, kept) });
    expect(many.statusCode, many.body).toBe(202);
    await ctx.app.worker.drain();
    const read = `/api/recruitment-lists/bulk-operations/${many.json<Operation>().id}`;
    expect((await admin.get(read)).json<Operation>()).toMatchObject({
      status: 'done',
      processed: left.length - 2,
      changed: left.length - 2,
    });
    expect(await members(list)).toEqual(kept);
    expect(
      (await admin.get(`/api/recruitment-lists/${list}`)).json<TRecruitmentList>().applicant_amount,
    ).toBe(2);
    // Removing what is no longer there: skipped, by reason.
    const gone = await remove(list, { selection: sourcing({ q: 'lot1 selectall' }, lot1.length) });
    expect(gone.json<Operation>()).toMatchObject({
      changed: 0,
      skipped: { not_in_list: lot1.length },
    });
    // The id form, as before.
    const byIds = await remove(list, {
      applicant_ids: [kept[0]],
    });
    expect(byIds.statusCode).toBe(200);
    expect(await members(list)).toEqual([kept[1]]);
    const empty = await admin.post(`/api/recruitment-lists/${list}/applicants`, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.applicant_ids).toEqual(['field_required']);
    const both = await admin.post(`/api/recruitment-lists/${list}/applicants`, {
      applicant_ids: [keep],
      selection: everyoneSel,
    });
    expect(both.statusCode).toBe(422);
  }, 120_000);

  it('answers 409 with the current count and 422 over the cap; nothing stored', async () => {
    const list = await newList(admin, 'Jamais remplie');
    const changed = await admin.post(`/api/recruitment-lists/${list}/applicants`, {
      selection: sourcing(weldersFilters, welders.length + 1),
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({
      code: 'selection_changed',
      errors: { count: [String(welders.length)] },
    });
    const big = await admin.post(`/api/recruitment-lists/${list}/applicants`, {
      selection: sourcing({}, 10_001),
    });
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.selection).toEqual(['max_items:10000']);
    expect(await members(list)).toEqual([]);
  });

  it('another company: 404 for its list or one it names, and nothing changes', async () => {
    const list = await newList(admin, 'Privée');
    await admin.post(`/api/recruitment-lists/${list}/applicants`, { applicant_ids: lot1 });
    // Adding to Valmont's list.
    const onTheirs = await other.post(`/api/recruitment-lists/${list}/applicants`, {
      selection: sourcing({ q: 'selectall' }, 0),
    });
    expect(onTheirs.statusCode).toBe(404);
    // Naming Valmont's list as the source, towards its own list, or an e-mail or a text.
    const asSource = await other.post(`/api/recruitment-lists/${otherCompanyList}/applicants`, {
      selection: listSel(list, {}, lot1.length),
    });
    expect(asSource.statusCode).toBe(404);
    const mailing = await other.post('/api/mailings', {
      recipients: { applicant_selection: listSel(list, {}, lot1.length) },
      content: { subject: 'Jamais', mjml: mjml('Jamais') },
    });
    expect(mailing.statusCode).toBe(404);
    const sms = await other.post('/api/sms/mass-send', {
      applicant_selection: listSel(list, {}, lot1.length),
      message: 'Jamais',
    });
    expect([403, 404]).toContain(sms.statusCode);
    // The other company's search of the same words holds its own 5 applicants only.
    const own = await other.post(`/api/recruitment-lists/${otherCompanyList}/applicants`, {
      selection: sourcing({ q: 'soudeur selectall' }, 5),
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<Operation>()).toMatchObject({ status: 'done', changed: 5 });
    expect((await members(otherCompanyList)).some((id) => everyone.includes(id))).toBe(false);
    // A private list of another user of the company is not found either.
    const managerList = await manager.post('/api/recruitment-lists', {
      name: 'Liste du manager',
      type: 'private',
    });
    expect(managerList.statusCode, managerList.body).toBe(201);
    const managerListId = managerList.json<TRecruitmentList>().id;
    const unseen = await manager.post(`/api/recruitment-lists/${managerListId}/applicants`, {
      selection: listSel(list, {}, lot1.length),
    });
    expect(unseen.statusCode).toBe(404);
    // The sourcing search as a selection needs sourcing.access, as the search does.
    const noSourcing = await manager.post(`/api/recruitment-lists/${managerListId}/applicants`, {
      selection: sourcing({ q: 'selectall' }, 0),
    });
    expect(noSourcing.statusCode).toBe(403);
    expect(await members(managerListId)).toEqual([]);
    expect(await members(list)).toEqual(sorted(lot1));
    expect(await members(otherCompanyList)).toHaveLength(5);
  });

  it('adds all that match of a search to an offer in a job: exactly those, the applied skipped', async () => {
    const db = ctx.database.db;
    const valmont = await companyOf(db, 'admin@demo.test');
    const target = await insertOffer(
      db,
      valmont,
      projectOf,
      'Chaudronnier',
      new Date().toISOString(),
    );
    const onTarget = async () =>
      sorted(
        (
          await db
            .selectFrom('applications')
            .select('applicant_id')
            .where('offer_id', '=', target)
            .execute()
        ).map((r) => r.applicant_id!),
      );
    const duplicate = `/api/projects/all/offers/${target}/applications/duplicate`;
    // Three welders have applied already (the id form, unchanged).
    const early = await admin.put(duplicate, {
      job_offer_id: target,
      applicants_ids: welders.slice(20, 23),
    });
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json().created).toHaveLength(3);
    const except = welders.slice(0, 2);
    const body = {
      job_offer_id: target,
      keep_statuses: false,
      selection: sourcing(weldersFilters, welders.length - 2, except),
    };
    // Another company naming the offer: 404, as for any of its objects; nothing changes.
    expect((await other.put(duplicate, body)).statusCode).toBe(404);
    const foreign = await admin.put(
      `/api/projects/all/offers/${foreignOfferId}/applications/duplicate`,
      {
        ...body,
        job_offer_id: foreignOfferId,
      },
    );
    expect(foreign.statusCode).toBe(404);
    // 409 with the current count; 422 over the cap or with ids beside it.
    const changed = await admin.put(duplicate, {
      ...body,
      selection: sourcing(weldersFilters, welders.length, except),
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().errors.count).toEqual([String(welders.length - 2)]);
    const big = await admin.put(duplicate, { ...body, selection: sourcing({}, 10_001) });
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.selection).toEqual(['max_items:10000']);
    const both = await admin.put(duplicate, { ...body, applicants_ids: [welders[5]] });
    expect(both.statusCode).toBe(422);
    expect(await onTarget()).toEqual(sorted(welders.slice(20, 23)));

    const res = await admin.put(duplicate, body);
    expect(res.statusCode, res.body).toBe(202);
    const queued = res.json<Operation>();
    expect(queued).toMatchObject({ kind: 'applications.copy', status: 'queued', total: 250 });
    const read = `/api/applications/duplicate-operations/${queued.id}`;
    // Another user of the company (without the duplicate right: 403; with it, not theirs: 404).
    expect([403, 404]).toContain((await manager.get(read)).statusCode);
    expect((await other.get(read)).statusCode).toBe(404);
    await ctx.app.worker.drain();
    const done = (await admin.get(read)).json<Operation>();
    expect(done).toMatchObject({ status: 'done', total: 250, processed: 250, changed: 247 });
    expect(done.skipped).toEqual({ already_applied: 3 });
    expect(await onTarget()).toEqual(sorted(welders.slice(2)));
    // Each copy starts as new.
    const statuses = await db
      .selectFrom('applications')
      .select('status_id')
      .distinct()
      .where('offer_id', '=', target)
      .execute();
    expect(statuses.map((r) => r.status_id)).toEqual([1]);

    // A list's search under 200: done during the request.
    const list = await newList(admin, 'Vers une offre');
    await admin.post(`/api/recruitment-lists/${list}/applicants`, {
      applicant_ids: lot1.slice(0, 30),
    });
    const small = await admin.put(duplicate, {
      job_offer_id: target,
      selection: listSel(list, {}, 30),
    });
    expect(small.statusCode, small.body).toBe(200);
    const applied = lot1.slice(0, 30).filter((id) => welders.slice(2).includes(id)).length;
    expect(small.json<Operation>()).toMatchObject({
      status: 'done',
      changed: 30 - applied,
      skipped: applied ? { already_applied: applied } : {},
    });
  }, 120_000);

  it('transfers all that match of a list within 100, exactly; over 100, 409 and another company send nothing', async () => {
    const list = await newList(admin, 'À transférer');
    const members40 = everyone.slice(0, 40);
    await admin.post(`/api/recruitment-lists/${list}/applicants`, { applicant_ids: members40 });
    const outbox = async () =>
      Number(
        (
          await ctx.database.db
            .selectFrom('mail_outbox')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await outbox();
    const mail = {
      to: ['client@exemple.fr'],
      subject: 'Profils soudeurs',
      message: 'Voici les profils.',
      access: { share: true, sections: ['profile'], expires_in_days: 7 },
    };
    const transfer = (api: Api, body: object) => api.post('/api/applicants/transfer', body);
    // 409 with the current count; over 100, 422; both forms at once, 422; another company, 404.
    const changed = await transfer(admin, { ...mail, applicant_selection: listSel(list, {}, 41) });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().errors.count).toEqual(['40']);
    const over = await transfer(admin, {
      ...mail,
      applicant_selection: sourcing({ q: 'selectall' }, 101),
    });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.applicant_selection).toEqual(['max_items:100']);
    // 101 counted on the server (the count sent matches): refused all the same.
    const many = await transfer(admin, {
      ...mail,
      applicant_selection: sourcing({ q: 'selectall' }, 320),
    });
    expect(many.statusCode).toBe(422);
    const both = await transfer(admin, {
      ...mail,
      applicant_ids: [everyone[0]],
      applicant_selection: listSel(list, {}, 40),
    });
    expect(both.statusCode).toBe(422);
    expect(
      (await transfer(other, { ...mail, applicant_selection: listSel(list, {}, 40) })).statusCode,
    ).toBe(404);
    expect(await outbox()).toBe(before);

    const except = [members40[5]!];
    const res = await transfer(admin, {
      ...mail,
      applicant_selection: listSel(list, {}, 39, except),
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<{ mails: number; shares: { applicant_id: number }[] }>();
    expect(result.mails).toBe(1);
    expect(sorted(result.shares.map((s) => s.applicant_id))).toEqual(
      sorted(members40.filter((id) => id !== members40[5])),
    );
    expect(await outbox()).toBe(before + 1);
  });

  it('e-mails all that match of a list (recipients and outbox), less those unticked', async () => {
    const list = await newList(admin, 'À écrire');
    await admin.post(`/api/recruitment-lists/${list}/applicants`, {
      selection: sourcing(weldersFilters, welders.length),
    });
    await ctx.app.worker.drain();
    const except = welders.slice(0, 3);
    const subject = 'Réunion soudeurs';
    const res = await admin.post('/api/mailings', {
      recipients: {
        applicant_selection: listSel(list, {}, welders.length - 3, except),
        // Given beside the selection and in it too: written to once.
        applicant_ids: [welders[10]],
      },
      content: { subject, mjml: mjml('Bonjour {{candidate.firstname}}') },
    });
    expect(res.statusCode, res.body).toBe(202);
    const mailing = res.json<TMailing>();
    expect(mailing.total).toBe(welders.length - 3);
    const recipients = await ctx.database.db
      .selectFrom('mailing_recipients')
      .select('applicant_id')
      .where('mailing_id', '=', mailing.id)
      .execute();
    expect(sorted(recipients.map((r) => r.applicant_id!))).toEqual(sorted(welders.slice(3)));
    await ctx.app.worker.drain();
    const outbox = await ctx.database.db
      .selectFrom('mail_outbox')
      .select('to')
      .where('subject', '=', subject)
      .execute();
    expect(outbox).toHaveLength(welders.length - 3);
    const changed = await admin.post('/api/mailings', {
      recipients: { applicant_selection: listSel(list, {}, welders.length - 1) },
      content: { subject: 'Jamais', mjml: mjml('Jamais') },
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().errors.count).toEqual([String(welders.length)]);
    const big = await admin.post('/api/mailings', {
      recipients: { applicant_selection: sourcing({}, 10_001) },
      content: { subject: 'Jamais', mjml: mjml('Jamais') },
    });
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.recipients).toEqual(['max_items:10000']);
  });

  it('texts all that match of a search, each on their application; 409 and 422 send nothing', async () => {
    const message = 'Soudeurs : réunion lundi à 9 h.';
    const lot1Welders = welders.filter((id) => lot1.includes(id));
    // The search's name words: "lot1" matches the name.
    const res = await admin.post('/api/sms/mass-send', {
      applicant_selection: sourcing(
        { ...weldersFilters, q: 'soudeur selectall lot1' },
        lot1Welders.length,
      ),
      message,
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<TSmsMassSendResult>();
    expect(result.refused).toEqual([]);
    expect(sorted(result.sent.map((s) => s.applicantId))).toEqual(sorted(lot1Welders));
    const texted = await ctx.database.db
      .selectFrom('sms_messages')
      .innerJoin('sms_conversations', 'sms_conversations.id', 'sms_messages.conversation_id')
      .select('sms_conversations.applicant_id')
      .where('sms_messages.body', '=', message)
      .execute();
    expect(sorted(texted.map((t) => t.applicant_id!))).toEqual(sorted(lot1Welders));
    const never = 'Jamais envoyé.';
    const changed = await admin.post('/api/sms/mass-send', {
      applicant_selection: sourcing(weldersFilters, 1),
      message: never,
    });
    expect(changed.statusCode).toBe(409);
    const big = await admin.post('/api/sms/mass-send', {
      applicant_selection: sourcing({}, 501),
      message: never,
    });
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.applicant_selection).toEqual(['max_items:500']);
    const both = await admin.post('/api/sms/mass-send', {
      applicant_selection: sourcing(weldersFilters, welders.length),
      applicant_ids: [welders[0]],
      message: never,
    });
    expect(both.statusCode).toBe(422);
    const sent = await ctx.database.db
      .selectFrom('sms_messages')
      .select('id')
      .where('body', '=', never)
      .execute();
    expect(sent).toEqual([]);
  });
});
