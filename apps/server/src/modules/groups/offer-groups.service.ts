import type { TOfferGroups } from '@embauche/contracts/groups';
import type { AuditTrail } from '../../platform/audit/audit-trail.ts';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { notFound } from '../../platform/http/http-error.ts';
import type { OffersService } from '../offers/offers.service.ts';
import type { GroupsRepository } from './groups.repository.ts';
import type { OfferGroupsRepository } from './offer-groups.repository.ts';

/**
 * Offers granted to groups (contracts/groups.ts): the offer is checked as for its users (another
 * company's: 404, one the caller does not see: 403), the group must be the company's (else 404).
 * Whom a grant reaches is decided in SQL on every request (platform/db/offer-visibility.ts).
 */
export class OfferGroupsService {
  constructor(
    private readonly repo: OfferGroupsRepository,
    private readonly groups: GroupsRepository,
    private readonly offers: OffersService,
    private readonly audit: Pick<AuditTrail, 'record'>,
  ) {}

  private async requireOffer(auth: AuthContext, offerId: number) {
    return this.offers.requireOffer(await this.offers.context(auth, false), 'all', offerId);
  }

  private async requireGroup(auth: AuthContext, groupId: number) {
    const group = await this.groups.find(auth.companyId, groupId);
    if (!group) throw notFound('Group');
    return group;
  }

  async granted(auth: AuthContext, offerId: number): Promise<TOfferGroups> {
    await this.requireOffer(auth, offerId);
    return this.repo.granted(auth.companyId, offerId);
  }

  async available(auth: AuthContext, offerId: number, search?: string): Promise<TOfferGroups> {
    await this.requireOffer(auth, offerId);
    return this.repo.notGranted(auth.companyId, offerId, search);
  }

  async grant(auth: AuthContext, offerId: number, groupId: number): Promise<TOfferGroups> {
    const offer = await this.requireOffer(auth, offerId);
    const group = await this.requireGroup(auth, groupId);
    if (await this.repo.grant(auth.companyId, offerId, groupId))
      await this.audit.record(
        auth,
        'group.offer_granted',
        { type: 'group', id: groupId },
        { name: group.name, offer_id: offerId, job_position: offer.job_position },
      );
    return this.repo.granted(auth.companyId, offerId);
  }

  async revoke(auth: AuthContext, offerId: number, groupId: number): Promise<void> {
    const offer = await this.requireOffer(auth, offerId);
    const group = await this.requireGroup(auth, groupId);
    if (await this.repo.revoke(auth.companyId, offerId, groupId))
      await this.audit.record(
        auth,
        'group.offer_revoked',
        { type: 'group', id: groupId },
        { name: group.name, offer_id: offerId, job_position: offer.job_position },
      );
  }
}
