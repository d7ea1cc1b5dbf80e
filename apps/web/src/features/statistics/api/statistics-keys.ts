/** Every cached read of the statistics page starts with this key. */
export const statisticsKey = ['statistics'] as const;
export const statisticsReportKey = (kind: string) => [...statisticsKey, 'report', kind] as const;
export const statisticsChoicesKey = [...statisticsKey, 'choices'] as const;
