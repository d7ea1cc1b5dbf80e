import { parseAsInteger, parseAsString, parseAsStringLiteral, useQueryStates } from 'nuqs';
import { toZoneWallTime } from '../../../lib/dates.ts';
import {
  DEFAULT_RANGE,
  parseDay,
  RANGE_PRESETS,
  resolveRange,
  type DayRange,
} from '../lib/statistics-range.ts';

/** The range and filters of `/stats` in the query string: a link opens the same figures. */
export const statisticsParsers = {
  range: parseAsStringLiteral(RANGE_PRESETS).withDefault(DEFAULT_RANGE),
  from: parseAsString,
  to: parseAsString,
  project: parseAsInteger,
  offer: parseAsInteger,
  subsidiary: parseAsInteger,
  recruiter: parseAsInteger,
  /** A job board id, or `none`. */
  source: parseAsString,
  contract: parseAsString,
};

export type StatisticsFilterName =
  'project' | 'offer' | 'subsidiary' | 'recruiter' | 'source' | 'contract';
export const FILTER_NAMES: StatisticsFilterName[] = [
  'project',
  'offer',
  'subsidiary',
  'recruiter',
  'source',
  'contract',
];

export type StatisticsFilters = {
  project: number | null;
  offer: number | null;
  subsidiary: number | null;
  recruiter: number | null;
  /** A job board id, or `none`. */
  source: string | null;
  contract: string | null;
};

/**
 * Today on the company's clock (the server counts days in its time zone), else the browser's: the
 * last day of the presets.
 */
function companyToday(timeZone: string | undefined): Date {
  if (!timeZone) return new Date();
  try {
    return parseDay(toZoneWallTime(new Date(), timeZone).toISOString().slice(0, 10)) ?? new Date();
  } catch {
    return new Date();
  }
}

export function useStatisticsParams(timeZone?: string) {
  const [params, setParams] = useQueryStates(statisticsParsers);
  // Computed on each render, so a page left open over midnight moves on.
  const range: DayRange = resolveRange(
    params.range,
    { from: params.from, to: params.to },
    companyToday(timeZone),
  );
  const filters: StatisticsFilters = {
    project: params.project,
    offer: params.offer,
    subsidiary: params.subsidiary,
    recruiter: params.recruiter,
    source: params.source === 'none' || /^\d+$/.test(params.source ?? '') ? params.source : null,
    contract: params.contract?.trim() ? params.contract.trim().slice(0, 100) : null,
  };
  const activeFilters = FILTER_NAMES.filter((name) => filters[name] !== null).length;
  return {
    preset: params.range,
    range,
    filters,
    activeFilters,
    /** A preset: the custom days leave the URL. */
    setPreset: (preset: (typeof RANGE_PRESETS)[number]) =>
      void setParams(
        preset === 'custom'
          ? { range: 'custom', from: range.from, to: range.to }
          : { range: preset === DEFAULT_RANGE ? null : preset, from: null, to: null },
      ),
    setCustom: (next: Partial<DayRange>) =>
      void setParams({ range: 'custom', from: next.from ?? range.from, to: next.to ?? range.to }),
    setFilter: <K extends StatisticsFilterName>(name: K, value: StatisticsFilters[K]) =>
      void setParams({ [name]: value }),
    reset: () =>
      void setParams({
        project: null,
        offer: null,
        subsidiary: null,
        recruiter: null,
        source: null,
        contract: null,
      }),
  };
}
