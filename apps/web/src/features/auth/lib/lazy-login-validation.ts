import type { Resolver } from 'react-hook-form';
import type { TLoginRequest } from '@embauche/contracts/auth';

/**
 * zod weighs about as much as the rest of the login page: it is fetched when the form is first
 * used (focus, blur, submit), not to show the page.
 */
export const loadLoginValidation = () => import('./login-validation.ts');

export const lazyLoginResolver: Resolver<TLoginRequest> = async (values, context, options) =>
  (await loadLoginValidation()).loginResolver(values, context, options);

export async function isLoginEmail(value: string): Promise<boolean> {
  return (await loadLoginValidation()).isLoginEmail(value);
}
