import { describe, expect, it } from 'vitest';
import { fitChips } from './chipFit';

const span = (top: number, bottom: number) => ({ top, bottom });

describe('fitChips', () => {
  it('hides and counts the chips the edge cuts, keeping the ones in view', () => {
    const fit = fitChips([span(0, 44), span(48, 92), span(96, 140)], span(0, 95));
    expect(fit).toEqual({ out: [false, false, true], hidden: 1, short: 0 });
  });

  it('takes a chip within a pixel of the edge as whole (fractional layouts)', () => {
    expect(fitChips([span(0, 44.8)], span(0, 44)).out).toEqual([false]);
  });

  it('keeps one chip whenever the half has a card: a few pixels short (640×560), the card is drawn, not "+1"', () => {
    const fit = fitChips([span(80, 124)], span(80, 119));
    expect(fit.out).toEqual([false]);
    expect(fit.hidden).toBe(0);
    expect(fit.short).toBe(5);
  });

  it('keeps the chip nearest to fitting and counts the others', () => {
    // a half turned face to face: its first line is the lowest on screen
    const fit = fitChips([span(200, 244), span(152, 196)], span(160, 240));
    expect(fit.out).toEqual([false, true]);
    expect(fit.hidden).toBe(1);
    expect(fit.short).toBe(4);
  });

  it('has nothing to keep in an empty half', () => {
    expect(fitChips([], span(0, 10))).toEqual({ out: [], hidden: 0, short: 0 });
  });
});
