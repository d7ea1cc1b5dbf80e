import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Search } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { zoneOffsetLabel } from '../../../lib/dates.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { knownTimeZones } from '../../../lib/user-time-zone.ts';
import { useUpdateTimeZone } from '../api/update-time-zone.ts';

/** `Europe/Paris` → `Europe/Paris (GMT+01:00)`: the zone and its offset now. */
function zoneLabel(zone: string): string {
  const offset = zoneOffsetLabel(zone);
  return `${zone.replaceAll('_', ' ')}${offset ? ` (${offset})` : ''}`;
}

/** What a search matches: the zone's name, with spaces or underscores, any case. */
function matches(zone: string, search: string): boolean {
  const needle = search.trim().toLowerCase().replaceAll(' ', '_');
  return !needle || zone.toLowerCase().includes(needle);
}

/**
 * The user's own time zone (issue 39): the planner and the applicant's appointments show their
 * times in it, and the user's calendar feed and interview e-mails are written in it. Empty: the
 * company's zone. The list narrows as the user types in the search field.
 */
export function TimeZoneSettings({
  timeZone,
  companyTimeZone,
  onSaved,
}: {
  timeZone: string | null;
  companyTimeZone: string;
  onSaved?: () => void;
}) {
  const { t } = useTranslation(['user_config', 'common']);
  const errorMessage = useApiErrorMessage();
  const update = useUpdateTimeZone(onSaved);
  const [chosen, setChosen] = useState(timeZone ?? '');
  const [search, setSearch] = useState('');
  const zones = useMemo(
    () => knownTimeZones(timeZone).map((zone) => ({ zone, label: zoneLabel(zone) })),
    [timeZone],
  );
  const matching = zones.filter((z) => matches(z.zone, search));
  // The chosen zone stays in the list while the search hides the others.
  const shown = matching.some((z) => z.zone === chosen)
    ? matching
    : [...zones.filter((z) => z.zone === chosen), ...matching];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(chosen || null, {
      onSuccess: () => toast.success(t('user_config:time_zone.saved')),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        {t('user_config:time_zone.current', {
          zone: (timeZone ?? companyTimeZone).replaceAll('_', ' '),
        })}
      </p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="time-zone-search" className="text-sm font-medium text-slate-800">
          {t('user_config:time_zone.search')}
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
          />
          <Input
            id="time-zone-search"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('user_config:time_zone.search_placeholder')}
            aria-controls="time-zone-select"
            autoComplete="off"
            className="pl-9"
          />
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="time-zone-select" className="text-sm font-medium text-slate-800">
          {t('user_config:time_zone.label')}
        </label>
        <Select id="time-zone-select" value={chosen} onChange={(e) => setChosen(e.target.value)}>
          <option value="">
            {t('user_config:time_zone.company', { zone: companyTimeZone.replaceAll('_', ' ') })}
          </option>
          {shown.map((z) => (
            <option key={z.zone} value={z.zone}>
              {z.label}
            </option>
          ))}
        </Select>
        <p className="text-xs text-slate-600" aria-live="polite">
          {t('user_config:time_zone.count', { count: matching.length })}
        </p>
      </div>
      <div>
        <Button type="submit" disabled={update.isPending}>
          {t('common:save')}
        </Button>
      </div>
    </form>
  );
}
