import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TSmsConversation, TSmsMessage } from '@embauche/contracts/sms';
import { SMS_SEND_ATTEMPTS } from '../src/modules/sms/sms-delivery.ts';
import { twilioSignature } from '../src/platform/sms/twilio-signature.ts';
import { apiAs, type Api } from './support/api.ts';
import { loadFixtures, type Fixtures } from './support/route-fixtures.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'test-auth-token-0123456789';
const PUBLIC_URL = 'http://sms.example.test';
const STATUS = '/api/webhooks/sms/twilio/status';
const INBOUND = '/api/webhooks/sms/twilio/inbound';

/** A stand-in for Twilio's Messages API: answers `mode`, records what it accepted. */
type FakeTwilio = {
  server: Server;
  url: string;
  /** `down`: 503 on the next `failures` calls; `reject`: 400 (a wrong number). */
  mode: 'up' | 'down' | 'reject';
  failures: number;
  accepted: { to: string; body: string; from: string; statusCallback: string; auth: string }[];
  calls: number;
};

async function fakeTwilio(): Promise<FakeTwilio> {
  const fake = { mode: 'up', failures: 0, accepted: [], calls: 0 } as unknown as FakeTwilio;
  fake.server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      fake.calls++;
      if (req.url !== `/2010-04-01/Accounts/${SID}/Messages.json`) {
        res.writeHead(404).end();
        return;
      }
      if (fake.mode === 'down' && fake.failures > 0) {
        fake.failures--;
        res.writeHead(503).end('unavailable');
        return;
      }
      if (fake.mode === 'reject') {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 21211, message: "The 'To' number is not valid." }));
        return;
      }
      const form = new URLSearchParams(raw);
      const sid = `SM${String(fake.accepted.length + 1).padStart(32, '0')}`;
      fake.accepted.push({
        to: form.get('To')!,
        body: form.get('Body')!,
        from: form.get('From')!,
        statusCallback: form.get('StatusCallback')!,
        auth: req.headers.authorization ?? '',
      });
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ sid, status: 'queued' }));
    });
  });
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  return fake;
}

/**
 * Issue 14 with the Twilio provider against a stand-in of its API: sending with retries and
 * backoff while it is down (delivered once), a refusal marking the message failed, and the
 * webhooks: signature checked (403, nothing stored), receipts and replies stored once.
 */
