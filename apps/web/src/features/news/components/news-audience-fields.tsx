import { useId, useMemo, useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import type { TNewsAudience } from '@embauche/contracts/news';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { errorCodes } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useNewsCompanies } from '../api/search-news-companies.ts';
import { useNewsCountries } from '../api/get-news-countries.ts';

type Company = { id: number; social_reason: string };

type Props = {
  audience: TNewsAudience;
  onAudience: (audience: TNewsAudience) => void;
  companies: Company[];
  onCompanies: (companies: Company[]) => void;
  countries: string[];
  onCountries: (countries: string[]) => void;
  companiesError?: FieldError | undefined;
  countriesError?: FieldError | undefined;
};

function Errors({ id, error }: { id: string; error: FieldError | undefined }) {
  const { t } = useTranslation('errors');
  const codes = errorCodes(error);
  if (!codes.length) return null;
  return (
    <div id={id} className="text-sm text-red-700">
      {codes.map((code) => (
        <p key={code}>{translateErrorCode(t, code)}</p>
      ))}
    </div>
  );
}

/** The chosen companies (removable) and a search that adds more (the staff's company list). */
function CompanyPicker({
  companies,
  onCompanies,
  error,
}: {
  companies: Company[];
  onCompanies: Props['onCompanies'];
  error?: FieldError | undefined;
}) {
  const { t } = useTranslation('news');
  const id = useId();
  const [search, setSearch] = useState('');
  const wanted = useDebouncedValue(search.trim(), 300);
  const results = useNewsCompanies(wanted);
  const chosen = new Set(companies.map((c) => c.id));
  const toggle = (company: Company, on: boolean) =>
    onCompanies(on ? [...companies, company] : companies.filter((c) => c.id !== company.id));
  const invalid = errorCodes(error).length > 0;
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-2"
      aria-invalid={invalid}
      aria-describedby={invalid ? `${id}-error` : undefined}
    >
      <legend
        className={cn('mb-1 text-sm font-medium', invalid ? 'text-red-700' : 'text-slate-800')}
      >
        {t('news:dialog.companies')}
        <span aria-hidden="true" className="ml-0.5 text-red-600">
          *
        </span>
      </legend>
      {companies.length ? (
        <ul aria-label={t('news:dialog.companies')} className="flex flex-wrap gap-2">
          {companies.map((company) => (
            <li
              key={company.id}
              className="flex min-w-0 items-center gap-1 rounded-full border border-slate-300 bg-slate-50 py-0.5 pl-3 pr-1 text-sm text-slate-800"
            >
              <span className="min-w-0 break-words">{company.social_reason}</span>
              <button
                type="button"
                className="rounded-full p-1 text-slate-600 hover:bg-slate-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                aria-label={t('news:dialog.remove_company', { name: company.social_reason })}
                onClick={() => toggle(company, false)}
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">{t('news:dialog.companies_none')}</p>
      )}
      <Input
        type="search"
        aria-label={t('news:dialog.company_search')}
        placeholder={t('news:dialog.company_search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {results.isPending ? (
        <Spinner className="min-h-16" label={t('news:dialog.loading_companies')} />
      ) : results.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('news:dialog.companies_error')}
        </p>
      ) : (
        <ul
          aria-label={t('news:dialog.company_results')}
          aria-busy={results.isFetching}
          className="max-h-56 overflow-y-auto rounded-lg border border-slate-200 p-1"
        >
          {results.data.data.length === 0 ? (
            <li className="px-2 py-1.5 text-sm text-slate-600">
              {t('news:dialog.no_company', { search: wanted })}
            </li>
          ) : null}
          {results.data.data.map((company) => (
            <li key={company.id}>
              <label className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-50">
                <Checkbox
                  checked={chosen.has(company.id)}
                  onChange={(event) =>
                    toggle(
                      { id: company.id, social_reason: company.social_reason },
                      event.target.checked,
                    )
                  }
                />
                <span className="min-w-0 break-words">{company.social_reason}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <Errors id={`${id}-error`} error={error} />
    </fieldset>
  );
}

/**
 * Who sees an item: every company or the chosen ones (radio buttons), and optionally only the
 * companies of some countries (checkboxes named in the interface's language; none: any country).
 */
export function NewsAudienceFields({
  audience,
  onAudience,
  companies,
  onCompanies,
  countries,
  onCountries,
  companiesError,
  countriesError,
}: Props) {
  const { t, i18n } = useTranslation('news');
  const id = useId();
  const known = useNewsCountries();
  const named = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region', fallback: 'code' });
    // A country no company has any more stays listed while the item names it.
    const codes = [...new Set([...(known.data ?? []), ...countries])];
    return codes
      .map((code) => ({ code, name: names.of(code) ?? code }))
      .sort((a, b) => a.name.localeCompare(b.name, i18n.language));
  }, [known.data, countries, i18n.language]);
  const chosen = new Set(countries);
  const countriesInvalid = errorCodes(countriesError).length > 0;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">
          {t('news:dialog.audience')}
        </legend>
        {(['all', 'companies'] as const).map((value) => (
          <label
            key={value}
            className="flex cursor-pointer items-center gap-2 text-sm text-slate-800"
          >
            <input
              type="radio"
              name={`${id}-audience`}
              value={value}
              className="size-4 accent-brand-600"
              checked={audience === value}
              onChange={() => onAudience(value)}
            />
            {t(`news:dialog.audience_${value}`)}
          </label>
        ))}
      </fieldset>
      {audience === 'companies' ? (
        <CompanyPicker companies={companies} onCompanies={onCompanies} error={companiesError} />
      ) : null}
      <fieldset
        className="flex min-w-0 flex-col gap-2"
        aria-describedby={`${id}-countries-hint${countriesInvalid ? ` ${id}-countries-error` : ''}`}
      >
        <legend
          className={cn(
            'mb-1 text-sm font-medium',
            countriesInvalid ? 'text-red-700' : 'text-slate-800',
          )}
        >
          {t('news:dialog.countries')}
        </legend>
        <p id={`${id}-countries-hint`} className="text-xs text-slate-600">
          {t('news:dialog.countries_hint')}
        </p>
        {known.isPending ? (
          <Spinner className="min-h-10" label={t('news:dialog.loading_countries')} />
        ) : (
          <ul aria-label={t('news:dialog.countries')} className="flex flex-wrap gap-x-4 gap-y-1">
            {named.map((country) => (
              <li key={country.code}>
                <label className="flex cursor-pointer items-center gap-2 py-1 text-sm text-slate-800">
                  <Checkbox
                    checked={chosen.has(country.code)}
                    onChange={(event) =>
                      onCountries(
                        event.target.checked
                          ? [...countries, country.code]
                          : countries.filter((c) => c !== country.code),
                      )
                    }
                  />
                  {country.name}
                </label>
              </li>
            ))}
          </ul>
        )}
        <Errors id={`${id}-countries-error`} error={countriesError} />
      </fieldset>
    </div>
  );
}
