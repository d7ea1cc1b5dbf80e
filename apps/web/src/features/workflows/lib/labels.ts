import type { TMotifSetting, TStatusSetting } from '@embauche/contracts/workflows';

/**
 * How the pipeline's labels (lib/pipeline/status-label.ts) read a status or motif setting: the
 * company's own name as typed, else a default one translated (`config:status.statuses.{name}`).
 */
export function asStatus(s: Pick<TStatusSetting, 'name' | 'label' | 'default_status'>) {
  return s.label ? { name: s.label, default_status: false } : { name: s.name, default_status: s.default_status };
}

export function asMotif(m: Pick<TMotifSetting, 'name' | 'label' | 'default_motif'>) {
  return m.label ? { name: m.label, default_motif: false } : { name: m.name, default_motif: m.default_motif };
}
