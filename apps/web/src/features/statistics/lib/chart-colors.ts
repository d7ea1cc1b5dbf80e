/**
 * The charts' colours, in order: distinct for the common kinds of colour blindness and at least
 * 3:1 against white (the brand's indigo first). Series keep their colour from chart to chart.
 */
export const CHART_COLORS = [
  '#4f46e5',
  '#0f766e',
  '#c2410c',
  '#be123c',
  '#0369a1',
  '#7e22ce',
  '#a16207',
  '#475569',
] as const;

export const SERIES_COLORS = {
  applications: CHART_COLORS[0],
  interviews: CHART_COLORS[4],
  hires: CHART_COLORS[1],
  refusals: CHART_COLORS[3],
  withdrawals: CHART_COLORS[2],
} as const;

export function colorAt(index: number): string {
  return CHART_COLORS[index % CHART_COLORS.length]!;
}
