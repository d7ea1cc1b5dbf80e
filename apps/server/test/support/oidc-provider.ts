import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export type TestProviderClient = { clientId: string; clientSecret: string; redirectUri: string };

export type TestProvider = {
  issuer: string;
  /** Claims of an account other than `{email: login, email_verified: true}`. */
  accounts: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
};

/**
 * A real OpenID provider (`oidc-provider`) on 127.0.0.1 and a random port, with static clients and
 * its development login form, where any login is accepted as the account id. An account's
 * claims: `sub` = the login, `email` = the login, `email_verified` true, unless `accounts` says
 * otherwise. The e-mail is given through UserInfo only (not in the ID token), as many providers do.
 */
export async function startTestProvider(clients: TestProviderClient[]): Promise<TestProvider> {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, Record<string, unknown>>();
  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: [c.redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    cookies: { keys: ['test-provider-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({ sub: id, email: id, email_verified: true, ...accounts.get(id) }),
    }),
  });
  handler = provider.callback();
  return {
    issuer,
    accounts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
