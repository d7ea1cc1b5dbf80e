import type { TSsoPendingDomainList } from '@embauche/contracts/sso';
import type { App } from '../../src/app.ts';
import { signIn } from './test-app.ts';

/**
 * Approves a company's pending claim of `domain` as superadmin@demo.test (the way tests and the
 * demo prove a domain without DNS); answers the approval's status.
 */
export async function approveSsoDomain(
  app: App,
  domain: string,
  companyId: number,
): Promise<number> {
  const cookie = await signIn(app, 'superadmin@demo.test');
  const list = await app.inject({ url: '/api/superadmin/sso_domains', headers: { cookie } });
  const claim = list
    .json<TSsoPendingDomainList>()
    .data.find((d) => d.domain === domain && d.company_id === companyId);
  if (!claim)
    throw new Error(`no pending claim of ${domain} by company ${companyId}: ${list.body}`);
  const res = await app.inject({
    method: 'POST',
    url: '/api/superadmin/sso_domains/approve',
    headers: { cookie },
    payload: { id: claim.id },
  });
  return res.statusCode;
}
