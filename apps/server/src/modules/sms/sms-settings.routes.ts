import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZSmsSettings, ZSmsSettingsForm } from '@embauche/contracts/sms';
import { requireAccess } from '../../platform/auth/access.ts';
import type { SmsSettingsService } from './sms-settings.service.ts';

/**
 * The SMS settings page (issue 33; contracts/sms.ts): allowed destination countries and the daily
 * cap. `config.account`, like the company's identity, and the SMS feature (403 without it).
 */
export function smsSettingsRoutes(service: SmsSettingsService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const config = { access: 'config.account' } as const;
    app.get(
      '/config/sms',
      { config, schema: { response: { 200: ZSmsSettings } } },
      async (request) => service.get(requireAccess(request)),
    );
    app.put(
      '/config/sms',
      { config, schema: { body: ZSmsSettingsForm, response: { 200: ZSmsSettings } } },
      async (request) => service.update(requireAccess(request), request.body),
    );
  };
}
