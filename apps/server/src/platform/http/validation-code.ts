/**
 * The 422 code of one zod issue. Our schemas put the code in the message (`field_required`,
 * `max_length:255`, or what `requiredOr` answers for an enum); zod's own messages become
 * `field_required` for a missing key of a typed field and `invalid` for anything else (a wrong type,
 * a value outside an enum: zod does not say whether an enum key was missing, hence `requiredOr`).
 */
export function validationCode(issueCode: string, message: string | undefined): string {
  if (message && /^[a-z_]+(:\d+)?$/.test(message)) return message;
  if (issueCode === 'invalid_type' && message?.includes('received undefined')) {
    return 'field_required';
  }
  return 'invalid';
}
