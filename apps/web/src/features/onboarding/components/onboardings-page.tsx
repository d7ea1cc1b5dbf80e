import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListTodo, Rocket, Search } from 'lucide-react';
import type { TOnboardingListItem, TOnboardingStatus } from '@embauche/contracts/onboarding';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedListStates } from '../../../components/paged-list-states.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useSubsidiaries } from '../../../lib/subsidiaries/get-subsidiaries.ts';
import { useOnboardingCounts } from '../api/get-onboarding-counts.ts';
import { useOnboardingStatuses } from '../api/get-onboarding-statuses.ts';
import { useOnboardings, type OnboardingFilters } from '../api/get-onboardings.ts';
import { useOnboardingParams } from '../hooks/use-onboarding-params.ts';
import { hireName, statusName } from '../lib/labels.ts';
import { OnboardingProgress, OverdueBadge } from './onboarding-progress.tsx';
import { UserPicker } from './user-picker.tsx';

/** Cards a board column shows (the column's count says how many there are in all). */
const BOARD_CARDS = 20;

/**
 * `/onboarding` (`onboarding.access`): the new hires as a paged list or a board by onboarding
 * status, with their progress, start date and overdue tasks; the search, filters (subsidiary,
 * manager, start month, status), view and page in the URL.
 */
export function OnboardingsPage() {
  const { t } = useTranslation(['onboarding', 'common']);
  const params = useOnboardingParams();
  const board = params.params.view === 'board';
  const list = useOnboardings({ ...params.filters, page: params.params.page }, !board);
  const statuses = useOnboardingStatuses();
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PageHeader
        title={t('common:nav.onboarding')}
        subtitle={t('onboarding:list.subtitle')}
        actions={
          <Button variant="outline" asChild>
            <Link to="/onboarding/my-tasks">
              <ListTodo aria-hidden="true" />
              {t('onboarding:my_tasks.title')}
            </Link>
          </Button>
        }
      />
      <Filters params={params} statuses={statuses.data ?? []} rows={list.data?.data ?? []} />
      <Tabs value={params.params.view} onValueChange={(v) => params.setView(v === 'board' ? 'board' : 'list')}>
        <TabsList aria-label={t('onboarding:list.views')}>
          <TabsTrigger value="list">{t('onboarding:list.list_view')}</TabsTrigger>
          <TabsTrigger value="board">{t('onboarding:list.board_view')}</TabsTrigger>
        </TabsList>
        <TabsContent value="list" className="pt-4">
          <PagedListStates
            query={list}
            error={t('onboarding:list.error')}
            retry={t('onboarding:retry')}
            empty={{ icon: Rocket, title: params.active ? t('onboarding:list.none_found') : t('onboarding:list.empty') }}
            total={(count) => t('onboarding:list.total', { count })}
            onPage={(page) => {
              params.setPage(page);
              window.scrollTo?.({ top: 0 });
            }}
          >
            {(rows) => (
              <ul className="flex flex-col gap-2" aria-label={t('onboarding:list.label')}>
                {rows.map((o) => (
                  <OnboardingRow key={o.id} onboarding={o} />
                ))}
              </ul>
            )}
          </PagedListStates>
        </TabsContent>
        <TabsContent value="board" className="pt-4">
          {board ? <Board filters={params.filters} statuses={statuses.data ?? []} /> : null}
        </TabsContent>
      </Tabs>
    </div>
  );
}

