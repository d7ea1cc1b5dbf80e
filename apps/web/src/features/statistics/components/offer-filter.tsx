import { useId, useState } from 'react';
import { Popover } from 'radix-ui';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useStatisticsOffers } from '../api/search-statistics-offers.ts';

type Props = {
  value: number | null;
  onChange: (value: number | null) => void;
};

/** Names of offers picked in this tab, so that the button keeps saying which one is chosen. */
const knownTitles = new Map<number, string>();

/**
 * One offer among those the user sees, found by title: a button naming the choice, opening a
 * search box and the first 20 matches as radio buttons (arrows move, Space picks).
 */
export function OfferFilter({ value, onChange }: Props) {
  const { t } = useTranslation('statistics');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 250);
  const offers = useStatisticsOffers(debounced, { enabled: open || value !== null });
  const rows = open ? (offers.data?.data ?? []) : [];
  for (const offer of offers.data?.data ?? []) knownTitles.set(offer.id, offer.job_position);
  const current =
    value === null
      ? t('statistics:filters.all_offers')
      : (knownTitles.get(value) ?? t('statistics:filters.offer_number', { id: value }));
  const pick = (next: number | null) => {
    onChange(next);
    setOpen(false);
  };
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium text-slate-800">
        {t('statistics:filters.offer')}
      </span>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <button
            type="button"
            aria-labelledby={`${id}-label ${id}-value`}
            className="flex h-10 w-full min-w-0 items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 text-left text-sm text-slate-900 shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            <span id={`${id}-value`} className="truncate">
              {current}
            </span>
            <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-slate-600" />
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={6}
            className="z-50 max-h-96 w-[min(20rem,calc(100vw-2rem))] overflow-y-auto rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
          >
            <Input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              aria-label={t('statistics:filters.offer_search')}
              placeholder={t('statistics:filters.offer_search')}
              className="mb-2 h-9"
            />
            <fieldset>
              <legend className="sr-only">{t('statistics:filters.offer')}</legend>
              <label className="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-50">
                <input
                  type="radio"
                  name={`${id}-offer`}
                  checked={value === null}
                  onChange={() => pick(null)}
                  className="size-4 accent-brand-600"
                />
                {t('statistics:filters.all_offers')}
              </label>
              {rows.map((offer) => (
                <label
                  key={offer.id}
                  className="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-50"
                >
                  <input
                    type="radio"
                    name={`${id}-offer`}
                    checked={value === offer.id}
                    onChange={() => pick(offer.id)}
                    className="size-4 shrink-0 accent-brand-600"
                  />
                  <span className="min-w-0 break-words">{offer.job_position}</span>
                </label>
              ))}
              {offers.isSuccess && rows.length === 0 ? (
                <p className="px-2 py-1.5 text-sm text-slate-600">
                  {t('statistics:filters.no_offer')}
                </p>
              ) : null}
            </fieldset>
            {value !== null ? (
              <Button variant="ghost" size="sm" className="mt-1 w-full" onClick={() => pick(null)}>
                {t('statistics:filters.clear_offer')}
              </Button>
            ) : null}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
