import { ArrowRightLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TApplicationItem, TStatus } from '@embauche/contracts/applications';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu, DropdownMenuContent, DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { usePipelineLabels } from '../../../lib/pipeline/status-label.ts';
import { applicantName } from '../lib/applicant-name.ts';

type Props = {
  application: TApplicationItem;
  statuses: TStatus[];
  onChange: (application: TApplicationItem, status: TStatus) => void;
  /** A small icon button on board cards, a labelled button in rows. */
  compact?: boolean;
};

/** The keyboard-friendly way to change one application's status: a menu of the workflow's statuses. */
export function StatusMenu({ application, statuses, onChange, compact }: Props) {
  const { t } = useTranslation('application');
  const labels = usePipelineLabels();
  const name = applicantName(application);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant={compact ? 'ghost' : 'outline'}
          size={compact ? 'icon' : 'sm'}
          className={compact ? 'size-8' : undefined}
          aria-label={t('application:status_change.menu', { name })}
          title={compact ? t('application:status_change.button') : undefined}
        >
          <ArrowRightLeft aria-hidden="true" />
          {compact ? null : <span aria-hidden="true">{t('application:status_change.button')}</span>}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t('application:status_change.title')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={String(application.status.id)}
          onValueChange={(value) => {
            const status = statuses.find((s) => String(s.id) === value);
            if (status && status.id !== application.status.id) onChange(application, status);
          }}
        >
          {statuses.map((status) => (
            <DropdownMenuRadioItem key={status.id} value={String(status.id)}>
              {labels.statusLabel(status)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
