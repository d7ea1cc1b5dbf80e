import { SourcingPage } from '../../features/sourcing/components/sourcing-page.tsx';
import { useAddToOfferAction } from '../components/add-to-offer-action.tsx';
import { useApplicantsMailing } from '../components/mailing-actions.tsx';
import { useCan } from '../session/use-current-user.ts';

/**
 * `/sourcing` (`sourcing.access`): the search over the company's applicants; "add to a list" needs
 * `project.list`, "add to an offer" `project_application.duplicate` (the applications area's dialog),
 * "send an e-mail" `project_application.email` (the mailings area's).
 */
export function SourcingRoute() {
  const can = useCan();
  const addToOffer = useAddToOfferAction();
  const mailing = useApplicantsMailing();
  return <SourcingPage canAddToList={can('project.list')} addToOffer={addToOffer} mailing={mailing} />;
}
