import { set, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  BOOKING_EXPIRY_DAYS_DEFAULT,
  ZBookingLinkInput,
  type TBookingLinkFormInput,
  type TBookingLinkInput,
} from '@embauche/contracts/planner';

/** What the booking-link dialog edits; `template_id` 0 until one is chosen. */
export type BookingLinkFormValues = Omit<TBookingLinkFormInput, 'application_ids' | 'channels'> & {
  channels: string[] | string | false;
};

export function defaultBookingLinkValues(): BookingLinkFormValues {
  return {
    template_id: 0,
    channels: ['email'],
    expires_in_days: BOOKING_EXPIRY_DAYS_DEFAULT,
    message: '',
  };
}

/** Checks the values with the contracts' schema for these applications; no template chosen is `field_required`. */
export function bookingLinkResolver(
  applicationIds: number[],
): Resolver<BookingLinkFormValues, unknown, TBookingLinkInput> {
  return async (values) => {
    // A lone checkbox gives a string, none checked `false`.
    const channels = Array.isArray(values.channels)
      ? values.channels
      : values.channels
        ? [values.channels]
        : [];
    const parsed = ZBookingLinkInput.safeParse({
      ...values,
      channels,
      template_id: values.template_id || undefined,
      expires_in_days: Number.isNaN(values.expires_in_days) ? undefined : values.expires_in_days,
      application_ids: applicationIds,
    });
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: FieldErrors<BookingLinkFormValues> = {};
    for (const issue of parsed.error.issues) {
      const at = String(issue.path[0] ?? 'root');
      const message = at === 'template_id' ? 'field_required' : issue.message;
      if (!(at in errors)) set(errors, at, { type: 'validation', message });
    }
    return { values: {}, errors };
  };
}
