import type { LightMyRequestResponse } from 'fastify';
import {
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_KINDS,
} from '@embauche/contracts/notification-preferences';
import { createHash } from 'node:crypto';
import { hashPassword } from '../../src/platform/auth/password.ts';
import { secretBoxFor } from '../../src/platform/crypto/secret-box.ts';
import { UnsubscribeLinks } from '../../src/modules/mailings/mail-unsubscribe.ts';
import type { DeclaredRoute } from '../../src/platform/auth/access.ts';
import { DEMO_PASSWORD, demoUserRow } from '../../src/seed/demo-seed.ts';
import sharp from 'sharp';
import { insertOperation } from './insert-operation.ts';
import { multipart, type Part } from './multipart.ts';
import { signIn, type TestContext } from './test-app.ts';
import { createStorage } from '../../src/platform/storage/create-storage.ts';

/**
 * Real objects of Groupe Valmont for the route walks (route matrix, fuzz test): an offer of a
 * project, an applicant with an application on it, a document of that applicant…
 */
export type ObjectIds = {
  project: number;
  offer: number;
  applicant: number;
  application: number;
  /** A document of `applicant`. */
  document: number;
  /** Another offer in another project (move and copy targets). */
  offer2: number;
  project2: number;
  /** A folder (type 0 project). */
  folder: number;
  subsidiary: number;
  /** A user group of Valmont (issue 16: group levels). */
  group: number;
  /** Valmont's role Manager, held by manager@demo.test, and its parent Recruteur (issue 16: rights). */
  role: number;
  roleParent: number;
  /** admin@demo.test, who has an avatar. */
  user: number;
  /** A public comment of admin@demo.test on `applicant`'s activity feed, with `attachment`. */
  comment: number;
  attachment: number;
  /** An open shared link of `applicant` (profile only): the revoke route names it. */
  share: number;
  /** A notification of admin@demo.test (the documents the fixtures asked for arrived). */
  notification: number;
  /** A demo SMS conversation of Valmont, and a message of its development outbox (issue 14). */
  smsConversation: number;
  smsOutbox: number;
  /**
   * A recruitment list of admin@demo.test holding `applicant` (issue 15): private in `outside`
   * (manager@demo.test cannot see it), shared with the manager and collaborative in `inside`.
   */
  recruitmentList: number;
  /** A finished users import of Valmont (issue 16). */
  userImport: number;
  /** An offer template and an image of the bank of Valmont (issue 17). */
  offerTemplate: number;
  offerImage: number;
  /** An offer export of Valmont, still queued (issue 17, company settings). */
  offerExport: number;
  /** A scheduled offer export of Valmont (issue 17, company settings). */
  offerExportSchedule: number;
  /** An offer custom field of Valmont (issue 17). */
  customField: number;
  /** An e-mail model of Valmont (issue 38). */
  mailModel: number;
  /** A mailing of Valmont, scheduled in a month (issue 38 part 3). */
  mailing: number;
  /** A custom status, a custom motif and a (not default) workflow of Valmont (issue 17). */
  customStatus: number;
  customMotif: number;
  workflow: number;
  /** A talent community member of Valmont, with a CV (issue 37 part 4). */
  communityMember: number;
  /** An appointment template of Valmont and an appointment of its admin (issue 39). */
  appointmentTemplate: number;
  appointment: number;
  /** A finished bulk status change of admin@demo.test (issue 42 part 2). */
  bulkOperation: number;
  /** A finished addition to a recruitment list of admin@demo.test (issue 42 part 2). */
  listOperation: number;
  offerOperation: number;
  /** A finished copy to an offer of admin@demo.test (issue 42 part 2). */
  copyOperation: number;
  /** A finished CV bundle of admin@demo.test with its ZIP in the storage (issue 42). */
  cvBundleOperation: number;
  /**
   * Onboarding (issue 41): a process and a company status of Valmont, an onboarding of the
   * outside application with a task of manager@demo.test (who reads it in its limited view) and
   * `onboardingTask`, a task of admin@demo.test.
   */
  onboardingProcess: number;
  onboardingStatus: number;
  onboarding: number;
  onboardingTask: number;
};

/** Ids that manager@demo.test's scope (project.see_all or not) decides on. */
export const SCOPED_IDS: readonly (keyof ObjectIds)[] = [
  'project',
  'offer',
  'applicant',
  'application',
  'document',
  'offer2',
  'project2',
  'folder',
  'comment',
  'attachment',
  'share',
  'recruitmentList',
];

/**
 * `outside` lies out of manager@demo.test's scope (projects other than paris15, offers neither in
 * it nor granted directly, an applicant whose every application is on such offers); `inside` is in
 * it (paris15, its offer, its applicant).
 */
export type Fixtures = {
  valmont: number;
  mairie: number;
  outside: ObjectIds;
  inside: ObjectIds;
  /** A live document-request token of `outside.applicant` (type 3 still to upload). */
  token: string;
  /**
   * A shared link of a third application exposing every section (`/api/shared/{token}/…`), a
   * document of its applicant, and what an outsider wrote through it: a comment to delete, and a
   * file on another comment.
   */
  shared: { token: string; document: number; comment: number; attachment: number };
  /** The public career site (issue 37): Valmont's slug and one of its published offers. */
  career: { slug: string; offer: number };
  /** The leave / erase token of another community member of Valmont (the walk erases it). */
  community: { token: string };
  /** A current news item of the product's staff for every company (issue 38 part 5). */
  news: number;
  /** The unsubscribe token of `outside.applicant`'s e-mails (issue 38 part 3). */
  unsubscribe: string;
  /**
   * The planner (issue 39): a live booking link's token (of a second template, so that deleting
   * the first one in the walk keeps it), and recruiter@demo.test's ICS feed file (`{secret}.ics`).
   */
  planner: { booking: string; feedFile: string };
};

/** One route to call: its path and query filled, its body. */
export type SampleRequest = {
  query?: Record<string, string>;
  body?: unknown;
  multipart?: { fields: Record<string, string | string[]>; files?: Part[] };
};

/** What a sample body may depend on: the ids to name, and who is calling (their own profile). */
export type SampleContext = {
  ids: ObjectIds;
  fixtures: Fixtures;
  me: {
    email: string;
    firstname: string;
    lastname: string;
    role_id?: number | null;
    company_slug?: string;
  };
};

