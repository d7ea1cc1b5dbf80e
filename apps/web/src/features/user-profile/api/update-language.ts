import { useMutation } from '@tanstack/react-query';
import type { Language } from '@embauche/contracts/constants';
import { api } from '../../../lib/api-client.ts';

export function updateLanguage(language: Language): Promise<void> {
  return api.put<void>('/user_profile/language', { language });
}

export function useUpdateLanguage(onSaved?: () => void) {
  return useMutation({ mutationFn: updateLanguage, onSuccess: () => onSaved?.() });
}
