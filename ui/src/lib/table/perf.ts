// Timing marks for the end-to-end run (tests/e2e/table.test.mjs reads `window.__tmPerf`): when
// a key arrived, an answer came, the page was drawn. Cheap enough to leave on.
export function perf(key: string): void {
  const w = window as unknown as { __tmPerf?: Record<string, number> };
  w.__tmPerf = w.__tmPerf ?? {};
  w.__tmPerf[key] = performance.now();
}
