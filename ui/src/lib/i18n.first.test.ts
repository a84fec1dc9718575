/// <reference types="vite/client" />
// (vite/client: the type of import.meta.glob, which reads the sources as text)
import { describe, expect, it } from 'vitest';
import { dictionaries } from './i18n';
import { laterText } from './i18n/later';

// The texts of the screens after the first are loaded after the first paint (lib/i18n.ts
// `loadText`): a module of the first bundle (reached from src/main.ts by static imports) that
// named one of their keys would show the key instead of its text. Read from the sources.
const sources = import.meta.glob('/src/**/*.{ts,svelte}', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const src = '/src';
const later = new Set(Object.keys(laterText.en));

/** `spec` relative to the file `from`, as a key of `sources` (or null: not a source file). */
function resolveImport(from: string, spec: string): string | null {
  const parts = from.split('/').slice(0, -1);
  for (const step of spec.split('/')) {
    if (step === '..') parts.pop();
    else if (step !== '.') parts.push(step);
  }
  const base = parts.join('/');
  for (const file of [base, `${base}.ts`, `${base}.svelte`]) if (file in sources) return file;
  return null;
}

/** The source files the first bundle holds: static, non-type imports from main.ts. */
function firstBundle(): Map<string, string> {
  const seen = new Map<string, string>();
  const todo = [`${src}/main.ts`];
  while (todo.length) {
    const file = todo.pop()!;
    const text = sources[file];
    if (seen.has(file) || text === undefined) continue;
    seen.set(file, text);
    for (const m of text.matchAll(/^\s*import\s+(?!type\s)(?:[^'";]*?\s+from\s+)?'(\.[^']+)'/gm)) {
      const next = resolveImport(file, m[1]!);
      if (next) todo.push(next);
    }
  }
  return seen;
}

describe('the first bundle names only the first screen’s texts', () => {
  const files = firstBundle();

  it('reaches the Table and its parts, not the sheets or the other screens', () => {
    const names = [...files.keys()].map((f) => f.slice(src.length + 1));
    expect(names).toContain('screens/Table.svelte');
    expect(names).toContain('lib/matches/RoundClock.svelte');
    expect(names).not.toContain('lib/table/MoreMenu.svelte');
    expect(names).not.toContain('screens/Matches.svelte');
    expect(names).not.toContain('lib/i18n/later.ts');
  });

  it('names no key of the texts loaded later, whole or as a template’s prefix', () => {
    const found: string[] = [];
    for (const [file, text] of files) {
      const where = file.slice(src.length + 1);
      for (const m of text.matchAll(/'([a-z]+\.[\w.]+)'/g)) if (later.has(m[1]!)) found.push(`${where}: ${m[1]}`);
      for (const m of text.matchAll(/`([a-z]+\.[\w.]*)\$\{/g)) {
        const prefix = m[1]!;
        for (const k of later) if (k.startsWith(prefix)) found.push(`${where}: ${prefix}… (${k})`);
      }
    }
    expect(found).toEqual([]);
  });

  it('the later texts are the whole of the dictionaries once loaded, in both languages', () => {
    for (const k of later) expect(dictionaries.de[k as keyof typeof dictionaries.de], k).toBeTruthy();
  });
});
