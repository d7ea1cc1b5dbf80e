import { secretBoxFor } from '../../platform/crypto/secret-box.ts';
import { defineModule } from '../../platform/modules/app-module.ts';
import { registerMailingJob } from './mailing-job.ts';
import { UnsubscribeLinks } from './mail-unsubscribe.ts';
import { MailingsRepository } from './mailings.repository.ts';
import { mailingsRoutes, unsubscribeRoutes } from './mailings.routes.ts';
import { MailingsService } from './mailings.service.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    /** Writing to candidates: one or many, now or later (issue 38 part 3). */
    mailings: MailingsService;
  }
}

/**
 * Writing to candidates (issue 38 part 3, contracts/mailings.ts, docs/mailings.md): the mailings,
 * their job, and the public unsubscribe page. Comes after the applicants and applications modules
 * (who sees which recipients) and the e-mail models (the contents).
 */
export const mailingsModule = defineModule({
  name: 'mailings',
  async register({ app, config, database, files, services, uploads, worker }) {
    const repo = new MailingsRepository(database.db);
    const base = () => config.publicUrl ?? `http://localhost:${config.port}`;
    const links = new UnsubscribeLinks(secretBoxFor(config), base);
    const service = new MailingsService(
      repo,
      services.get('applicants'),
      services.get('applications'),
      services.get('mailModels'),
      links,
      base,
      files,
      services.get('mailSignatures'),
      // The community's module comes later in app.ts: looked up when members are named.
      () => services.get('communityMailing'),
      services.get('applicationSelection'),
      // The recruitment lists' module comes later in app.ts: looked up when a selection is sent.
      () => services.get('applicantSelection'),
    );
    services.provide('mailings', service);
    // The feed's module comes later in app.ts: looked up when a batch is written.
    registerMailingJob(
      worker,
      repo,
      links,
      () => services.get('activityFeed'),
      base,
      undefined,
      services.get('mailSignatures'),
      () => services.get('communityMailing'),
    );
    await app.register(mailingsRoutes(service, uploads), { prefix: '/api' });
    await app.register(unsubscribeRoutes(links, repo));
  },
});
