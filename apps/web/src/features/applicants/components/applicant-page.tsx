import type { ReactNode } from 'react';
import { FileQuestionMark, FileX, ShieldX } from 'lucide-react';
import type { TApplicantDetail } from '@embauche/contracts/applicants';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { notificationUnavailablePath, useNotificationOrigin } from '../../../lib/use-notification-origin.ts';
import { errorStatus } from '../../../lib/api-error.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useApplicantDetail } from '../api/get-applicant-detail.ts';
import { useApplicationsOverview, type TApplicationOverview } from '../api/get-applications-overview.ts';
import { useFocusedApplication } from '../hooks/use-focused-application.ts';
import { ApplicantProfileCard } from './applicant-profile-card.tsx';
import { ApplicantTagsCard } from './applicant-tags-card.tsx';
import { ApplicationsOverviewCard } from './applications-overview-card.tsx';
import { CvViewer } from './cv-viewer.tsx';
import { DocumentsCard } from './documents-card.tsx';
import { MotivationCard } from './motivation-card.tsx';
import { SummaryCard } from './summary-card.tsx';
import { VisioCard } from './visio-card.tsx';

export type ApplicantPermissions = { edit: boolean; askDocuments: boolean };

type Props = {
  applicantId: number;
  permissions: ApplicantPermissions;
  onChanged?: () => void;
  /** The focused application's status control, composed by the route (the applications area owns it). */
  statusControl?: (application: TApplicationOverview, applicant: TApplicantDetail) => ReactNode;
  /** The activity feed, composed by the route: narrowed to the application chosen in the URL, if any. */
  feed?: (selected: TApplicationOverview | null) => ReactNode;
  /**
   * Actions on the whole applicant beside "edit" (transfer, shared link), composed by the route:
   * `selected` is the application chosen in the URL, `focused` the one shown.
   */
  actions?: (applicant: TApplicantDetail, context: { selected: TApplicationOverview | null; focused: TApplicationOverview | null }) => ReactNode;
  /** The applicant's shared links, composed by the route (the shares area owns them). */
  shares?: (applications: TApplicationOverview[] | undefined) => ReactNode;
  /** The applicant's custom fields, composed by the route (the custom-fields area owns them). */
  customFields?: ReactNode;
  /** The custom fields of the application in focus, composed by the route (issue 17). */
  applicationCustomFields?: (application: TApplicationOverview) => ReactNode;
};

/** `/applicants/{id}`: profile, applications, AI summary, tags, motivation, video interview, documents and the CV. */
export function ApplicantPage({ applicantId, permissions, onChanged, statusControl, feed, actions, shares, customFields, applicationCustomFields }: Props) {
  const { t } = useTranslation(['applicant', 'common']);
  const detail = useApplicantDetail(applicantId);
  const overview = useApplicationsOverview(applicantId);
  const [applicationParam, setApplication] = useFocusedApplication();
  const fromNotification = useNotificationOrigin();
  useDocumentTitle(detail.data ? `${detail.data.firstname} ${detail.data.lastname}` : t('applicant:title'));
  if (detail.isPending) return <FullPageSpinner />;
  if (detail.isError) {
    const status = errorStatus(detail.error);
    if ((status === 403 || status === 404) && fromNotification !== null) return <Navigate to={notificationUnavailablePath(fromNotification)} replace />;
    if (status === 403) return <EmptyState headingLevel="h1" icon={ShieldX} title={t('common:forbidden_access')} />;
    if (status === 404) return <EmptyState headingLevel="h1" icon={FileQuestionMark} title={t('applicant:not_found.title')} subtitle={t('applicant:not_found.subtitle')} />;
    return <EmptyState headingLevel="h1" title={t('common:error')} />;
  }
  const applicant = detail.data;
  const applications = overview.data;
  // The asked application when it is one of the applicant's, else the latest one.
  const focused = applications?.find((a) => a.id === applicationParam) ?? applications?.[0] ?? null;
  const subject = focused ? ({ type: 'application', id: focused.id } as const) : ({ type: 'applicant', id: applicantId } as const);
  // Spec 5: the motivation is fetched (its card shown) only when the focused application's project
  // enables documents; a spontaneous application, or an applicant without any, has no such setting.
  const motivationEnabled = focused?.documents_enabled ?? true;
  const name = `${applicant.firstname} ${applicant.lastname}`;
  const ready = !overview.isPending;
  const selected = applications?.find((a) => a.id === applicationParam) ?? null;
  return (
    <div className="flex flex-col gap-5">
      <ApplicantProfileCard
        applicant={applicant}
        canEdit={permissions.edit}
        onChanged={onChanged}
        actions={actions && ready ? actions(applicant, { selected, focused }) : null}
      />
      <div className="grid items-start gap-5 xl:grid-cols-[minmax(0,1fr)_minmax(0,1.15fr)]">
        <div className="flex min-w-0 flex-col gap-5">
          <ApplicationsOverviewCard
            applications={applications}
            loading={overview.isPending}
            focusedId={focused?.id ?? null}
            onFocus={(id) => void setApplication(id)}
            statusControl={statusControl ? (application) => statusControl(application, applicant) : undefined}
          />
          {ready ? <SummaryCard key={`${subject.type}-${subject.id}`} subject={subject} /> : null}
          <ApplicantTagsCard applicantId={applicantId} tags={applicant.tags} canEdit={permissions.edit} onChanged={onChanged} />
          {customFields}
          {ready && focused && applicationCustomFields ? applicationCustomFields(focused) : null}
          {ready && motivationEnabled ? <MotivationCard subject={subject} /> : null}
          <VisioCard visio={applicant.visio} />
          <DocumentsCard applicantId={applicantId} email={applicant.email} canAsk={permissions.askDocuments} />
          {ready && shares ? shares(applications) : null}
          {ready && feed ? feed(selected) : null}
        </div>
        <Card title={t('applicant:cv.title')} className="min-w-0 xl:sticky xl:top-4">
          {applicant.cv ? (
            <CvViewer cv={applicant.cv} name={name} />
          ) : (
            <EmptyState icon={FileX} title={t('applicant:cv.none')} headingLevel="h3" className="min-h-48" />
          )}
        </Card>
      </div>
    </div>
  );
}
