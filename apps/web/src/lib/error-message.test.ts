import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../test/test-i18n.ts';
import { translateErrorCode } from './error-message.ts';

describe('translateErrorCode', () => {
  const { t } = createTestI18n('en');

  it('passes a number as the count, a plain code as it is', () => {
    expect(translateErrorCode(t, 'max_length:100')).toBe('At most 100 characters.');
    expect(translateErrorCode(t, 'field_required')).toBe('This field is required.');
  });

  it('names the things a code lists, with or without braces, in the singular or plural', () => {
    expect(translateErrorCode(t, 'unknown_merge_fields:candidate.age,offer.salary')).toBe(
      'These merge fields do not exist for this kind of e-mail: candidate.age, offer.salary.',
    );
    expect(translateErrorCode(t, 'unknown_merge_fields:{candidate.age}')).toBe(
      'This merge field does not exist for this kind of e-mail: candidate.age.',
    );
  });
});
