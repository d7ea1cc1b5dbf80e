import { RotateCw, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { errorStatus } from '../../../lib/api-error.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { SharedLinkInvalid } from './shared-link-invalid.tsx';

type Props = { error: unknown; onRetry: () => void };

/** The link could not be opened: no longer valid (404), too many attempts from this address (429), or a failure to try again. */
export function SharedLoadError({ error, onRetry }: Props) {
  const status = errorStatus(error);
  if (status === 404) return <SharedLinkInvalid />;
  return <LoadFailure throttled={status === 429} onRetry={onRetry} />;
}

function LoadFailure({ throttled, onRetry }: { throttled: boolean; onRetry: () => void }) {
  const { t } = useTranslation(['shared', 'common', 'errors']);
  const title = throttled ? t('errors:too_many_requests') : t('common:error');
  useDocumentTitle(title);
  return (
    <EmptyState headingLevel="h1" icon={TriangleAlert} title={title}>
      {throttled ? null : (
        <Button variant="outline" onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          {t('shared:view.retry')}
        </Button>
      )}
    </EmptyState>
  );
}
