import {
  ssoTxtName,
  ssoTxtValue,
  type TSsoDomainState,
  type TSsoPendingDomainList,
  type TSsoVerifyResponse,
} from '@embauche/contracts/sso';
import type { AuditTrail } from '../../platform/audit/audit-trail.ts';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { notFound, validationFailed } from '../../platform/http/http-error.ts';
import type { DomainVerifier } from './domain-verifier.ts';
import type { SsoDomainRow, SsoDomainsRepository } from './sso-domains.repository.ts';

/** The super administrators' list shows this many pending claims at most. */
const PENDING_LIST_MAX = 500;

export const domainState = (row: SsoDomainRow): TSsoDomainState => ({
  domain: row.domain,
  status: row.status,
  txt_name: ssoTxtName(row.domain),
  txt_value: ssoTxtValue(row.token),
  verified_at: row.verified_at,
  verified_method: row.verified_method,
});

/**
 * Proof of SSO domains (issue 33 item 2): a company verifies its claim through DNS; a super
 * administrator approves or rejects pending claims where DNS cannot be reached. The first company
 * to hold a domain verified wins it; the other companies' claims of it are deleted.
 */
export class SsoDomainsService {
  constructor(
    private readonly repo: SsoDomainsRepository,
    private readonly verifier: DomainVerifier,
    private readonly audit: AuditTrail,
    /** Forgets a company's discovered provider (its domains changed). */
    private readonly changed: (companyId: number) => void = () => {},
  ) {}

  async states(companyId: number): Promise<TSsoDomainState[]> {
    return (await this.repo.ofCompany(companyId)).map(domainState);
  }

  /** Checks the claim's TXT record now; verifies it when the record is there. */
  async verify(auth: AuthContext, domain: string): Promise<TSsoVerifyResponse> {
    const row = await this.repo.claim(auth.companyId, domain);
    if (!row) throw notFound('Domain');
    if (row.status === 'verified') return { result: 'verified', domain: domainState(row) };
    if ((await this.repo.verifiedByOthers(auth.companyId, [domain])).length)
      throw validationFailed({ domain: ['domain_taken'] });
    const result = await this.verifier.check(row.domain, row.token);
    if (result !== 'verified') return { result, domain: domainState(row) };
    await this.markVerified(auth, row, 'dns', 'domain');
    return { result, domain: domainState((await this.repo.claim(auth.companyId, domain))!) };
  }

  async pending(): Promise<TSsoPendingDomainList> {
    return { data: await this.repo.pending(PENDING_LIST_MAX) };
  }

  /** A super administrator's approval of a pending claim. */
  async approve(auth: AuthContext, id: number): Promise<void> {
    const row = await this.repo.byId(id);
    if (!row || row.status !== 'pending') throw notFound('Domain');
    await this.markVerified(auth, row, 'approval', 'id');
  }

  async reject(auth: AuthContext, id: number): Promise<void> {
    const row = await this.repo.byId(id);
    if (!row || !(await this.repo.reject(id))) throw notFound('Domain');
    await this.audit.record(
      { ...auth, companyId: row.company_id },
      'sso.domain_rejected',
      { type: 'company', id: row.company_id },
      { domain: row.domain, by: 'super_admin' },
    );
  }

  private async markVerified(
    auth: AuthContext,
    row: SsoDomainRow,
    method: 'dns' | 'approval',
    field: string,
  ): Promise<void> {
    const { verified, dropped } = await this.repo.markVerified(
      row,
      { userId: auth.realUserId ?? auth.userId, method },
      new Date().toISOString(),
    );
    if (!verified) throw validationFailed({ [field]: ['domain_taken'] });
    this.changed(row.company_id);
    await this.audit.record(
      { ...auth, companyId: row.company_id },
      'sso.domain_verified',
      { type: 'company', id: row.company_id },
      { domain: row.domain, method },
    );
    for (const claim of dropped)
      await this.audit.record(
        { companyId: claim.company_id, userId: null },
        'sso.domain_rejected',
        { type: 'company', id: claim.company_id },
        { domain: row.domain, by: 'verified_elsewhere' },
      );
  }
}
