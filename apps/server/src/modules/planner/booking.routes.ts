import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZBookingChoice,
  ZBookingSlotsQuery,
  ZBookingView,
  ZFreeSlots,
} from '@embauche/contracts/planner';
import type { AttemptLimiter } from '../../platform/http/attempt-limiter.ts';
import type { PublicTokenGuard } from '../../platform/http/public-token-guard.ts';
import { notFound } from '../../platform/http/http-error.ts';
import type { BookingService } from './booking.service.ts';
import type { IcsFeedService } from './ics-feed.service.ts';

/** Changes (book, move, cancel) per link in the limiter's window. */
export const BOOKING_WRITES_PER_LINK = 20;

/**
 * The public booking page's API and the ICS feeds (no session). Every call counts against the
 * client's address before the token is looked up (PublicTokenGuard: 429 past the limit); a change
 * also counts against the link.
 */
export function bookingRoutes(
  service: BookingService,
  feed: IcsFeedService,
  guard: PublicTokenGuard,
  writes: AttemptLimiter,
) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const config = { access: 'public' } as const;
    const params = z.object({ token: z.string().min(1).max(100) });
    const open = (ip: string, token: string) =>
      guard.open(ip, () => service.find(token), 'Booking link');
    const write = async (ip: string, token: string) => {
      const link = await open(ip, token);
      await writes.take([{ key: `booking:link:${link.id}`, limit: BOOKING_WRITES_PER_LINK }]);
      return link;
    };

    app.get(
      '/booking/:token',
      { config, schema: { params, response: { 200: ZBookingView } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
        const link = await open(request.ip, request.params.token);
        return service.view(link, true);
      },
    );
    app.get(
      '/booking/:token/slots',
      {
        config,
        schema: { params, querystring: ZBookingSlotsQuery, response: { 200: ZFreeSlots } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return service.slots(await open(request.ip, request.params.token), request.query);
      },
    );
    app.post(
      '/booking/:token',
      { config, schema: { params, body: ZBookingChoice, response: { 201: ZBookingView } } },
      async (request, reply) => {
        const link = await write(request.ip, request.params.token);
        return reply
          .status(201)
          .send(await service.book(request.params.token, link, request.body.start_at));
      },
    );
    app.put(
      '/booking/:token',
      { config, schema: { params, body: ZBookingChoice, response: { 200: ZBookingView } } },
      async (request) => {
        const link = await write(request.ip, request.params.token);
        return service.reschedule(request.params.token, link, request.body.start_at);
      },
    );
    app.delete(
      '/booking/:token',
      { config, schema: { params, response: { 200: ZBookingView } } },
      async (request) => {
        const link = await write(request.ip, request.params.token);
        return service.cancel(request.params.token, link);
      },
    );

    app.get(
      '/planner/feed/:file',
      { config, schema: { params: z.object({ file: z.string().max(120) }), hide: true } },
      async (request, reply) => {
        const secret = /^([\w-]{20,100})\.ics$/.exec(request.params.file)?.[1];
        const calendar = await guard.open(
          request.ip,
          async () => (secret ? feed.calendar(secret) : null),
          'Calendar',
        );
        if (!calendar) throw notFound('Calendar');
        return reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(calendar);
      },
    );
  };
}
