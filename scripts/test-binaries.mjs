#!/usr/bin/env node
// Runs the test binaries that `cargo test --no-run --message-format=json` built, several at a
// time, and fails if any fails.
//
// Why not `cargo test` itself: cargo runs one test binary after another, and most of this
// workspace's test time is waiting, not computing (the race and durability tests start
// processes, kill them and wait for them; measured: 608 s of wall-clock for 102 s of CPU).
// Running a few binaries side by side fills that waiting without changing any test.
//
// Each binary runs as cargo would run it: in its package's folder, with the environment of
// the workspace's .cargo/config.toml ([env]: where ts-rs writes the bindings). A binary that
// fails has its whole output printed; the others print one line each.
//
// A crate's integration tests are ONE binary (tests/<dir>/main.rs, a module per former test
// file: one build and one link instead of one per file). Such a binary is run once per
// top-level module, each a process of its own with that module's tests named exactly: the
// modules keep the separate processes (environment, statics) they had as binaries of their own,
// and run side by side as before.
//
// usage: cargo test --no-run --message-format=json … | node scripts/test-binaries.mjs [--jobs N]
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { dirname, join, resolve, basename } from 'node:path';
import { cpus } from 'node:os';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const args = process.argv.slice(2);
const jobsAt = args.indexOf('--jobs');
const jobs = jobsAt >= 0 ? Number(args[jobsAt + 1]) : Math.max(2, cpus().length * 2);
const target = process.env.CARGO_TARGET_DIR ?? join(root, 'target');
const timesFile = join(target, 'test-binary-times.json');

const env = {
  ...process.env,
  TS_RS_EXPORT_DIR: join(root, 'ui/src/lib/bindings'),
  RUST_BACKTRACE: process.env.RUST_BACKTRACE ?? '1',
};

const input = readFileSync(0, 'utf8');
const binaries = [];
for (const line of input.split('\n')) {
  if (!line.startsWith('{')) continue;
  const m = JSON.parse(line);
  if (m.reason !== 'compiler-artifact' || !m.executable || !m.profile?.test) continue;
  const bin = {
    exe: m.executable,
    cwd: dirname(m.manifest_path),
    name: `${m.target.kind.join(',')} ${m.target.name} (${basename(dirname(m.manifest_path))})`,
    args: [],
  };
  if (m.target.kind.includes('test') && /[\\/]tests[\\/][^\\/]+[\\/]main\.rs$/.test(m.target.src_path)) {
    binaries.push(...byModule(bin));
  } else {
    binaries.push(bin);
  }
}
if (binaries.length === 0) {
  console.error('test-binaries: cargo named no test binary (was --no-run --message-format=json given?)');
  process.exit(2);
}

/** One run per top-level module of a merged test binary (see above); its tests named exactly. */
function byModule(bin) {
  const listed = execFileSync(bin.exe, ['--list', '--format', 'terse'], { cwd: bin.cwd, env, encoding: 'utf8' });
  const groups = new Map();
  for (const line of listed.split('\n')) {
    const m = line.match(/^(.+): test$/);
    if (!m) continue;
    const module = m[1].includes('::') ? m[1].slice(0, m[1].indexOf('::')) : '(main.rs)';
    groups.set(module, [...(groups.get(module) ?? []), m[1]]);
  }
  if (groups.size <= 1) return [bin];
  return [...groups].map(([module, names]) => ({
    ...bin,
    name: `${bin.name} ${module}`,
    args: ['--exact', ...names],
  }));
}

// The slowest binaries of the last run start first, so that the run ends on short ones.
const last = existsSync(timesFile) ? JSON.parse(readFileSync(timesFile, 'utf8')) : {};
binaries.sort((a, b) => (last[b.name] ?? 1e9) - (last[a.name] ?? 1e9));

const times = {};
const failed = [];
let next = 0;

function runOne(bin) {
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn(bin.exe, bin.args, { cwd: bin.cwd, env });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code, signal) => {
      const secs = (Date.now() - started) / 1000;
      times[bin.name] = secs;
      const summary = out.match(/test result: .*/g)?.join('; ') ?? '';
      if (code === 0) {
        console.log(`ok   ${secs.toFixed(1).padStart(6)} s  ${bin.name}  ${summary}`);
      } else {
        failed.push(bin.name);
        console.log(`FAIL ${secs.toFixed(1).padStart(6)} s  ${bin.name} (exit ${code ?? signal})`);
        console.log(out);
      }
      done();
    });
  });
}

async function worker() {
  while (next < binaries.length) await runOne(binaries[next++]);
}

const t0 = Date.now();
await Promise.all(Array.from({ length: Math.min(jobs, binaries.length) }, worker));
mkdirSync(target, { recursive: true });
writeFileSync(timesFile, JSON.stringify(times, null, 1));
console.log(
  `${binaries.length - failed.length} of ${binaries.length} test binaries passed in ` +
    `${((Date.now() - t0) / 1000).toFixed(0)} s (${jobs} at a time)`,
);
if (failed.length > 0) {
  console.log(`failed: ${failed.join(', ')}`);
  process.exit(1);
}