function Filters({
  params,
  statuses,
  rows,
}: {
  params: ReturnType<typeof useOnboardingParams>;
  statuses: TOnboardingStatus[];
  rows: TOnboardingListItem[];
}) {
  const { t } = useTranslation('onboarding');
  const id = useId();
  const subsidiaries = useSubsidiaries();
  const managerId = params.params.manager;
  const manager = rows.find((r) => r.manager?.id === managerId)?.manager ?? null;
  return (
    <div role="search" aria-label={t('onboarding:filters.label')} className="flex min-w-0 flex-col gap-3">
      <div className="grid min-w-0 gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${id}-q`} className="text-sm font-medium text-slate-800">
            {t('onboarding:filters.search')}
          </label>
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
            <Input
              id={`${id}-q`}
              type="search"
              className="pl-9"
              maxLength={100}
              value={params.params.q ?? ''}
              onChange={(e) => params.set({ q: e.target.value || null })}
            />
          </div>
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${id}-subsidiary`} className="text-sm font-medium text-slate-800">
            {t('onboarding:filters.subsidiary')}
          </label>
          <Select
            id={`${id}-subsidiary`}
            value={params.params.subsidiary ?? ''}
            onChange={(e) => params.set({ subsidiary: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">{t('onboarding:filters.all')}</option>
            {(subsidiaries.data ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${id}-month`} className="text-sm font-medium text-slate-800">
            {t('onboarding:filters.month')}
          </label>
          <Input
            id={`${id}-month`}
            type="month"
            value={params.filters.startMonth ?? ''}
            onChange={(e) => params.set({ month: e.target.value || null })}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${id}-status`} className="text-sm font-medium text-slate-800">
            {t('onboarding:filters.status')}
          </label>
          <Select
            id={`${id}-status`}
            value={params.params.status ?? ''}
            onChange={(e) => params.set({ status: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">{t('onboarding:filters.all')}</option>
            {statuses.map((s) => (
              <option key={s.id} value={s.id}>
                {statusName(t, s)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <div className="flex min-w-0 flex-col gap-3 lg:flex-row lg:items-end">
        <div className="min-w-0 lg:w-1/2">
          <UserPicker
            label={t('onboarding:filters.manager')}
            value={managerId}
            current={manager}
            noneLabel={t('onboarding:filters.all')}
            onChange={(user) => params.set({ manager: user?.id ?? null })}
          />
        </div>
        {params.active ? (
          <Button variant="outline" onClick={params.reset}>
            {t('onboarding:filters.reset')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** One new hire: name (to their page), offer, subsidiary, start date, manager, status, progress, overdue tasks. */
function OnboardingRow({ onboarding: o }: { onboarding: TOnboardingListItem }) {
  const { t, i18n } = useTranslation('onboarding');
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 md:flex-row md:items-center md:justify-between">
      <div className="min-w-0">
        <Link
          to={`/onboarding/${o.id}`}
          className="font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:underline"
        >
          {hireName(o.applicant)}
        </Link>
        <p className="break-words text-sm text-slate-700">
          {[o.offer?.title, o.subsidiary?.name].filter(Boolean).join(' · ') || t('onboarding:list.no_offer')}
        </p>
        <p className="text-sm text-slate-600">
          {t('onboarding:list.starts', { date: formatDate(o.start_date, 'long', i18n.language) })}
          {o.manager ? ` · ${t('onboarding:list.manager', { name: o.manager.name })}` : ''}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        <Badge tone={o.status.system_key === 'done' ? 'success' : o.status.system_key === 'cancelled' ? 'neutral' : 'info'}>
          {statusName(t, o.status)}
        </Badge>
        <OnboardingProgress done={o.progress.done} total={o.progress.total} />
        <OverdueBadge count={o.overdue_count} />
      </div>
    </li>
  );
}

/** The board: a column per status (its count from the counts call), the first cards of each. */
function Board({ filters, statuses }: { filters: OnboardingFilters; statuses: TOnboardingStatus[] }) {
  const { t } = useTranslation('onboarding');
  const { statusId: _status, ...rest } = filters;
  const counts = useOnboardingCounts(rest);
  const shown = filters.statusId ? statuses.filter((s) => s.id === filters.statusId) : statuses;
  return (
    <div
      role="region"
      aria-label={t('onboarding:list.board_label')}
      className="flex min-w-0 flex-col gap-3 lg:flex-row lg:overflow-x-auto lg:pb-2"
    >
      {shown.map((s) => (
        <BoardColumn
          key={s.id}
          status={s}
          filters={{ ...filters, statusId: s.id }}
          count={counts.data?.find((c) => c.status_id === s.id)?.count ?? null}
        />
      ))}
    </div>
  );
}

function BoardColumn({ status, filters, count }: { status: TOnboardingStatus; filters: OnboardingFilters; count: number | null }) {
  const { t, i18n } = useTranslation('onboarding');
  const cards = useOnboardings({ ...filters, page: 1, perPage: BOARD_CARDS });
  const headingId = useId();
  const name = statusName(t, status);
  const rows = cards.data?.data ?? [];
  const total = count ?? cards.data?.total ?? 0;
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 bg-slate-50 p-3 lg:w-72 lg:shrink-0"
    >
      <h2 id={headingId} className="flex items-center justify-between gap-2 text-sm font-semibold text-slate-900">
        <span className="break-words">{name}</span>
        <Badge aria-label={t('onboarding:list.column_count', { count: total })}>{total}</Badge>
      </h2>
      {cards.isPending ? null : rows.length === 0 ? (
        <p className="text-sm text-slate-600">{t('onboarding:list.column_empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={name}>
          {rows.map((o) => (
            <li key={o.id} className="flex min-w-0 flex-col gap-1.5 rounded-lg border border-slate-200 bg-white p-3">
              <Link
                to={`/onboarding/${o.id}`}
                className="break-words font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:underline"
              >
                {hireName(o.applicant)}
              </Link>
              {o.offer ? <p className="break-words text-xs text-slate-700">{o.offer.title}</p> : null}
              <p className="text-xs text-slate-600">
                {t('onboarding:list.starts', { date: formatDate(o.start_date, 'date', i18n.language) })}
              </p>
              <div className="flex flex-wrap items-center gap-2">
                <OnboardingProgress done={o.progress.done} total={o.progress.total} />
                <OverdueBadge count={o.overdue_count} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {total > rows.length && rows.length > 0 ? (
        <p className="text-xs text-slate-600">{t('onboarding:list.more', { count: total - rows.length })}</p>
      ) : null}
    </section>
  );
}
