import { useMutation } from '@tanstack/react-query';
import type { TLoginRequest, TLoginResponse } from '@embauche/contracts/auth';
import { api } from '../../../lib/api-client.ts';

export function login(body: TLoginRequest): Promise<TLoginResponse> {
  return api.post<TLoginResponse>('/login', body);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
