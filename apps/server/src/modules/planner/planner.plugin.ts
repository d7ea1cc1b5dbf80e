import { AttemptLimiter } from '../../platform/http/attempt-limiter.ts';
import { PublicTokenGuard } from '../../platform/http/public-token-guard.ts';
import { defineModule } from '../../platform/modules/app-module.ts';
import { AppointmentsService } from './appointments.service.ts';
import { BookingLinksService } from './booking-links.service.ts';
import { BookingRepository } from './booking.repository.ts';
import { bookingRoutes } from './booking.routes.ts';
import { BookingService } from './booking.service.ts';
import { IcsFeedService } from './ics-feed.service.ts';
import { PickersService } from './pickers.service.ts';
import { PlannerRepository } from './planner.repository.ts';
import { plannerMailModels } from './planner-mail.ts';
import { plannerRoutes } from './planner.routes.ts';
import { PLANNER_REMINDERS_EVERY_MS, PLANNER_REMINDERS_TASK, sendReminders } from './reminders.ts';
import { TemplatesService } from './templates.service.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    /** Appointments (issue 39): the planner's, the booking page's. */
    appointments: AppointmentsService;
  }
}

/** The window of the booking links' change limit (minutes). */
const BOOKING_WRITE_WINDOW_MINUTES = 60;

/**
 * The planner (issue 39, contracts/planner.ts, docs/planner.md): appointment templates, the
 * appointments and their free slots, booking links and the public booking page, the private ICS
 * feeds and the day-before reminders. Listed after the applicants, applications, e-mail models,
 * activity feed and SMS modules it uses.
 */
export const plannerModule = defineModule({
  name: 'planner',
  async register({ app, config, database, services, worker }) {
    const repo = new PlannerRepository(database.db);
    const base = () => config.publicUrl ?? `http://localhost:${config.port}`;
    const templates = new TemplatesService(repo);
    const appointments = new AppointmentsService(
      repo,
      templates,
      services.get('applicants'),
      services.get('applications'),
      () => services.get('activityFeed'),
      plannerMailModels(services.get('mailModels'), services.get('mailSignatures')),
      base,
    );
    services.provide('appointments', appointments);
    const bookingRepo = new BookingRepository(database.db);
    const booking = new BookingService(bookingRepo, appointments);
    const links = new BookingLinksService(
      bookingRepo,
      appointments,
      services.get('applications'),
      () => services.get('sms'),
    );
    const feed = new IcsFeedService(repo, base);
    const pickers = new PickersService(
      repo,
      services.get('applicants'),
      services.get('applications'),
    );
    worker.every(PLANNER_REMINDERS_TASK, PLANNER_REMINDERS_EVERY_MS, (now) =>
      sendReminders(appointments, now),
    );
    await app.register(plannerRoutes({ templates, appointments, links, feed, pickers }), {
      prefix: '/api',
    });
    await app.register(
      bookingRoutes(
        booking,
        feed,
        new PublicTokenGuard(services.get('attempts'), config.publicToken),
        new AttemptLimiter(services.get('attempts'), BOOKING_WRITE_WINDOW_MINUTES),
      ),
      { prefix: '/api' },
    );
  },
});
