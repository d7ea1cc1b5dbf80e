import type { OfferPermissions } from '../../features/offers/components/offer-list.tsx';
import { useCan } from '../session/use-current-user.ts';

export function useOfferPermissions(): OfferPermissions {
  const can = useCan();
  return {
    create: can('project_job_offer.create'),
    edit: can('project_job_offer.edit'),
    publish: can('project_job_offer.publish'),
    archive: can('project_job_offer.archive'),
    export: can('project_job_offer.export'),
  };
}
