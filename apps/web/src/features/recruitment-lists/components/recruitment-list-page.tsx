import { useState, type ReactNode } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import type { ApplicantActionSlot } from '../../../lib/applicant-action-slot.ts';
import { errorStatus } from '../../../lib/api-error.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useLeaveDeleted } from '../../../lib/use-leave-deleted.ts';
import { useRecruitmentList } from '../api/get-recruitment-list.ts';
import { recruitmentListKey } from '../api/recruitment-list-keys.ts';
import { LISTS_SHEET_STATE } from '../lib/lists-sheet-state.ts';
import { personName } from '../lib/recruitment-list-names.ts';
import { RecruitmentListApplicants } from './recruitment-list-applicants.tsx';
import { RecruitmentListBadges } from './recruitment-list-badges.tsx';
import { RecruitmentListDeleteDialog } from './recruitment-list-delete-dialog.tsx';
import { RecruitmentListDialog } from './recruitment-list-dialog.tsx';

type Props = {
  id: number;
  /** Transfer by e-mail of a selection, when the app offers it (project_application.transfer). */
  transfer?: ApplicantActionSlot;
  /** Add a selection to an offer, when the app offers it (project_application.duplicate). */
  addToOffer?: ApplicantActionSlot;
  /** One SMS to a selection, when the app offers it (SMS feature, project_application.sms). */
  sms?: ApplicantActionSlot;
  /** One e-mail to each of a selection, when the app offers it (project_application.email). */
  mailing?: ApplicantActionSlot;
  /** Shown when the list is not there for this user (404: another's private list, another company). */
  notFound: ReactNode;
  /** Shown on 403 (no project.list). */
  forbidden: ReactNode;
  /** Where the page goes once its list is deleted, the lists sheet open over it (wide screens). */
  deletedTo: string;
};

/** `/sourcing/lists/{id}`: the list, its badges, its creator's edit and delete, and its applicants. */
export function RecruitmentListPage({ id, transfer, addToOffer, sms, mailing, notFound, forbidden, deletedTo }: Props) {
  const { t } = useTranslation(['sourcing', 'common']);
  const leaveDeleted = useLeaveDeleted();
  const query = useRecruitmentList(id);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const list = query.data;
  useDocumentTitle(list?.name ?? t('sourcing:recruitment_list'));

  if (query.isPending) return <FullPageSpinner />;
  if (!list) return errorStatus(query.error) === 403 ? forbidden : notFound;

  return (
    <div className="mx-auto flex w-full min-w-0 max-w-5xl flex-col gap-4 p-4 sm:p-6">
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-start gap-2">
          {/* A 12rem basis: on a phone the buttons go under the name rather than squeeze it to a letter a line. */}
          <div className="min-w-0 flex-[1_1_12rem]">
            <p className="text-xs font-medium uppercase tracking-wide text-slate-600">{t('sourcing:recruitment_list')}</p>
            <h1 className="break-words text-xl font-semibold text-slate-900">{list.name}</h1>
          </div>
          {list.is_owner ? (
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
                <Pencil aria-hidden="true" />
                {t('sourcing:lists.detail.edit')}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setDeleting(true)}>
                <Trash2 aria-hidden="true" />
                {t('sourcing:lists.detail.delete')}
              </Button>
            </div>
          ) : null}
        </div>
        {list.description ? <p className="whitespace-pre-line break-words text-sm text-slate-700">{list.description}</p> : null}
        <RecruitmentListBadges list={list} />
        <p className="text-xs text-slate-600">{t('sourcing:lists.detail.created_by', { name: personName(list.creator) })}</p>
        {!list.private && !list.can_add ? <p className="text-sm text-slate-700">{t('sourcing:lists.detail.read_only')}</p> : null}
      </header>
      <RecruitmentListApplicants list={list} transfer={transfer} addToOffer={addToOffer} sms={sms} mailing={mailing} />
      {editing ? <RecruitmentListDialog list={list} onClose={() => setEditing(false)} /> : null}
      {deleting ? (
        <RecruitmentListDeleteDialog
          list={list}
          onClose={(deleted) => {
            setDeleting(false);
            if (deleted) void leaveDeleted(deletedTo, { forget: [recruitmentListKey(id)], state: LISTS_SHEET_STATE });
          }}
        />
      ) : null}
    </div>
  );
}
