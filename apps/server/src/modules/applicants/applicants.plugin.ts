import { PublicTokenGuard } from '../../platform/http/public-token-guard.ts';
import { BulkOperations } from '../../platform/jobs/bulk-operations.ts';
import { defineModule } from '../../platform/modules/app-module.ts';
import { ApplicantDocumentsRepository } from './applicant-documents.repository.ts';
import { ApplicantTagsRepository } from './applicant-tags.repository.ts';
import { ApplicantsRepository } from './applicants.repository.ts';
import { applicantsRoutes } from './applicants.routes.ts';
import { ApplicantsService } from './applicants.service.ts';
import { CvBundleFilesRepository } from './cv-bundle-files.repository.ts';
import { CvBundleJobs } from './cv-bundle-jobs.ts';
import { registerCvTextJob } from './cv-text-job.ts';
import { DocumentRequestsService } from './document-requests.service.ts';
import { SharedApplicantsService } from './shared-applicants.service.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    applicants: ApplicantsService;
    /** The applicant a shared link opens (the shares module checks the link). */
    sharedApplicants: SharedApplicantsService;
    /** Document requests (the onboarding's document steps send theirs through it). */
    documentRequests: DocumentRequestsService;
  }
}

/** Applicants, their files and document requests, and the public document upload page. */
export const applicantsModule = defineModule({
  name: 'applicants',
  async register({ app, config, database, files, worker, uploads, services }) {
    const repo = new ApplicantsRepository(database.db, database.dialect);
    const tagRepo = new ApplicantTagsRepository(database.db, database.dialect);
    const documentRepo = new ApplicantDocumentsRepository(database.db);
    // The applications module comes later in app.ts: looked up when a bundle takes a selection.
    const selection = () => services.get('applicationSelection');
    const bundles: { jobs?: CvBundleJobs } = {};
    const service = new ApplicantsService(
      repo,
      tagRepo,
      documentRepo,
      files,
      services.get('projects'),
      selection,
      () => bundles.jobs!,
    );
    bundles.jobs = new CvBundleJobs(
      new BulkOperations(database.db),
      new CvBundleFilesRepository(database.db),
      service,
      files,
      selection,
      // Tells the user who asked when their bundle is ready or failed (issue 42).
      () => services.get('notifications'),
    );
    bundles.jobs.register(worker);
    const documentRequests = new DocumentRequestsService(
      repo,
      documentRepo,
      service,
      { publicUrl: config.publicUrl ?? `http://localhost:${config.port}` },
      (companyId) => services.get('companySettings').mailSettings(companyId),
      // The feed's module comes later in app.ts: looked up when an event happens.
      () => services.get('activityFeed'),
      () => services.get('notifications'),
      services.get('mailModels'),
    );
    registerCvTextJob(worker, repo, files);
    services.provide('applicants', service);
    services.provide('documentRequests', documentRequests);
    services.provide(
      'sharedApplicants',
      new SharedApplicantsService(repo, tagRepo, documentRepo, files),
    );
    await app.register(
      applicantsRoutes(
        service,
        bundles.jobs,
        documentRequests,
        uploads,
        new PublicTokenGuard(services.get('attempts'), config.publicToken),
      ),
      { prefix: '/api' },
    );
  },
});
