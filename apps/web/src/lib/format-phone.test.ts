import { describe, expect, it } from 'vitest';
import { formatPhone } from './format-phone.ts';

describe('formatPhone', () => {
  it('groups French numbers in pairs, national form included', () => {
    expect(formatPhone('+33612345678')).toBe('+33 6 12 34 56 78');
    expect(formatPhone('06 12 34 56 78')).toBe('+33 6 12 34 56 78');
  });
  it('uses the Spanish, British and North American layouts', () => {
    expect(formatPhone('+34612345678')).toBe('+34 612 345 678');
    expect(formatPhone('+447700900123')).toBe('+44 7700 900123');
    expect(formatPhone('+15551234567')).toBe('+1 (555) 123-4567');
  });
  it('leaves other numbers unchanged', () => {
    expect(formatPhone('+49 30 1234567')).toBe('+49 30 1234567');
  });
});
