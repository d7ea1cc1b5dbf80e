import { Suspense, useState, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { parseAsStringLiteral, useQueryState } from 'nuqs';
import { FileQuestionMark, Pencil, ShieldX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FullPageSpinner, Spinner } from '../../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { errorStatus } from '../../../lib/api-error.ts';
import { notificationUnavailablePath, useNotificationOrigin } from '../../../lib/use-notification-origin.ts';
import { useOffer } from '../api/get-offer.ts';
import type { OfferAction } from '../api/run-offer-action.ts';
import type { ProjectTarget } from './action-fields.tsx';
import { OfferAccessTab } from './offer-access-tab.tsx';
import { OfferActionDialog } from './offer-action-dialog.tsx';
import { OfferDetailsForm } from './offer-details-form.tsx';
import { OfferDetailsView } from './offer-details-view.tsx';
import { OfferFavoriteToggle } from './offer-favorite-toggle.tsx';
import { OfferHeaderActions } from './offer-header-actions.tsx';
import { OfferHeaderImage } from './offer-header-image.tsx';
import { OfferJobBoardsTab } from './offer-jobboards-tab.tsx';
import type { OfferPermissions } from './offer-list.tsx';
import { OfferStatusBadge } from './offer-status-badge.tsx';

type Props = {
  projectId: number;
  offerId: number;
  breadcrumbs?: ReactNode;
  targets: ProjectTarget[];
  permissions: OfferPermissions;
  onChanged?: () => void;
  /** The applications tab's content, composed by the route (the applications area). */
  applicationsTab?: ReactNode;
  /** The tab shown first (the applications one when the URL carries its view or filters). */
  initialTab?: OfferTab;
  /** The activity feed tab's content, composed by the route; no tab without it (no permission). */
  activityTab?: ReactNode;
};

export const OFFER_TABS = ['details', 'applications', 'activity', 'jobboards', 'access'] as const;
export type OfferTab = (typeof OFFER_TABS)[number];

/**
 * The open tab lives in the URL (`?tab=applications`) so that a reload or a shared link keeps it.
 * Without `tab` the page opens on `initialTab`; choosing that tab writes nothing, other tabs write theirs.
 */
function useOfferTab(initialTab: OfferTab) {
  const [tab, setTab] = useQueryState('tab', parseAsStringLiteral(OFFER_TABS));
  const select = (value: string) => {
    const next = OFFER_TABS.find((candidate) => candidate === value);
    if (next) void setTab(next === initialTab ? null : next);
  };
  return [tab ?? initialTab, select] as const;
}

/** The offer screen: header with status and actions, then details, applications, job boards and access tabs. */
export function OfferPage({ projectId, offerId, breadcrumbs, targets, permissions, onChanged, applicationsTab, activityTab, initialTab = 'details' }: Props) {
  const { t } = useTranslation(['projects', 'common']);
  const navigate = useNavigate();
  const fromNotification = useNotificationOrigin();
  const query = useOffer(projectId, offerId);
  const [editing, setEditing] = useState(false);
  const [action, setAction] = useState<OfferAction | null>(null);
  const [chosenTab, setTab] = useOfferTab(initialTab);
  const tab = chosenTab === 'activity' && !activityTab ? initialTab : chosenTab;
  useDocumentTitle(query.data?.job_position ?? t('projects:offer'));
  if (query.isPending) return <FullPageSpinner />;
  if (query.isError) {
    const status = errorStatus(query.error);
    if ((status === 403 || status === 404) && fromNotification !== null) return <Navigate to={notificationUnavailablePath(fromNotification)} replace />;
    if (status === 403) return <EmptyState headingLevel="h1" icon={ShieldX} title={t('common:forbidden_access')} />;
    if (status === 404) return <EmptyState headingLevel="h1" icon={FileQuestionMark} title={t('projects:offer_not_found.title')} subtitle={t('projects:offer_not_found.subtitle')} />;
    return <EmptyState headingLevel="h1" title={t('common:error')} />;
  }
  const offer = query.data;
  return (
    <div className="flex flex-col gap-5">
      {breadcrumbs}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 items-start gap-3 sm:gap-4">
          <OfferHeaderImage offer={offer} />
          <div className="flex min-w-0 flex-col gap-2">
            <div className="flex items-center gap-2">
              <h1 className="min-w-0 break-words text-2xl font-semibold tracking-tight text-slate-900">{offer.job_position}</h1>
              <OfferFavoriteToggle projectId={offer.project_id} offerId={offer.id} name={offer.job_position} favorite={offer.is_favorite} onChanged={onChanged} />
            </div>
            <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <OfferStatusBadge offer={offer} />
              {offer.reference ? <span>{offer.reference}</span> : null}
              <span>{offer.project_name}</span>
            </div>
          </div>
        </div>
        <OfferHeaderActions offer={offer} permissions={permissions} onAction={setAction} />
      </div>
      <Tabs value={tab} onValueChange={setTab} className="rounded-xl border border-slate-200 bg-white px-5 pb-5 pt-2 shadow-sm">
        <TabsList aria-label={t('projects:tabs.label')}>
          <TabsTrigger value="details">{t('projects:tabs.details')}</TabsTrigger>
          <TabsTrigger value="applications">{t('projects:tabs.applications')}</TabsTrigger>
          {activityTab ? <TabsTrigger value="activity">{t('projects:tabs.activity')}</TabsTrigger> : null}
          <TabsTrigger value="jobboards">{t('projects:tabs.jobboards')}</TabsTrigger>
          <TabsTrigger value="access">{t('projects:tabs.access')}</TabsTrigger>
        </TabsList>
        <TabsContent value="details">
          {editing ? (
            <OfferDetailsForm offer={offer} onDone={() => setEditing(false)} onChanged={onChanged} />
          ) : (
            <div className="flex flex-col gap-4">
              {permissions.edit ? (
                <Button variant="outline" className="self-end" onClick={() => setEditing(true)}>
                  <Pencil aria-hidden="true" />
                  {t('projects:details.edit')}
                </Button>
              ) : null}
              <OfferDetailsView offer={offer} />
            </div>
          )}
        </TabsContent>
        <TabsContent value="applications">
          {/* Its namespaces load on first opening: only the panel waits, the header and tabs stay. */}
          <Suspense fallback={<Spinner className="p-4" />}>{applicationsTab}</Suspense>
        </TabsContent>
        {activityTab ? (
          <TabsContent value="activity">
            <Suspense fallback={<Spinner className="p-4" />}>{activityTab}</Suspense>
          </TabsContent>
        ) : null}
        <TabsContent value="jobboards">
          <OfferJobBoardsTab offer={offer} canPublish={permissions.publish} />
        </TabsContent>
        <TabsContent value="access">
          <OfferAccessTab projectId={offer.project_id} offerId={offer.id} canEdit={permissions.edit} />
        </TabsContent>
      </Tabs>
      {action ? (
        <OfferActionDialog action={action} offers={[offer]} targets={targets.filter((p) => p.id !== offer.project_id)} onChanged={onChanged} onClose={(_, updated) => {
            setAction(null);
            if (updated && updated.project_id !== projectId) void navigate(`/projects/${updated.project_id}/offer/${updated.id}`, { replace: true });
          }}
        />
      ) : null}
    </div>
  );
}
