import { TreatmentPage } from '../../features/applications/components/treatment-page.tsx';
import { useApplicationTransfer } from '../components/application-transfer.tsx';
import { useApplicationMailing, useRefusalMail } from '../components/mailing-actions.tsx';
import { useApplicantLinkPrefetch } from '../hooks/use-applicant-link-prefetch.ts';
import { useOfferViewsRefresh } from '../hooks/use-offer-views-refresh.ts';
import { useCan } from '../session/use-current-user.ts';

/** `/treatment`: applications to treat; a change refreshes the tree and dashboard counts of "to treat". */
export function TreatmentRoute() {
  const can = useCan();
  const refresh = useOfferViewsRefresh();
  useApplicantLinkPrefetch();
  const transfer = useApplicationTransfer();
  const mailing = useApplicationMailing();
  const refusalMail = useRefusalMail();
  return (
    <TreatmentPage
      canChangeStatus={can('project_application.change_status')}
      canSeeSpontaneous={can('project_application.see_spontaneous')}
      onChanged={refresh}
      transfer={transfer}
      mailing={mailing}
      refusalMail={refusalMail}
    />
  );
}
