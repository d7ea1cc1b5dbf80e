import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SelectPageCheckbox } from '../../../components/ui/select-page-checkbox.tsx';
import type { TApplicationItem, TStatus } from '@embauche/contracts/applications';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { useApplicantHref } from '../hooks/use-applicant-href.ts';
import { applicantName } from '../lib/applicant-name.ts';
import { ApplicationMeta } from './application-meta.tsx';
import { ApplicationStatusBadge } from './application-status-badge.tsx';
import { StatusMenu } from './status-menu.tsx';

type Props = {
  applications: TApplicationItem[];
  caption: string;
  selected: ReadonlySet<number>;
  onSelect: (applications: TApplicationItem[], selected: boolean) => void;
  /** The statuses a row's menu offers: one list, or each row's own (its offer's workflow). */
  statuses: TStatus[] | ((application: TApplicationItem) => TStatus[]);
  onStatusChange?: (application: TApplicationItem, status: TStatus) => void;
  /** The treatment screen shows each application's offer. */
  showOffer?: boolean;
};

/** One page of applications: a checkbox per row, the applicant (link), offer, status, date, source and tags. */
export function ApplicationTable({ applications, caption, selected, onSelect, statuses, onStatusChange, showOffer }: Props) {
  const { t } = useTranslation('application');
  const applicantHref = useApplicantHref();
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-700">
        <tr>
          <th scope="col" className="w-10 px-4 py-3">
            <SelectPageCheckbox items={applications} selected={selected} onSelect={onSelect} label={t('application:list.select_page')} />
          </th>
          <th scope="col" className="min-w-56 px-3 py-3 font-semibold">{t('application:list.applicant')}</th>
          {showOffer ? <th scope="col" className="px-3 py-3 font-semibold">{t('application:list.offer')}</th> : null}
          <th scope="col" className="px-3 py-3 font-semibold">{t('application:list.status')}</th>
          <th scope="col" className="px-3 py-3 font-semibold">{t('application:list.details')}</th>
          {onStatusChange ? <th scope="col" className="w-12 py-3 pl-2 pr-4 text-right font-semibold"><span className="sr-only">{t('application:list.actions')}</span></th> : null}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {applications.map((application) => {
          const name = applicantName(application);
          return (
            <tr key={application.id} className={selected.has(application.id) ? 'bg-brand-50/60' : 'hover:bg-slate-50'}>
              <td className="px-4 py-3">
                <Checkbox aria-label={t('application:list.select', { name })} checked={selected.has(application.id)} onChange={(e) => onSelect([application], e.target.checked)} />
              </td>
              <th scope="row" className="px-3 py-3 font-medium">
                <div className="flex items-center gap-2">
                  <Avatar src={application.img_src} name={name} />
                  <div className="min-w-0">
                    <Link to={applicantHref(application)} className="text-brand-700 hover:underline">
                      {name}
                    </Link>
                    {application.email ? <span className="block truncate text-xs font-normal text-slate-600">{application.email}</span> : null}
                  </div>
                </div>
              </th>
              {showOffer ? (
                <td className="px-3 py-3 text-slate-700">
                  {application.offer_id && application.project_id ? (
                    <Link to={`/projects/${application.project_id}/offer/${application.offer_id}`} className="text-brand-700 hover:underline">
                      {application.job_position}
                    </Link>
                  ) : (
                    t('application:spontaneous')
                  )}
                </td>
              ) : null}
              <td className="px-3 py-3">
                <ApplicationStatusBadge application={application} />
              </td>
              <td className="px-3 py-3">
                <ApplicationMeta application={application} />
              </td>
              {onStatusChange ? (
                <td className="py-3 pl-2 pr-4 text-right">
                  <StatusMenu application={application} statuses={typeof statuses === 'function' ? statuses(application) : statuses} onChange={onStatusChange} compact />
                </td>
              ) : null}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
