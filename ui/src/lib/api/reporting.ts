// Typed calls for players reporting from their phones (the event page's reporting panel).
import { call } from '../api';
import type { LanAddress } from '../bindings/LanAddress';
import type { Player } from '../bindings/Player';
import type { Language } from '../bindings/Language';
import type { ReportAcceptance } from '../bindings/ReportAcceptance';
import type { ReportLogView } from '../bindings/ReportLogView';
import type { ReportingView } from '../bindings/ReportingView';
import type { ServingView } from '../bindings/ServingView';
import type { SlipCode } from '../bindings/SlipCode';

export const reportingApi = {
  /** This computer's networks the server can use, best first. */
  networks: (lang: Language) => call<LanAddress[]>('reporting_networks', { lang }),
  /** Opens reporting for the current round and serves it on `address` (`ip:port`). */
  start: (id: number, address: string, lang: Language) =>
    call<ServingView>('reporting_start', { id, address, lang }),
  stop: (id: number, lang: Language) => call<ServingView>('reporting_stop', { id, lang }),
  /** Where reporting stands; the service stops a server whose round is final. */
  status: (id: number, lang: Language) => call<ServingView>('reporting_status', { id, lang }),
  /** Each seat's code of the current round for the result slips (made when first asked for),
   * with a QR code of the page's address and the code while the event is served. */
  codes: (id: number, lang: Language) => call<SlipCode[]>('reporting_codes', { id, lang }),
  /** Every report and decision of the event, oldest first. */
  log: (id: number, lang: Language) => call<ReportLogView[]>('reporting_log', { id, lang }),
  setAcceptance: (id: number, acceptance: ReportAcceptance) =>
    call<null>('reporting_set_acceptance', { id, acceptance }),
  accept: (id: number, round: number, table: number, lang: Language) =>
    call<ReportingView>('reporting_accept', { id, round, table, lang }),
  reset: (id: number, round: number, table: number, lang: Language) =>
    call<ReportingView>('reporting_reset', { id, round, table, lang }),
  /** The organiser's result for a disputed table: the winner's seat, each seat's crystals. */
  settle: (
    id: number,
    round: number,
    table: number,
    winner: Player,
    crystalsA: number,
    crystalsB: number,
    lang: Language,
  ) =>
    call<ReportingView>('reporting_settle', {
      id,
      round,
      table,
      winner,
      crystalsA,
      crystalsB,
      lang,
    }),
};
