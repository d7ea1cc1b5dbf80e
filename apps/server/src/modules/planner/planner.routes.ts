import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParam } from '@embauche/contracts/ids';
import { ZPageQuery } from '@embauche/contracts/paging';
import {
  ZAppointment,
  ZAppointmentInput,
  ZAppointmentList,
  ZAppointmentPage,
  ZAppointmentRangeQuery,
  ZAppointmentTemplate,
  ZAppointmentTemplateInput,
  ZAppointmentTemplateListQuery,
  ZAppointmentTemplatePage,
  ZBookingLinkInput,
  ZBookingLinkResult,
  ZConflictQuery,
  ZConflicts,
  ZFreeSlots,
  ZIcsFeed,
  ZPlannerApplicants,
  ZPlannerSearchQuery,
  ZPlannerUsers,
  ZRangeQuery,
} from '@embauche/contracts/planner';
import { requireAccess } from '../../platform/auth/access.ts';
import type { AppointmentsService } from './appointments.service.ts';
import type { BookingLinksService } from './booking-links.service.ts';
import type { IcsFeedService } from './ics-feed.service.ts';
import type { PickersService } from './pickers.service.ts';
import type { TemplatesService } from './templates.service.ts';

type Services = {
  templates: TemplatesService;
  appointments: AppointmentsService;
  links: BookingLinksService;
  feed: IcsFeedService;
  pickers: PickersService;
};

/** The planner (contracts/planner.ts): every route needs `planner.access`. */
export function plannerRoutes(s: Services) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const config = { access: 'planner.access' } as const;
    const params = z.object({ id: ZIdParam });

    app.get(
      '/planner/templates',
      {
        config,
        schema: {
          querystring: ZAppointmentTemplateListQuery,
          response: { 200: ZAppointmentTemplatePage },
        },
      },
      async (request) => s.templates.page(requireAccess(request), request.query),
    );
    app.get(
      '/planner/templates/:id',
      { config, schema: { params, response: { 200: ZAppointmentTemplate } } },
      async (request) => s.templates.get(requireAccess(request), request.params.id),
    );
    app.post(
      '/planner/templates',
      {
        config,
        schema: { body: ZAppointmentTemplateInput, response: { 201: ZAppointmentTemplate } },
      },
      async (request, reply) =>
        reply.status(201).send(await s.templates.create(requireAccess(request), request.body)),
    );
    app.put(
      '/planner/templates/:id',
      {
        config,
        schema: {
          params,
          body: ZAppointmentTemplateInput,
          response: { 200: ZAppointmentTemplate },
        },
      },
      async (request) =>
        s.templates.update(requireAccess(request), request.params.id, request.body),
    );
    app.delete('/planner/templates/:id', { config, schema: { params } }, async (request, reply) => {
      await s.templates.remove(requireAccess(request), request.params.id);
      return reply.status(204).send();
    });
    app.get(
      '/planner/templates/:id/slots',
      { config, schema: { params, querystring: ZRangeQuery, response: { 200: ZFreeSlots } } },
      async (request) =>
        s.appointments.templateSlots(requireAccess(request), request.params.id, request.query),
    );

    app.get(
      '/planner/appointments',
      {
        config,
        schema: { querystring: ZAppointmentRangeQuery, response: { 200: ZAppointmentList } },
      },
      async (request) => s.appointments.range(requireAccess(request), request.query),
    );
    app.get(
      '/planner/appointments/:id',
      { config, schema: { params, response: { 200: ZAppointment } } },
      async (request) => s.appointments.get(requireAccess(request), request.params.id),
    );
    app.post(
      '/planner/appointments',
      { config, schema: { body: ZAppointmentInput, response: { 201: ZAppointment } } },
      async (request, reply) =>
        reply.status(201).send(await s.appointments.create(requireAccess(request), request.body)),
    );
    app.put(
      '/planner/appointments/:id',
      { config, schema: { params, body: ZAppointmentInput, response: { 200: ZAppointment } } },
      async (request) =>
        s.appointments.update(requireAccess(request), request.params.id, request.body),
    );
    app.delete(
      '/planner/appointments/:id',
      {
        config,
        schema: {
          params,
          querystring: z.object({
            notify_applicant: z.enum(['0', '1', 'true', 'false']).optional(),
          }),
        },
      },
      async (request, reply) => {
        const notify = ['1', 'true'].includes(request.query.notify_applicant ?? '');
        await s.appointments.cancel(requireAccess(request), request.params.id, notify);
        return reply.status(204).send();
      },
    );
    app.get(
      '/planner/conflicts',
      { config, schema: { querystring: ZConflictQuery, response: { 200: ZConflicts } } },
      async (request) => s.appointments.conflicts(requireAccess(request), request.query),
    );
    app.post(
      '/planner/booking-links',
      { config, schema: { body: ZBookingLinkInput, response: { 202: ZBookingLinkResult } } },
      async (request, reply) =>
        reply.status(202).send(await s.links.send(requireAccess(request), request.body)),
    );
    app.get(
      '/planner/users',
      { config, schema: { querystring: ZPlannerSearchQuery, response: { 200: ZPlannerUsers } } },
      async (request) => s.pickers.users(requireAccess(request), request.query.search),
    );
    app.get(
      '/planner/applicants',
      {
        config,
        schema: { querystring: ZPlannerSearchQuery, response: { 200: ZPlannerApplicants } },
      },
      async (request) => s.pickers.applicantsFor(requireAccess(request), request.query.search),
    );
    app.get('/planner/feed', { config, schema: { response: { 200: ZIcsFeed } } }, async (request) =>
      s.feed.get(requireAccess(request)),
    );
    app.post(
      '/planner/feed',
      { config, schema: { response: { 201: ZIcsFeed } } },
      async (request, reply) => reply.status(201).send(await s.feed.renew(requireAccess(request))),
    );
    app.delete('/planner/feed', { config }, async (request, reply) => {
      await s.feed.revoke(requireAccess(request));
      return reply.status(204).send();
    });

    // The applicant screen's list: any signed-in user who sees the applicant.
    app.get(
      '/applicants/:id/appointments',
      {
        config: { access: '*' },
        schema: { params, querystring: ZPageQuery, response: { 200: ZAppointmentPage } },
      },
      async (request) =>
        s.appointments.applicantPage(requireAccess(request), request.params.id, request.query),
    );
  };
}
