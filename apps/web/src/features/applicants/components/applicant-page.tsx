import { useRef, type ReactNode } from 'react';
import { FileQuestionMark, FileX, ShieldX } from 'lucide-react';
import type { TApplicantDetail } from '@embauche/contracts/applicants';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { notificationUnavailablePath, useNotificationOrigin } from '../../../lib/use-notification-origin.ts';
import { errorStatus } from '../../../lib/api-error.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useIsMobile } from '../../../lib/use-media-query.ts';
import { useApplicantDetail } from '../api/get-applicant-detail.ts';
import { useApplicationsOverview, type TApplicationOverview } from '../api/get-applications-overview.ts';
import { APPLICANT_SECTIONS, useApplicantSection } from '../hooks/use-applicant-section.ts';
import { useFocusedApplication } from '../hooks/use-focused-application.ts';
import { ApplicantProfileCard } from './applicant-profile-card.tsx';
import { ApplicantTagsCard } from './applicant-tags-card.tsx';
import { ApplicationsOverviewCard } from './applications-overview-card.tsx';
import { CvViewer } from './cv-viewer.tsx';
import { DocumentsCard } from './documents-card.tsx';
import { MotivationCard } from './motivation-card.tsx';
import { SummaryCard } from './summary-card.tsx';
import { VisioCard } from './visio-card.tsx';

/** The app's sticky header (h-14), under which the phone's section tabs stick. */
const HEADER_HEIGHT = 56;

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
  /** The applicant's appointments, composed by the route (the planner area owns them, issue 39). */
  appointments?: ReactNode;
  /** The custom fields of the application in focus, composed by the route (issue 17). */
  applicationCustomFields?: (application: TApplicationOverview) => ReactNode;
};

/** `/applicants/{id}`: profile, applications, AI summary, tags, motivation, video interview, documents and the CV. */
export function ApplicantPage({ applicantId, permissions, onChanged, statusControl, feed, actions, shares, customFields, appointments, applicationCustomFields }: Props) {
  const { t } = useTranslation(['applicant', 'common']);
  const detail = useApplicantDetail(applicantId);
  const overview = useApplicationsOverview(applicantId);
  const [applicationParam, setApplication] = useFocusedApplication();
  const fromNotification = useNotificationOrigin();
  const [section, setSection] = useApplicantSection();
  const phone = useIsMobile();
  const sectionsTop = useRef<HTMLDivElement>(null);
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
  const profile = (
    <ApplicantProfileCard
      applicant={applicant}
      canEdit={permissions.edit}
      onChanged={onChanged}
      actions={actions && ready ? actions(applicant, { selected, focused }) : null}
    />
  );
  const applicationsCard = (
    <ApplicationsOverviewCard
      applications={applications}
      loading={overview.isPending}
      focusedId={focused?.id ?? null}
      onFocus={(id) => void setApplication(id)}
      statusControl={statusControl ? (application) => statusControl(application, applicant) : undefined}
    />
  );
  const applicationFields = ready && focused && applicationCustomFields ? applicationCustomFields(focused) : null;
  const details = (
    <>
      {ready ? <SummaryCard key={`${subject.type}-${subject.id}`} subject={subject} /> : null}
      <ApplicantTagsCard applicantId={applicantId} tags={applicant.tags} canEdit={permissions.edit} onChanged={onChanged} />
      {customFields}
      {ready && motivationEnabled ? <MotivationCard subject={subject} /> : null}
      <VisioCard visio={applicant.visio} />
      <DocumentsCard applicantId={applicantId} email={applicant.email} canAsk={permissions.askDocuments} />
      {ready && shares ? shares(applications) : null}
    </>
  );
  const feedSection = ready && feed ? feed(selected) : null;
  const cv = (
    <Card title={t('applicant:cv.title')} className="min-w-0 xl:sticky xl:top-4 max-md:[&>div]:p-2">
      {applicant.cv ? (
        <CvViewer cv={applicant.cv} name={name} />
      ) : (
        <EmptyState icon={FileX} title={t('applicant:cv.none')} headingLevel="h3" className="min-h-48" />
      )}
    </Card>
  );

  if (phone) {
    // On a phone the blocks are tabs under the profile, the CV one tap away instead of after the feed.
    const sections = APPLICANT_SECTIONS.filter((s) => s !== 'feed' || feed);
    const current = sections.includes(section) ? section : 'profile';
    return (
      <div className="flex flex-col gap-3">
        {profile}
        <Tabs
          ref={sectionsTop}
          value={current}
          onValueChange={(value) => {
            void setSection(value === 'profile' ? null : (value as typeof section));
            // Scrolled down a long tab, the next one starts at its top, just under the header and the tabs.
            const top = sectionsTop.current?.getBoundingClientRect().top ?? 0;
            if (window.scrollY > 0 && top < HEADER_HEIGHT) window.scrollBy({ top: top - HEADER_HEIGHT });
          }}
        >
          <TabsList
            aria-label={t('applicant:sections.label')}
            className="sticky top-14 z-30 -mx-4 grid flex-nowrap gap-0 bg-white/95 px-1 backdrop-blur"
            style={{ gridTemplateColumns: `repeat(${sections.length}, minmax(0, 1fr))` }}
          >
            {sections.map((value) => (
              <TabsTrigger key={value} value={value} className="min-w-0 hyphens-auto whitespace-normal break-words px-0.5 py-3 text-center text-[13px] leading-tight">
                {t(`applicant:sections.${value}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="profile" className="flex flex-col gap-4 pt-3">
            {details}
          </TabsContent>
          <TabsContent value="cv" className="pt-3">
            {cv}
          </TabsContent>
          {feed ? (
            <TabsContent value="feed" className="pt-3">
              {feedSection}
            </TabsContent>
          ) : null}
          <TabsContent value="applications" className="flex flex-col gap-4 pt-3">
            {applicationsCard}
            {appointments}
            {applicationFields}
          </TabsContent>
        </Tabs>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      {profile}
      <div className="grid items-start gap-5 xl:grid-cols-[minmax(0,1fr)_minmax(0,1.15fr)]">
        <div className="flex min-w-0 flex-col gap-5">
          {applicationsCard}
          {appointments}
          {ready ? <SummaryCard key={`${subject.type}-${subject.id}`} subject={subject} /> : null}
          <ApplicantTagsCard applicantId={applicantId} tags={applicant.tags} canEdit={permissions.edit} onChanged={onChanged} />
          {customFields}
          {applicationFields}
          {ready && motivationEnabled ? <MotivationCard subject={subject} /> : null}
          <VisioCard visio={applicant.visio} />
          <DocumentsCard applicantId={applicantId} email={applicant.email} canAsk={permissions.askDocuments} />
          {ready && shares ? shares(applications) : null}
          {feedSection}
        </div>
        {cv}
      </div>
    </div>
  );
}
