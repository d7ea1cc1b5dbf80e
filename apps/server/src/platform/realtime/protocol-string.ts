/**
 * Topics, matchers, event ids and types end up in the SSE framing and in `Last-Event-ID`: the
 * protocol forbids control characters (C0, DEL, C1) and Unicode format characters (`Cf`, such as
 * bidirectional and zero-width controls) in all of them, so that no value injects an SSE field.
 * A lone surrogate (`Cs`) is not valid UTF-8 on the wire and is refused too.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\p{Cf}\p{Cs}]/u;

/** Whether `value` may be a topic, a matcher, an event id or an event type. */
export function isProtocolString(value: string): boolean {
  return !FORBIDDEN.test(value);
}

/** Whether `value` is valid UTF-8 once sent (no lone surrogate): the publish `data` rule. */
export function isWellFormedText(value: string): boolean {
  return !/\p{Cs}/u.test(value);
}
