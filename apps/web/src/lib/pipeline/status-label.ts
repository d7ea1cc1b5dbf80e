import { useCallback } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { STATUSES_NEEDING_MOTIF } from '@embauche/contracts/constants';

export type StatusLike = { name: string; default_status: boolean };
export type MotifLike = { name: string; default_motif: boolean };

/** Spec 3 "Status": a default status is shown through `config:status:statuses.{name}`, a company's own by its name. */
export function statusLabel(t: TFunction, status: StatusLike): string {
  return status.default_status ? t(`config:status.statuses.${status.name}`, { defaultValue: status.name }) : status.name;
}

/** A default motif is shown through `config:status:motifs.{name}`, a company's own by its name. */
export function motifLabel(t: TFunction, motif: MotifLike): string {
  return motif.default_motif ? t(`config:status.motifs.${motif.name}`, { defaultValue: motif.name }) : motif.name;
}

/** Moving an application to this status needs a motif (refusal or withdrawal). */
export function statusNeedsMotif(statusId: number): boolean {
  return STATUSES_NEEDING_MOTIF.includes(statusId);
}

/** `statusLabel` and `motifLabel` bound to the current language (loads the `config` namespace). */
export function usePipelineLabels() {
  const { t } = useTranslation('config');
  const status = useCallback((value: StatusLike) => statusLabel(t, value), [t]);
  const motif = useCallback((value: MotifLike) => motifLabel(t, value), [t]);
  return { statusLabel: status, motifLabel: motif };
}
