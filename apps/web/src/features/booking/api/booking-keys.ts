/** The public booking page's queries, by the link's token. */
export const bookingKey = (token: string) => ['booking', token] as const;
