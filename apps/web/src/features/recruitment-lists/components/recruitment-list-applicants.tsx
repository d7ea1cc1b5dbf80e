import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { parseAsInteger, parseAsString, useQueryStates } from 'nuqs';
import { Archive, BriefcaseBusiness, EyeOff, Mail, MessageSquare, Send, Trash2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { APPLICANT_BULK_MAX } from '@embauche/contracts/applicant-selection';
import type { TBulkOperation } from '@embauche/contracts/application-selection';
import type { TRecruitmentList, TRecruitmentListApplicant } from '@embauche/contracts/recruitment-lists';
import { TRANSFER_MAX_ITEMS } from '@embauche/contracts/shares';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { SelectPageCheckbox } from '../../../components/ui/select-page-checkbox.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { ApplicantActionSlot, ApplicantSelectionTarget } from '../../../lib/applicant-action-slot.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { formatDate } from '../../../lib/dates.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useRowSelection } from '../../../lib/use-row-selection.ts';
import { useSelectAll } from '../../../lib/use-select-all.ts';
import { SelectAllButton } from '../../../components/select-all-button.tsx';
import { useRecruitmentListApplicants } from '../api/get-recruitment-list-applicants.ts';
import { useRemoveRecruitmentListApplicants } from '../api/remove-recruitment-list-applicants.ts';
import { personName } from '../lib/recruitment-list-names.ts';
import { ListBulkResult } from './list-bulk-result.tsx';

type Props = {
  list: TRecruitmentList;
  transfer?: ApplicantActionSlot;
  addToOffer?: ApplicantActionSlot;
  sms?: ApplicantActionSlot;
  mailing?: ApplicantActionSlot;
};

const parsers = { q: parseAsString.withDefault(''), page: parseAsInteger.withDefault(1) };

/**
 * The list's applicants (spec 2 `/sourcing/lists/{id}`): searched by name and paged in the URL,
 * archived or erased ones counted apart, and so are those outside the user's scope (a count, never
 * a name: the server does not send them); the creator (or anyone on a collaborative list) removes
 * them after a confirmation; a selection can be transferred when the app offers it.
 */
export function RecruitmentListApplicants({ list, transfer, addToOffer, sms, mailing }: Props) {
  const { t, i18n } = useTranslation(['sourcing', 'common']);
  const id = useId();
  const [{ q, page }, setParams] = useQueryStates(parsers);
  const search = useDebouncedValue(q.trim(), 300);
  const query = useRecruitmentListApplicants(list.id, search, page);
  const selection = useRowSelection<TRecruitmentListApplicant>([list.id, search]);
  // "Select all N that match" (issue 42 part 2): every applicant of the list the search shows, on the server.
  const all = useSelectAll([list.id, search], query.data?.total);
  /** The rows to remove, or `'all'`: all that match (with the count shown, changed by a 409). */
  const [removing, setRemoving] = useState<TRecruitmentListApplicant[] | 'all' | null>(null);
  const [changed, setChanged] = useState<string | null>(null);
  /** A removal of all that match: its progress (a job above 200), then its outcome. */
  const [operation, setOperation] = useState<TBulkOperation | null>(null);
  /** The slot action (transfer, add to an offer, SMS, e-mail) open on the selection. */
  const [acting, setActing] = useState<{ slot: ApplicantActionSlot; applicants: TRecruitmentListApplicant[]; all?: ApplicantSelectionTarget } | null>(null);
  const remove = useRemoveRecruitmentListApplicants(list.id);
  const rows = query.data?.data ?? [];
  const total = query.data?.total ?? 0;
  /** The selection "all that match" as the server takes it (the list and its search). */
  const allTarget = (): ApplicantSelectionTarget => ({
    applicantSelection: all.selection({ source: 'recruitment_list' as const, list_id: list.id, filters: (search ? { search } : {}) as Record<string, string> }),
    count: all.count,
  });
  const ticked = all.all ? new Set(rows.map((r) => r.id).filter(all.isSelected)) : selection.ids;
  const tick = (changedRows: TRecruitmentListApplicant[], on: boolean) =>
    all.all ? all.toggle(changedRows.map((r) => r.id), on) : selection.select(changedRows, on);
  const clearAll = () => {
    selection.clear();
    all.clear();
  };
  const act = (slot: ApplicantActionSlot) =>
    setActing(all.all ? { slot, applicants: [], all: allTarget() } : { slot, applicants: selection.rows });
  const archived = query.data?.archived ?? list.archived_applicants;
  const hidden = query.data?.hidden ?? list.hidden_applicants;
  const selectable = list.can_add || Boolean(transfer) || Boolean(addToOffer) || Boolean(sms) || Boolean(mailing);
  const lastPage = query.data?.last_page;
  // A removal may empty the last page: back to the one that is now last.
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage) void setParams({ page: lastPage > 1 ? lastPage : null });
  }, [lastPage, page, setParams]);

  const confirmRemove = (applicants: TRecruitmentListApplicant[]) =>
    remove.mutate(
      applicants.map((a) => a.id),
      {
        onSuccess: () => {
          toast.success(t('sourcing:lists.detail.removed', { count: applicants.length }));
          selection.select(applicants, false);
          setRemoving(null);
        },
        onError: () => {
          toast.error(t('sourcing:lists.detail.remove_error'));
          setRemoving(null);
        },
      },
    );
  /** All that match: the count confirmed is the count removed; a 409 says the new one, confirmed next. */
  const confirmRemoveAll = () => {
    const count = all.count;
    remove.mutate(
      { selection: allTarget().applicantSelection },
      {
        onSuccess: (answer) => {
          if ('kind' in answer) setOperation(answer);
          else toast.success(t('sourcing:lists.detail.removed', { count }));
          clearAll();
          setRemoving(null);
          setChanged(null);
        },
        onError: (error) => {
          const recount = isApiError(error) && error.code === 'selection_changed' ? Number(error.errors?.count?.[0]) : NaN;
          if (Number.isFinite(recount)) {
            all.recount(recount);
            setChanged(t('sourcing:lists.detail.selection_changed', { count: recount }));
            return;
          }
          toast.error(t('sourcing:lists.detail.remove_error'));
          setRemoving(null);
        },
      },
    );
  };
  const tooManyToRemove = all.count > APPLICANT_BULK_MAX;
  const tooManyToTransfer = all.all && all.count > TRANSFER_MAX_ITEMS;

  return (
    <section aria-labelledby="recruitment-list-applicants" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="recruitment-list-applicants" className="mr-auto text-base font-semibold text-slate-900">
          {t('sourcing:lists.detail.applicants')}
        </h2>
        <Input
          type="search"
          aria-label={t('sourcing:lists.detail.search')}
          placeholder={t('sourcing:lists.detail.search')}
          value={q}
          onChange={(event) => void setParams({ q: event.target.value || null, page: null })}
          className="w-full sm:w-64"
        />
      </div>
      {archived > 0 ? (
        <p className="flex items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
          <Archive aria-hidden="true" className="size-4 shrink-0" />
          {t('sourcing:lists.detail.archived', { count: archived })}
        </p>
      ) : null}
      {hidden > 0 ? (
        <p className="flex items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
          <EyeOff aria-hidden="true" className="size-4 shrink-0" />
          {t('sourcing:lists.detail.hidden', { count: hidden })}
        </p>
      ) : null}
      {selectable && (selection.size > 0 || all.all) ? (
        <div role="toolbar" aria-label={t('sourcing:lists.detail.selection')} className="flex flex-wrap items-center gap-2 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2">
          <span className="mr-auto text-sm font-medium text-slate-800" aria-live="polite">
            {all.all ? t('sourcing:lists.detail.selected_all', { count: all.count }) : t('sourcing:lists.detail.selected', { count: selection.size })}
          </span>
          {!all.all && total > selection.size ? (
            <SelectAllButton label={t('sourcing:lists.detail.select_all', { count: total })} onClick={() => (selection.clear(), all.selectAll())} />
          ) : null}
          {addToOffer ? (
            <Button size="sm" variant="outline" onClick={() => act(addToOffer)}>
              <BriefcaseBusiness aria-hidden="true" />
              {t('sourcing:lists.detail.add_to_offer')}
            </Button>
          ) : null}
          {sms ? (
            <Button size="sm" variant="outline" onClick={() => act(sms)}>
              <MessageSquare aria-hidden="true" />
              {t('sourcing:lists.detail.sms')}
            </Button>
          ) : null}
          {mailing ? (
            <Button size="sm" variant="outline" onClick={() => act(mailing)}>
              <Mail aria-hidden="true" />
              {t('sourcing:lists.detail.email')}
            </Button>
          ) : null}
          {transfer ? (
            // The transfer e-mail names at most 100 applicants: above, all that match is not offered.
            <Button size="sm" variant="outline" disabled={tooManyToTransfer} aria-describedby={tooManyToTransfer ? `${id}-transfer-max` : undefined} onClick={() => act(transfer)}>
              <Send aria-hidden="true" />
              {t('sourcing:lists.detail.transfer')}
            </Button>
          ) : null}
          {transfer && tooManyToTransfer ? (
            <span id={`${id}-transfer-max`} className="text-xs text-slate-700">
              {t('sourcing:lists.detail.transfer_too_many', { max: TRANSFER_MAX_ITEMS })}
            </span>
          ) : null}
          {list.can_add ? (
            <Button size="sm" variant="outline" onClick={() => (setChanged(null), setRemoving(all.all ? 'all' : selection.rows))}>
              <Trash2 aria-hidden="true" />
              {t('sourcing:lists.detail.remove_selection')}
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" onClick={clearAll}>
            <X aria-hidden="true" />
            {t('sourcing:lists.detail.clear_selection')}
          </Button>
        </div>
      ) : null}
      {query.isPending ? (
        <Spinner label={t('common:loading')} />
      ) : rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
          {search ? t('sourcing:lists.detail.no_match') : hidden > 0 ? t('sourcing:lists.detail.none_visible') : t('sourcing:lists.detail.empty')}
        </p>
      ) : (
        <>
          {selectable ? (
            <label className="flex items-center gap-2 px-3 text-sm text-slate-700">
              <SelectPageCheckbox items={rows} selected={ticked} onSelect={tick} label={t('sourcing:lists.detail.select_page')} />
              <span aria-hidden="true">{t('sourcing:lists.detail.select_page')}</span>
            </label>
          ) : null}
          <ul className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-busy={query.isFetching}>
            {rows.map((applicant) => {
              const name = personName(applicant);
              return (
                <li key={applicant.id} className="flex items-start gap-3 px-3 py-2.5">
                  {selectable ? (
                    <Checkbox
                      className="mt-2.5"
                      aria-label={t('sourcing:lists.detail.select', { name })}
                      checked={ticked.has(applicant.id)}
                      onChange={(event) => tick([applicant], event.target.checked)}
                    />
                  ) : null}
                  <Avatar src={applicant.img_src} name={name} className="size-9 shrink-0" />
                  <div className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-4">
                    <div className="min-w-0 flex-1">
                      <Link to={`/applicants/${applicant.id}`} className="break-words text-sm font-medium text-brand-700 hover:underline">
                        {name}
                      </Link>
                      {applicant.email ? (
                        <p className="truncate text-xs text-slate-600" title={applicant.email}>
                          {applicant.email}
                        </p>
                      ) : null}
                    </div>
                    <p className="text-xs text-slate-600 sm:w-56 sm:text-right">
                      {t('sourcing:lists.detail.added_at')} {formatDate(applicant.added_at, 'date', i18n.language)}
                      {applicant.added_by ? ` · ${t('sourcing:lists.detail.added_by')} ${personName(applicant.added_by)}` : null}
                    </p>
                  </div>
                  {list.can_add ? (
                    <button
                      type="button"
                      aria-label={t('sourcing:lists.detail.remove', { name })}
                      onClick={() => setRemoving([applicant])}
                      className="shrink-0 rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-red-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </>
      )}
      <Pagination
        page={page}
        lastPage={query.data?.last_page ?? 1}
        onChange={(next) => void setParams({ page: next })}
        label={t('sourcing:lists.detail.pages')}
        disabled={query.isFetching}
      />
      {removing === 'all' ? (
        tooManyToRemove ? (
          <AlertDialog
            open
            onOpenChange={(open) => (open ? undefined : setRemoving(null))}
            title={t('sourcing:lists.detail.remove_title', { count: all.count })}
            description={t('sourcing:lists.detail.too_many', { count: all.count, max: new Intl.NumberFormat(i18n.language).format(APPLICANT_BULK_MAX) })}
            confirmLabel={t('common:close')}
            hideCancel
            onConfirm={() => setRemoving(null)}
          />
        ) : (
          <AlertDialog
            open
            onOpenChange={(open) => (open ? undefined : setRemoving(null))}
            title={t('sourcing:lists.detail.remove_title', { count: all.count })}
            description={changed ?? t('sourcing:lists.detail.remove_all_text', { count: all.count })}
            confirmLabel={t('sourcing:lists.detail.remove_confirm')}
            destructive
            loading={remove.isPending}
            onConfirm={confirmRemoveAll}
          />
        )
      ) : removing ? (
        <AlertDialog
          open
          onOpenChange={(open) => (open ? undefined : setRemoving(null))}
          title={t('sourcing:lists.detail.remove_title', { count: removing.length })}
          description={t('sourcing:lists.detail.remove_text')}
          confirmLabel={t('sourcing:lists.detail.remove_confirm')}
          destructive
          loading={remove.isPending}
          onConfirm={() => confirmRemove(removing)}
        />
      ) : null}
      {operation ? (
        <AlertDialog
          open
          onOpenChange={(open) => (open ? undefined : setOperation(null))}
          title={t('sourcing:bulk.remove_title')}
          confirmLabel={t('common:close')}
          hideCancel
          onConfirm={() => setOperation(null)}
        >
          <ListBulkResult listId={list.id} operation={operation} />
        </AlertDialog>
      ) : null}
      {acting
        ? acting.slot(
            acting.applicants.map((a) => ({ id: a.id, name: personName(a) })),
            (done) => {
              setActing(null);
              if (done) clearAll();
            },
            acting.all,
          )
        : null}
    </section>
  );
}
