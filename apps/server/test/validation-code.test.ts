import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ZArchiveRequest, ZExportSpecificRequest } from '@embauche/contracts/offers';
import { fieldErrors } from '../src/platform/http/parse-body.ts';
import { validationCode } from '../src/platform/http/validation-code.ts';

const errorsOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return fieldErrors(result.error);
};

describe('validation codes', () => {
  it('keeps the code our schemas put in the message', () => {
    expect(validationCode('too_big', 'max_length:255')).toBe('max_length:255');
    expect(validationCode('invalid_value', 'field_required')).toBe('field_required');
    expect(validationCode('invalid_value', 'invalid')).toBe('invalid');
  });

  it('maps zod messages: a missing typed key is required, anything else invalid', () => {
    expect(
      validationCode('invalid_type', 'Invalid input: expected string, received undefined'),
    ).toBe('field_required');
    expect(validationCode('invalid_type', 'Invalid input: expected string, received number')).toBe(
      'invalid',
    );
    expect(validationCode('invalid_value', 'Invalid option: expected one of "a"|"b"')).toBe(
      'invalid',
    );
    expect(validationCode('custom', undefined)).toBe('invalid');
  });

  it('tells a missing enum key from a value outside the enum', () => {
    expect(errorsOf(ZArchiveRequest, {})).toEqual({ reason: ['field_required'] });
    expect(errorsOf(ZArchiveRequest, { reason: 'x' })).toEqual({ reason: ['invalid'] });
    expect(errorsOf(ZArchiveRequest, { reason: null })).toEqual({ reason: ['field_required'] });
    expect(errorsOf(ZArchiveRequest, { reason: '' })).toEqual({ reason: ['field_required'] });
    expect(errorsOf(ZArchiveRequest, { reason: 'Position_filled' })).toEqual({
      reason: ['invalid'],
    });
    expect(errorsOf(ZExportSpecificRequest, { offer_ids: [1] })).toEqual({
      format: ['field_required'],
    });
    expect(errorsOf(ZExportSpecificRequest, { format: 'pdf', offer_ids: [1] })).toEqual({
      format: ['invalid'],
    });
  });
});
