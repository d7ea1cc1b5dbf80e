import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('adds all that match of a search (less those unticked) to a list, exactly', async () => {
    const list = await newList(admin, 'Soudeurs');
    const except = welders.slice(0, 2);
    const res = await admin.post(`/api/recruitment-lists/${list}/applicants`, {
      selection: sourcing(weldersFilters, welders.length - 2, except),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TRecruitmentList>().applicant_amount).toBe(welders.length - 2);
    expect(await members(list)).toEqual(sorted(welders.slice(2)));
  });

  it('removes all that match of a list search, and the id form is unchanged', async () => {
    const list = await newList(admin, 'Tout le monde');
    const everyoneSel = sourcing({ q: 'selectall' }, 320);
    const added = await admin.post(`/api/recruitment-lists/${list}/applicants`, {
      selection: everyoneSel,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(await members(list)).toEqual(sorted(everyone));
    // "Lot1" on the list's page, one unticked: the others named so go, nobody else.
    const keep = lot1[0]!;
    const removed = await remove(list, {
      selection: listSel(list, { search: 'lot1' }, lot1.length - 1, [keep]),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const left = sorted(everyone.filter((id) => !lot1.includes(id) || id === keep));
    expect(await members(list)).toEqual(left);
    // The id form, as before.
    const byIds = await remove(list, {
      applicant_ids: [keep],
    });
    expect(byIds.statusCode).toBe(200);
    expect(await members(list)).toEqual(left.filter((id) => id !== keep));
    const empty = await admin.post(`/api/recruitment-lists/${list}/applicants`, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.applicant_ids).toEqual(['field_required']);
    const both = await admin.post(`/api/recruitment-lists/${list}/applicants`, {
      applicant_ids: [keep],
      selection: everyoneSel,
    });
    expect(both.statusCode).toBe(422);
  });

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
      selection: sourcing({}, 501),
    });
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.selection).toEqual(['max_items:500']);
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

  it('e-mails all that match of a list (recipients and outbox), less those unticked', async () => {
    const list = await newList(admin, 'À écrire');
    await admin.post(`/api/recruitment-lists/${list}/applicants`, {
      selection: sourcing(weldersFilters, welders.length),
    });
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
