//! The event the players' reporting tests play, shared by the service's tests, the reporting
//! server's tests and its load example (included with `#[path]`): one set-up, so they all
//! report on the same kind of night.

use tablemate::tournaments::{NewEvent, ReportAcceptance};
use tablemate::{Language, Service};

/// A Swiss event of three rounds named `name`, round 1 seeded (registration order: with Anna,
/// Ben, Cleo and Dan, Anna v Cleo at table 1 and Ben v Dan at table 2), `players` registered,
/// agreeing reports accepted by `acceptance`, round 1 paired. Returns the event's id.
pub fn hall_night(
    svc: &mut Service,
    name: &str,
    players: &[&str],
    acceptance: ReportAcceptance,
) -> tablemate::Result<i64> {
    let e = svc.create_event(
        &NewEvent {
            name: name.into(),
            date: "2026-11-26".into(),
            format: "swiss".into(),
            rounds: Some(3),
            top_cut: None,
            first_round: Some("seeded".into()),
            seed: Some("1".into()),
            decks_required: None,
        },
        Language::En,
    )?;
    svc.register_all(e.id, players, None, Language::En)?;
    svc.set_report_acceptance(e.id, acceptance)?;
    svc.pair_round(e.id, Language::En)?;
    Ok(e.id)
}
