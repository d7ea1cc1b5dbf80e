import { useMutation } from '@tanstack/react-query';
import type { TTimeZoneRequest } from '@embauche/contracts/profile';
import { api } from '../../../lib/api-client.ts';

/** `PUT /user_profile/time_zone`: the user's own zone, null for the company's. */
export function updateTimeZone(timeZone: TTimeZoneRequest['time_zone']): Promise<void> {
  return api.put<void>('/user_profile/time_zone', { time_zone: timeZone });
}

export function useUpdateTimeZone(onSaved?: () => void) {
  return useMutation({ mutationFn: updateTimeZone, onSuccess: () => onSaved?.() });
}
