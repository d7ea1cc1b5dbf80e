import { secretBoxFor } from '../../platform/crypto/secret-box.ts';
import { defineModule } from '../../platform/modules/app-module.ts';
import { AttemptLimiter } from '../../platform/http/attempt-limiter.ts';
import { MemoryAttemptStore } from '../../platform/http/memory-attempt-store.ts';
import { CareerSiteAnswersRepository } from './career-site-answers.repository.ts';
import { CareerSiteAnswersService } from './career-site-answers.service.ts';
import { APPLY_RULES, ApplyTokens } from './career-site-apply-form.ts';
import { ApplyForms, CareerSiteApplyService } from './career-site-apply.service.ts';
import { CareerSitePublicRepository } from './career-site-public.repository.ts';
import {
  CAREER_SITE_VIEWS_WINDOW_MINUTES,
  careerSitePublicRoutes,
} from './career-site-public.routes.ts';
import { CareerSitePublicService } from './career-site-public.service.ts';
import { CareerSiteRepository } from './career-site.repository.ts';
import { careerSiteRoutes } from './career-site.routes.ts';
import { CareerSiteService } from './career-site.service.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    careerSite: CareerSiteService;
    /** A site by its slug, and where a given-up slug went (the community's public pages). */
    careerSiteLookup: Pick<CareerSitePublicRepository, 'companyBySlug' | 'renamedTo'>;
    /** The answers and consent of applications sent from the site (the applicant screen). */
    careerSiteAnswers: CareerSiteAnswersService;
  }
}

/**
 * The company's career site (issue 37, contracts/career-site.ts): its settings page and the public
 * site that search engines, candidates and job boards read (docs/career-site.md). Listed after
 * the company settings (the logo, the default language) and the offer settings (the image bank).
 */
export const careerSiteModule = defineModule({
  name: 'career-site',
  async register({ app, config, database, files, services }) {
    const service = new CareerSiteService(
      new CareerSiteRepository(database.db),
      services.get('companySettings'),
      services.get('offerImages'),
      services.get('audit'),
      config.careerSiteUrl,
    );
    services.provide('careerSite', service);
    services.provide(
      'careerSiteAnswers',
      new CareerSiteAnswersService(new CareerSiteAnswersRepository(database.db)),
    );
    services
      .get('offerImages')
      .addUsage((companyId, imageId) => service.coverUse(companyId, imageId));
    await app.register(careerSiteRoutes(service), { prefix: '/api' });
    // The public site: its own paths, outside /api and the web app (part 2), and the apply
    // form (part 3), whose applications take the manual entry's path (applications module,
    // registered later: looked up when a candidate applies).
    const publicRepo = new CareerSitePublicRepository(database.db);
    services.provide('careerSiteLookup', publicRepo);
    const tokens = new ApplyTokens(secretBoxFor(config));
    const forms = new ApplyForms(
      publicRepo,
      services.get('applicationPath'),
      services.get('customFields'),
      tokens,
      config.uploadMaxMb,
    );
    const publicSite = new CareerSitePublicService(
      publicRepo,
      services.get('companySettings'),
      files,
      forms,
    );
    const apply = new CareerSiteApplyService(
      publicSite,
      forms,
      publicRepo,
      tokens,
      () => services.get('manualApplications'),
      services.get('customFields'),
      services.get('mailModels'),
      new AttemptLimiter(services.get('attempts'), APPLY_RULES.windowMinutes),
      app.log,
    );
    // Page views are a courtesy limit on read-only pages: shared through Redis when configured;
    // without it (one instance) counted in the process, not by a database write per view.
    const views = config.redisUrl ? services.get('attempts') : new MemoryAttemptStore();
    await app.register(
      careerSitePublicRoutes(
        publicSite,
        new AttemptLimiter(views, CAREER_SITE_VIEWS_WINDOW_MINUTES),
        config,
        apply,
      ),
    );
  },
});
