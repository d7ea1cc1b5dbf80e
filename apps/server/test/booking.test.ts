import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TAppointment,
  TBookingLinkResult,
  TBookingView,
  TFreeSlots,
} from '@embauche/contracts/planner';
import type { TSmsOutboxList } from '@embauche/contracts/sms';
import { apiAs, type Api } from './support/api.ts';
import {
  applicationsOf,
  bookingTokens,
  createTemplate,
  userId,
} from './support/planner-helpers.ts';
import { signIn, startOtherInstance, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

const DAY = 86_400_000;

/**
 * docs/planner.md "Booking": a link per application, the public page's free slots, booking,
 * moving and cancelling until the start, one winner when many book one slot at once (on
 * PostgreSQL across two instances too), expiry and reuse of the link, the feed and the e-mails.
 */
describe.each(testDatabases())('booking on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let anon: Api;
  let template: { id: number; duration_minutes: number };
  let apps: { id: number; applicant_id: number; offer_id: number }[];
  let valmont: number;

  const slotsOf = async (token: string) => {
    const res = await anon.get(`/api/booking/${token}/slots`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TFreeSlots>().slots;
  };

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    anon = apiAs(ctx.app);
    valmont = (await admin.get('/api/me')).json<{ company_id: number }>().company_id;
    template = await createTemplate(admin, [await userId(ctx, 'admin@demo.test')]);
    apps = await applicationsOf(ctx, valmont, 13);
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('sends a link by e-mail, which opens the page in the candidate’s language', async () => {
    const [token] = await bookingTokens(ctx, admin, template.id, [apps[0]!.id]);
    expect(token).toBeTruthy();
    const view = await anon.get(`/api/booking/${token}`);
    expect(view.statusCode, view.body).toBe(200);
    const body = view.json<TBookingView>();
    expect(body.template).toMatchObject({ name: 'Entretien RH', duration_minutes: 30 });
    expect(body.appointment).toBeNull();
    expect(body.can_change).toBe(true);
    expect(body.language).toBe('fr');
    // Only the hash is kept.
    const stored = await ctx.database.db.selectFrom('booking_links').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
    expect((await anon.get('/api/booking/not-a-real-token-at-all')).statusCode).toBe(404);
  });

  it('books a free slot; the link then moves it, cancels it, and books again', async () => {
    const [token] = await bookingTokens(ctx, admin, template.id, [apps[1]!.id]);
    const slots = await slotsOf(token!);
    expect(slots.length).toBeGreaterThan(10);
    const chosen = slots[5]!;
    const booked = await anon.post(`/api/booking/${token}`, { start_at: chosen.start_at });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json<TBookingView>().appointment?.start_at).toBe(chosen.start_at);
    // Booking twice with one link: move it instead.
    const again = await anon.post(`/api/booking/${token}`, { start_at: slots[7]!.start_at });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ code: string }>().code).toBe('already_booked');
    // The slot is gone for everybody else.
    const [other] = await bookingTokens(ctx, admin, template.id, [apps[2]!.id]);
    expect((await slotsOf(other!)).map((s) => s.start_at)).not.toContain(chosen.start_at);
    const taken = await anon.post(`/api/booking/${other}`, { start_at: chosen.start_at });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ code: string }>().code).toBe('slot_taken');
    // Not a slot of the template at all: 422.
    const odd = new Date(Date.parse(chosen.start_at) + 7 * 60_000).toISOString();
    expect((await anon.post(`/api/booking/${other}`, { start_at: odd })).statusCode).toBe(422);

    const moved = await anon.put(`/api/booking/${token}`, { start_at: slots[8]!.start_at });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<TBookingView>().appointment?.start_at).toBe(slots[8]!.start_at);
    // The old slot is free again.
    expect((await slotsOf(other!)).map((s) => s.start_at)).toContain(chosen.start_at);

    const cancelled = await anon.del(`/api/booking/${token}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<TBookingView>().appointment).toBeNull();
    const rebooked = await anon.post(`/api/booking/${token}`, { start_at: slots[9]!.start_at });
    expect(rebooked.statusCode, rebooked.body).toBe(201);

    // The applicant's feed tells each step; the invitation carries an ICS file.
    const feed = await ctx.database.db
      .selectFrom('activity_feed_entries')
      .select('kind')
      .where('applicant_id', '=', apps[1]!.applicant_id)
      .where('category', '=', 'appointments')
      .orderBy('id')
      .execute();
    expect(feed.map((f) => f.kind)).toEqual([
      'appointment_scheduled',
      'appointment_changed',
      'appointment_cancelled',
      'appointment_scheduled',
    ]);
    const mails = await ctx.database.db
      .selectFrom('mail_outbox')
      .select(['to', 'subject', 'attachments'])
      .where('to', 'like', `planner1.%`)
      .orderBy('id')
      .execute();
    expect(mails.length).toBe(5);
    expect(mails[1]!.attachments).toContain('BEGIN:VCALENDAR');
    expect(mails[3]!.attachments).toContain('METHOD:CANCEL');
    // The interviewer got the invitation too.
    const interviewer = await ctx.database.db
      .selectFrom('mail_outbox')
      .select('attachments')
      .where('to', '=', 'admin@demo.test')
      .where('attachments', 'is not', null)
      .execute();
    expect(interviewer.length).toBeGreaterThanOrEqual(4);
  });

  it('gives one slot to exactly one of many candidates booking at once', async () => {
    const tokens = await bookingTokens(
      ctx,
      admin,
      template.id,
      apps.slice(3, 11).map((a) => a.id),
    );
    expect(tokens).toHaveLength(8);
    const slot = (await slotsOf(tokens[0]!)).at(-3)!;
    const other = ctx.database.dialect === 'postgres' ? await startOtherInstance(ctx) : null;
    try {
      const answers = await Promise.all(
        tokens.map((token, i) =>
          (other && i % 2 ? other : ctx).app.inject({
            method: 'POST',
            url: `/api/booking/${token}`,
            payload: { start_at: slot.start_at },
          }),
        ),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
      for (const a of answers.filter((x) => x.statusCode === 409))
        expect(a.json<{ code: string }>().code).toBe('slot_taken');
      const held = await ctx.database.db
        .selectFrom('appointments')
        .select('id')
        .where('start_at', '=', slot.start_at)
        .where('status', '=', 'confirmed')
        .execute();
      expect(held).toHaveLength(1);
    } finally {
      await other?.close();
    }
  });

  it('expires: an unused link after its days, a booked one once the appointment starts', async () => {
    const [token] = await bookingTokens(ctx, admin, template.id, [apps[2]!.id]);
    const slot = (await slotsOf(token!))[2]!;
    await ctx.database.db
      .updateTable('booking_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('appointment_id', 'is', null)
      .execute();
    const gone = await anon.get(`/api/booking/${token}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json<{ code: string }>().code).toBe('booking_expired');
    expect((await anon.post(`/api/booking/${token}`, { start_at: slot.start_at })).statusCode).toBe(
      410,
    );

    const [fresh] = await bookingTokens(ctx, admin, template.id, [apps[2]!.id]);
    const free = (await slotsOf(fresh!))[3]!;
    expect((await anon.post(`/api/booking/${fresh}`, { start_at: free.start_at })).statusCode).toBe(
      201,
    );
    // The appointment started: nothing changes through the link any more.
    const link = await ctx.database.db
      .selectFrom('booking_links')
      .select('appointment_id')
      .where('appointment_id', 'is not', null)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await ctx.database.db
      .updateTable('appointments')
      .set({ start_at: new Date(Date.now() - DAY).toISOString() })
      .where('id', '=', link.appointment_id!)
      .execute();
    expect((await anon.del(`/api/booking/${fresh}`)).statusCode).toBe(410);
  });

  it('sends a link by SMS where the company has SMS: the SMS outbox gets it', async () => {
    const app = apps[11]!;
    await ctx.database.db
      .updateTable('applicants')
      .set({ phone: '06 11 22 33 45' })
      .where('id', '=', app.applicant_id)
      .execute();
    const res = await admin.post('/api/planner/booking-links', {
      template_id: template.id,
      application_ids: [app.id],
      channels: ['sms'],
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json<TBookingLinkResult>().results).toEqual([
      expect.objectContaining({ application_id: app.id, email: 'not_asked', sms: 'queued' }),
    ]);
    await ctx.app.worker.drain();
    const outbox = (await admin.get('/api/dev/sms/outbox')).json<TSmsOutboxList>();
    const sms = outbox.data.find((o) => o.to === '+33611223345');
    expect(sms, JSON.stringify(outbox.data.map((o) => o.to))).toBeDefined();
    expect(sms!.state).toBe('sent');
    const token = /\/booking\/([\w-]+)/.exec(sms!.body)?.[1];
    expect(token).toBeTruthy();
    // The link in the SMS opens the booking page.
    const view = await anon.get(`/api/booking/${token}`);
    expect(view.statusCode, view.body).toBe(200);
    // No e-mail was asked: none went.
    const mails = await ctx.database.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to', 'like', `planner11.%`)
      .execute();
    expect(mails).toHaveLength(0);
  });

  it('makes an appointment kept despite a conflict claim the steps nobody holds', async () => {
    const adminId = await userId(ctx, 'admin@demo.test');
    const day = new Date(Date.now() + 20 * DAY);
    day.setUTCHours(8, 0, 0, 0);
    const at = (minutes: number) => new Date(day.getTime() + minutes * 60_000).toISOString();
    const save = (title: string, from: number, to: number, allow_conflicts: boolean) =>
      admin.post('/api/planner/appointments', {
        title,
        start_at: at(from),
        end_at: at(to),
        interviewer_ids: [adminId],
        applicant_id: null,
        application_id: null,
        allow_conflicts,
      });
    const first = await save('Premier', 0, 60, false);
    expect(first.statusCode, first.body).toBe(201);
    const kept = await save('Gardé', 30, 120, true);
    expect(kept.statusCode, kept.body).toBe(201);
    const steps = async (id: number) =>
      (
        await ctx.database.db
          .selectFrom('appointment_claims')
          .select('step')
          .where('appointment_id', '=', id)
          .execute()
      ).length;
    // 5-minute steps: the first holds its hour; the kept one the hour after it, not the overlap.
    expect(await steps(first.json<TAppointment>().id)).toBe(12);
    expect(await steps(kept.json<TAppointment>().id)).toBe(12);
    const [token] = await bookingTokens(ctx, admin, template.id, [apps[12]!.id]);
    const free = (
      await anon.get(`/api/booking/${token}/slots?from=${at(-60)}&to=${at(180)}`)
    ).json<TFreeSlots>();
    expect(free.slots.map((s) => s.start_at)).toEqual([at(-60), at(-30), at(120), at(150)]);
    const refused = await anon.post(`/api/booking/${token}`, { start_at: at(90) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ code: string }>().code).toBe('slot_taken');
    // Kept over a kept one: still saved, with nothing left to claim where they overlap.
    const again = await save('Encore', 90, 150, true);
    expect(again.statusCode, again.body).toBe(201);
    expect(await steps(again.json<TAppointment>().id)).toBe(6);
  });

  it('refuses another company’s template and applications, and SMS without the feature', async () => {
    const other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    const res = await other.post('/api/planner/booking-links', {
      template_id: template.id,
      application_ids: [apps[0]!.id],
    });
    expect(res.statusCode).toBe(422);
    const mine = await other.post('/api/planner/booking-links', {
      template_id: (await createTemplate(other, [await userId(ctx, 'admin@other.test')])).id,
      application_ids: [apps[0]!.id],
    });
    expect(mine.statusCode).toBe(422);
    expect(mine.json<{ errors: Record<string, string[]> }>().errors.application_ids).toEqual([
      'unknown_applicant',
    ]);
  });
});
