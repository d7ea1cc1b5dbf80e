import { HttpSummaryProvider } from '../../platform/ai/http-summary-provider.ts';
import { LocalSummaryProvider } from '../../platform/ai/local-summary-provider.ts';
import type { SummaryProvider } from '../../platform/ai/summary-provider.ts';
import type { Config } from '../../platform/config/config.ts';
import { BulkOperations } from '../../platform/jobs/bulk-operations.ts';
import { defineModule } from '../../platform/modules/app-module.ts';
import { ApplicantApplicationsRepository } from './applicant-applications.repository.ts';
import { ApplicationCopiesRepository } from './application-copies.repository.ts';
import { ApplicationCopiesService } from './application-copies.service.ts';
import { ApplicationStatusService } from './application-status.service.ts';
import { ApplicationSummariesRepository } from './application-summaries.repository.ts';
import { ApplicationSummariesService } from './application-summaries.service.ts';
import { ApplicationTestsRepository } from './application-tests.repository.ts';
import { ApplicationSelectionRepository } from './application-selection.repository.ts';
import { ApplicationsRepository } from './applications.repository.ts';
import { applicationsRoutes } from './applications.routes.ts';
import { ApplicationsService } from './applications.service.ts';
import { BulkStatusService } from './bulk-status.service.ts';
import { CopySelectionService } from './copy-selection.service.ts';
import { ManualApplicationsService } from './manual-applications.service.ts';
import { PipelineRepository } from './pipeline.repository.ts';
import { SelectedApplicationsService } from './selected-applications.service.ts';
import { TreatmentService } from './treatment.service.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    applications: ApplicationsService;
    /** Manual entries, and the career site's applications (modules/career-site). */
    manualApplications: ManualApplicationsService;
    /** "All that match" for mailings and SMS (issue 42 part 2): a list's selection resolved. */
    applicationSelection: SelectedApplicationsService;
  }
}

/** Applications: lists, kanban, treatment, status changes, manual applicants and AI summaries. */
export const applicationsModule = defineModule({
  name: 'applications',
  async register({ app, config, database, uploads, summarizer, services, worker }) {
    const { db, dialect } = database;
    const repo = new ApplicationsRepository(db, dialect);
    const applicants = services.get('applicants');
    const offers = services.get('offers');
    // The feed's module comes later in app.ts: looked up when an event happens.
    const feed = () => services.get('activityFeed');
    const notifications = () => services.get('notifications');
    const service = new ApplicationsService(
      repo,
      new ApplicationTestsRepository(db, dialect),
      new ApplicantApplicationsRepository(db),
      new PipelineRepository(db),
      applicants,
      offers,
      services.get('workflows'),
      services.get('careerSiteAnswers'),
    );
    services.provide('applications', service);
    const manual = new ManualApplicationsService(
      service,
      repo,
      applicants,
      offers,
      services.get('applicationPath'),
      feed,
      notifications,
    );
    services.provide('manualApplications', manual);
    const statusChanges = new ApplicationStatusService(service, repo, offers, feed, notifications);
    const treatment = new TreatmentService(service, repo, offers);
    // "Select all that match" + status change (issue 42 part 2): big sets in a job.
    const selectionRepo = new ApplicationSelectionRepository(db, repo);
    const bulkStatus = new BulkStatusService(
      db,
      selectionRepo,
      statusChanges,
      treatment,
      offers,
      new BulkOperations(db),
    );
    bulkStatus.register(worker);
    services.provide(
      'applicationSelection',
      new SelectedApplicationsService(bulkStatus, selectionRepo),
    );
    const copies = new ApplicationCopiesService(
      service,
      repo,
      new ApplicationCopiesRepository(db),
      applicants,
      offers,
      notifications,
    );
    // "Add to an offer" all that match of a search or a list (issue 42 part 2): the selection is
    // the recruitment lists module's (later in app.ts: looked up when one is sent); big sets in a job.
    const copySelection = new CopySelectionService(
      copies,
      () => services.get('applicantSelection'),
      new BulkOperations(db),
    );
    copySelection.register(worker);
    const routeServices = {
      applications: service,
      statusChanges,
      treatment,
      bulkStatus,
      manual,
      copies,
      copySelection,
      summaries: new ApplicationSummariesService(
        service,
        new ApplicationSummariesRepository(db),
        applicants,
        offers,
        summarizer ?? summaryProvider(config),
      ),
    };
    await app.register(applicationsRoutes(routeServices, uploads), { prefix: '/api' });
  },
});

/** An AI endpoint when one is configured, the offline summariser otherwise. */
function summaryProvider({ ai }: Config): SummaryProvider {
  return ai.baseUrl
    ? new HttpSummaryProvider({ baseUrl: ai.baseUrl, apiKey: ai.apiKey, model: ai.model })
    : new LocalSummaryProvider();
}
