import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useOnboardingUsers, type OnboardingUser } from '../api/search-onboarding-users.ts';

type Props = {
  /** The select's label ("Manager", "Owner"). */
  label: string;
  value: number | null;
  /** The person already chosen (shown before any search). */
  current?: OnboardingUser | null | undefined;
  onChange: (user: OnboardingUser | null) => void;
  required?: boolean;
  invalid?: boolean;
  /** The empty choice's text (default "Nobody"; a filter says "All"). */
  noneLabel?: string | undefined;
  describedBy?: string | undefined;
};

/**
 * One person of the company: a search box, then a select of the people found (the chosen one
 * stays in it). Both are labelled; the select is what a form reads.
 */
export function UserPicker({ label, value, current, onChange, required, invalid, describedBy, noneLabel }: Props) {
  const { t } = useTranslation('onboarding');
  const id = useId();
  const [search, setSearch] = useState('');
  const users = useOnboardingUsers(useDebouncedValue(search, 300));
  const found = users.data ?? [];
  const options = current && !found.some((u) => u.id === current.id) ? [current, ...found] : found;
  return (
    <div className="grid min-w-0 gap-2 sm:grid-cols-2">
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor={`${id}-search`} className="text-sm font-medium text-slate-800">
          {t('onboarding:people.search', { label })}
        </label>
        <Input
          id={`${id}-search`}
          type="search"
          value={search}
          maxLength={100}
          placeholder={t('onboarding:people.search_placeholder')}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor={`${id}-user`} className="text-sm font-medium text-slate-800">
          {label}
          {required ? (
            <span aria-hidden="true" className="ml-0.5 text-red-600">
              *
            </span>
          ) : null}
        </label>
        <Select
          id={`${id}-user`}
          value={value ?? ''}
          aria-invalid={invalid || undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy}
          onChange={(e) => {
            const chosen = options.find((u) => u.id === Number(e.target.value));
            onChange(chosen ?? null);
          }}
        >
          <option value="">{noneLabel ?? t('onboarding:people.none')}</option>
          {options.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
