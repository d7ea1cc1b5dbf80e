import { RefreshCw, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { toLanguage } from '../../../lib/language.ts';
import { errorStatus } from '../../../lib/api-error.ts';
import { useRegenerateSummary, useSummary, type SummarySubject } from '../api/get-summary.ts';
import { summaryText } from '../lib/summary-text.ts';

/** The AI summary of the application in focus (or of the applicant), with who wrote it, when, and "regenerate". */
export function SummaryCard({ subject }: { subject: SummarySubject }) {
  const { t, i18n } = useTranslation(['ai', 'common']);
  const lang = toLanguage(i18n.language);
  const query = useSummary(subject, lang);
  const regenerate = useRegenerateSummary(subject, lang);
  const busy = query.isFetching || regenerate.isPending;
  const failed = (error: unknown) => (errorStatus(error) === 503 || errorStatus(error) === 502 ? t('ai:unavailable') : t('common:error'));
  const summary = query.data;
  return (
    <Card
      title={subject.type === 'application' ? t('ai:summary') : t('ai:applicant_summary')}
      actions={
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          aria-busy={regenerate.isPending}
          onClick={() => regenerate.mutate(undefined, { onError: (error) => toast.error(failed(error)) })}
        >
          <RefreshCw aria-hidden="true" className={regenerate.isPending ? 'animate-spin' : undefined} />
          {t('ai:regenerate')}
        </Button>
      }
    >
      {query.isPending || regenerate.isPending ? (
        <Spinner label={t('ai:generating')} />
      ) : query.isError && !summary ? (
        <p className="text-sm text-slate-700">{failed(query.error)}</p>
      ) : summary ? (
        <div className="flex flex-col gap-3">
          <p className="whitespace-pre-line text-sm leading-relaxed text-slate-800">{summaryText(summary.text)}</p>
          <p className="flex items-center gap-1.5 text-xs text-slate-600">
            <Sparkles aria-hidden="true" className="size-3.5" />
            {summary.source === 'local' ? t('ai:source.local') : summary.model ? t('ai:source.http_model', { model: summary.model }) : t('ai:source.http')}
            {' · '}
            {t('ai:generated_at', { date: formatDate(summary.created_at, 'datetime', i18n.language) })}
          </p>
        </div>
      ) : null}
    </Card>
  );
}
