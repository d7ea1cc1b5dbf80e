import { zodResolver } from '@hookform/resolvers/zod';
import { ZLoginRequest } from '@embauche/contracts/auth';

/** The sign-in form's rules: the shared request schema. */
export const loginResolver = zodResolver(ZLoginRequest);

export function isLoginEmail(value: string): boolean {
  return ZLoginRequest.shape.email.safeParse(value).success;
}
