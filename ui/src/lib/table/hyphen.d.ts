// The `hyphen` package (dev only: hyphenation.test.ts computes the card names' break points
// with it) ships no types of its own.
declare module 'hyphen/de/index.js' {
  const h: { hyphenateSync(text: string, options?: { minWordLength?: number }): string };
  export default h;
}
declare module 'hyphen/en-us/index.js' {
  const h: { hyphenateSync(text: string, options?: { minWordLength?: number }): string };
  export default h;
}
// What hyphenation.test.ts uses of Node (the UI's types leave Node's out, so that no screen
// uses them by mistake).
declare module 'node:fs' {
  export function readFileSync(path: URL, encoding: 'utf8'): string;
  export function writeFileSync(path: URL, data: string): void;
}
declare module 'node:process' {
  const process: { env: Record<string, string | undefined> };
  export default process;
}
