import { useTranslation } from 'react-i18next';
import type { TAuditLogEntry } from '@embauche/contracts/audit';
import { formatDate } from '../../../lib/dates.ts';

/** The entry's time in the interface's language (`Pp`: the locale's date and time). */
export function EntryTime({ entry }: { entry: TAuditLogEntry }) {
  const { i18n } = useTranslation();
  return <time dateTime={entry.created_at}>{formatDate(entry.created_at, 'datetime', i18n.language)}</time>;
}

export function actionLabel(t: (key: string, options?: Record<string, unknown>) => string, action: string) {
  return t(`audit:actions.${action}`, { defaultValue: action });
}

/** Who acted; the real person first, then whom they acted as. */
export function EntryPerson({ entry, onFilter }: { entry: TAuditLogEntry; onFilter: (userId: number) => void }) {
  const { t } = useTranslation('audit');
  const name = entry.actor ? `${entry.actor.firstname} ${entry.actor.lastname}` : t('audit:deleted_user');
  return (
    <div className="flex min-w-0 flex-col">
      {entry.actor_user_id !== null ? (
        <button
          type="button"
          className="w-fit max-w-full truncate text-left font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          aria-label={t('audit:filter_by_person', { name })}
          onClick={() => onFilter(entry.actor_user_id!)}
        >
          {name}
        </button>
      ) : (
        <span className="font-medium text-slate-900">{name}</span>
      )}
      {entry.actor && <span className="break-all text-xs text-slate-600">{entry.actor.email}</span>}
      {(entry.acting_as_user || entry.acting_as_company) && (
        <span className="text-xs text-amber-800">
          {t('audit:acting_as', {
            name: entry.acting_as_user
              ? `${entry.acting_as_user.firstname} ${entry.acting_as_user.lastname}`
              : entry.acting_as_company!.name,
          })}
        </span>
      )}
    </div>
  );
}

function value(v: unknown): string {
  if (Array.isArray(v)) return v.map(String).join(', ');
  if (v && typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** The target and the details, as short "label: value" lines. */
export function EntryDetails({ entry }: { entry: TAuditLogEntry }) {
  const { t } = useTranslation('audit');
  const lines: [string, string][] = [];
  // A target that is the person already named (a failed sign-in on their account) says nothing more.
  const self = entry.target_type === 'user' && entry.target_id === entry.actor_user_id;
  if (entry.target_type && entry.target_id !== null && !self) {
    lines.push([t(`audit:targets.${entry.target_type}`, { defaultValue: entry.target_type }), `#${entry.target_id}`]);
  }
  for (const [key, v] of Object.entries(entry.details ?? {})) {
    if (v === null || v === undefined || (typeof v === 'object' && !Array.isArray(v) && !Object.keys(v).length)) continue;
    const shown = typeof v === 'boolean' ? t(v ? 'audit:yes' : 'audit:no') : value(v);
    lines.push([t(`audit:details.${key}`, { defaultValue: key }), shown]);
  }
  if (!lines.length) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs">
      {lines.map(([label, text]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="min-w-0 break-words text-slate-900">{text}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Where from: the address, and the browser on a second line. */
export function EntryClient({ entry }: { entry: TAuditLogEntry }) {
  return (
    <div className="flex min-w-0 flex-col text-xs">
      <span className="text-slate-900">{entry.ip ?? '–'}</span>
      {entry.user_agent && (
        <span className="line-clamp-2 break-all text-slate-600" title={entry.user_agent}>
          {entry.user_agent}
        </span>
      )}
    </div>
  );
}
