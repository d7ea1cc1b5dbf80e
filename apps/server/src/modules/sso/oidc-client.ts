import * as oidc from 'openid-client';
import { sha256 } from '../../platform/auth/tokens.ts';
import type { GuardedFetch } from '../../platform/http/guarded-fetch.ts';

/** What a company's provider needs: where it is and who we are there. */
export type OidcClientSettings = { issuerUrl: string; clientId: string; clientSecret: string };

/** The identity a provider vouched for. */
export type OidcIdentity = {
  subject: string;
  email: string | undefined;
  /** False only when the provider says the e-mail is not verified. */
  emailVerified: boolean;
  givenName: string | undefined;
  familyName: string | undefined;
};

/** A discovered provider is reused this long, then discovered again. */
const DISCOVERY_TTL_MS = 60 * 60_000;
const SCOPE = 'openid email profile';

/**
 * The relying party side of OpenID Connect, through `openid-client`: discovery (cached per company
 * and settings), the authorisation URL (code flow, PKCE S256, state, nonce), and the callback (state
 * checked, code exchanged with the verifier, ID token validated with its nonce and signature, the
 * UserInfo endpoint read when the ID token lacks the e-mail).
 */
export class OidcClient {
  readonly #configs = new Map<number, { key: string; at: number; config: oidc.Configuration }>();

  /**
   * `fetch`: every request to the provider (discovery, keys, token, UserInfo) goes through it: the
   * guarded fetcher (platform/http/guarded-fetch.ts), since the issuer is an address someone typed.
   */
  constructor(
    private readonly allowHttp: boolean,
    private readonly fetch: GuardedFetch,
  ) {}

  /** Forgets a company's provider (its settings changed). */
  forget(companyId: number): void {
    this.#configs.delete(companyId);
  }

  private async configuration(
    companyId: number,
    settings: OidcClientSettings,
  ): Promise<oidc.Configuration> {
    const key = sha256(
      JSON.stringify([settings.issuerUrl, settings.clientId, settings.clientSecret]),
    );
    const cached = this.#configs.get(companyId);
    if (cached && cached.key === key && Date.now() - cached.at < DISCOVERY_TTL_MS)
      return cached.config;
    const issuer = new URL(settings.issuerUrl);
    const insecure = issuer.protocol === 'http:';
    if (insecure && !this.allowHttp) throw new Error('http:// issuers are not allowed.');
    const config = await oidc.discovery(
      issuer,
      settings.clientId,
      { client_secret: settings.clientSecret },
      oidc.ClientSecretBasic(settings.clientSecret),
      {
        execute: insecure ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
        [oidc.customFetch]: this.fetch,
      },
    );
    // The ID token's signature is checked against the provider's keys too, not only its claims.
    oidc.enableNonRepudiationChecks(config);
    this.#configs.set(companyId, { key, at: Date.now(), config });
    return config;
  }

  /** The provider's authorisation address and the secrets its answer is checked with. */
  async start(
    companyId: number,
    settings: OidcClientSettings,
    redirectUri: string,
    loginHint: string,
  ): Promise<{ url: string; state: string; nonce: string; codeVerifier: string }> {
    const config = await this.configuration(companyId, settings);
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: SCOPE,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      login_hint: loginHint,
    });
    return { url: url.href, state, nonce, codeVerifier };
  }

  /** Checks the provider's answer (`callbackUrl` with its query) and answers the identity. */
  async finish(
    companyId: number,
    settings: OidcClientSettings,
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<OidcIdentity> {
    const config = await this.configuration(companyId, settings);
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      pkceCodeVerifier: checks.codeVerifier,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('No ID token.');
    let source: Record<string, unknown> = claims;
    if (typeof claims.email !== 'string')
      source = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    return {
      subject: claims.sub,
      email: typeof source.email === 'string' ? source.email : undefined,
      emailVerified: source.email_verified !== false,
      givenName: typeof source.given_name === 'string' ? source.given_name : undefined,
      familyName: typeof source.family_name === 'string' ? source.family_name : undefined,
    };
  }
}
