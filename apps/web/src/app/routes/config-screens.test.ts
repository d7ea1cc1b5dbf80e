import { describe, expect, it } from 'vitest';
import { CONFIG_SCREENS, findConfigScreen } from './config-screens.ts';

describe('findConfigScreen', () => {
  it('finds a page by its path, and a sub-page with an id by its pattern', () => {
    expect(findConfigScreen('emails/model')).toBe(CONFIG_SCREENS['emails/model']);
    expect(findConfigScreen('emails/model/new')).toBe(CONFIG_SCREENS['emails/model/new']);
    expect(findConfigScreen('emails/model/12')).toBe(CONFIG_SCREENS['emails/model/:id']);
    expect(findConfigScreen('emails/model/12/more')).toBeUndefined();
    expect(findConfigScreen('emails/signature')).toBe(CONFIG_SCREENS['emails/signature']);
    expect(findConfigScreen('emails/signature/12')).toBeUndefined();
  });
});
