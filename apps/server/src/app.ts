import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { Config } from './platform/config/config.ts';
import type { Database } from './platform/db/database.ts';
import { registerAccessControl, type DeclaredRoute } from './platform/auth/access.ts';
import { registerAuthentication } from './platform/auth/authenticate.ts';
import { SessionsRepository } from './platform/auth/sessions.repository.ts';
import {
  SESSION_PURGE_EVERY_MS,
  SESSION_PURGE_TASK,
  SessionsService,
} from './platform/auth/sessions.service.ts';
import { createAttemptStore } from './platform/http/attempt-limiter.ts';
import { registerCompression } from './platform/http/compression.ts';
import { registerErrorHandler } from './platform/http/error-handler.ts';
import { HttpError } from './platform/http/http-error.ts';
import { registerInputGuard } from './platform/http/input-guard.ts';
import { logSerializers } from './platform/http/log-serializers.ts';
import { applyMethodOverride } from './platform/http/method-override.ts';
import { registerOpenApi } from './platform/http/openapi.ts';
import { registerOriginCheck } from './platform/http/origin-check.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import { registerStaticWeb } from './platform/http/static-web.ts';
import { createStorage } from './platform/storage/create-storage.ts';
import { registerOrphanSweep } from './platform/storage/orphan-sweep.ts';
import type { FileStorage } from './platform/storage/storage.ts';
import type { SummaryProvider } from './platform/ai/summary-provider.ts';
import { JobWorker, type WorkerOptions } from './platform/jobs/jobs.ts';
import { registerMailJob } from './platform/mail/mailer.ts';
import { ServiceRegistry, type AppModule } from './platform/modules/app-module.ts';
import { AuditTrail } from './platform/audit/audit-trail.ts';
import { AuditTrailRepository } from './platform/audit/audit-trail.repository.ts';
import { auditModule } from './modules/audit/audit.plugin.ts';
import { jobBoardsModule } from './modules/job-boards/job-boards.plugin.ts';
import { applicantsModule } from './modules/applicants/applicants.plugin.ts';
import { activityFeedModule } from './modules/activity-feed/activity-feed.plugin.ts';
import { sharesModule } from './modules/shares/shares.plugin.ts';
import { smsModule } from './modules/sms/sms.plugin.ts';
import { sourcingModule } from './modules/sourcing/sourcing.plugin.ts';
import { recruitmentListsModule } from './modules/recruitment-lists/recruitment-lists.plugin.ts';
import { communityModule } from './modules/community/community.plugin.ts';
import { applicationsModule } from './modules/applications/applications.plugin.ts';
import { workflowsModule } from './modules/workflows/workflows.plugin.ts';
import { authModule } from './modules/auth/auth.plugin.ts';
import { dashboardModule } from './modules/dashboard/dashboard.plugin.ts';
import { devModule } from './modules/dev/dev.plugin.ts';
import { healthModule } from './modules/health/health.plugin.ts';
import { hubModule } from './modules/hub/hub.plugin.ts';
import { notificationsModule } from './modules/notifications/notifications.plugin.ts';
import { customFieldsModule } from './modules/custom-fields/custom-fields.plugin.ts';
import { mailModelsModule } from './modules/mail-models/mail-models.plugin.ts';
import { mailingsModule } from './modules/mailings/mailings.plugin.ts';
import { plannerModule } from './modules/planner/planner.plugin.ts';
import { offersModule } from './modules/offers/offers.plugin.ts';
import { companySettingsModule } from './modules/company-settings/company-settings.plugin.ts';
import { offerSettingsModule } from './modules/offer-settings/offer-settings.plugin.ts';
import { careerSiteModule } from './modules/career-site/career-site.plugin.ts';
import { passwordResetModule } from './modules/password-reset/password-reset.plugin.ts';
import { ssoModule } from './modules/sso/sso.plugin.ts';
import { profileModule } from './modules/profile/profile.plugin.ts';
import { projectsModule } from './modules/projects/projects.plugin.ts';
import { subsidiariesModule } from './modules/subsidiaries/subsidiaries.plugin.ts';
import { usersModule } from './modules/users/users.plugin.ts';
import { actingAsModule } from './modules/acting-as/acting-as.plugin.ts';
import { rolesModule } from './modules/roles/roles.plugin.ts';
import { groupsModule } from './modules/groups/groups.plugin.ts';
import { newsModule } from './modules/news/news.plugin.ts';
import { statisticsModule } from './modules/statistics/statistics.plugin.ts';
import { onboardingModule } from './modules/onboarding/onboarding.plugin.ts';

