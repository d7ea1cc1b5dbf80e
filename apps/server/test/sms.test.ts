import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SMS_MAX_LENGTH,
  smsSegments,
  type TSmsActiveConversations,
  type TSmsConversation,
  type TSmsConversationPage,
  type TSmsMassSendResult,
  type TSmsMessage,
  type TSmsOutboxList,
} from '@embauche/contracts/sms';
import { apiAs, type Api } from './support/api.ts';
import { insertApplicants } from './support/insert-applicants.ts';
import { loadFixtures, type Fixtures } from './support/route-fixtures.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

describe('SMS limits', () => {
  it('counts segments of 153 characters', () => {
    expect(smsSegments('')).toBe(0);
    expect(smsSegments('a')).toBe(1);
    expect(smsSegments('a'.repeat(153))).toBe(1);
    expect(smsSegments('a'.repeat(154))).toBe(2);
    expect(smsSegments('a'.repeat(SMS_MAX_LENGTH))).toBe(7);
  });
});

/**
 * Issue 14 (docs/sms.md) with the development outbox: every call of spec 7, the limits checked
 * on the server, delivery states through the job and the outbox's receipt, replies with their read
 * state and unread counter, the feature and permission guards, and isolation between companies.
 */
describe.each(testDatabases())('SMS on $dialect', (testDb) => {
  let ctx: TestContext;
  let fx: Fixtures;
  let admin: Api;
  let manager: Api;
  let other: Api;
  let adminId: number;
  /** Two more applications on fx.outside.offer (mass send). */
  let peers: { application: number; applicant: number }[];

  const db = () => ctx.database.db;
  const target = () => ({
    application_id: fx.outside.application,
    applicant_id: fx.outside.applicant,
  });
  const conversation = async (api: Api = admin) => {
    const res = await api.get(
      `/api/sms/get-conversation?applicant_id=${fx.outside.applicant}&application_id=${fx.outside.application}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TSmsConversation>();
  };
  const active = async (api: Api = admin) => {
    const res = await api.get('/api/sms/get-active-conversations');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TSmsActiveConversations>();
  };
  const setPhone = (applicantId: number, phone: string | null) =>
    db().updateTable('applicants').set({ phone }).where('id', '=', applicantId).execute();

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    fx = await loadFixtures(ctx);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    manager = apiAs(ctx.app, await signIn(ctx.app, 'manager@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    adminId = (
      await db()
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'admin@demo.test')
        .where('company_id', '=', fx.valmont)
        .executeTakeFirstOrThrow()
    ).id;
    await setPhone(fx.outside.applicant, '06 11 22 33 44');
    const peer = (firstname: string, lastname: string) => ({
      company_id: fx.valmont,
      firstname,
      lastname,
      offer_id: fx.outside.offer,
    });
    const made = await insertApplicants(db(), [peer('Inès', 'Marchal'), peer('Hugo', 'Renaud')]);
    peers = made.map(({ applicant, application }) => ({ application: application!, applicant }));
  }, 60_000);
  afterAll(() => ctx.close());

  it('refuses a blank message and one over 1071 characters', async () => {
    for (const [message, code] of [
      ['   ', 'field_required'],
      ['', 'field_required'],
      ['a'.repeat(SMS_MAX_LENGTH + 1), `max_length:${SMS_MAX_LENGTH}`],
    ] as const) {
      const res = await admin.post('/api/sms/send', { ...target(), message });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.message).toEqual([code]);
    }
    const before = await db().selectFrom('sms_messages').select('id').execute();
    const res = await admin.post('/api/sms/send', {
      ...target(),
      message: 'é'.repeat(SMS_MAX_LENGTH),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<TSmsMessage>()).toMatchObject({ state: 'pending', segments: 7 });
    const after = await db().selectFrom('sms_messages').select('id').execute();
    expect(after.length).toBe(before.length + 1);
  });

  it('sends through the job: pending, then sent, then received with the receipt', async () => {
    const res = await admin.post('/api/sms/send', { ...target(), message: 'Bonjour, à demain ?' });
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json<TSmsMessage>();
    expect(sent).toMatchObject({ state: 'pending', received: false, sender: adminId });
    expect(sent.people.name).toBe('Camille Durand');
    await ctx.app.worker.drain();
    let conv = await conversation();
    expect(conv.phone).toBe('+33611223344');
    expect(conv.phone_formatted).toBe('+33 6 11 22 33 44');
    expect(conv.messages.find((m) => m.id === sent.id)).toMatchObject({ state: 'sent' });

    const outbox = (await admin.get('/api/dev/sms/outbox')).json<TSmsOutboxList>();
    const item = outbox.data.find((o) => o.message_id === sent.id)!;
    expect(item).toMatchObject({ to: '+33611223344', body: 'Bonjour, à demain ?', state: 'sent' });
    // The job ran twice (a retry after a crash): one outbox row still.
    await ctx.app.worker.drain();
    const rows = await db()
      .selectFrom('sms_outbox')
      .select('id')
      .where('message_id', '=', sent.id)
      .execute();
    expect(rows).toHaveLength(1);

    const receipt = await admin.post(`/api/dev/sms/outbox/${item.id}/receipt`, {
      state: 'received',
    });
    expect(receipt.statusCode, receipt.body).toBe(204);
    conv = await conversation();
    const received = conv.messages.find((m) => m.id === sent.id)!;
    expect(received).toMatchObject({ state: 'received', received: true });
    expect(received.received_at).not.toBeNull();
    // A late failure report does not undo the delivery.
    await admin.post(`/api/dev/sms/outbox/${item.id}/receipt`, { state: 'failed' });
    expect((await conversation()).messages.find((m) => m.id === sent.id)!.state).toBe('received');
  });

  it('stores a reply unread, notifies the sender, and mark-read lowers the counter by one', async () => {
    const before = await active();
    const notificationsBefore = await db()
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', adminId)
      .execute();
    const outbox = (await admin.get('/api/dev/sms/outbox')).json<TSmsOutboxList>();
    const item = outbox.data.find((o) => o.to === '+33611223344')!;
    const reply = await admin.post(`/api/dev/sms/outbox/${item.id}/reply`, {
      message: 'Oui, parfait !',
    });
    expect(reply.statusCode, reply.body).toBe(204);

    const conv = await conversation();
    const last = conv.messages.at(-1)!;
    expect(last).toMatchObject({
      direction: 'inbound',
      message: 'Oui, parfait !',
      sender: null,
      received: true,
    });
    const after = await active();
    expect(after.unread_conversation_count).toBe(before.unread_conversation_count + 1);
    const listed = after.conversations.find((c) => c.conversation_id === conv.conversation_id)!;
    expect(listed).toMatchObject({
      application_id: fx.outside.application,
      last_message_is_read: false,
      last_message_sended: false,
      last_message: { message: 'Oui, parfait !', is_read: false },
    });
    expect(after.conversations[0]!.conversation_id).toBe(conv.conversation_id);
    const notified = await db()
      .selectFrom('notifications')
      .select('data')
      .where('user_id', '=', adminId)
      .orderBy('id', 'desc')
      .execute();
    expect(notified.length).toBe(notificationsBefore.length + 1);
    expect(JSON.parse(notified[0]!.data)).toMatchObject({ slug: 'sms_received' });

    const read = await admin.put('/api/sms/mark-read', { conversation_id: conv.conversation_id });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().unread_conversation_count).toBe(before.unread_conversation_count);
    const again = await admin.put('/api/sms/mark-read', { conversation_id: conv.conversation_id });
    expect(again.json().unread_conversation_count).toBe(before.unread_conversation_count);
    const readList = await active();
    expect(
      readList.conversations.find((c) => c.conversation_id === conv.conversation_id),
    ).toMatchObject({ last_message_is_read: true, last_message: { is_read: true } });
  });

  it('pages the conversations newest first and searches by applicant name', async () => {
    const page = (
      await admin.get('/api/sms/conversations?per_page=2')
    ).json<TSmsConversationPage>();
    expect(page.data.length).toBeLessThanOrEqual(2);
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.last_page).toBe(Math.ceil(page.total / 2));
    const all = (
      await admin.get('/api/sms/conversations?per_page=100')
    ).json<TSmsConversationPage>();
    const times = all.data.map((c) => c.last_message.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const mine = all.data.find((c) => c.application_id === fx.outside.application)!;
    const found = (
      await admin.get(
        `/api/sms/conversations?search=${encodeURIComponent(mine.applicant.lastname.toUpperCase())}`,
      )
    ).json<TSmsConversationPage>();
    expect(found.data.map((c) => c.conversation_id)).toContain(mine.conversation_id);
    expect(found.data.every((c) => c.applicant.lastname === mine.applicant.lastname)).toBe(true);
    const none = (
      await admin.get('/api/sms/conversations?search=zzqxw')
    ).json<TSmsConversationPage>();
    expect(none).toMatchObject({ data: [], total: 0 });
  });

  it('refuses an applicant without a valid mobile (422) and reports it in a mass send', async () => {
    await setPhone(peers[0]!.applicant, '06 98 76 54 32');
    await setPhone(peers[1]!.applicant, '01 23 45 67 89');
    const single = await admin.post('/api/sms/send', {
      application_id: peers[1]!.application,
      applicant_id: peers[1]!.applicant,
      message: 'Bonjour',
    });
    expect(single.statusCode, single.body).toBe(422);
    expect(single.json().errors).toEqual({ applicant_id: ['applicant_without_mobile'] });

    const before = await db().selectFrom('sms_messages').select('id').execute();
    const res = await admin.post('/api/sms/mass-send', {
      applicant_ids: [peers[0]!.applicant, peers[1]!.applicant, fx.inside.applicant],
      offer_id: fx.outside.offer,
      message: 'Réunion d’information lundi à 9 h.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<TSmsMassSendResult>();
    expect(result.sent).toEqual([
      { applicationId: peers[0]!.application, applicantId: peers[0]!.applicant },
    ]);
    expect(result.refused).toEqual(
      expect.arrayContaining([
        {
          applicationId: peers[1]!.application,
          applicantId: peers[1]!.applicant,
          reason: 'applicant_without_mobile',
        },
      ]),
    );
    expect(result.refused).toHaveLength(2);
    const after = await db().selectFrom('sms_messages').select('id').execute();
    expect(after.length).toBe(before.length + 1);
  });

  it('texts each applicant’s newest visible application when the mass send names no offer', async () => {
    await setPhone(peers[0]!.applicant, '06 98 76 54 32');
    const [lone] = await insertApplicants(db(), [
      { company_id: fx.valmont, firstname: 'Sans', lastname: 'Offre', phone: '06 55 44 33 22' },
    ]);
    const body = (ids: number[]) => ({ applicant_ids: ids, message: 'Nouvelle offre à Lyon.' });
    const res = await admin.post(
      '/api/sms/mass-send',
      body([peers[0]!.applicant, lone!.applicant]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TSmsMassSendResult>()).toEqual({
      sent: [{ applicationId: peers[0]!.application, applicantId: peers[0]!.applicant }],
      refused: [{ applicationId: null, applicantId: lone!.applicant, reason: 'no_application' }],
    });
  });

  it('needs the SMS feature and the permission', async () => {
    expect((await manager.get('/api/sms/get-active-conversations')).statusCode).toBe(403);
    await db()
      .deleteFrom('company_features')
      .where('company_id', '=', fx.valmont)
      .where('feature', '=', 'SMS')
      .execute();
    try {
      for (const res of [
        await admin.get('/api/sms/get-active-conversations'),
        await admin.get('/api/sms/conversations'),
        await admin.post('/api/sms/send', { ...target(), message: 'Bonjour' }),
      ])
        expect(res.statusCode, res.body).toBe(403);
    } finally {
      await db()
        .insertInto('company_features')
        .values({ company_id: fx.valmont, feature: 'SMS' })
        .execute();
    }
    expect((await admin.get('/api/sms/get-active-conversations')).statusCode).toBe(200);
  });

  it('keeps companies apart: another company answers 404 and lists none of them', async () => {
    const conv = await conversation();
    const q = `applicant_id=${fx.outside.applicant}&application_id=${fx.outside.application}`;
    expect((await other.get(`/api/sms/get-conversation?${q}`)).statusCode).toBe(404);
    expect((await other.post('/api/sms/send', { ...target(), message: 'x' })).statusCode).toBe(404);
    expect(
      (await other.put('/api/sms/mark-read', { conversation_id: conv.conversation_id })).statusCode,
    ).toBe(404);
    expect(
      (
        await other.post('/api/sms/mass-send', {
          applicant_ids: [fx.outside.applicant],
          offer_id: fx.outside.offer,
          message: 'x',
        })
      ).statusCode,
    ).toBe(404);
    const theirs = await active(other);
    expect(theirs.conversations.map((c) => c.conversation_id)).not.toContain(conv.conversation_id);
    const outbox = (await admin.get('/api/dev/sms/outbox')).json<TSmsOutboxList>();
    const item = outbox.data[0]!;
    expect(
      (await other.post(`/api/dev/sms/outbox/${item.id}/reply`, { message: 'x' })).statusCode,
    ).toBe(404);
    // An applicant of the company whose application is not the one named: 404 too.
    const mixed = `applicant_id=${fx.inside.applicant}&application_id=${fx.outside.application}`;
    expect((await admin.get(`/api/sms/get-conversation?${mixed}`)).statusCode).toBe(404);
  });
});
