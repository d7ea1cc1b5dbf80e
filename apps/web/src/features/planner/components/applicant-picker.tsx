import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { usePlannerApplicants } from '../api/search-planner-applicants.ts';
import type { AppointmentApplicant } from '../lib/appointment-form.ts';

type Props = {
  value: AppointmentApplicant | null;
  onChange: (applicant: AppointmentApplicant | null) => void;
  applicationId: number | null;
  onApplicationChange: (id: number | null) => void;
};

/** The applicant an appointment is with, found by name, then which of their applications it is about. */
export function ApplicantPicker({ value, onChange, applicationId, onApplicationChange }: Props) {
  const { t } = useTranslation('planner');
  const id = useId();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 250);
  const found = usePlannerApplicants(debounced);
  if (value)
    return (
      <div className="flex min-w-0 flex-col gap-2">
        <p className="text-sm font-medium text-slate-800">{t('planner:dialog.applicant')}</p>
        <div className="flex min-w-0 items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2">
          <span className="min-w-0 break-words text-sm text-slate-900">{value.name}</span>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('planner:dialog.remove_applicant', { name: value.name })}
            onClick={() => {
              onChange(null);
              onApplicationChange(null);
            }}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
        <label htmlFor={`${id}-application`} className="text-sm font-medium text-slate-800">
          {t('planner:dialog.application')}
        </label>
        <Select
          id={`${id}-application`}
          value={applicationId ?? ''}
          onChange={(event) =>
            onApplicationChange(event.target.value ? Number(event.target.value) : null)
          }
        >
          <option value="">{t('planner:dialog.no_application')}</option>
          {value.applications.map((a) => (
            <option key={a.id} value={a.id}>
              {a.offer_title ?? t('planner:dialog.spontaneous')}
            </option>
          ))}
        </Select>
      </div>
    );
  const results = debounced.trim().length >= 2 ? (found.data ?? []) : [];
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <label htmlFor={`${id}-search`} className="text-sm font-medium text-slate-800">
        {t('planner:dialog.applicant')}
      </label>
      <Input
        id={`${id}-search`}
        type="search"
        autoComplete="off"
        placeholder={t('planner:dialog.applicant_search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {t('planner:dialog.applicant_hint')}
      </p>
      {results.length ? (
        <ul
          className="max-h-40 overflow-y-auto rounded-lg border border-slate-200 p-1"
          aria-label={t('planner:dialog.applicant_results')}
        >
          {results.map((a) => {
            const name = `${a.firstname} ${a.lastname}`.trim();
            return (
              <li key={a.id}>
                <button
                  type="button"
                  className="w-full rounded-md px-2 py-1.5 text-left text-sm text-slate-800 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                  onClick={() => {
                    onChange({ id: a.id, name, applications: a.applications });
                    onApplicationChange(a.applications[0]?.id ?? null);
                    setSearch('');
                  }}
                >
                  {name}
                  {a.email ? <span className="ml-1 text-xs text-slate-600">{a.email}</span> : null}
                </button>
              </li>
            );
          })}
        </ul>
      ) : debounced.trim().length >= 2 && found.isSuccess ? (
        <p className="text-sm text-slate-600">{t('planner:dialog.applicant_none')}</p>
      ) : null}
    </div>
  );
}
