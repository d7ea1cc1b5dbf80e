import { describe, expect, it } from 'vitest';
import { visibleHours } from './planner-views.ts';

const at = (iso: string) => new Date(`${iso}Z`);

describe('visibleHours', () => {
  it('shows 07:00–21:00 by default and widens to whole hours around early and late appointments', () => {
    expect(visibleHours([])).toEqual({ min: '07:00:00', max: '21:00:00' });
    expect(visibleHours([{ start: at('2030-03-05T09:00'), end: at('2030-03-05T10:00') }])).toEqual({
      min: '07:00:00',
      max: '21:00:00',
    });
    expect(
      visibleHours([
        { start: at('2030-03-05T03:30'), end: at('2030-03-05T04:00') },
        { start: at('2030-03-06T21:00'), end: at('2030-03-06T22:15') },
      ]),
    ).toEqual({ min: '03:00:00', max: '23:00:00' });
  });

  it('shows the whole day for an appointment past midnight, not for one ending at it', () => {
    expect(visibleHours([{ start: at('2030-03-05T23:30'), end: at('2030-03-06T00:30') }])).toEqual({
      min: '00:00:00',
      max: '24:00:00',
    });
    expect(visibleHours([{ start: at('2030-03-05T23:00'), end: at('2030-03-06T00:00') }])).toEqual({
      min: '07:00:00',
      max: '24:00:00',
    });
  });
});
