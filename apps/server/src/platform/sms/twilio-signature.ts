import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio's request signature (`X-Twilio-Signature`): HMAC-SHA1, keyed with the auth token, of the
 * full URL Twilio called followed by every POST parameter as name then value, names sorted;
 * base64. A parameter repeated is taken once per value, in order.
 */
export function twilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string | string[] | undefined>,
): string {
  let data = url;
  for (const key of Object.keys(params).sort()) {
    const value = params[key];
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) data += key + v;
  }
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Whether `signature` is the one Twilio computes for this request (constant-time comparison). */
export function validTwilioSignature(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: Record<string, string | string[] | undefined>,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
