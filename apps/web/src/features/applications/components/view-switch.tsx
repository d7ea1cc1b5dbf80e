import { KanbanSquare, List } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import type { ApplicationView } from '../hooks/use-application-params.ts';

/** List or board: two toggle buttons, the pressed one is the current view. */
export function ViewSwitch({ view, onChange }: { view: ApplicationView; onChange: (view: ApplicationView) => void }) {
  const { t } = useTranslation('application');
  return (
    <div role="group" aria-label={t('application:views.label')} className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 shadow-sm">
      <Button variant={view === 'list' ? 'secondary' : 'ghost'} size="sm" aria-pressed={view === 'list'} onClick={() => onChange('list')}>
        <List aria-hidden="true" />
        {t('application:views.list')}
      </Button>
      <Button variant={view === 'board' ? 'secondary' : 'ghost'} size="sm" aria-pressed={view === 'board'} onClick={() => onChange('board')}>
        <KanbanSquare aria-hidden="true" />
        {t('application:views.board')}
      </Button>
    </div>
  );
}
