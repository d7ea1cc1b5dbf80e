import { useTranslation } from 'react-i18next';
import { AlertTriangle } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';

/** Tasks done out of all, as a bar named for screen readers ("3 of 8 tasks done"). */
export function OnboardingProgress({ done, total }: { done: number; total: number }) {
  const { t } = useTranslation('onboarding');
  const label = t('onboarding:progress', { done, total });
  return (
    <div className="flex min-w-0 items-center gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        className="h-2 w-24 shrink-0 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-brand-600" style={{ width: `${total ? Math.round((done / total) * 100) : 0}%` }} />
      </div>
      <span aria-hidden="true" className="text-xs text-slate-700">
        {done}/{total}
      </span>
    </div>
  );
}

/** "2 overdue tasks", shown only when some are. */
export function OverdueBadge({ count }: { count: number }) {
  const { t } = useTranslation('onboarding');
  if (count === 0) return null;
  return (
    <Badge tone="danger">
      <AlertTriangle aria-hidden="true" className="size-3" />
      {t('onboarding:overdue', { count })}
    </Badge>
  );
}
