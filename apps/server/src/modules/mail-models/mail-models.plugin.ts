import { queueMail } from '../../platform/mail/mailer.ts';
import { defineModule } from '../../platform/modules/app-module.ts';
import { MailModelsRepository } from './mail-models.repository.ts';
import { mailModelsRoutes } from './mail-models.routes.ts';
import { MailModelsService } from './mail-models.service.ts';
import { MailSignaturesRepository } from './mail-signatures.repository.ts';
import { mailSignaturesRoutes } from './mail-signatures.routes.ts';
import { MailSignaturesService } from './mail-signatures.service.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    /** E-mail models: the library, and `render` that every product e-mail asks first. */
    mailModels: MailModelsService;
    /** E-mail signatures: the company's and each user's, and `signatureFor` that senders append. */
    mailSignatures: MailSignaturesService;
  }
}

/**
 * E-mail models (issue 38 part 1, contracts/mail-models.ts, docs/mail-models.md): the config page
 * `emails/model` and the renderer of the company's own texts; the signatures (part 2: the config
 * page `emails/signature` and each user's own, contracts/mail-signatures.ts). Listed before the
 * modules that send e-mails to candidates (career site, applicants, shares, community).
 */
export const mailModelsModule = defineModule({
  name: 'mail-models',
  async register({ app, config, database, services }) {
    const repo = new MailModelsRepository(database.db);
    const service = new MailModelsService(
      repo,
      services.get('audit'),
      (message) => repo.transaction(async (trx) => void (await queueMail(trx, message))),
      () => config.publicUrl ?? `http://localhost:${config.port}`,
    );
    services.provide('mailModels', service);
    await app.register(mailModelsRoutes(service), { prefix: '/api' });
    const signatures = new MailSignaturesService(
      new MailSignaturesRepository(database.db),
      repo,
      services.get('audit'),
    );
    services.provide('mailSignatures', signatures);
    await app.register(mailSignaturesRoutes(signatures), { prefix: '/api' });
  },
});
