import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TStatisticsMotif, TStatisticsStatus } from '@embauche/contracts/statistics';
import { motifLabel, statusLabel } from '../../../lib/pipeline/status-label.ts';

/**
 * Status and motif names as the workflow screens show them: the company's own label, else a
 * default one translated (`config:status.*`), else the stored name; "No motif" for none.
 */
export function useStatisticsLabels() {
  const { t } = useTranslation(['statistics', 'config']);
  const status = useCallback(
    (value: TStatisticsStatus) => value.label ?? statusLabel(t, value),
    [t],
  );
  const motif = useCallback(
    (value: TStatisticsMotif) =>
      value.id === null || value.name === null
        ? t('statistics:refusals.no_motif')
        : (value.label ?? motifLabel(t, { name: value.name, default_motif: value.default_motif })),
    [t],
  );
  return { status, motif };
}