export const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** Loads the object ids, and creates what the seed lacks: a document, an upload token, an avatar. */
export async function loadFixtures(ctx: TestContext): Promise<Fixtures> {
  const { db } = ctx.database;
  const company = async (slug: string) =>
    (
      await db
        .selectFrom('companies')
        .select('id')
        .where('slug', '=', slug)
        .executeTakeFirstOrThrow()
    ).id;
  const valmont = await company('groupe-valmont');
  const mairie = await company('mairie-saint-aubin');
  const careerOffer = (
    await db
      .selectFrom('offers')
      .select('id')
      .where('company_id', '=', valmont)
      .where('status', '=', 'published')
      .where('archived', '=', false)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  const user = async (email: string) =>
    (
      await db
        .selectFrom('users')
        .select('id')
        .where('company_id', '=', valmont)
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).id;
  const adminUser = await user('admin@demo.test');
  const manager = await user('manager@demo.test');
  const paris15 = (
    await db
      .selectFrom('projects')
      .select('id')
      .where('company_id', '=', valmont)
      .where('name', '=', 'Agence Paris 15e')
      .executeTakeFirstOrThrow()
  ).id;
  const direct = (
    await db.selectFrom('offer_users').select('offer_id').where('user_id', '=', manager).execute()
  ).map((r) => r.offer_id);

  const offers = await db
    .selectFrom('offers')
    .select(['id', 'project_id', 'status', 'archived'])
    .where('company_id', '=', valmont)
    .orderBy('id')
    .execute();
  const applications = await db
    .selectFrom('applications')
    .innerJoin('applicants', 'applicants.id', 'applications.applicant_id')
    .select([
      'applications.id',
      'applications.applicant_id',
      'applications.offer_id',
      'applicants.email',
    ])
    .where('applications.company_id', '=', valmont)
    .orderBy('applications.id')
    .execute();
  const visible = (offerId: number | null) => {
    const offer = offers.find((o) => o.id === offerId);
    return offer !== undefined && (offer.project_id === paris15 || direct.includes(offer.id));
  };
  const live = offers.filter((o) => o.status === 'published' && !o.archived);

  /**
   * A published offer with an applicant (with an e-mail) whose every application is on offers as
   * visible to the manager as it is. In scope: an offer of paris15 itself (a direct-access offer's
   * project stays out of the manager's scope).
   */
  const pick = (inScope: boolean) => {
    for (const offer of live) {
      if (visible(offer.id) !== inScope || (inScope && offer.project_id !== paris15)) continue;
      for (const a of applications.filter((x) => x.offer_id === offer.id && x.email)) {
        const all = applications.filter((x) => x.applicant_id === a.applicant_id);
        if (all.every((x) => x.offer_id !== null && visible(x.offer_id) === inScope)) {
          return {
            project: offer.project_id,
            offer: offer.id,
            applicant: a.applicant_id!,
            application: a.id,
          };
        }
      }
    }
    throw new Error(`the demo seed has no ${inScope ? 'in-scope' : 'out-of-scope'} offer to use`);
  };
  const outside = pick(false);
  const inside = pick(true);
  const second = live.find(
    (o) => !visible(o.id) && o.project_id !== outside.project && o.project_id !== paris15,
  );
  if (!second) throw new Error('the demo seed has no second out-of-scope offer');
  const insideSecond = live.find((o) => o.project_id === paris15 && o.id !== inside.offer);
  const folder = (
    await db
      .selectFrom('projects')
      .select('id')
      .where('company_id', '=', valmont)
      .where('type', '=', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  const subsidiary = (
    await db
      .selectFrom('subsidiaries')
      .select('id')
      .where('company_id', '=', valmont)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  const group = (
    await db
      .selectFrom('user_groups')
      .select('id')
      .where('company_id', '=', valmont)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;

  const roleNamed = async (name: string) =>
    (
      await db
        .selectFrom('roles')
        .select('id')
        .where('company_id', '=', valmont)
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
    ).id;
  const role = await roleNamed('Manager');
  const userImport = (
    await db
      .insertInto('user_imports')
      .values({
        company_id: valmont,
        created_by: null,
        status: 'done',
        total: 0,
        rows: null,
        error: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const roleParent = await roleNamed('Recruteur');

  // Upload tokens (read from the mail the worker sends), a document uploaded through each, an avatar.
  const admin = await signIn(ctx.app, 'admin@demo.test');
  const inject = (method: 'POST', url: string, extra: object) =>
    ctx.app.inject({ method, url, ...extra });
  const documentOf = async (applicant: number) => {
    const ask = await inject('POST', `/api/applicants/${applicant}/ask-documents`, {
      headers: { cookie: admin },
      payload: { applicant_id: applicant, document_ids: [1, 3] },
    });
    if (ask.statusCode !== 200) throw new Error(`ask-documents: ${ask.statusCode} ${ask.body}`);
    await ctx.app.worker.drain();
    const mail = await db
      .selectFrom('mail_outbox')
      .select('text')
      .where('company_id', '=', valmont)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const token = /documents-upload\/([\w-]+)/.exec(mail.text)?.[1];
    if (!token) throw new Error(`no upload link in the mail: ${mail.text}`);
    const upload = multipart({}, [{ field: 'document_1', filename: 'cni.png', data: PNG }]);
    const up = await inject('POST', `/api/documents-upload/${token}`, {
      payload: upload.payload,
      headers: upload.headers,
    });
    if (up.statusCode !== 200) throw new Error(`document upload: ${up.statusCode} ${up.body}`);
    const row = await db
      .selectFrom('applicant_documents')
      .select('id')
      .where('applicant_id', '=', applicant)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return { token, document: row.id };
  };
  const { token, document } = await documentOf(outside.applicant);
  const insideDocument = (await documentOf(inside.applicant)).document;
  // A comment with a file on each applicant's feed (the feed's routes name them).
  const commentOf = async (applicant: number) => {
    const body = multipart({ text: 'Commentaire des fixtures' }, [
      { field: 'files[0]', filename: 'note.png', data: PNG },
    ]);
    const res = await inject('POST', `/api/activity-feed?applicant_id=${applicant}`, {
      payload: body.payload,
      headers: { ...body.headers, cookie: admin },
    });
    if (res.statusCode !== 201) throw new Error(`comment: ${res.statusCode} ${res.body}`);
    const entry = res.json<{ id: number; files: { id: number }[] }>();
    return { comment: entry.id, attachment: entry.files[0]!.id };
  };
  const outsideComment = await commentOf(outside.applicant);
  const insideComment = await commentOf(inside.applicant);
  // Shared links (issue 12): one of each applicant, and one of a third application (another
  // applicant with a CV, so that the feeds the other tests count stay as they were) through which
  // an outsider writes two comments (the /api/shared/{token}/… routes name them).
  const shareOf = async (url: string, sections: string[]) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { cookie: admin },
      payload: { sections },
    });
    if (res.statusCode !== 201) throw new Error(`share: ${res.statusCode} ${res.body}`);
    return res.json<{ id: number; token: string }>();
  };
  const outsideShare = (await shareOf(`/api/applicants/${outside.applicant}/shares`, ['profile']))
    .id;
  const insideShare = (await shareOf(`/api/applicants/${inside.applicant}/shares`, ['profile'])).id;
  const withCv = new Set(
    (
      await db
        .selectFrom('applicants')
        .select('id')
        .where('company_id', '=', valmont)
        .where('cv_key', 'is not', null)
        .execute()
    ).map((r) => r.id),
  );
  const third = applications.find(
    (a) =>
      a.offer_id !== null &&
      a.email &&
      withCv.has(a.applicant_id!) &&
      a.applicant_id !== outside.applicant &&
      a.applicant_id !== inside.applicant,
  );
  if (!third) throw new Error('the demo seed has no third applicant with a CV to share');
  const sharedDocument = (await documentOf(third.applicant_id!)).document;
  const sharedToken = (
    await shareOf(`/api/applications/${third.id}/shares`, [
      'profile',
      'cv',
      'documents',
      'motivation',
      'feed',
    ])
  ).token;
  const outsiderComment = async (files: Part[]) => {
    const body = multipart({ name: 'Invité des fixtures', text: 'Avis partagé' }, files);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/shared/${sharedToken}/application/activity-feed`,
      payload: body.payload,
      headers: body.headers,
    });
    if (res.statusCode !== 201) throw new Error(`shared comment: ${res.statusCode} ${res.body}`);
    return res.json<{ id: number; files: { id: number }[] }>();
  };
  const sharedComment = (await outsiderComment([])).id;
  const sharedAttachment = (
    await outsiderComment([{ field: 'files[0]', filename: 'avis.png', data: PNG }])
  ).files[0]!.id;
  const avatar = multipart({ firstname: 'Camille', lastname: 'Durand', email: 'admin@demo.test' }, [
    { field: 'img_src', filename: 'me.png', data: PNG, type: 'image/png' },
  ]);
  const av = await inject('POST', '/api/user_profile/personal_infos', {
    payload: avatar.payload,
    headers: { ...avatar.headers, cookie: admin },
  });
  if (av.statusCode !== 200) throw new Error(`avatar: ${av.statusCode} ${av.body}`);
  // An offer template and a real image in the bank (issue 17).
  const template = await inject('POST', '/api/offer-templates', {
    payload: { name: 'Modèle des fixtures', job_position: 'Soudeur' },
    headers: { cookie: admin },
  });
  if (template.statusCode !== 201) throw new Error(`template: ${template.statusCode}`);
  const offerTemplate = template.json<{ id: number }>().id;
  const png = await sharp({
    create: { width: 8, height: 6, channels: 3, background: '#2563eb' },
  })
    .png()
    .toBuffer();
  const image = multipart({}, [{ field: 'file', filename: 'bank.png', data: png }]);
  const uploaded = await inject('POST', '/api/offer-images', {
    payload: image.payload,
    headers: { ...image.headers, cookie: admin },
  });
  if (uploaded.statusCode !== 201) throw new Error(`image: ${uploaded.statusCode}`);
  const offerImage = uploaded.json<{ id: number }>().id;
  // A company logo and a queued offer export of Valmont (issue 17, company settings).
  const logo = multipart({}, [{ field: 'logo', filename: 'logo.png', data: png }]);
  const logoRes = await inject('POST', '/api/config/account-infos/admin-infos/logo', {
    payload: logo.payload,
    headers: { ...logo.headers, cookie: admin },
  });
  if (logoRes.statusCode !== 200) throw new Error(`logo: ${logoRes.statusCode} ${logoRes.body}`);
  const offerExport = (
    await db
      .insertInto('offer_exports')
      .values({
        company_id: valmont,
        user_id: adminUser,
        format: 'csv',
        columns: '["id"]',
        language: 'fr',
        status: 'queued',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const offerExportSchedule = (
    await db
      .insertInto('offer_export_schedules')
      .values({
        company_id: valmont,
        name: 'Fixture schedule',
        frequency: 'daily',
        hour: 6,
        format: 'csv',
        columns: '["id"]',
        language: 'fr',
        recipient_ids: JSON.stringify([adminUser]),
        enabled: false,
        created_by: adminUser,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const cf = await inject('POST', '/api/custom-fields', {
    payload: { entity: 'offer', type: 'text', label: 'Champ des fixtures' },
    headers: { cookie: admin },
  });
  if (cf.statusCode !== 201) throw new Error(`custom field: ${cf.statusCode}`);
  const customField = cf.json<{ id: number }>().id;
  const mm = await inject('POST', '/api/mail-models', {
    payload: mailModelSample(),
    headers: { cookie: admin },
  });
  if (mm.statusCode !== 201) throw new Error(`mail model: ${mm.statusCode} ${mm.body}`);
  const mailModel = mm.json<{ id: number }>().id;
  const mailingRes = await inject('POST', '/api/mailings', {
    payload: {
      recipients: { applicant_ids: [outside.applicant] },
      model_id: mailModel,
      send_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    },
    headers: { cookie: admin },
  });
  if (mailingRes.statusCode !== 202)
    throw new Error(`mailing: ${mailingRes.statusCode} ${mailingRes.body}`);
  const mailing = mailingRes.json<{ id: number }>().id;
  // Bulk operations of the admin's, finished (issue 42 part 2: GET …/bulk-operations/:id): a
  // status change, an addition to a recruitment list.
  const operationOf = (kind: string) =>
    insertOperation(ctx.database.db, { company_id: valmont, user_id: adminUser }, kind);
  const bulkOperation = await operationOf('status_change');
  const listOperation = await operationOf('recruitment_lists.add');
  const offerOperation = await operationOf('offers.unpublish');
  const copyOperation = await operationOf('applications.copy');
  // A CV bundle's job, done, its ZIP (an empty one) stored and kept a week.
  const cvBundleOperation = await operationOf('applicants.cv_bundle');
  const bundleKey = `cv-bundles/${valmont}/route-fixtures.zip`;
  const emptyZip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]);
  const storage = createStorage(ctx.config.storage);
  await storage.put(bundleKey, emptyZip);
  storage.close?.();
  await ctx.database.db
    .updateTable('bulk_operations')
    .set({
      file_key: bundleKey,
      file_size: emptyZip.length,
      file_expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    })
    .where('id', '=', cvBundleOperation)
    .execute();
  // Workflows and statuses (issue 17): a custom status, a motif and a second workflow.
  const created = async (url: string, payload: object) => {
    const res = await inject('POST', url, { payload, headers: { cookie: admin } });
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json<{ id: number }>().id;
  };
  const customStatus = await created('/api/config/statuses', { name: 'Statut des fixtures' });
  const customMotif = await created('/api/config/motifs', {
    name: 'Motif des fixtures',
    status_id: 7,
  });
  const workflow = await created('/api/config/workflows', {
    name: 'Workflow des fixtures',
    status_ids: [1, 6, customStatus],
  });

  const notification = (
    await db
      .selectFrom('notifications')
      .select('id')
      .where('company_id', '=', valmont)
      .where('user_id', '=', adminUser)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  const smsOutbox = await db
    .selectFrom('sms_outbox as ob')
    .innerJoin('sms_messages as m', 'm.id', 'ob.message_id')
    .select(['ob.id', 'm.conversation_id'])
    .where('ob.company_id', '=', valmont)
    .orderBy('ob.id')
    .executeTakeFirstOrThrow();
  // Recruitment lists (issue 15): a private one, and one shared with the manager.
  const listOf = async (applicant: number, shared: boolean) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/recruitment-lists',
      headers: { cookie: admin },
      payload: shared
        ? {
            name: 'Vivier partagé',
            type: 'shared',
            collaborative: true,
            shared_user_ids: [manager],
          }
        : { name: 'Vivier privé', type: 'private' },
    });
    if (res.statusCode !== 201) throw new Error(`recruitment list: ${res.statusCode} ${res.body}`);
    const id = res.json<{ id: number }>().id;
    const add = await ctx.app.inject({
      method: 'POST',
      url: `/api/recruitment-lists/${id}/applicants`,
      headers: { cookie: admin },
      payload: { applicant_ids: [applicant] },
    });
    if (add.statusCode !== 200) throw new Error(`list applicants: ${add.statusCode} ${add.body}`);
    return id;
  };
  const outsideList = await listOf(outside.applicant, false);
  const community = await communityFixtures(ctx);
  const planner = await plannerFixtures(ctx, valmont, adminUser, outside.applicant);
  const onboarding = await onboardingFixtures(
    ctx,
    valmont,
    adminUser,
    manager,
    outside.application,
  );
  const insideList = await listOf(inside.applicant, true);
  const common = {
    folder,
    subsidiary,
    group,
    role,
    roleParent,
    userImport,
    offerTemplate,
    offerImage,
    offerExport,
    offerExportSchedule,
    customField,
    mailModel,
    mailing,
    customStatus,
    customMotif,
    workflow,
    user: adminUser,
    notification,
    smsConversation: smsOutbox.conversation_id,
    smsOutbox: smsOutbox.id,
    communityMember: community.member,
    appointmentTemplate: planner.template,
    appointment: planner.appointment,
    bulkOperation,
    listOperation,
    offerOperation,
    copyOperation,
    cvBundleOperation,
    ...onboarding,
  };
  return {
    valmont,
    mairie,
    outside: {
      ...outside,
      ...common,
      ...outsideComment,
      share: outsideShare,
      recruitmentList: outsideList,
      document,
      offer2: second.id,
      project2: second.project_id,
    },
    inside: {
      ...inside,
      ...common,
      ...insideComment,
      share: insideShare,
      recruitmentList: insideList,
      document: insideDocument,
      offer2: insideSecond?.id ?? inside.offer,
      project2: insideSecond?.project_id ?? inside.project,
    },
    token,
    shared: {
      token: sharedToken,
      document: sharedDocument,
      comment: sharedComment,
      attachment: sharedAttachment,
    },
    career: { slug: 'groupe-valmont', offer: careerOffer },
    community: { token: community.token },
    news: await newsFixture(ctx),
    planner: { booking: planner.booking, feedFile: planner.feedFile },
    unsubscribe: new UnsubscribeLinks(secretBoxFor(ctx.config), () => '').token(
      valmont,
      outside.applicant,
    ),
  };
}

/** A process of one task for `user` (issue 41). */
function onboardingProcessSample(user: number) {
  return {
    name: 'Arrivée',
    steps: [{ title: 'Badge', kind: 'task', responsible: { type: 'user', id: user }, due_days: 0 }],
  };
}

/**
 * Onboarding's objects of Valmont (issue 41): a process with one step, a company status, an
 * onboarding of `application` (open) with a task of the manager and one of the admin.
 */
async function onboardingFixtures(
  ctx: TestContext,
  valmont: number,
  admin: number,
  manager: number,
  application: number,
) {
  const { db } = ctx.database;
  const now = new Date().toISOString();
  const app = await db
    .selectFrom('applications')
    .select(['applicant_id', 'offer_id'])
    .where('id', '=', application)
    .executeTakeFirstOrThrow();
  const process = await db
    .insertInto('onboarding_processes')
    .values({
      company_id: valmont,
      name: 'Arrivée',
      active: true,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('onboarding_steps')
    .values({
      company_id: valmont,
      process_id: process.id,
      title: 'Badge',
      kind: 'task',
      responsible_type: 'manager',
      responsible_id: null,
      due_days: 0,
      document_name: null,
      mail_model_id: null,
      position: 0,
    })
    .execute();
  const status = async (key: string | null, name: string | null, position: number) =>
    (
      await db
        .insertInto('onboarding_statuses')
        .values({ company_id: valmont, system_key: key, name, position, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  // The demo wrote the system statuses (seed/demo-onboarding.ts).
  const notStarted = (
    await db
      .selectFrom('onboarding_statuses')
      .select('id')
      .where('company_id', '=', valmont)
      .where('system_key', '=', 'not_started')
      .executeTakeFirstOrThrow()
  ).id;
  const onboardingStatus = await status(null, 'En attente', 4);
  const onboarding = await db
    .insertInto('onboardings')
    .values({
      company_id: valmont,
      application_id: application,
      open_application_id: application,
      applicant_id: app.applicant_id!,
      offer_id: app.offer_id,
      subsidiary_id: null,
      process_id: process.id,
      status_id: notStarted,
      start_date: '2030-01-07',
      manager_id: manager,
      address: null,
      first_day_contact: null,
      tasks_total: 2,
      tasks_done: 0,
      cancelled_at: null,
      created_by: admin,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const task = async (owner: number, title: string) =>
    (
      await db
        .insertInto('onboarding_tasks')
        .values({
          company_id: valmont,
          onboarding_id: onboarding.id,
          title,
          kind: 'task',
          position: 0,
          owner_id: owner,
          due_date: '2030-01-07',
          document_name: null,
          mail_model_id: null,
          mail_state: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  await task(manager, 'Préparer le poste');
  return {
    onboardingProcess: process.id,
    onboardingStatus,
    onboarding: onboarding.id,
    onboardingTask: await task(admin, 'Badge'),
  };
}

/**
 * The planner's objects of Valmont (issue 39): two templates with admin@demo.test as interviewer,
 * an appointment of the admin with `applicant`, a booking link of the second template for
 * `applicant`, and recruiter@demo.test's ICS feed.
 */
async function plannerFixtures(
  ctx: TestContext,
  valmont: number,
  admin: number,
  applicant: number,
) {
  const { db } = ctx.database;
  const now = new Date().toISOString();
  const template = async (name: string) => {
    const row = await db
      .insertInto('appointment_templates')
      .values({
        company_id: valmont,
        name,
        duration_minutes: 30,
        buffer_before_minutes: 0,
        buffer_after_minutes: 0,
        slot_step_minutes: null,
        location_kind: 'address',
        location: '1 rue de la Paix, Paris',
        time_zone: 'Europe/Paris',
        availability: JSON.stringify({
          mode: 'shared',
          weekly_hours: plannerWeek(),
          interviewer_hours: [],
          exceptions: [],
        }),
        horizon_days: 30,
        min_notice_minutes: 60,
        mail_models: JSON.stringify({
          invitation: null,
          reminder: null,
          change: null,
          cancellation: null,
        }),
        created_by: admin,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('appointment_template_interviewers')
      .values({ template_id: row.id, user_id: admin, position: 0 })
      .execute();
    return row.id;
  };
  const first = await template('Entretien des fixtures');
  const second = await template('Entretien réservable');
  const start = new Date(Date.now() + 40 * 86_400_000).toISOString();
  const end = new Date(Date.now() + 40 * 86_400_000 + 1_800_000).toISOString();
  const appointment = await db
    .insertInto('appointments')
    .values({
      company_id: valmont,
      template_id: first,
      title: 'Entretien fixtures',
      start_at: start,
      end_at: end,
      status: 'confirmed',
      source: 'planner',
      location_kind: 'address',
      location: '',
      applicant_id: applicant,
      application_id: null,
      notes: '',
      allow_conflicts: true,
      created_by: admin,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('appointment_interviewers')
    .values({
      appointment_id: appointment.id,
      user_id: admin,
      company_id: valmont,
      start_at: start,
      end_at: end,
      cancelled: false,
    })
    .execute();
  const booking = 'fixture-booking-token-0123456789abcdefghijkl';
  await db
    .insertInto('booking_links')
    .values({
      company_id: valmont,
      template_id: second,
      applicant_id: applicant,
      application_id: null,
      token_hash: createHash('sha256').update(booking).digest('hex'),
      language: 'fr',
      expires_at: new Date(Date.now() + 60 * 86_400_000).toISOString(),
      created_by: admin,
      created_at: now,
    })
    .execute();
  const recruiter = await db
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', valmont)
    .where('email', '=', 'recruiter@demo.test')
    .executeTakeFirstOrThrow();
  const secret = 'fixture-feed-secret-0123456789abcdefghijklm';
  await db
    .insertInto('planner_feeds')
    .values({
      user_id: recruiter.id,
      company_id: valmont,
      secret_hash: createHash('sha256').update(secret).digest('hex'),
      created_at: now,
    })
    .execute();
  return { template: first, appointment: appointment.id, booking, feedFile: `${secret}.ics` };
}

/** Monday to Friday, 09:00–12:00 and 14:00–18:00. */
function plannerWeek() {
  const day = [
    { start: '09:00', end: '12:00' },
    { start: '14:00', end: '18:00' },
  ];
  return { mon: day, tue: day, wed: day, thu: day, fri: day, sat: [], sun: [] };
}

/** A template as the config page sends it (issue 39). */
function templateSample(interviewer: number) {
  return {
    name: 'Entretien de la marche',
    duration_minutes: 45,
    location_kind: 'video',
    location: 'https://visio.example.test/salle',
    interviewer_ids: [interviewer],
    time_zone: 'Europe/Paris',
    weekly_hours: plannerWeek(),
  };
}

/** A recruiter's appointment (issue 39), its conflicts kept: the walk may create it twice. */
function appointmentSample(ids: ObjectIds) {
  const start = Date.now() + 50 * 86_400_000;
  return {
    title: 'Entretien de la marche',
    start_at: new Date(start).toISOString(),
    end_at: new Date(start + 3_600_000).toISOString(),
    interviewer_ids: [ids.user],
    applicant_id: ids.applicant,
    application_id: ids.application,
    allow_conflicts: true,
  };
}

const plannerRange = () => ({
  from: new Date().toISOString(),
  to: new Date(Date.now() + 7 * 86_400_000).toISOString(),
});

/** A news item of the staff for every company, current for a month (issue 38 part 5). */
async function newsFixture(ctx: TestContext): Promise<number> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/superadmin/news',
    headers: { cookie: await signIn(ctx.app, 'superadmin@demo.test') },
    payload: newsSample(),
  });
  if (res.statusCode !== 201) throw new Error(`news item: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}

/** A news item for every company, in French, current from yesterday for a month. */
function newsSample() {
  const day = 24 * 3600 * 1000;
  return {
    contents: { fr: { title: 'Nouveautés du produit', body: '<p>Une nouveauté.</p>' } },
    audience: 'all',
    starts_at: new Date(Date.now() - day).toISOString(),
    ends_at: new Date(Date.now() + 30 * day).toISOString(),
  };
}

/**
 * Valmont's talent community opened, and two members who joined from the public form: one with a
 * CV (the area's routes name it), one whose e-mail's leave / erase token the public routes use.
 */
async function communityFixtures(ctx: TestContext): Promise<{ member: number; token: string }> {
  const cookie = await signIn(ctx.app, 'admin@demo.test');
  const saved = await ctx.app.inject({
    method: 'PUT',
    url: '/api/config/career-site',
    headers: { cookie },
    payload: {
      slug: 'groupe-valmont',
      show_logo: true,
      primary_color: '#1d4ed8',
      accent_color: '#b45309',
      cover_image_id: null,
      languages: ['fr'],
      introductions: {},
      offer_fields: ['contract_type'],
      privacy_notices: { fr: 'Avis de la matrice' },
      talent_community: true,
    },
  });
  if (saved.statusCode !== 200) throw new Error(`career site: ${saved.body}`);
  const join = async (email: string, files: Part[]) => {
    const body = multipart(
      { firstname: 'Membre', lastname: 'Matrice', email, consent: 'yes', notice_version: '1' },
      files,
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/careers/groupe-valmont/community',
      payload: body.payload,
      headers: body.headers,
    });
    if (res.statusCode !== 200) throw new Error(`community join: ${res.statusCode}`);
  };
  const jobsBefore = Number(
    (
      await ctx.database.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0,
  );
  await join('membre.matrice@example.org', [
    {
      field: 'cv',
      filename: 'cv.txt',
      data: Buffer.from('Soudure et chaudronnerie\n'),
      type: 'text/plain',
    },
  ]);
  await join('jeton.matrice@example.org', []);
  const { db } = ctx.database;
  const member = await db
    .selectFrom('community_members')
    .select('id')
    .where('email', '=', 'membre.matrice@example.org')
    .executeTakeFirstOrThrow();
  const mail = await db
    .selectFrom('mail_outbox')
    .select('text')
    .where('to', '=', 'jeton.matrice@example.org')
    .executeTakeFirstOrThrow();
  const token = /\/community\/member\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error('community fixtures: no token in the e-mail');
  // The joins' welcome e-mails and CV job are not the fixtures' business: tests that run the
  // worker one job at a time (SMTP and SMS retries) must find their own job first.
  await db
    .deleteFrom('jobs')
    .where('id', '>', jobsBefore)
    .where('type', 'in', ['mail.send', 'community.cv_text'])
    .execute();
  await db
    .deleteFrom('mail_outbox')
    .where('to', 'in', ['membre.matrice@example.org', 'jeton.matrice@example.org'])
    .execute();
  return { member: member.id, token };
}

/** A Valmont user whose role holds no permission at all (`nobody@demo.test`). */
export async function createUserWithoutPermissions(ctx: TestContext, companyId: number) {
  const { db } = ctx.database;
  const now = new Date().toISOString();
  // One root role per company: the new one goes under it (permissions are not inherited).
  const root = await db
    .selectFrom('roles')
    .select('id')
    .where('company_id', '=', companyId)
    .where('parent_id', 'is', null)
    .executeTakeFirstOrThrow();
  const role = await db
    .insertInto('roles')
    .values({ company_id: companyId, name: 'Sans droits', parent_id: root.id, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('users')
    .values(
      demoUserRow(
        {
          company_id: companyId,
          role_id: role.id,
          firstname: 'Paul',
          lastname: 'Sansdroit',
          email: 'nobody@demo.test',
        },
        await hashPassword(DEMO_PASSWORD),
        now,
      ),
    )
    .execute();
  return signIn(ctx.app, 'nobody@demo.test');
}

/**
 * What each path parameter names, by the path segment before it: `/projects/:id` a project,
 * `…/offers/:offer_id` an offer of that project, and so on. A parameter after a segment not listed
 * here fails the walk: a new route with a new kind of parameter needs a decision here.
 */
export const PARAM_RESOURCES: Record<string, Resource> = {
  projects: 'project',
  offers: 'offer',
  offer: 'offer',
  applicants: 'applicant',
  manual: 'applicant',
  applications: 'application',
  documents: 'document',
  'documents-upload': 'token',
  avatars: 'user',
  static: 'file',
  'activity-feed': 'comment',
  attachments: 'attachment',
  mentions: 'search',
  shared: 'share',
  shares: 'shareId',
  // /notifications/:id, /notifications/read/:id, /notifications/unread/:id
  notifications: 'notification',
  read: 'notification',
  unread: 'notification',
  // /dev/sms/outbox/:id/receipt, /dev/sms/outbox/:id/reply
  outbox: 'smsOutbox',
  // /recruitment-lists/:id, /recruitment-lists/:id/applicants
  'recruitment-lists': 'recruitmentList',
  // /users/:id (issue 16)
  users: 'user',
  // /roles/:id, /roles/:id/permissions (issue 16)
  roles: 'role',
  // /groups/:id, /groups/:id/members (issue 16)
  groups: 'group',
  // /users/imports/:id (issue 16)
  imports: 'userImport',
  // /offer-templates/:id, /offer-images/:id/file (issue 17)
  'offer-templates': 'offerTemplate',
  'offer-images': 'offerImage',
  // /config/joboffers/export/:id, …/download (issue 17, company settings)
  export: 'offerExport',
  // /config/offer-export-schedules/:id (issue 17, company settings)
  'offer-export-schedules': 'offerExportSchedule',
  // /custom-fields/:id (issue 17)
  'custom-fields': 'customField',
  // /mail-models/:id, …/test (issue 38)
  'mail-models': 'mailModel',
  // /mailings/:id (issue 38 part 3), and the public /unsubscribe/:token of bulk e-mails
  mailings: 'mailing',
  unsubscribe: 'unsubscribeToken',
  // /config/subsidiaries/:id, …/move, …/archive, …/users (issue 17)
  subsidiaries: 'subsidiary',
  // /config/jobboards/:id (issue 17): a board of the global catalogue
  jobboards: 'jobBoard',
  // /config/statuses/:id, /config/motifs/:id, /config/workflows/:id (issue 17)
  statuses: 'customStatus',
  motifs: 'customMotif',
  workflows: 'workflow',
  // The public career site (issue 37): /careers/:slug, …/offers/:offer (a published offer),
  // …/images/:id (an image of the bank).
  careers: 'careerSlug',
  images: 'offerImage',
  // The talent community (issue 37 part 4): /community/members/:id, and the member's page of
  // the public site /careers/:slug/community/member/:token.
  members: 'communityMember',
  member: 'communityToken',
  // /news/:id/dismiss, /superadmin/news/:id (issue 38 part 5): a news item of the product's staff,
  // which names nothing of any company.
  news: 'newsItem',
  // The planner (issue 39): /planner/templates/:id, /planner/appointments/:id, the public
  // /booking/:token and /planner/feed/:file (a user's ICS feed).
  templates: 'appointmentTemplate',
  appointments: 'appointment',
  booking: 'bookingToken',
  feed: 'icsFeedFile',
  // /applications/bulk-operations/:id (issue 42 part 2)
  'bulk-operations': 'bulkOperation',
  // /recruitment-lists/bulk-operations/:id: an operation of the lists' kind
  'recruitment-lists/bulk-operations': 'listOperation',
  // /projects/all/offers/bulk-operations/:id: an offers' batch action
  'offers/bulk-operations': 'offerOperation',
  // /applications/duplicate-operations/:id: a copy to an offer
  'duplicate-operations': 'copyOperation',
  // /applicants/bulk-operations/:id(/file): a CV bundle with its ZIP
  'applicants/bulk-operations': 'cvBundleOperation',
  // Onboarding (issue 41): /onboarding/processes/:id, /onboarding/statuses/:id (two segments:
  // /config/statuses/:id names a pipeline status), /onboardings/:id, /onboarding-tasks/:id.
  processes: 'onboardingProcess',
  'onboarding/statuses': 'onboardingStatus',
  onboardings: 'onboarding',
  'onboarding-tasks': 'onboardingTask',
};

/** `search`: a text (the mention search), not an object: it names nothing of any company. */
export type Resource =
  | 'project'
  | 'offer'
  | 'applicant'
  | 'application'
  | 'document'
  | 'token'
  | 'user'
  | 'file'
  | 'comment'
  | 'attachment'
  | 'search'
  /** A shared link's token (`/api/shared/:token`); `shareId` a share's id. */
  | 'share'
  | 'shareId'
  /** A notification of admin@demo.test. */
  | 'notification'
  /** A message of the development SMS outbox. */
  | 'smsOutbox'
  /** A recruitment list of admin@demo.test (issue 15). */
  | 'recruitmentList'
  /** A role of Valmont (issue 16). */
  | 'role'
  /** A group of users of Valmont (issue 16). */
  | 'group'
  /** A subsidiary of Valmont (issue 17). */
  | 'subsidiary'
  /** A board of the global job-board catalogue (issue 17): it names nothing of any company. */
  | 'jobBoard'
  /** A users import of Valmont (issue 16). */
  | 'userImport'
  /** An offer template and a bank image of Valmont (issue 17). */
  | 'offerTemplate'
  | 'offerImage'
  /** An offer export of Valmont (issue 17, company settings). */
  | 'offerExport'
  | 'offerExportSchedule'
  /** An offer custom field of Valmont (issue 17). */
  | 'customField'
  /** An e-mail model of Valmont (issue 38). */
  | 'mailModel'
  /** A mailing of Valmont, and an applicant's unsubscribe token (issue 38 part 3). */
  | 'mailing'
  | 'unsubscribeToken'
  /** A custom status, a custom motif and a second workflow of Valmont (issue 17). */
  | 'customStatus'
  | 'customMotif'
  | 'workflow'
  /** A company's career-site slug (issue 37): Valmont's. */
  | 'careerSlug'
  /** A talent community member of Valmont, and another one's leave / erase token (issue 37). */
  | 'communityMember'
  | 'communityToken'
  /** A news item of the product's staff (issue 38 part 5): no company's object. */
  | 'newsItem'
  /** An appointment template and an appointment of Valmont (issue 39). */
  | 'appointmentTemplate'
  | 'appointment'
  /** A booking link's token and a user's ICS feed file (issue 39, public). */
  | 'bookingToken'
  | 'icsFeedFile'
  /** A bulk status change of admin@demo.test (issue 42 part 2). */
  | 'bulkOperation'
  /** An addition to a recruitment list of admin@demo.test's, finished (issue 42 part 2). */
  | 'listOperation'
  | 'offerOperation'
  /** A copy to an offer of admin@demo.test's, finished (issue 42 part 2). */
  | 'copyOperation'
  /** A CV bundle of admin@demo.test's, done, with its ZIP (issue 42). */
  | 'cvBundleOperation'
  /** Onboarding's process, company status, onboarding and admin's task of Valmont (issue 41). */
  | 'onboardingProcess'
  | 'onboardingStatus'
  | 'onboarding'
  | 'onboardingTask';

/** The resources named by the route's path parameters, in order. */
export function pathResources(url: string): Resource[] {
  const segments = url.split('/');
  const found: Resource[] = [];
  segments.forEach((segment, i) => {
    if (!segment.startsWith(':') && segment !== '*') return;
    const resource =
      PARAM_RESOURCES[`${segments[i - 2]}/${segments[i - 1]}`] ??
      PARAM_RESOURCES[segments[i - 1] ?? ''];
    if (!resource) {
      throw new Error(
        `${url}: no fixture for the parameter ${segment} after /${segments[i - 1]}/: ` +
          'say in PARAM_RESOURCES (test/support/route-fixtures.ts) what it names',
      );
    }
    found.push(resource);
  });
  return found;
}

/** The route's url with each parameter replaced by the id of the object it names. */
export function fillPath(url: string, ids: ObjectIds, fixtures: Fixtures): string {
  const values: Record<Resource, string | number> = {
    project: ids.project,
    // The career site shows published offers only.
    offer: url.startsWith('/careers/') ? fixtures.career.offer : ids.offer,
    applicant: ids.applicant,
    application: ids.application,
    // A shared link names its own applicant's document and its outsider's file.
    document: url.startsWith('/api/shared/') ? fixtures.shared.document : ids.document,
    token: fixtures.token,
    user: ids.user,
    file: 'index.html',
    comment: ids.comment,
    attachment: url.startsWith('/api/shared/') ? fixtures.shared.attachment : ids.attachment,
    search: 'cam',
    share: fixtures.shared.token,
    shareId: ids.share,
    notification: ids.notification,
    smsOutbox: ids.smsOutbox,
    recruitmentList: ids.recruitmentList,
    role: ids.role,
    group: ids.group,
    userImport: ids.userImport,
    offerTemplate: ids.offerTemplate,
    offerImage: ids.offerImage,
    offerExport: ids.offerExport,
    offerExportSchedule: ids.offerExportSchedule,
    customField: ids.customField,
    mailModel: ids.mailModel,
    mailing: ids.mailing,
    unsubscribeToken: fixtures.unsubscribe,
    customStatus: ids.customStatus,
    customMotif: ids.customMotif,
    workflow: ids.workflow,
    subsidiary: ids.subsidiary,
    jobBoard: 1,
    careerSlug: fixtures.career.slug,
    communityMember: ids.communityMember,
    communityToken: fixtures.community.token,
    newsItem: fixtures.news,
    appointmentTemplate: ids.appointmentTemplate,
    appointment: ids.appointment,
    bulkOperation: ids.bulkOperation,
    listOperation: ids.listOperation,
    offerOperation: ids.offerOperation,
    copyOperation: ids.copyOperation,
    cvBundleOperation: ids.cvBundleOperation,
    onboardingProcess: ids.onboardingProcess,
    onboardingStatus: ids.onboardingStatus,
    onboarding: ids.onboarding,
    onboardingTask: ids.onboardingTask,
    bookingToken: fixtures.planner.booking,
    icsFeedFile: fixtures.planner.feedFile,
  };
  const resources = pathResources(url);
  let i = 0;
  return url
    .split('/')
    .map((segment) =>
      segment.startsWith(':') || segment === '*' ? String(values[resources[i++]!]) : segment,
    )
    .join('/');
}

/** An `ObjectIds` that records which ids a sample body read: those routes name objects in the body. */
export function trackingIds(ids: ObjectIds): { ids: ObjectIds; read: Set<keyof ObjectIds> } {
  const read = new Set<keyof ObjectIds>();
  const proxy = new Proxy(ids, {
    get(target, key, receiver) {
      if (typeof key === 'string' && key in target) read.add(key as keyof ObjectIds);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { ids: proxy, read };
}

type Sample = (c: SampleContext) => SampleRequest;
const body =
  (make: (c: SampleContext) => unknown): Sample =>
  (c) => ({ body: make(c) });

/**
 * A valid request for each route that needs more than an empty body, keyed `METHOD url` (the
 * url as declared). Ids come from `c.ids`, so the same sample names another object for another
 * actor. A route missing here is called with `{}` (POST, PUT) or nothing.
 */
export const SAMPLE_REQUESTS: Record<string, Sample> = {
  'POST /api/login': () => ({ body: { email: 'admin@other.test', password: DEMO_PASSWORD } }),
  'POST /api/two-factor-challenge': () => ({ body: { code: '123456' } }),
  'POST /api/sso/check': () => ({ body: { email: 'someone@exemple.fr' } }),
  'POST /api/user_profile/personal_infos': body(({ me }) => ({
    firstname: me.firstname,
    lastname: me.lastname,
    email: me.email,
  })),
  // A wrong current password: the route runs, nobody's password changes.
  'POST /api/user_profile/change_password': body(() => ({
    current_password: 'not-the-password',
    password: 'another-password-1',
    password_confirmation: 'another-password-1',
  })),
  'POST /api/user_profile/invalidate_sessions': body(() => ({ password: DEMO_PASSWORD })),
  'PUT /api/user_profile/language': body(() => ({ language: 'fr' })),
  'PUT /api/user_profile/time_zone': body(() => ({ time_zone: null })),
  'POST /api/user_profile/two-factor/confirm': body(() => ({ code: '000000' })),
  'POST /api/user_profile/two-factor/disable': body(() => ({ password: DEMO_PASSWORD })),
  'GET /api/projects/search': () => ({ query: { search: 'agence' } }),
  'POST /api/projects': body(({ ids }) => ({
    name: 'Projet de test',
    type: 1,
    parent_id: ids.folder,
  })),
  'PUT /api/projects/:id': body(() => ({ name: 'Projet renommé', type: 1 })),
  'PUT /api/projects/:id/move': body(({ ids }) => ({ target_project: ids.folder })),
  'GET /api/projects/:id/users': ({ ids }) => ({
    query: { subsidiary_id: String(ids.subsidiary) },
  }),
  'PUT /api/projects/:id/users': body(({ ids }) => ({ users_ids: [ids.user] })),
  'POST /api/projects/:id/offers': body(({ ids }) => ({
    job_position: 'Offre de test',
    salary_min: 30000,
    salary_max: 40000,
    subsidiary_id: ids.subsidiary,
  })),
  'PUT /api/projects/:id/offers/:offer_id': body(() => ({ location: 'Lyon 7e' })),
  'PUT /api/projects/:id/offers/:offer_id/jobboards': body(() => ({ jobboard_ids: [1, 2] })),
  'GET /api/projects/:id/users-without-access': ({ ids }) => ({
    query: { offer_id: String(ids.offer) },
  }),
  'GET /api/projects/:id/breadcrumbs': ({ ids }) => ({ query: { offer_id: String(ids.offer) } }),
  'PUT /api/offer/:id/users-with-offer-access': body(({ ids }) => ({
    users_ids: [ids.user],
  })),
  'PUT /api/projects/:id/offers/:offer_id/archive': body(() => ({ reason: 'duplicate' })),
  'PUT /api/projects/:id/offers/:offer_id/move': body(({ ids }) => ({
    moving_offer: ids.offer,
    target_project: ids.project2,
  })),
  'PUT /api/projects/:id/offers/batch/publish': body(({ ids }) => ({ offers_ids: [ids.offer] })),
  'PUT /api/projects/:id/offers/batch/unpublish': body(({ ids }) => ({ offers_ids: [ids.offer] })),
  'PUT /api/projects/:id/offers/batch/archive': body(({ ids }) => ({
    offers_ids: [ids.offer],
    reason: 'other',
  })),
  'PUT /api/projects/:id/offers/batch/archive/draft': body(({ ids }) => ({
    offers_ids: [ids.offer],
  })),
  'PUT /api/projects/:id/offers/batch/move': body(({ ids }) => ({
    moving_offers: [ids.offer],
    target_project: ids.project2,
  })),
  'POST /api/projects/all/offers/export/specific': body(({ ids }) => ({
    format: 'csv',
    offer_ids: [ids.offer],
  })),
  'GET /api/projects/all/offers/export/all': () => ({ query: { format: 'csv' } }),
  'PUT /api/projects/:project_id/offers/:offer_id/applications/statuses': body(({ ids }) => ({
    application_id: ids.application,
    status_id: 2,
  })),
  'PUT /api/projects/:project_id/offers/:offer_id/applications/duplicate': body(({ ids }) => ({
    application_id: ids.application,
    job_offer_id: ids.offer2,
  })),
  'POST /api/projects/:project_id/offers/:offer_id/manual': body(() => ({
    firstname: 'Alice',
    lastname: 'Essai',
    email: 'alice.essai@exemple.fr',
  })),
  'POST /api/applicants/manual': body(() => ({
    firstname: 'Bruno',
    lastname: 'Essai',
    email: 'bruno.essai@exemple.fr',
  })),
  'PUT /api/applicants/manual/:id': body(() => ({
    firstname: 'Carla',
    lastname: 'Essai',
    email: 'carla.essai@exemple.fr',
  })),
  'PUT /api/applicants/source': body(({ ids }) => ({
    applicant_id: ids.applicant,
    application_id: ids.application,
    jobboard_provenance: null,
    provenance_id: 3,
  })),
  'PUT /api/treatment/applications/statuses': body(({ ids }) => ({
    applications: [{ application_id: ids.application, status_id: 3 }],
  })),
  'PUT /api/treatment/spontaneous/statuses': body(({ ids }) => ({
    applications: [{ application_id: ids.application, status_id: 3 }],
  })),
  'PUT /api/applicants/:id/tags': body(() => ({ tags: ['matrice'] })),
  'POST /api/applicants/:id/ask-documents': body(({ ids }) => ({
    applicant_id: ids.applicant,
    document_ids: [2],
  })),
  'POST /api/applicants/offer_cv': body(({ ids }) => ({ ids: [ids.applicant], type: 'zip' })),
  'GET /api/activity-feed': ({ ids }) => ({ query: { applicant_id: String(ids.applicant) } }),
  'GET /api/activity-feed/categories': ({ ids }) => ({
    query: { applicant_id: String(ids.applicant) },
  }),
  'POST /api/activity-feed': ({ ids }) => ({
    query: { applicant_id: String(ids.applicant) },
    multipart: { fields: { text: 'Commentaire de la matrice' } },
  }),
  'POST /api/applicants/transfer': body(({ ids }) => ({
    applicant_ids: [ids.applicant],
    to: ['destinataire@exemple.fr'],
    subject: 'Profil à voir',
    message: 'Bonjour',
    access: { sections: ['profile'] },
  })),
  'POST /api/applications/transfer': body(({ ids }) => ({
    application_ids: [ids.application],
    to: ['destinataire@exemple.fr'],
    subject: 'Candidature à voir',
    access: { sections: ['profile', 'feed'], expires_in_days: 7 },
  })),
  'POST /api/applicants/:id/shares': body(() => ({ sections: ['profile'] })),
  'POST /api/applications/:id/shares': body(() => ({ sections: ['profile'] })),
  'POST /api/shared/:token/applicant/activity-feed': () => ({
    multipart: { fields: { name: 'Invité de la matrice', text: 'Avis' } },
  }),
  'POST /api/shared/:token/application/activity-feed': () => ({
    multipart: { fields: { name: 'Invité de la matrice', text: 'Avis' } },
  }),
  'DELETE /api/shared/:token/delete-comment': ({ fixtures }) => ({
    body: { comment_id: fixtures.shared.comment },
  }),
  // SMS (issue 14).
  'GET /api/sms/get-conversation': ({ ids }) => ({
    query: { applicant_id: String(ids.applicant), application_id: String(ids.application) },
  }),
  'POST /api/sms/send': body(({ ids }) => ({
    application_id: ids.application,
    applicant_id: ids.applicant,
    message: 'Bonjour de la matrice',
  })),
  'POST /api/sms/mass-send': body(({ ids }) => ({
    applicant_ids: [ids.applicant],
    offer_id: ids.offer,
    message: 'Bonjour de la matrice',
  })),
  'PUT /api/sms/mark-read': body(({ ids }) => ({ conversation_id: ids.smsConversation })),
  'POST /api/dev/sms/outbox/:id/receipt': body(() => ({ state: 'received' })),
  'POST /api/dev/sms/outbox/:id/reply': body(() => ({ message: 'Réponse de la matrice' })),
  // SMS destinations and cap (issue 33).
  'PUT /api/config/sms': body(() => ({ allowed_countries: ['FR', 'BE'], daily_cap: null })),
  // Notification preferences (issue 38 part 4): the company's defaults and the caller's own.
  'PUT /api/config/notifications': body(() => ({
    ...NOTIFICATION_DEFAULTS,
    kinds: { ...NOTIFICATION_DEFAULTS.kinds, comment_mention: { in_app: true, email: true } },
    digest: 'daily',
    digest_hour: 7,
  })),
  'PUT /api/me/notification-preferences': body(() => ({
    kinds: {
      ...Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, null])),
      comment_reply: { in_app: false, email: true },
    },
    digest: 'daily',
    digest_hour: 19,
  })),
  'GET /api/recruitment-lists': () => ({ query: { sort: 'name_asc', 'filter[source]': 'shared' } }),
  'POST /api/recruitment-lists': body(() => ({ name: 'Vivier de la matrice', type: 'private' })),
  'PUT /api/recruitment-lists': body(({ ids }) => ({
    id: ids.recruitmentList,
    name: 'Vivier renommé',
    type: 'private',
  })),
  // The talent community (issue 37 part 4): a list of the caller's, Valmont's published offer.
  'POST /api/community/members/:id/recruitment-list': body(({ ids }) => ({
    list_id: ids.recruitmentList,
  })),
  'POST /api/community/members/:id/invitations': body(({ fixtures }) => ({
    offer_id: fixtures.career.offer,
  })),
  'POST /api/recruitment-lists/:id/applicants': body(({ ids }) => ({
    applicant_ids: [ids.applicant],
  })),
  'DELETE /api/recruitment-lists/:id/applicants': body(({ ids }) => ({
    applicant_ids: [ids.applicant],
  })),
  // Users (issue 16): the caller's own company and role; a no-op update of admin@demo.test.
  'GET /api/users': () => ({
    query: { sort: '-email', 'filter[q]': 'a', 'filter[active]': '1' },
  }),
  'POST /api/users': body(({ me }) => ({
    firstname: 'Matrice',
    lastname: 'Utilisateur',
    email: `matrice-${me.email}`,
    role_id: me.role_id,
    language: 'fr',
  })),
  'PUT /api/users/:id': body(({ me }) => ({
    firstname: me.firstname,
    lastname: me.lastname,
    email: me.email,
    role_id: me.role_id,
    language: 'fr',
  })),
  'PUT /api/users/account-activation': body(({ ids }) => ({ user_ids: [ids.user], active: true })),
  'PUT /api/users/groups': body(({ ids }) => ({
    user_id: ids.user,
    group_id: ids.group,
    level: 0,
  })),
  // Groups (issue 16): a new group, a rename, the members set to the admin.
  'GET /api/groups': () => ({ query: { sort: '-member_count', 'filter[search]': 'e' } }),
  'POST /api/groups': body(() => ({ name: 'Groupe de la matrice' })),
  'PUT /api/groups/:id': body(() => ({ name: 'Groupe renommé par la matrice' })),
  // Workflows and statuses (issue 17).
  'POST /api/config/statuses': body(() => ({ name: 'Statut de la matrice', color: '#336699' })),
  'PUT /api/config/statuses/:id': body(() => ({ name: 'Statut renommé par la matrice' })),
  'POST /api/config/motifs': body(() => ({ name: 'Motif de la matrice', status_id: 7 })),
  'PUT /api/config/motifs/:id': body(() => ({ name: 'Motif renommé par la matrice' })),
  'POST /api/config/workflows': body(() => ({
    name: 'Workflow de la matrice',
    status_ids: [1, 6],
  })),
  'PUT /api/config/workflows/:id': body(({ ids }) => ({
    name: 'Workflow renommé par la matrice',
    status_ids: [6, 1, ids.customStatus],
  })),
  'GET /api/config/workflow-assignments': () => ({
    query: { kind: 'offer', 'filter[search]': 'a', per_page: '5' },
  }),
  'PUT /api/config/workflow-assignments': body(({ ids }) => ({
    kind: 'offer',
    id: ids.offer,
    workflow_id: ids.workflow,
  })),
  'POST /api/offer-templates': body(() => ({ name: 'Modèle de la matrice' })),
  'PUT /api/offer-templates/:id': body(() => ({ name: 'Modèle renommé par la matrice' })),
  'PUT /api/application-path': body(() => ({
    fields: {
      phone: 'required',
      address: 'optional',
      birth_date: 'hidden',
      cover_letter: 'optional',
      linkedin_url: 'hidden',
      cv: 'required',
    },
    document_type_ids: [1],
  })),
  'GET /api/groups/:id/members': () => ({ query: { 'filter[search]': 'a' } }),
  'GET /api/groups/users': () => ({ query: { 'filter[search]': 'a', per_page: '5' } }),
  'PUT /api/groups/:id/members': body(({ ids }) => ({ user_ids: [ids.user] })),
  // Subsidiaries (issue 17): a new one under `subsidiary`, no-op saves of `subsidiary` (its users
  // are read first: the walk sets them to the admin alone).
  'POST /api/config/subsidiaries': body(({ ids }) => ({
    name: 'Filiale de la matrice',
    parent_id: ids.subsidiary,
  })),
  'PUT /api/config/subsidiaries/:id': body(() => ({ name: 'Filiale renommée par la matrice' })),
  'PUT /api/config/subsidiaries/:id/move': body(() => ({ parent_id: null })),
  'PUT /api/config/subsidiaries/:id/archive': body(() => ({ archived: false })),
  'PUT /api/config/subsidiaries/:id/users': body(({ ids }) => ({ user_ids: [ids.user] })),
  'PUT /api/config/subsidiary-mode': body(() => ({ subsidiary_mode: false })),
  'GET /api/config/subsidiaries/users': () => ({ query: { 'filter[search]': 'a' } }),
  // Job boards (issue 17): enabled, credentials kept.
  'PUT /api/config/jobboards/:id': body(() => ({ enabled: true })),
  // Roles (issue 16): a child of Manager, and no-op saves of Manager (its name, parent and rights).
  'POST /api/roles': body(({ ids }) => ({ name: 'Matrice', parent_id: ids.role })),
  'PUT /api/roles/:id': body(({ ids }) => ({ name: 'Manager', parent_id: ids.roleParent })),
  'PUT /api/roles/:id/permissions': body(() => ({
    permissions: [
      'project.list',
      'project_application.see',
      'project_application.see_activity_feed',
    ],
  })),
  'POST /api/documents-upload/:token': () => ({
    multipart: { fields: {}, files: [{ field: 'document_3', filename: 'rib.png', data: PNG }] },
  }),
  // Custom fields (issue 17): a new text field, a no-op save of the fixtures' one, no values.
  'GET /api/custom-fields': () => ({ query: { entity: 'offer' } }),
  'GET /api/custom-fields/active': () => ({ query: { entity: 'offer' } }),
  'POST /api/custom-fields': body(() => ({
    entity: 'offer',
    type: 'text',
    label: 'Champ de la matrice',
  })),
  'PUT /api/custom-fields/:id': body(() => ({ label: 'Champ des fixtures' })),
  'PUT /api/applicants/:id/custom-fields': body(() => ({ custom_fields: {} })),
  // E-mail models (issue 38).
  'POST /api/mail-models': body(() => mailModelSample()),
  'PUT /api/mail-models/:id': body(() => mailModelSample()),
  'POST /api/mail-models/preview': body(() => ({
    kind: 'free',
    language: 'fr',
    subject: 'Bonjour',
    mjml: MAIL_MODEL_MJML,
  })),
  'POST /api/mail-models/:id/test': body(() => ({ language: 'fr' })),
  // E-mail signatures (issue 38 part 2): the saves remove the signature (no language: nothing to
  // compile, the matrix is about who may), the preview compiles one in French.
  'PUT /api/config/mail-signature': body(() => ({ contents: {} })),
  'PUT /api/me/mail-signature': body(() => ({ contents: {} })),
  'POST /api/mail-signature/preview': body(() => ({ language: 'fr', mjml: SIGNATURE_MJML })),
  'POST /api/superadmin/news': body(() => newsSample()),
  'PUT /api/superadmin/news/:id': body(() => newsSample()),
  // Mailings (issue 38 part 3): a free e-mail to the fixtures' applicant, in a month.
  'POST /api/planner/templates': body(({ ids }) => templateSample(ids.user)),
  // Onboarding (issue 41).
  'POST /api/onboarding/processes': body(({ ids }) => onboardingProcessSample(ids.user)),
  'PUT /api/onboarding/processes/:id': body(({ ids }) => onboardingProcessSample(ids.user)),
  'POST /api/onboarding/statuses': body(() => ({ name: 'Matériel commandé' })),
  'PUT /api/onboarding/statuses/:id': body(() => ({ name: 'En attente du matériel' })),
  'POST /api/onboardings': body(({ ids }) => ({
    application_id: ids.application,
    process_id: ids.onboardingProcess,
    start_date: '2030-02-04',
    manager_id: ids.user,
  })),
  'PUT /api/onboardings/:id': body(() => ({ first_day_contact: 'Accueil, 9 h' })),
  'PUT /api/onboarding-tasks/:id': body(() => ({ done: true })),
  'POST /api/onboarding-tasks/:id/comments': body(() => ({ body: 'Fait.' })),
  'PUT /api/planner/templates/:id': body(({ ids }) => templateSample(ids.user)),
  'GET /api/planner/templates/:id/slots': () => ({ query: plannerRange() }),
  'GET /api/planner/appointments': () => ({ query: plannerRange() }),
  'POST /api/planner/appointments': body(({ ids }) => appointmentSample(ids)),
  'PUT /api/planner/appointments/:id': body(({ ids }) => appointmentSample(ids)),
  'GET /api/planner/conflicts': () => ({
    query: { start_at: plannerRange().from, end_at: plannerRange().to },
  }),
  'POST /api/planner/booking-links': body(({ ids }) => ({
    template_id: ids.appointmentTemplate,
    application_ids: [ids.application],
    channels: ['email'],
  })),
  // Not a slot of the template (a Sunday night): 422, nothing booked.
  'POST /api/booking/:token': body(() => ({ start_at: '2030-01-06T03:00:00.000Z' })),
  'PUT /api/booking/:token': body(() => ({ start_at: '2030-01-06T03:00:00.000Z' })),
  'POST /api/mailings': body(({ ids }) => ({
    recipients: { applicant_ids: [ids.applicant] },
    content: { subject: 'Bonjour', mjml: MAIL_MODEL_MJML },
    send_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  })),
  'POST /api/mailings/preview': body(({ ids }) => ({
    applicant_id: ids.applicant,
    content: { subject: 'Bonjour', mjml: MAIL_MODEL_MJML },
  })),
  // Statistics (issue 40): one month, compared with the one before, for the whole company.
  ...Object.fromEntries(
    ['funnel', 'times', 'sources', 'volume', 'offers', 'activity'].map((kind) => [
      `GET /api/statistics/${kind}`,
      () => ({ query: { from: '2026-01-01', to: '2026-01-31', compare: '1' } }),
    ]),
  ),
  'PUT /api/applications/:id/custom-fields': body(() => ({ custom_fields: {} })),
  // Scheduled offer exports (issue 17): a disabled weekly schedule mailing the fixtures' user.
  'POST /api/config/offer-export-schedules': body(({ ids }) => scheduleSample(ids.user)),
  'PUT /api/config/offer-export-schedules/:id': body(({ ids }) => scheduleSample(ids.user)),
  // Career site (issue 37): the caller's own slug kept, the bank's image as cover.
  'PUT /api/config/career-site': body(({ ids, me }) => ({
    slug: me.company_slug,
    show_logo: true,
    primary_color: '#1d4ed8',
    accent_color: '#b45309',
    cover_image_id: ids.offerImage,
    languages: ['fr'],
    introductions: { fr: 'Introduction de la matrice' },
    offer_fields: ['contract_type'],
    privacy_notices: { fr: 'Avis de la matrice' },
    talent_community: false,
  })),
};

function scheduleSample(user: number) {
  return {
    name: 'Planification de la matrice',
    frequency: 'weekly',
    weekday: 1,
    hour: 6,
    format: 'csv',
    columns: ['id'],
    language: 'fr',
    recipient_ids: [user],
    enabled: false,
  };
}

/** Calls one declared route: its path filled with `ids`, its sample request, as `cookie`. */
export function callRoute(
  ctx: TestContext,
  route: DeclaredRoute,
  url: string,
  sample: SampleRequest,
  cookie?: string,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  let payload: string | Buffer | undefined;
  if (sample.multipart) {
    const m = multipart(sample.multipart.fields, sample.multipart.files ?? []);
    payload = m.payload;
    Object.assign(headers, m.headers);
  } else if (sample.body !== undefined || route.method === 'POST' || route.method === 'PUT') {
    payload = JSON.stringify(sample.body ?? {});
    headers['content-type'] = 'application/json';
  }
  const query = sample.query ? `?${new URLSearchParams(sample.query).toString()}` : '';
  return ctx.app.inject({
    method: route.method as 'GET',
    url: `${url}${query}`,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
}

/**
 * The routes to walk: every declared /api and /.well-known route (the live hub) and the public
 * career site's (/careers), but HEAD (GET's twin).
 */
export function walkedRoutes(routes: DeclaredRoute[]): DeclaredRoute[] {
  return routes.filter(
    (r) =>
      r.method !== 'HEAD' &&
      (r.url.startsWith('/api') ||
        r.url.startsWith('/.well-known/') ||
        r.url.startsWith('/careers/')),
  );
}

export const routeKey = (route: DeclaredRoute) => `${route.method} ${route.url}`;

const MAIL_MODEL_MJML =
  '<mjml><mj-body><mj-section><mj-column><mj-text>Bonjour {{candidate.firstname}}</mj-text></mj-column></mj-section></mj-body></mjml>';

const SIGNATURE_MJML =
  '<mjml><mj-body><mj-section><mj-column><mj-text>{{sender.fullname}}, {{company.name}}</mj-text></mj-column></mj-section></mj-body></mjml>';

/** A free e-mail model in French (issue 38). */
function mailModelSample() {
  return {
    kind: 'free',
    name: 'Modèle des fixtures',
    contents: { fr: { subject: 'Bonjour', mjml: MAIL_MODEL_MJML } },
  };
}
