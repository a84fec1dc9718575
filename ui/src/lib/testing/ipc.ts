// For tests: a screen or component tested against the API it really calls (lib/api.ts and
// lib/api/*.ts as they are) down to Tauri's `invoke`, which the test file mocks:
//
//   const { invoke } = vi.hoisted(() => ({ invoke: vi.fn() }));
//   vi.mock('@tauri-apps/api/core', () => ({ invoke }));
//   const service = serveCommands(invoke, ['history_stats', 'other_stats']);
//
// Each command named gets a mock answered with the arguments object the API module sends, so a
// renamed command or argument fails the test here, not only in the end-to-end run. A command the
// test does not name is refused and fails the test after it.
import { afterEach, beforeEach, expect, vi, type Mock } from 'vitest';

type Answer = (args?: Record<string, unknown>) => unknown;

export function serveCommands<const C extends string>(
  invoke: Mock,
  commands: readonly C[],
): Record<C, Mock<Answer>> {
  const service = Object.fromEntries(commands.map((c) => [c, vi.fn<Answer>()])) as Record<C, Mock<Answer>>;
  const tauriWindow = window as unknown as Record<string, unknown>;
  let unanswered: string[] = [];
  beforeEach(() => {
    for (const answer of Object.values<Mock<Answer>>(service)) answer.mockReset();
    unanswered = [];
    invoke.mockReset();
    invoke.mockImplementation(async (cmd: string, args?: Record<string, unknown>) => {
      if (!(cmd in service)) {
        unanswered.push(cmd);
        throw { code: 'internal', message: `unexpected command ${cmd}` };
      }
      return service[cmd as C](args);
    });
    // inApp(): as in the app window
    tauriWindow.__TAURI_INTERNALS__ = {};
  });
  afterEach(() => {
    delete tauriWindow.__TAURI_INTERNALS__;
    expect(unanswered, 'commands called that the test does not answer').toEqual([]);
  });
  return service;
}
