import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZSsoCheckRequest, ZSsoCheckResponse } from '@embauche/contracts/auth';
import {
  ZSsoCallbackQuery,
  ZSsoDomainDecision,
  ZSsoPendingDomainList,
  ZSsoSettings,
  ZSsoSettingsInput,
  ZSsoStartQuery,
  ZSsoVerifyRequest,
  ZSsoVerifyResponse,
} from '@embauche/contracts/sso';
import { requireAccess } from '../../platform/auth/access.ts';
import { readSessionToken, setSessionCookie } from '../../platform/auth/session-cookie.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { clientInfo } from '../auth/auth.routes.ts';
import type { SsoDomainsService } from './sso-domains.service.ts';
import type { SsoSettingsService } from './sso-settings.service.ts';
import { SSO_LOGIN_TTL_MS, SsoFailure, ssoErrorUrl, type SsoService } from './sso.service.ts';

/** The started sign-in's state, kept by the browser that started it (HttpOnly, this path only). */
const STATE_COOKIE = 'embauche_sso_state';
const STATE_COOKIE_PATH = '/api/sso';

export type SsoRouteDeps = {
  service: SsoService;
  settings: SsoSettingsService;
  domains: SsoDomainsService;
  auth: AuthService;
  /** `PUBLIC_URL/api/sso/callback`: the redirect URI registered at the providers. */
  redirectUri: string;
};

/** Spec 7 `POST /sso/check` and the OpenID Connect sign-in (`packages/contracts/src/sso.ts`). */
export function ssoRoutes({ service, settings, domains, auth, redirectUri }: SsoRouteDeps) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const open = { access: 'public' as const };

    app.post(
      '/sso/check',
      {
        config: open,
        schema: { body: ZSsoCheckRequest, response: { 200: ZSsoCheckResponse } },
      },
      async (request) => service.check(request.body.email),
    );

    app.get('/sso/start', { config: open }, async (request, reply) => {
      noStore(reply);
      const query = ZSsoStartQuery.safeParse(request.query);
      try {
        if (!query.success) throw new SsoFailure('unavailable', 'no e-mail');
        const started = await service.start(query.data.email, redirectUri);
        void reply.setCookie(STATE_COOKIE, started.state, {
          httpOnly: true,
          // Lax: sent back on the provider's top-level redirect to the callback.
          sameSite: 'lax',
          secure: request.protocol === 'https',
          path: STATE_COOKIE_PATH,
          maxAge: SSO_LOGIN_TTL_MS / 1000,
        });
        return reply.redirect(started.url, 302);
      } catch (error) {
        return failed(request, reply, error);
      }
    });

    app.get('/sso/callback', { config: open }, async (request, reply) => {
      noStore(reply);
      void reply.clearCookie(STATE_COOKIE, { path: STATE_COOKIE_PATH });
      const query = ZSsoCallbackQuery.safeParse(request.query);
      try {
        const token = await service.callback(
          query.success ? query.data : {},
          request.cookies[STATE_COOKIE] || undefined,
          clientInfo(request),
        );
        // As /login: a new id at every sign-in, an earlier session of this browser is closed.
        await auth.logout(readSessionToken(request));
        setSessionCookie(request, reply, token);
        return reply.redirect('/', 302);
      } catch (error) {
        return failed(request, reply, error);
      }
    });

    app.get(
      '/sso/settings',
      { config: { access: 'config.account' }, schema: { response: { 200: ZSsoSettings } } },
      async (request) => settings.get(requireAccess(request, 'config.account'), redirectUri),
    );

    app.put(
      '/sso/settings',
      {
        config: { access: 'config.account' },
        schema: { body: ZSsoSettingsInput, response: { 200: ZSsoSettings } },
      },
      async (request) =>
        settings.save(requireAccess(request, 'config.account'), request.body, redirectUri),
    );

    app.post(
      '/sso/domains/verify',
      {
        config: { access: 'config.account' },
        schema: { body: ZSsoVerifyRequest, response: { 200: ZSsoVerifyResponse } },
      },
      async (request) =>
        domains.verify(requireAccess(request, 'config.account'), request.body.domain),
    );

    // The product's staff (issue 33): not while acting as someone, whose permissions never hold it.
    const staff = { access: 'user.super_admin' } as const;
    app.get(
      '/superadmin/sso_domains',
      { config: staff, schema: { response: { 200: ZSsoPendingDomainList } } },
      async (request) => {
        requireAccess(request, 'user.super_admin');
        return domains.pending();
      },
    );
    for (const decision of ['approve', 'reject'] as const)
      app.post(
        `/superadmin/sso_domains/${decision}`,
        { config: staff, schema: { body: ZSsoDomainDecision } },
        async (request, reply) => {
          const auth = requireAccess(request, 'user.super_admin');
          await domains[decision](auth, request.body.id);
          return reply.status(204).send();
        },
      );
  };
}

const noStore = (reply: FastifyReply) =>
  void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');

/** A refused sign-in goes back to the login page with its code; anything else is logged too. */
function failed(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (!(error instanceof SsoFailure)) request.log.error({ err: error }, 'SSO sign-in failed');
  else request.log.warn({ code: error.code, detail: error.detail }, error.message);
  return reply.redirect(
    ssoErrorUrl(error instanceof SsoFailure ? error.code : 'provider_error'),
    302,
  );
}
