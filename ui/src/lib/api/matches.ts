// Typed calls of the Matches screen (history, matches, statistics, tournaments) into the Rust
// service. Payload and result types are generated from Rust (ts-rs, see ../bindings); only the
// command names are written here.
import { call } from '../api';
import type { EntrantView } from '../bindings/EntrantView';
import type { EventDetail } from '../bindings/EventDetail';
import type { EventView } from '../bindings/EventView';
import type { ExportedFiles } from '../bindings/ExportedFiles';
import type { GamePage } from '../bindings/GamePage';
import type { Language } from '../bindings/Language';
import type { GameRow } from '../bindings/GameRow';
import type { MatchView } from '../bindings/MatchView';
import type { UndoneRound } from '../bindings/UndoneRound';
import type { NewEvent } from '../bindings/NewEvent';
import type { OtherGameKind } from '../bindings/OtherGameKind';
import type { OtherStatsView } from '../bindings/OtherStatsView';
import type { PairingTable } from '../bindings/PairingTable';
import type { RoundView } from '../bindings/RoundView';
import type { SlipCode } from '../bindings/SlipCode';
import type { StatsView } from '../bindings/StatsView';
import type { Unfinished } from '../bindings/Unfinished';

export const historyApi = {
  games: (filter: { player: string | null; people: string | null; unfinishedOnly: boolean; limit: number | null }) =>
    call<GameRow[]>('history_games', filter),
  unfinished: () => call<Unfinished>('history_unfinished'),
  game: (id: number, lang: Language) => call<GamePage>('history_game', { id, lang }),
  // The interface language words the refusal of an unknown player.
  stats: (player: string | null, lang: Language) => call<StatsView>('history_stats', { player, lang }),
  // Statistics of Warhammer: Invasion, Star Trek CCG or Knightmare Chess.
  otherStats: (kind: OtherGameKind, player: string | null, lang: Language) =>
    call<OtherStatsView>('other_stats', { kind, player, lang }),
  matches: (unfinishedOnly: boolean) => call<MatchView[]>('history_matches', { unfinishedOnly }),
};

/** A table's result as entered: the winner (an entrant) and each seat's crystals. */
export type TableResult = { winner: number; crystalsA: number; crystalsB: number };

export const tournamentApi = {
  list: () => call<EventView[]>('tournament_list'),
  create: (event: NewEvent, lang: Language) => call<EventView>('tournament_create', { event, lang }),
  // Its sentences (why pairing waits) come back in `lang`.
  detail: (id: number, lang: Language) => call<EventDetail>('tournament_detail', { id, lang }),
  // Refusals come back in `lang` (the tournament rules' refusals name the players).
  register: (id: number, player: string, people: string | null, lang: Language) =>
    call<EntrantView>('tournament_register', { id, player, people, lang }),
  // Before round 1 only: a registration corrected (name, people) or removed.
  correctRegistration: (id: number, entrant: number, player: string, people: string | null, lang: Language) =>
    call<EntrantView>('tournament_correct_registration', { id, entrant, player, people, lang }),
  unregister: (id: number, entrant: number, lang: Language) =>
    call<EntrantView>('tournament_unregister', { id, entrant, lang }),
  drop: (id: number, entrant: number, lang: Language) =>
    call<EntrantView>('tournament_drop', { id, entrant, lang }),
  undrop: (id: number, entrant: number, lang: Language) =>
    call<EntrantView>('tournament_undrop', { id, entrant, lang }),
  pair: (id: number, lang: Language) => call<RoundView>('tournament_pair', { id, lang }),
  // What undoing did, with drops that moved to the round before named in `message`.
  // A round whose players reported is undone only `confirmed` (needs_confirmation says so first).
  unpair: (id: number, lang: Language, confirmed = false) =>
    call<UndoneRound>('tournament_unpair', { id, confirmed, lang }),
  result: (id: number, round: number, table: number, r: TableResult, lang: Language) =>
    call<PairingTable>('tournament_result', { id, round, table, ...r, lang }),
  resultFromMatch: (id: number, round: number, table: number, matchId: number, lang: Language) =>
    call<PairingTable>('tournament_result_from_match', { id, round, table, matchId, lang }),
  correct: (id: number, round: number, table: number, r: TableResult, reason: string, lang: Language) =>
    call<PairingTable>('tournament_correct', { id, round, table, ...r, reason, lang }),
  // Both open the platform's file dialog in the app (the page sends no path); null: cancelled.
  exportFiles: (id: number, lang: Language) => call<ExportedFiles | null>('tournament_export', { id, lang }),
  importFile: (lang: Language) => call<EventView | null>('tournament_import', { lang }),
  // A new event with the players of a CSV file chosen in the dialog (a spreadsheet's list or
  // an export's entrants.csv); the event's details are checked first. null: cancelled.
  importPlayers: (event: NewEvent, lang: Language) =>
    call<EventView | null>('tournament_import_players', { event, lang }),
  // Every seat's code of the current round (prepared or published) for the result slips, with
  // a QR code of the page at the address served, else at `address` (ip:port), else none.
  slipCodes: (id: number, address: string | null, lang: Language) =>
    call<SlipCode[]>('tournament_slip_codes', { id, address, lang }),
};
