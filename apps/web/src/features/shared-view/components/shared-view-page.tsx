import type { ReactNode } from 'react';
import { FileX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TApplicantDocument } from '@embauche/contracts/applicants';
import type { ShareSection, TSharedApplicant, TSharedApplication, TSharedInfo } from '@embauche/contracts/shares';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSharedApplication } from '../api/get-shared-application.ts';
import { useSharedApplicationDocuments } from '../api/get-shared-application-documents.ts';
import { useSharedApplicationMotivation } from '../api/get-shared-application-motivation.ts';
import { useSharedDetail } from '../api/get-shared-detail.ts';
import { useSharedInfo } from '../api/get-shared-info.ts';
import { SharedApplicationCard } from './shared-application-card.tsx';
import { SharedDocumentsCard } from './shared-documents-card.tsx';
import { SharedFeed, type FeedEntrySlot } from './shared-feed.tsx';
import { SharedHeader } from './shared-header.tsx';
import { SharedLoadError } from './shared-load-error.tsx';
import { SharedMotivationCard } from './shared-motivation-card.tsx';
import { SharedProfileCard } from './shared-profile-card.tsx';

export type SharedCv = NonNullable<TSharedApplicant['cv']>;

type Props = {
  token: string;
  /** The CV as the applicant screen shows it (composed by the route). */
  cv: (cv: SharedCv, name: string) => ReactNode;
  entry: FeedEntrySlot;
};

/**
 * `/shared/{token}/…`: what a link received by e-mail opens, with no account. First what the link
 * is (`GET /api/shared/{token}`), then the applicant (or the application) and only the sections the
 * link exposes. An unknown, expired or revoked link shows one and the same "no longer valid" page.
 */
export function SharedViewPage({ token, cv, entry }: Props) {
  const info = useSharedInfo(token);
  const type = info.data?.type;
  // An applicant's link: one call brings the profile, CV, documents and motivation it exposes.
  const detail = useSharedDetail(token, type === 'applicant');
  const application = useSharedApplication(token, type === 'application');
  if (info.isPending) return <FullPageSpinner />;
  if (info.isError) return <SharedLoadError error={info.error} onRetry={() => void info.refetch()} />;
  const main = info.data.type === 'application' ? application : detail;
  if (main.isPending) return <FullPageSpinner />;
  if (main.isError) return <SharedLoadError error={main.error} onRetry={() => void main.refetch()} />;
  const applicant = application.data?.applicant ?? detail.data;
  if (!applicant) return <FullPageSpinner />;
  return (
    <SharedView
      token={token}
      info={info.data}
      applicant={applicant}
      application={application.data ?? null}
      documents={detail.data?.documents ?? null}
      motivation={detail.data?.motivation ?? null}
      cv={cv}
      entry={entry}
    />
  );
}

type ViewProps = Props & {
  info: TSharedInfo;
  applicant: TSharedApplicant;
  application: TSharedApplication | null;
  /** An applicant's link: documents and motivation came with the applicant. */
  documents: TApplicantDocument[] | null;
  motivation: string | null;
};

function SharedView({ token, info, applicant, application, documents, motivation, cv, entry }: ViewProps) {
  const { t } = useTranslation(['shared', 'applicant', 'activityFeed', 'common', 'errors']);
  const name = `${applicant.firstname} ${applicant.lastname}`.trim();
  useDocumentTitle(t('shared:view.document_title', { name }));
  const sections = new Set<ShareSection>(info.sections);
  const details = [
    application ? <SharedApplicationCard key="application" application={application} /> : null,
    sections.has('profile') ? <SharedProfileCard key="profile" applicant={applicant} /> : null,
    sections.has('motivation') ? (
      application ? <ApplicationMotivation key="motivation" token={token} /> : <SharedMotivationCard key="motivation" motivation={motivation} />
    ) : null,
    sections.has('documents') ? (
      application ? <ApplicationDocuments key="documents" token={token} /> : <SharedDocumentsCard key="documents" documents={documents} />
    ) : null,
  ].filter(Boolean);
  const hasCv = sections.has('cv');
  return (
    <div className="flex min-w-0 flex-col gap-5">
      <SharedHeader info={info} name={name} offer={application?.job_position ?? null} />
      {/* With a CV: details and comments on the left, the CV beside them; one column on a phone (details, CV, comments). */}
      <div className={hasCv ? 'grid min-w-0 items-start gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:grid-rows-[auto_1fr]' : 'flex min-w-0 flex-col gap-5'}>
        {details.length ? <div className="flex min-w-0 flex-col gap-5">{details}</div> : null}
        {hasCv ? (
          <Card title={t('applicant:cv.title')} className={details.length ? 'min-w-0 lg:row-span-2' : 'min-w-0'}>
            {applicant.cv ? cv(applicant.cv, name) : <EmptyState icon={FileX} title={t('applicant:cv.none')} headingLevel="h3" className="min-h-48" />}
          </Card>
        ) : null}
        {sections.has('feed') ? <SharedFeed className="min-w-0" token={token} type={info.type} company={info.company} entry={entry} /> : null}
      </div>
    </div>
  );
}

/** An application's link: its motivation has a call of its own (spec 8: not retried). */
function ApplicationMotivation({ token }: { token: string }) {
  const query = useSharedApplicationMotivation(token);
  return <SharedMotivationCard motivation={query.data?.motivation} loading={query.isPending} failed={query.isError} />;
}

function ApplicationDocuments({ token }: { token: string }) {
  const query = useSharedApplicationDocuments(token);
  return <SharedDocumentsCard documents={query.data} loading={query.isPending} failed={query.isError} />;
}
