import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Mail, Search, UsersRound, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { COMMUNITY_CONSENT_STATES, type TCommunityMember } from '@embauche/contracts/community';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedListStates } from '../../../components/paged-list-states.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { DatePicker } from '../../../components/ui/date-picker.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { SelectPageCheckbox } from '../../../components/ui/select-page-checkbox.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useRowSelection } from '../../../lib/use-row-selection.ts';
import { useCommunityInterests } from '../api/get-community-interests.ts';
import { useCommunityMembers } from '../api/get-community-members.ts';
import { useCommunityParams } from '../hooks/use-community-params.ts';
import type { MemberMailingSlot } from '../lib/member-mailing-slot.ts';
import { ConsentBadge } from './consent-badge.tsx';

type Props = {
  /** The e-mail dialog for a selection of members; absent without project_application.email. */
  mailing?: MemberMailingSlot | undefined;
};

const memberName = (m: TCommunityMember) => `${m.firstname} ${m.lastname}`;

/**
 * `/community`: the talent community's members, searched and filtered from the URL, paged; with
 * the e-mail action, a selection (kept across pages, emptied when the filters change) to write to.
 */
export function CommunityPage({ mailing }: Props) {
  const { t, i18n } = useTranslation(['community', 'common']);
  const id = useId();
  const params = useCommunityParams();
  const members = useCommunityMembers(params.request);
  const interests = useCommunityInterests();
  const { page: _page, ...scope } = params.request;
  const selection = useRowSelection<TCommunityMember>(scope);
  const [writing, setWriting] = useState<TCommunityMember[] | null>(null);
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PageHeader title={t('community:title')} subtitle={t('community:subtitle')} />
      <div
        role="search"
        aria-label={t('community:filters.label')}
        className="grid min-w-0 gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end"
      >
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${id}-q`} className="text-sm font-medium text-slate-800">
            {t('community:filters.search')}
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
            />
            <Input
              id={`${id}-q`}
              type="search"
              className="pl-9"
              maxLength={100}
              value={params.params.q ?? ''}
              placeholder={t('community:filters.search_placeholder')}
              onChange={(e) => params.set({ q: e.target.value || null })}
            />
          </div>
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${id}-interest`} className="text-sm font-medium text-slate-800">
            {t('community:filters.interest')}
          </label>
          <Select
            id={`${id}-interest`}
            value={params.params.interest ?? ''}
            onChange={(e) =>
              params.set({ interest: e.target.value ? Number(e.target.value) : null })
            }
          >
            <option value="">{t('community:filters.all')}</option>
            {(interests.data ?? []).map((i) => (
              <option key={i.id} value={i.id}>
                {i.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${id}-consent`} className="text-sm font-medium text-slate-800">
            {t('community:filters.consent')}
          </label>
          <Select
            id={`${id}-consent`}
            value={params.params.consent ?? ''}
            onChange={(e) => params.set({ consent: e.target.value || null })}
          >
            <option value="">{t('community:filters.all')}</option>
            {COMMUNITY_CONSENT_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`community:consent.${state}`)}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${id}-since`} className="text-sm font-medium text-slate-800">
            {t('community:filters.since')}
          </label>
          <DatePicker
            id={`${id}-since`}
            label={t('community:filters.since')}
            value={params.request.since}
            onChange={(value) => params.set({ since: value })}
          />
        </div>
        {params.active ? (
          <Button variant="outline" onClick={params.reset}>
            {t('community:filters.reset')}
          </Button>
        ) : null}
      </div>
      {mailing && selection.size > 0 ? (
        <div
          role="toolbar"
          aria-label={t('community:selection.label')}
          className="flex min-w-0 flex-wrap items-center gap-2 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2"
        >
          <span className="mr-auto text-sm font-medium text-slate-800">
            {t('community:selection.selected', { count: selection.size })}
          </span>
          <Button size="sm" variant="outline" onClick={() => setWriting(selection.rows)}>
            <Mail aria-hidden="true" />
            {t('community:selection.email')}
          </Button>
          <Button size="sm" variant="ghost" onClick={selection.clear}>
            <X aria-hidden="true" />
            {t('community:selection.clear')}
          </Button>
        </div>
      ) : null}
      <PagedListStates
        query={members}
        error={t('community:list.error')}
        retry={t('community:list.retry')}
        empty={{
          icon: UsersRound,
          title: params.active ? t('community:list.none_found') : t('community:list.empty'),
        }}
        total={(count) => t('community:list.total', { count })}
        onPage={(page) => {
          params.setPage(page);
          window.scrollTo?.({ top: 0 });
        }}
      >
        {(rows) => (
          <>
            {mailing ? (
              <label className="flex items-center gap-2 px-4 pb-2 text-sm text-slate-700">
                <SelectPageCheckbox
                  items={rows}
                  selected={selection.ids}
                  onSelect={selection.select}
                  label={t('community:selection.select_page')}
                />
                <span aria-hidden="true">{t('community:selection.select_page')}</span>
              </label>
            ) : null}
            <ul className="flex flex-col gap-2" aria-label={t('community:list.label')}>
              {rows.map((m) => (
                <MemberRow
                  key={m.id}
                  member={m}
                  language={i18n.resolvedLanguage}
                  selected={mailing ? selection.ids.has(m.id) : undefined}
                  onSelect={(on) => selection.select([m], on)}
                />
              ))}
            </ul>
          </>
        )}
      </PagedListStates>
      {writing && mailing
        ? mailing(
            writing.map((m) => ({ id: m.id, name: memberName(m), email: m.email })),
            (sent) => {
              setWriting(null);
              if (sent) selection.clear();
            },
          )
        : null}
    </div>
  );
}

function MemberRow({
  member: m,
  language,
  selected,
  onSelect,
}: {
  member: TCommunityMember;
  language: string | undefined;
  /** Whether the row is chosen; undefined: the list offers no selection. */
  selected: boolean | undefined;
  onSelect: (on: boolean) => void;
}) {
  const { t } = useTranslation('community');
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        {selected !== undefined ? (
          <Checkbox
            className="mt-1 shrink-0"
            aria-label={t('community:selection.select', { name: memberName(m) })}
            checked={selected}
            onChange={(event) => onSelect(event.target.checked)}
          />
        ) : null}
        <div className="min-w-0">
          <Link
            to={`/community/members/${m.id}`}
            className="font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:underline"
          >
            {memberName(m)}
          </Link>
          <p className="truncate text-sm text-slate-700">{m.email}</p>
          {m.interests.length ? (
            <p className="text-sm text-slate-600">{m.interests.map((i) => i.name).join(', ')}</p>
          ) : null}
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2 text-sm text-slate-600">
        <span>
          {t('community:list.joined', { date: formatDate(m.joined_at, 'date', language) })}
        </span>
        <ConsentBadge state={m.consent.state} />
      </div>
    </li>
  );
}
