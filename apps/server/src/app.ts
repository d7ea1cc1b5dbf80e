import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Config } from './platform/config/config.ts';
import type { Database } from './platform/db/database.ts';
import { registerAccessControl, type DeclaredRoute } from './platform/auth/access.ts';
import { registerAuthentication } from './platform/auth/authenticate.ts';
import { SessionsRepository } from './platform/auth/sessions.repository.ts';
import { SessionsService } from './platform/auth/sessions.service.ts';
import { registerErrorHandler } from './platform/http/error-handler.ts';
import { HttpError } from './platform/http/http-error.ts';
import { registerInputGuard } from './platform/http/input-guard.ts';
import { logSerializers } from './platform/http/log-serializers.ts';
import { applyMethodOverride } from './platform/http/method-override.ts';
import { registerOpenApi } from './platform/http/openapi.ts';
import { registerOriginCheck } from './platform/http/origin-check.ts';
import { PublicTokenGuard } from './platform/http/public-token-guard.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import { registerStaticWeb } from './platform/http/static-web.ts';
import { LocalDiskStorage, type FileStorage } from './platform/storage/storage.ts';
import { HttpSummaryProvider } from './platform/ai/http-summary-provider.ts';
import { LocalSummaryProvider } from './platform/ai/local-summary-provider.ts';
import type { SummaryProvider } from './platform/ai/summary-provider.ts';
import { JobWorker, type WorkerOptions } from './platform/jobs/jobs.ts';
import { registerMailJob } from './platform/mail/mailer.ts';
import { ApplicantsRepository } from './modules/applicants/applicants.repository.ts';
import { applicantsRoutes } from './modules/applicants/applicants.routes.ts';
import { ApplicantsService } from './modules/applicants/applicants.service.ts';
import { ApplicationsRepository } from './modules/applications/applications.repository.ts';
import { applicationsRoutes } from './modules/applications/applications.routes.ts';
import { ApplicationsService } from './modules/applications/applications.service.ts';
import { PipelineRepository } from './modules/applications/pipeline.repository.ts';
import { AuthRepository } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { LoginThrottle } from './modules/auth/login-throttle.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { ProfileRepository } from './modules/profile/profile.repository.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { ProfileService } from './modules/profile/profile.service.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { DashboardService } from './modules/dashboard/dashboard.service.ts';
import { offerActionsRoutes } from './modules/offers/offer-actions.routes.ts';
import { offerExportRoutes } from './modules/offers/offer-export.routes.ts';
import { OfferExportService } from './modules/offers/offer-export.service.ts';
import { OfferExtrasService } from './modules/offers/offer-extras.service.ts';
import { OfferListRepository } from './modules/offers/offer-list.repository.ts';
import { OffersRepository } from './modules/offers/offers.repository.ts';
import { offersRoutes } from './modules/offers/offers.routes.ts';
import { OffersService } from './modules/offers/offers.service.ts';
import { ProjectsRepository } from './modules/projects/projects.repository.ts';
import { projectsRoutes } from './modules/projects/projects.routes.ts';
import { ProjectsService } from './modules/projects/projects.service.ts';
import { SubsidiariesRepository } from './modules/subsidiaries/subsidiaries.repository.ts';
import { subsidiariesRoutes } from './modules/subsidiaries/subsidiaries.routes.ts';
import { SubsidiariesService } from './modules/subsidiaries/subsidiaries.service.ts';

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
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 10 } });
  registerOriginCheck(app, config.publicUrl);

  const { db } = database;
  const sessions = new SessionsService(new SessionsRepository(db), config);
  const authService = new AuthService(
    new AuthRepository(db),
    sessions,
    new LoginThrottle(db, config.login),
    config,
  );
  registerAuthentication(app, sessions, (s) => authService.buildContext(s));
  const files = storage ?? new LocalDiskStorage(path.join(config.dataDir, 'uploads'));
  const profileService = new ProfileService(new ProfileRepository(db), sessions, files);
  const subsidiariesService = new SubsidiariesService(new SubsidiariesRepository(db));
  const projectsService = new ProjectsService(new ProjectsRepository(db), subsidiariesService);
  const offersRepository = new OffersRepository(db);
  const offersService = new OffersService(
    offersRepository,
    new OfferListRepository(db),
    projectsService,
    subsidiariesService,
  );

  const worker = new JobWorker(database, {
    log: app.log,
    retentionMs: config.jobRetentionDays * 86_400_000,
    ...workerOptions,
  });
  registerMailJob(worker, db, { smtpUrl: config.smtpUrl, from: config.mailFrom });
  const uploads = { maxBytes: config.uploadMaxBytes, maxMb: config.uploadMaxMb };
  const applicantsService = new ApplicantsService(
    new ApplicantsRepository(db, database.dialect),
    files,
    { publicUrl: config.publicUrl ?? `http://localhost:${config.port}` },
    projectsService,
  );
  applicantsService.registerJobs(worker);
  const applicationsService = new ApplicationsService(
    new ApplicationsRepository(db, database.dialect),
    new PipelineRepository(db),
    applicantsService,
    offersService,
    summarizer ??
      (config.ai.baseUrl
        ? new HttpSummaryProvider({
            baseUrl: config.ai.baseUrl,
            apiKey: config.ai.apiKey,
            model: config.ai.model,
          })
        : new LocalSummaryProvider()),
  );

  await registerOpenApi(app);
  await app.register(healthRoutes(db), { prefix: '/api' });
  await app.register(authRoutes(authService), { prefix: '/api' });
  await app.register(
    profileRoutes(profileService, { maxBytes: config.uploadMaxBytes, maxMb: config.uploadMaxMb }),
    { prefix: '/api/user_profile' },
  );
  await app.register(subsidiariesRoutes(subsidiariesService), { prefix: '/api' });
  await app.register(projectsRoutes(projectsService), { prefix: '/api' });
  await app.register(
    offersRoutes(offersService, new OfferExtrasService(offersRepository, offersService)),
    { prefix: '/api' },
  );
  await app.register(offerActionsRoutes(offersService), { prefix: '/api' });
  await app.register(offerExportRoutes(new OfferExportService(offersService), profileService), {
    prefix: '/api',
  });
  await app.register(dashboardRoutes(new DashboardService(offersService)), { prefix: '/api' });
  await app.register(applicationsRoutes(applicationsService, uploads), { prefix: '/api' });
  await app.register(
    applicantsRoutes(applicantsService, uploads, new PublicTokenGuard(db, config.publicToken)),
    { prefix: '/api' },
  );
  await app.register(devRoutes(db, config.env), { prefix: '/api' });
  await registerStaticWeb(app, config.webDistDir);

  await app.ready();
  const built = app as unknown as App;
  built.declaredRoutes = declaredRoutes;
  built.sessions = sessions;
  built.worker = worker;
  return built;
}
