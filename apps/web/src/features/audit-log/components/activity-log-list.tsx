import { useTranslation } from 'react-i18next';
import type { TAuditLogEntry } from '@embauche/contracts/audit';
import { actionLabel, EntryClient, EntryDetails, EntryPerson, EntryTime } from './audit-entry-parts.tsx';

type Props = { entries: TAuditLogEntry[]; onFilterUser: (userId: number) => void };

/**
 * A table when its block is at least 36rem wide (a container query: the config menu takes room on a
 * desktop); one card per entry below (no sideways scrolling on a phone). The action cell holds the
 * details under the action's name.
 */
export function ActivityLogList({ entries, onFilterUser }: Props) {
  const { t } = useTranslation('audit');
  return (
    <>
      <table className="hidden w-full table-fixed border-collapse text-sm @xl:table">
        <caption className="sr-only">{t('audit:table_caption')}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <th scope="col" className="w-32 px-3 py-2">{t('audit:columns.date')}</th>
            <th scope="col" className="px-3 py-2">{t('audit:columns.person')}</th>
            <th scope="col" className="px-3 py-2">{t('audit:columns.action')}</th>
            <th scope="col" className="w-36 px-3 py-2">{t('audit:columns.client')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-b border-slate-100 align-top last:border-0">
              <td className="px-3 py-3 text-slate-800"><EntryTime entry={entry} /></td>
              <td className="px-3 py-3"><EntryPerson entry={entry} onFilter={onFilterUser} /></td>
              <td className="px-3 py-3">
                <div className="flex flex-col gap-1">
                  <span className="font-medium text-slate-900">{actionLabel(t, entry.action)}</span>
                  <EntryDetails entry={entry} />
                </div>
              </td>
              <td className="px-3 py-3"><EntryClient entry={entry} /></td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="flex flex-col gap-3 @xl:hidden" aria-label={t('audit:table_caption')}>
        {entries.map((entry) => (
          <li key={entry.id} className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 text-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <span className="font-semibold text-slate-900">{actionLabel(t, entry.action)}</span>
              <span className="text-xs text-slate-700"><EntryTime entry={entry} /></span>
            </div>
            <EntryPerson entry={entry} onFilter={onFilterUser} />
            <EntryDetails entry={entry} />
            <EntryClient entry={entry} />
          </li>
        ))}
      </ul>
    </>
  );
}
