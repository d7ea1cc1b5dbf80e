import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Download, ListPlus, Mail } from 'lucide-react';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { ChoiceDialog } from '../../../components/choice-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError, errorStatus } from '../../../lib/api-error.ts';
import { formatDate } from '../../../lib/dates.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useAddCommunityMemberToList } from '../api/add-community-member-to-list.ts';
import { useCommunityListChoices } from '../api/get-community-list-choices.ts';
import { useCommunityMember } from '../api/get-community-member.ts';
import { useCommunityOfferChoices } from '../api/get-community-offer-choices.ts';
import { useInviteCommunityMember } from '../api/invite-community-member.ts';
import { ConsentBadge } from './consent-badge.tsx';

type Props = {
  id: number;
  /** `project.list`: "add to a recruitment list". */
  canAddToList: boolean;
  /** `project_application.see`: the applicant the member became is a link. */
  canSeeApplicants: boolean;
  notFound: ReactNode;
};

/** `/community/members/{id}`: a member, their consent and unsubscribe state, add to a list, invite to apply. */
export function CommunityMemberPage({ id, canAddToList, canSeeApplicants, notFound }: Props) {
  const { t, i18n } = useTranslation(['community', 'common']);
  const member = useCommunityMember(id);
  const [dialog, setDialog] = useState<'list' | 'invite' | null>(null);
  const language = i18n.resolvedLanguage;
  if (member.isPending)
    return (
      <div className="flex justify-center py-16">
        <Spinner label={t('common:loading')} />
      </div>
    );
  if (member.isError) {
    if (errorStatus(member.error) === 404) return <>{notFound}</>;
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-16 text-sm text-slate-700">
        <p>{t('community:member.error')}</p>
        <Button variant="outline" size="sm" onClick={() => void member.refetch()}>
          {t('community:list.retry')}
        </Button>
      </div>
    );
  }
  const m = member.data;
  const name = `${m.firstname} ${m.lastname}`;
  const unsubscribed = m.consent.state === 'unsubscribed';
  const row = (label: string, value: ReactNode) => (
    <div className="grid gap-1 sm:grid-cols-[12rem_1fr]">
      <dt className="font-medium text-slate-800">{label}</dt>
      <dd className="min-w-0 break-words text-slate-700">{value}</dd>
    </div>
  );
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <Link
        to="/community"
        className="inline-flex items-center gap-1 self-start text-sm text-brand-700 underline-offset-2 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('community:member.back')}
      </Link>
      <PageHeader
        title={name}
        actions={
          <div className="flex flex-wrap gap-2">
            {canAddToList ? (
              <Button variant="outline" onClick={() => setDialog('list')}>
                <ListPlus aria-hidden="true" />
                {t('community:member.add_to_list')}
              </Button>
            ) : null}
            <Button
              onClick={() => setDialog('invite')}
              disabled={unsubscribed}
              aria-describedby={unsubscribed ? 'member-unsubscribed' : undefined}
            >
              <Mail aria-hidden="true" />
              {t('community:member.invite')}
            </Button>
          </div>
        }
      />
      {unsubscribed ? (
        <p
          id="member-unsubscribed"
          className="rounded-lg bg-amber-50 px-4 py-2 text-sm text-amber-900"
        >
          {t('community:member.unsubscribed_note')}
        </p>
      ) : null}
      <section
        aria-labelledby="member-details"
        className="rounded-xl border border-slate-200 bg-white p-4"
      >
        <h2 id="member-details" className="mb-3 text-lg font-semibold text-slate-900">
          {t('community:member.details')}
        </h2>
        <dl className="flex flex-col gap-3 text-sm">
          {row(
            t('community:member.email'),
            <a href={`mailto:${m.email}`} className="text-brand-700 underline">
              {m.email}
            </a>,
          )}
          {row(t('community:member.phone'), m.phone ?? '—')}
          {row(t('community:member.language'), t(`community:languages.${m.language}`))}
          {row(
            t('community:member.interests'),
            m.interests.length ? m.interests.map((i) => i.name).join(', ') : '—',
          )}
          {row(t('community:member.joined'), formatDate(m.joined_at, 'datetime', language))}
          {row(
            t('community:member.cv'),
            m.cv_filename ? (
              <a
                href={`/api/community/members/${m.id}/cv`}
                download
                className="inline-flex items-center gap-1 text-brand-700 underline"
              >
                <Download aria-hidden="true" className="size-4" />
                {t('community:member.download_cv', { name: m.cv_filename })}
              </a>
            ) : (
              t('community:member.no_cv')
            ),
          )}
          {row(
            t('community:member.applicant'),
            m.applicant_id ? (
              canSeeApplicants ? (
                <Link to={`/applicants/${m.applicant_id}`} className="text-brand-700 underline">
                  {t('community:member.open_applicant')}
                </Link>
              ) : (
                t('community:member.is_applicant')
              )
            ) : (
              t('community:member.not_applicant')
            ),
          )}
        </dl>
      </section>
      <section
        aria-labelledby="member-consent"
        className="rounded-xl border border-slate-200 bg-white p-4"
      >
        <h2 id="member-consent" className="mb-3 text-lg font-semibold text-slate-900">
          {t('community:member.consent')}
        </h2>
        <dl className="flex flex-col gap-3 text-sm">
          {row(t('community:member.state'), <ConsentBadge state={m.consent.state} />)}
          {row(
            t('community:member.notice'),
            t('community:member.notice_version', {
              version: m.consent.notice_version,
              language: m.consent.notice_language.toUpperCase(),
            }),
          )}
          {row(
            t('community:member.consented_at'),
            formatDate(m.consent.consented_at, 'datetime', language),
          )}
          {row(
            t('community:member.retention_until'),
            formatDate(m.consent.retention_until, 'date', language),
          )}
          {m.consent.unsubscribed_at
            ? row(
                t('community:member.unsubscribed_at'),
                formatDate(m.consent.unsubscribed_at, 'datetime', language),
              )
            : null}
        </dl>
      </section>
      {dialog === 'list' ? (
        <AddToListDialog memberId={m.id} name={name} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'invite' ? (
        <InviteDialog memberId={m.id} name={name} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}

function AddToListDialog({
  memberId,
  name,
  onClose,
}: {
  memberId: number;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('community');
  const [search, setSearch] = useState('');
  const lists = useCommunityListChoices(useDebouncedValue(search, 300));
  const add = useAddCommunityMemberToList();
  const errorMessage = useApiErrorMessage();
  return (
    <ChoiceDialog
      open
      onClose={onClose}
      title={t('community:list_dialog.title')}
      description={t('community:list_dialog.description', { name })}
      searchLabel={t('community:list_dialog.search')}
      search={search}
      onSearch={setSearch}
      legend={t('community:list_dialog.lists')}
      choices={(lists.data ?? []).map((list) => ({ id: list.id, label: list.name }))}
      loading={lists.isPending}
      error={lists.isError ? errorMessage(lists.error) : null}
      none={t('community:list_dialog.none')}
      submitLabel={t('community:list_dialog.submit')}
      submitting={add.isPending}
      onSubmit={(choice) =>
        add.mutate(
          { memberId, listId: choice.id },
          {
            onSuccess: () => {
              toast.success(t('community:list_dialog.done', { name, list: choice.label }));
              onClose();
            },
            onError: (error) => toast.error(errorMessage(error)),
          },
        )
      }
    />
  );
}

function InviteDialog({
  memberId,
  name,
  onClose,
}: {
  memberId: number;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('community');
  const [search, setSearch] = useState('');
  const offers = useCommunityOfferChoices(useDebouncedValue(search, 300));
  const invite = useInviteCommunityMember();
  const errorMessage = useApiErrorMessage();
  return (
    <ChoiceDialog
      open
      onClose={onClose}
      title={t('community:invite_dialog.title')}
      description={t('community:invite_dialog.description', { name })}
      searchLabel={t('community:invite_dialog.search')}
      search={search}
      onSearch={setSearch}
      legend={t('community:invite_dialog.offers')}
      choices={(offers.data?.data ?? []).map((o) => ({
        id: o.id,
        label: o.job_position,
        ...(o.location ? { hint: o.location } : {}),
      }))}
      loading={offers.isPending}
      error={offers.isError ? errorMessage(offers.error) : null}
      none={t('community:invite_dialog.none')}
      submitLabel={t('community:invite_dialog.submit')}
      submitting={invite.isPending}
      onSubmit={(choice) =>
        invite.mutate(
          { memberId, offerId: choice.id },
          {
            onSuccess: () => {
              toast.success(t('community:invite_dialog.done', { name, offer: choice.label }));
              onClose();
            },
            onError: (error) =>
              toast.error(
                isApiError(error) && error.code === 'member_unsubscribed'
                  ? t('community:member.unsubscribed_note')
                  : errorMessage(error),
              ),
          },
        )
      }
    />
  );
}
