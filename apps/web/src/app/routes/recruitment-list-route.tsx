import { useParams } from 'react-router';
import { RecruitmentListPage } from '../../features/recruitment-lists/components/recruitment-list-page.tsx';
import { ForbiddenState } from '../components/forbidden-state.tsx';
import { useAddToOfferAction } from '../components/add-to-offer-action.tsx';
import { useApplicantsSms } from '../components/applicants-sms-action.tsx';
import { useApplicantsMailing } from '../components/mailing-actions.tsx';
import { useRecruitmentListTransfer } from '../components/recruitment-list-transfer.tsx';
import { useCan } from '../session/use-current-user.ts';
import { NotFoundRoute } from './not-found-route.tsx';

const POSITIVE = /^[1-9]\d*$/;

/**
 * `/sourcing/lists/{id}` (spec 2): a recruitment list and its applicants; the API asks project.list.
 * Once deleted, the list gives way to the sourcing page (the dashboard without sourcing.access).
 */
export function RecruitmentListRoute() {
  const { id: raw } = useParams();
  const can = useCan();
  const transfer = useRecruitmentListTransfer();
  const addToOffer = useAddToOfferAction();
  const sms = useApplicantsSms();
  const mailing = useApplicantsMailing();
  const id = raw && POSITIVE.test(raw) ? Number(raw) : null;
  if (id === null) return <NotFoundRoute />;
  return <RecruitmentListPage key={id} id={id} transfer={transfer} addToOffer={addToOffer} sms={sms} mailing={mailing} notFound={<NotFoundRoute />} forbidden={<ForbiddenState />} deletedTo={can('sourcing.access') ? '/sourcing' : '/'} />;
}
