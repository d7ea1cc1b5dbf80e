import { defineModule } from '../../platform/modules/app-module.ts';
import { smsProviderFor } from '../../platform/sms/sms-providers.ts';
import { smsDevRoutes } from './sms-dev.routes.ts';
import { SmsDelivery } from './sms-delivery.ts';
import { SmsListsRepository } from './sms-lists.repository.ts';
import { SmsRepository } from './sms.repository.ts';
import { smsRoutes } from './sms.routes.ts';
import { SmsService } from './sms.service.ts';
import { SmsSettingsRepository } from './sms-settings.repository.ts';
import { smsSettingsRoutes } from './sms-settings.routes.ts';
import { SmsSettingsService } from './sms-settings.service.ts';
import { smsWebhookRoutes } from './sms-webhooks.routes.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    /** Two-way SMS with applicants (issue 14). */
    sms: SmsService;
  }
}

/** Looks a service up when it is used; none (a test app without it): undefined. */
const optional = <T>(get: () => T) => {
  return () => {
    try {
      return get();
    } catch {
      return undefined;
    }
  };
};

/**
 * Two-way SMS (issue 14, docs/sms.md): the users' calls, the send job, the provider's webhooks
 * and the development outbox. Comes after projects, the hub and notifications.
 */
export const smsModule = defineModule({
  name: 'sms',
  async register({ app, config, database, services, worker }) {
    const repo = new SmsRepository(database.db);
    const lists = new SmsListsRepository(database.db, database.dialect);
    const provider = smsProviderFor(config, database.db);
    const delivery = new SmsDelivery(
      repo,
      provider,
      optional(() => services.get('hub')),
      optional(() => services.get('notifications')),
      app.log,
    );
    delivery.register(worker);
    const settings = new SmsSettingsService(
      new SmsSettingsRepository(database.db),
      repo,
      services.get('audit'),
      config.sms.dailyCap,
    );
    const service = new SmsService(
      repo,
      lists,
      delivery,
      () => services.get('projects'),
      config.sms.defaultCountry,
      settings,
      services.get('applicationSelection'),
      // The recruitment lists' module comes later in app.ts: looked up when a selection is sent.
      () => services.get('applicantSelection'),
    );
    services.provide('sms', service);
    await app.register(smsRoutes(service), { prefix: '/api' });
    await app.register(smsSettingsRoutes(settings), { prefix: '/api' });
    await app.register(smsWebhookRoutes(config.sms, config.publicUrl, repo, delivery));
    const outbox = provider.name === 'outbox' && config.env !== 'production';
    await app.register(smsDevRoutes(outbox, service, repo, delivery), { prefix: '/api' });
  },
});
