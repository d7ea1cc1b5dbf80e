import { useTranslation } from 'react-i18next';
import { TriangleAlert } from 'lucide-react';
import type { TConflicts } from '@embauche/contracts/planner';
import { formatDate } from '../../../lib/dates.ts';
import { personName } from '../lib/appointment-form.ts';

/** The interviewers' appointments that overlap the chosen times, shown before saving. */
export function ConflictsNotice({
  conflicts,
  timeZone,
}: {
  conflicts: TConflicts['conflicts'];
  timeZone: string;
}) {
  const { t, i18n } = useTranslation('planner');
  if (!conflicts.length) return null;
  return (
    <div
      role="status"
      className="flex flex-col gap-1 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-950"
    >
      <p className="flex items-center gap-2 font-medium">
        <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
        {t('planner:conflicts.title', { count: conflicts.length })}
      </p>
      <ul className="flex flex-col gap-0.5 pl-6">
        {conflicts.map((c) => (
          <li key={`${c.appointment_id}-${c.user.id}`} className="break-words">
            {t('planner:conflicts.item', {
              name: personName(c.user),
              title: c.title,
              start: formatDate(c.start_at, 'datetime', i18n.language, { timeZone }),
              end: formatDate(c.end_at, 'time', i18n.language, { timeZone }),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}
