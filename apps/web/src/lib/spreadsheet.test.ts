import { describe, expect, it } from 'vitest';
import { safeCellText } from './spreadsheet';

describe('safeCellText', () => {
  it.each(['=1+1', '+351912345678', '-2', '@SUM(A1)', '\t=x', '\r=x', '=HYPERLINK("http://x","y")'])(
    'neutralises %j',
    (v) => {
      expect(safeCellText(v)).toBe(`'${v}`);
    },
  );
  it('keeps ordinary text and empties as they are', () => {
    expect(safeCellText('Ana Silva')).toBe('Ana Silva');
    expect(safeCellText('Sede #3, Sede #4')).toBe('Sede #3, Sede #4');
    expect(safeCellText(null)).toBe('');
    expect(safeCellText(undefined)).toBe('');
  });
});