/** The feature modules, each wiring its own repositories, services, jobs and routes; a module comes after those whose services it uses. */
const MODULES: readonly AppModule[] = [
  authModule,
  passwordResetModule,
  ssoModule,
  healthModule,
  hubModule,
  notificationsModule,
  profileModule,
  subsidiariesModule,
  jobBoardsModule,
  projectsModule,
  customFieldsModule,
  mailModelsModule,
  offerSettingsModule,
  companySettingsModule,
  careerSiteModule,
  offersModule,
  dashboardModule,
  applicantsModule,
  workflowsModule,
  applicationsModule,
  mailingsModule,
  activityFeedModule,
  sharesModule,
  smsModule,
  plannerModule,
  sourcingModule,
  recruitmentListsModule,
  communityModule,
  usersModule,
  actingAsModule,
  rolesModule,
  groupsModule,
  newsModule,
  statisticsModule,
  onboardingModule,
  auditModule,
  devModule,
];

export type AppDeps = {
  config: Config;
  database: Database;
  storage?: FileStorage;
  /** Replaces the summary provider that the configuration picks (tests). */
  summarizer?: SummaryProvider;
  worker?: WorkerOptions;
};

export type App = FastifyInstance & {
  declaredRoutes: DeclaredRoute[];
  sessions: SessionsService;
  /** The background job worker; main.ts starts it in-process, `npm run worker` runs it alone. */
  worker: JobWorker;
};

/** Assembles the HTTP application: platform plugins first, then every module under /api. */
export async function buildApp({
  config,
  database,
  storage,
  summarizer,
  worker: workerOptions,
}: AppDeps): Promise<App> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            serializers: logSerializers,
            redact: ['req.headers.cookie', 'req.headers.authorization'],
          },
    trustProxy: config.trustProxy,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    rewriteUrl: applyMethodOverride,
    bodyLimit: config.uploadMaxBytes + 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  // An empty JSON body (a bodiless POST from fetch with a JSON content type) is no body at all.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, 'The body is not valid JSON.', 'invalid_json'), undefined);
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  const declaredRoutes = registerAccessControl(app);
  registerErrorHandler(app);
  registerInputGuard(app);
  await registerSecurityHeaders(app);
  await registerCompression(app);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 10 } });
  registerOriginCheck(app, config.publicUrl);

  const { db } = database;
  const sessions = new SessionsService(new SessionsRepository(db), config);
  const worker = new JobWorker(database, {
    log: app.log,
    retentionMs: config.jobRetentionDays * 86_400_000,
    ...workerOptions,
  });
  // The app closes what it opened; a storage handed in belongs to the caller.
  const files = storage ?? createStorage(config.storage);
  if (!storage && files.close) app.addHook('onClose', async () => files.close?.());
  registerMailJob(worker, db, { smtpUrl: config.smtpUrl, from: config.mailFrom, storage: files });
  // Expired sessions go, once every quarter of an hour across the instances.
  worker.every(SESSION_PURGE_TASK, SESSION_PURGE_EVERY_MS, () => sessions.purgeExpired());

  const services = new ServiceRegistry();
  // The audit trail's writer is the platform's: sign-in, the first module, already writes to it.
  services.provide('audit', new AuditTrail(new AuditTrailRepository(db)));
  // Every attempt limit (sign-in, second factor, tokens…) counts here: Redis when configured.
  const attempts = createAttemptStore(config, db, app.log);
  app.addHook('onClose', () => attempts.close());
  services.provide('attempts', attempts);
  // The hook runs per request, once every module is registered.
  registerAuthentication(app, sessions, (session) => services.get('auth').buildContext(session));
  await registerOpenApi(app);
  registerOrphanSweep(worker, db, files, app.log);
  const context = {
    app,
    config,
    database,
    files,
    worker,
    sessions,
    summarizer,
    uploads: { maxBytes: config.uploadMaxBytes, maxMb: config.uploadMaxMb },
    services,
  };
  for (const module of MODULES) await module.register(context);
  await registerStaticWeb(app, config.webDistDir);

  await app.ready();
  const built = app as unknown as App;
  built.declaredRoutes = declaredRoutes;
  built.sessions = sessions;
  built.worker = worker;
  return built;
}
