/** `YYYY-MM-DD hh:mm:ss[.ffffff]` as PostgreSQL writes a timestamp (DateStyle ISO), in UTC when `+00` follows. */
const UTC_TIMESTAMP = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?(\+00)?$/;

/**
 * A PostgreSQL timestamp's text as our API writes dates: ISO 8601 in UTC with milliseconds. A
 * `timestamptz` read in UTC (`…+00`) or a `timestamp` (taken as UTC) is rewritten as text, since an
 * offer's board reads 10,000 of them and a Date per value cost 15 ms; any other form (another
 * offset, a year past 9999, infinity) goes through Date, as before. Digits past the milliseconds are
 * dropped, as Date drops them.
 */
export function pgTimestampToIso(text: string, withZone: boolean): string {
  const match = UTC_TIMESTAMP.exec(text);
  if (match && (match[4] !== undefined) === withZone) {
    const fraction = (match[3] ?? '').slice(0, 3).padEnd(3, '0');
    return `${match[1]}T${match[2]}.${fraction}Z`;
  }
  return new Date(withZone ? text : `${text}Z`).toISOString();
}
