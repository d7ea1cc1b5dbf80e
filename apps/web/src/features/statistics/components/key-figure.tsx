import type { ReactNode } from 'react';
import { ComparisonArrow } from './comparison-arrow.tsx';

type Props = {
  label: string;
  value: string;
  /** A second line under the value ("90 % within 41 days"). */
  detail?: ReactNode;
  current: number | null;
  previous: number | null;
  previousText: string;
  better: 'up' | 'down';
};

/** One key figure of the period with its arrow against the previous one. */
export function KeyFigure({
  label,
  value,
  detail,
  current,
  previous,
  previousText,
  better,
}: Props) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4 shadow-sm break-inside-avoid">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="flex flex-col gap-1">
        <span className="text-2xl font-semibold tabular-nums text-slate-900">{value}</span>
        {detail ? <span className="text-xs text-slate-600">{detail}</span> : null}
        <ComparisonArrow
          current={current}
          previous={previous}
          previousText={previousText}
          better={better}
        />
      </dd>
    </div>
  );
}