describe.each(testDatabases())('SMS through Twilio on $dialect', (testDb) => {
  let ctx: TestContext;
  let fx: Fixtures;
  let admin: Api;
  let twilio: FakeTwilio;

  const db = () => ctx.database.db;
  const send = async (message: string) => {
    const res = await admin.post('/api/sms/send', {
      application_id: fx.outside.application,
      applicant_id: fx.outside.applicant,
      message,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<TSmsMessage>();
  };
  const stored = (id: number) =>
    db().selectFrom('sms_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** Runs the due jobs as if `minutes` had passed. */
  const runAt = async (minutes: number) => {
    const at = new Date(Date.now() + minutes * 60_000);
    let n = 0;
    while (await ctx.app.worker.runOnce(at)) n++;
    return n;
  };
  const webhook = (url: string, params: Record<string, string>, signature?: string) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': signature ?? twilioSignature(TOKEN, `${PUBLIC_URL}${url}`, params),
      },
      payload: new URLSearchParams(params).toString(),
    });
  const counts = async () => ({
    messages: (await db().selectFrom('sms_messages').select('id').execute()).length,
    states: JSON.stringify(
      await db().selectFrom('sms_messages').select(['id', 'state']).orderBy('id').execute(),
    ),
  });

  beforeAll(async () => {
    twilio = await fakeTwilio();
    ctx = await startTestApp(
      testDb,
      {
        SMS_PROVIDER: 'twilio',
        TWILIO_BASE_URL: twilio.url,
        TWILIO_ACCOUNT_SID: SID,
        TWILIO_AUTH_TOKEN: TOKEN,
        TWILIO_FROM: '+33700000001',
        PUBLIC_URL,
      },
      { worker: { backoffMs: 60_000, maxBackoffMs: 3_600_000 } },
    );
    fx = await loadFixtures(ctx);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    await db()
      .updateTable('applicants')
      .set({ phone: '+33 6 55 44 33 22' })
      .where('id', '=', fx.outside.applicant)
      .execute();
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
    await new Promise((resolve) => twilio.server.close(resolve));
  });
  beforeEach(() => {
    twilio.mode = 'up';
    twilio.failures = 0;
  });

  it('retries with backoff while the provider is down, then delivers once', async () => {
    twilio.mode = 'down';
    twilio.failures = 2;
    const before = twilio.accepted.length;
    const message = await send('Bonjour, le poste vous intéresse-t-il toujours ?');
    expect(await runAt(0)).toBe(1);
    expect((await stored(message.id)).state).toBe('pending');
    // The retry waits for its backoff (1 minute, then 2).
    expect(await runAt(0.5)).toBe(0);
    expect(await runAt(1.5)).toBe(1);
    expect((await stored(message.id)).state).toBe('pending');
    expect(await runAt(4)).toBe(1);
    const row = await stored(message.id);
    expect(row).toMatchObject({ state: 'sent', from_phone: '+33700000001' });
    expect(row.provider_id).toMatch(/^SM/);
    expect(twilio.accepted.length).toBe(before + 1);
    expect(twilio.accepted.at(-1)).toMatchObject({
      to: '+33655443322',
      body: 'Bonjour, le poste vous intéresse-t-il toujours ?',
      from: '+33700000001',
      statusCallback: `${PUBLIC_URL}${STATUS}`,
      auth: `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`,
    });
    // Nothing left to run: it was sent once.
    expect(await runAt(600)).toBe(0);
    expect(twilio.accepted.length).toBe(before + 1);
  });

  it('marks the message failed when the provider stays down, or refuses it', async () => {
    twilio.mode = 'down';
    twilio.failures = 1000;
    const down = await send('Toujours là ?');
    for (let i = 0; i < SMS_SEND_ATTEMPTS; i++) await runAt(24 * 60 * (i + 1));
    expect(await stored(down.id)).toMatchObject({
      state: 'failed',
      reason: 'provider_unreachable',
    });
    twilio.mode = 'reject';
    const refused = await send('Numéro faux ?');
    await runAt(0);
    const row = await stored(refused.id);
    expect(row.state).toBe('failed');
    expect(row.reason).toContain('provider_rejected');
    expect(row.reason).toContain('21211');
  });

  it('refuses a webhook without a valid signature (403) and stores nothing', async () => {
    const message = await send('Signature ?');
    await runAt(0);
    const sid = (await stored(message.id)).provider_id!;
    const before = await counts();
    const status = { MessageSid: sid, MessageStatus: 'delivered', AccountSid: SID };
    const reply = { MessageSid: 'SMforged', From: '+33655443322', To: '+33700000001', Body: 'Hi' };
    for (const res of [
      await webhook(STATUS, status, 'bm90IGEgc2lnbmF0dXJl'),
      await webhook(STATUS, status, ''),
      await webhook(
        INBOUND,
        reply,
        twilioSignature('another-token', `${PUBLIC_URL}${INBOUND}`, reply),
      ),
      // Signed for other parameters.
      await webhook(
        INBOUND,
        { ...reply, Body: 'changed' },
        twilioSignature(TOKEN, `${PUBLIC_URL}${INBOUND}`, reply),
      ),
    ])
      expect(res.statusCode, res.body).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('applies a receipt and stores a reply once, however often they are delivered', async () => {
    const message = await send('Rendez-vous confirmé ?');
    await runAt(0);
    const sid = (await stored(message.id)).provider_id!;
    const receipt = { MessageSid: sid, MessageStatus: 'delivered', AccountSid: SID };
    for (let i = 0; i < 2; i++) expect((await webhook(STATUS, receipt)).statusCode).toBe(204);
    expect(await stored(message.id)).toMatchObject({ state: 'received' });
    expect((await stored(message.id)).received_at).not.toBeNull();
    // A late "sent" does not undo the delivery.
    await webhook(STATUS, { ...receipt, MessageStatus: 'sent' });
    expect((await stored(message.id)).state).toBe('received');

    const before = (await db().selectFrom('sms_messages').select('id').execute()).length;
    const reply = {
      MessageSid: 'SM99999999999999999999999999999999',
      From: '+33655443322',
      To: '+33700000001',
      Body: 'Oui, confirmé.',
    };
    for (let i = 0; i < 2; i++) expect((await webhook(INBOUND, reply)).statusCode).toBe(204);
    expect((await db().selectFrom('sms_messages').select('id').execute()).length).toBe(before + 1);
    const conv = (
      await admin.get(
        `/api/sms/get-conversation?applicant_id=${fx.outside.applicant}&application_id=${fx.outside.application}`,
      )
    ).json<TSmsConversation>();
    expect(conv.messages.at(-1)).toMatchObject({ direction: 'inbound', message: 'Oui, confirmé.' });
    // A text from a number nobody wrote to is not kept.
    const stranger = {
      ...reply,
      MessageSid: 'SM88888888888888888888888888888888',
      From: '+33612121212',
    };
    expect((await webhook(INBOUND, stranger)).statusCode).toBe(204);
    expect((await db().selectFrom('sms_messages').select('id').execute()).length).toBe(before + 1);
  });
});
