import { afterEach, describe, expect, it } from 'vitest';
import { applyFont } from './boot';

describe('applyFont', () => {
  afterEach(() => {
    delete window.__TABLEMATE_FONT__;
    document.documentElement.style.removeProperty('--font');
  });

  it("puts the font stack Rust chose in place of the stylesheet's", () => {
    window.__TABLEMATE_FONT__ = 'sans-serif';
    applyFont();
    expect(document.documentElement.style.getPropertyValue('--font')).toBe('sans-serif');
  });

  it("leaves the stylesheet's stack when Rust chose none", () => {
    applyFont();
    expect(document.documentElement.style.getPropertyValue('--font')).toBe('');
  });
});
