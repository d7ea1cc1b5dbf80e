import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { Input } from './input.tsx';

/** react-hook-form rules for a 6-digit authenticator code; messages are error codes. */
export const ONE_TIME_CODE_RULES = {
  required: 'field_required',
  pattern: { value: /^\s*\d{6}\s*$/, message: 'invalid_code' },
} as const;

/** A 6-digit authenticator code field: numeric keyboard, autofill from the OS, monospaced. */
export function OneTimeCodeInput({ className, ...props }: ComponentProps<'input'>) {
  return (
    <Input
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      className={cn('font-mono', className)}
      {...props}
    />
  );
}
