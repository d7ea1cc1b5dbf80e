import { useParams } from 'react-router';
import { RecruitmentListPage } from '../../features/recruitment-lists/components/recruitment-list-page.tsx';
import { ForbiddenState } from '../components/forbidden-state.tsx';
import { useAddToOfferAction } from '../components/add-to-offer-action.tsx';
import { useApplicantsSms } from '../components/applicants-sms-action.tsx';
import { useRecruitmentListTransfer } from '../components/recruitment-list-transfer.tsx';
import { NotFoundRoute } from './not-found-route.tsx';

const POSITIVE = /^[1-9]\d*$/;

/** `/sourcing/lists/{id}` (spec 2): a recruitment list and its applicants; the API asks project.list. */
export function RecruitmentListRoute() {
  const { id: raw } = useParams();
  const transfer = useRecruitmentListTransfer();
  const addToOffer = useAddToOfferAction();
  const sms = useApplicantsSms();
  const id = raw && POSITIVE.test(raw) ? Number(raw) : null;
  if (id === null) return <NotFoundRoute />;
  return <RecruitmentListPage key={id} id={id} transfer={transfer} addToOffer={addToOffer} sms={sms} notFound={<NotFoundRoute />} forbidden={<ForbiddenState />} />;
}
