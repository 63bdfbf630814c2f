import { describe, expect, it } from 'vitest';
import { formatSeconds, hoursLabel, weekdayNames } from './weekdays';

describe('schedule labels', () => {
  it('names ISO weekdays from Monday in both languages', () => {
    expect(weekdayNames('en')[1]).toBe('Mon');
    expect(weekdayNames('en')[7]).toBe('Sun');
    expect(weekdayNames('pt', 'long')[1]).toMatch(/^segunda/);
  });
  it('marks a shift crossing midnight and the whole day', () => {
    expect(hoursLabel('08:00', '18:00', 'Dia inteiro')).toBe('08:00–18:00');
    expect(hoursLabel('22:00', '06:00', 'Dia inteiro')).toBe('22:00–06:00 ☾');
    expect(hoursLabel('00:00', '00:00', 'Dia inteiro')).toBe('Dia inteiro');
  });
  it('formats seconds with the door open', () => {
    expect(formatSeconds(0)).toBe('0 min');
    expect(formatSeconds(3 * 3600 + 20 * 60)).toBe('3 h 20 min');
  });
});
