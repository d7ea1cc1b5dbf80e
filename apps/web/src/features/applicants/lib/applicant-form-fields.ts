import { z } from 'zod';
import { ZManualApplicant } from '@embauche/contracts/applicants';
import { isSafeLink } from '@embauche/contracts/links';

/** The manual payload's rules as text inputs hold them ('' for empty), with the contract's error codes. */
export const optionalText = (max: number) => z.string().trim().max(max, `max_length:${max}`);

/** An optional web link ('' for none): http(s) only, as the server checks it (`invalid_url`). */
export const optionalLink = (max = 2048) => optionalText(max).refine((value) => value === '' || isSafeLink(value), 'invalid_url');

export const ZApplicantIdentityFields = z.object({
  firstname: ZManualApplicant.shape.firstname,
  lastname: ZManualApplicant.shape.lastname,
  email: optionalText(255).refine((value) => value === '' || z.email().safeParse(value).success, 'invalid_email'),
  phone: optionalText(30),
});
