import { useId, useMemo, useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { errorCodes } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { cn } from '../../../lib/cn.ts';

type Props = {
  /** ISO alpha-2 codes chosen. */
  value: string[];
  onChange: (codes: string[]) => void;
  /** Every code that may be chosen (the server's list). */
  countries: string[];
  /** The company's own country: named as such. */
  companyCountry: string;
  error?: FieldError;
};

/** Lower case without accents, to find "Reunion" in "Réunion". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The allowed destination countries (issue 33): a checkbox per country, named in the user's
 * language (Intl.DisplayNames), found with a search box; the chosen ones come first and can all be
 * unchosen at once. Keyboard: the search, the button, then each checkbox. The count is announced.
 */
export function SmsCountrySelect({ value, onChange, countries, companyCountry, error }: Props) {
  const { t, i18n } = useTranslation(['sms', 'errors']);
  const id = useId();
  const [search, setSearch] = useState('');
  const codes = errorCodes(error);
  const chosen = new Set(value);

  const named = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region', fallback: 'code' });
    return countries
      .map((code) => ({ code, name: names.of(code) ?? code }))
      .sort((a, b) => a.name.localeCompare(b.name, i18n.language));
  }, [countries, i18n.language]);

  const wanted = fold(search.trim());
  // Without a search: the chosen countries first, then the others.
  const shown = wanted
    ? named.filter((c) => fold(c.name).includes(wanted) || c.code.toLowerCase() === wanted)
    : [...named.filter((c) => chosen.has(c.code)), ...named.filter((c) => !chosen.has(c.code))];

  const toggle = (code: string, on: boolean) =>
    onChange(on ? [...value, code] : value.filter((c) => c !== code));

  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-invalid={codes.length > 0} aria-describedby={codes.length ? `${id}-error` : `${id}-hint`}>
      <legend className={cn('mb-1 text-sm font-medium', codes.length ? 'text-red-700' : 'text-slate-800')}>
        {t('sms:settings.countries')}
        <span aria-hidden="true" className="ml-0.5 text-red-600">
          *
        </span>
      </legend>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {t('sms:settings.countries_hint')}
      </p>
      <Input type="search" aria-label={t('sms:settings.search')} placeholder={t('sms:settings.search')} value={search} onChange={(event) => setSearch(event.target.value)} />
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => onChange([])} disabled={value.length === 0}>
          {t('sms:settings.unselect_all')}
        </Button>
        <span className="text-xs text-slate-600" aria-live="polite">
          {t('sms:settings.selected', { count: value.length })}
        </span>
      </div>
      <ul className="max-h-64 overflow-y-auto rounded-lg border border-slate-200 p-1" aria-label={t('sms:settings.countries')}>
        {shown.length === 0 ? <li className="px-2 py-1.5 text-sm text-slate-600">{t('sms:settings.no_country', { search: search.trim() })}</li> : null}
        {shown.map((country) => (
          <li key={country.code}>
            <label className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-50">
              <Checkbox checked={chosen.has(country.code)} onChange={(event) => toggle(country.code, event.target.checked)} />
              <span className="min-w-0 break-words">
                {country.name}
                {country.code === companyCountry ? (
                  <>
                    {' '}
                    <span className="text-xs text-slate-600">{t('sms:settings.company_country')}</span>
                  </>
                ) : null}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {codes.length ? (
        <div id={`${id}-error`} className="flex flex-col gap-0.5 text-sm text-red-700">
          {codes.map((code) => (
            <p key={code}>{translateErrorCode(t, code)}</p>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}
