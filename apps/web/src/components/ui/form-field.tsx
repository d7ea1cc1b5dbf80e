import { useId, type ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateErrorCode } from '../../lib/error-message.ts';
import { cn } from '../../lib/cn.ts';

export type FieldControlProps = {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'aria-required': boolean | undefined;
};

type FormFieldProps = {
  label: ReactNode;
  error?: FieldError | undefined;
  required?: boolean;
  hint?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

export function errorCodes(error: FieldError | undefined): string[] {
  if (!error) return [];
  const fromTypes = Object.values(error.types ?? {}).flatMap((value) =>
    typeof value === 'string' ? [value] : Array.isArray(value) ? value.map(String) : [],
  );
  if (fromTypes.length) return fromTypes;
  return [error.message || 'field_required'];
}

/** Spec 5: red asterisk when required, red label when invalid, messages from the errors namespace. */
export function FormField({ label, error, required, hint, className, children }: FormFieldProps) {
  const { t } = useTranslation('errors');
  const id = useId();
  const messageId = `${id}-message`;
  const hintId = `${id}-hint`;
  const codes = errorCodes(error);
  const describedBy = [codes.length ? messageId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className={cn('text-sm font-medium', codes.length ? 'text-red-700' : 'text-slate-800')}>
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
        ) : null}
      </label>
      {children({
        id,
        'aria-invalid': codes.length > 0,
        'aria-describedby': describedBy || undefined,
        'aria-required': required || undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {codes.length ? (
        <div id={messageId} className="flex flex-col gap-0.5 text-sm text-red-700">
          {codes.map((code) => (
            <p key={code}>{translateErrorCode(t, code)}</p>
          ))}
        </div>
      ) : null}
    </div>
  );
}
