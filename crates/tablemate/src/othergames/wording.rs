//! What happened, in words: one line per event of the other games' logs, in the interface
//! language, naming players and cards (the history of the app and of the CLI). The engine's
//! events are data; this is how a person reads them back.

use othergames::kc::{DrawBy, Duration, KcEvent, WinBy};
use othergames::stccg::{PointSource, StEvent};
use othergames::whi::WhiEvent;

use super::refusal::Namer;
use super::OtherAction;

/// `n` things, singular or plural: "1 resource", "3 Ressourcen".
fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn resources(n: u32, de: bool) -> String {
    match de {
        false => counted(n.into(), "resource", "resources"),
        true => counted(n.into(), "Ressource", "Ressourcen"),
    }
}

impl Namer<'_> {
    /// One event as a line of the history.
    pub(crate) fn event(&self, action: &OtherAction) -> String {
        match action {
            OtherAction::Whi(e) => self.whi_event(e),
            OtherAction::Stccg(e) => self.st_event(e),
            OtherAction::Kc(e) => self.kc_event(e),
        }
    }

    fn whi_event(&self, e: &WhiEvent) -> String {
        match e {
            WhiEvent::Setup {
                starts, hit_points, ..
            } => {
                let (p, b, d) = (
                    self.player(*starts),
                    hit_points.base,
                    hit_points.per_development,
                );
                self.en_de(
                    format!("Set-up: {p} starts; capital sections have {} + {d} per development.", counted(b.into(), "hit point", "hit points")),
                    format!("Aufbau: {p} beginnt; Bereiche der Hauptstadt haben {} + {d} je Entwicklung.", counted(b.into(), "Trefferpunkt", "Trefferpunkte")),
                )
            }
            WhiEvent::ResourcesCollected { player, amount } => {
                let p = self.player(*player);
                self.en_de(
                    format!(
                        "{p} collects {} (kingdom phase).",
                        resources(*amount, false)
                    ),
                    format!(
                        "{p} sammelt {} (Königreichsphase).",
                        resources(*amount, true)
                    ),
                )
            }
            WhiEvent::ResourcesGained { player, amount } => {
                let p = self.player(*player);
                self.en_de(
                    format!("{p} gains {}.", resources(*amount, false)),
                    format!("{p} erhält {}.", resources(*amount, true)),
                )
            }
            WhiEvent::ResourcesSpent { player, amount } => {
                let p = self.player(*player);
                self.en_de(
                    format!("{p} spends {}.", resources(*amount, false)),
                    format!("{p} gibt {} aus.", resources(*amount, true)),
                )
            }
            WhiEvent::CardPlayed { player, card, zone } => {
                let (p, c, z) = (self.player(*player), (self.card)(card), self.zone(*zone));
                self.plays(p, &c, &format!(" ({z})"))
            }
            WhiEvent::LegendEntered {
                player,
                card,
                eternal_war,
            } => {
                let (p, c) = (self.player(*player), (self.card)(card));
                let (en, de) = if *eternal_war {
                    (
                        " — Eternal War: 3 zones to win",
                        " — Ewiger Krieg: 3 Zonen zum Sieg",
                    )
                } else {
                    ("", "")
                };
                self.en_de(
                    format!("{p} brings the legend {c} into play{en}."),
                    format!("{p} bringt die Legende {c} ins Spiel{de}."),
                )
            }
            WhiEvent::LegendLeft { player, card } => {
                let (p, c) = (self.player(*player), (self.card)(card));
                self.en_de(
                    format!("{p}'s legend {c} leaves play."),
                    format!("Die Legende {c} von {p} verlässt das Spiel."),
                )
            }
            WhiEvent::CardMoved {
                player,
                card,
                from,
                to,
            } => {
                let (p, c) = (self.player(*player), (self.card)(card));
                let (f, t) = (self.zone(*from), self.zone(*to));
                self.en_de(
                    format!("{p}'s {c} moves from the {f} to the {t}."),
                    format!("{c} von {p} wechselt von {f} nach {t}."),
                )
            }
            WhiEvent::CardLeft { player, card, zone } => {
                let (p, c, z) = (self.player(*player), (self.card)(card), self.zone(*zone));
                self.leaves(p, &c, &format!(" ({z})"))
            }
            WhiEvent::DevelopmentPlayed { player, zone } => {
                let (p, z) = (self.player(*player), self.zone(*zone));
                self.en_de(
                    format!("{p} puts a development in the {z}."),
                    format!("{p} legt eine Entwicklung ({z})."),
                )
            }
            WhiEvent::DevelopmentRemoved { player, zone } => {
                let (p, z) = (self.player(*player), self.zone(*zone));
                self.en_de(
                    format!("A development leaves {p}'s {z}."),
                    format!("{p} verliert eine Entwicklung ({z})."),
                )
            }
            WhiEvent::DamageDealt {
                player,
                zone,
                amount,
            } => {
                let (p, z) = (self.player(*player), self.zone(*zone));
                self.en_de(
                    format!("{p}'s {z} takes {amount} damage."),
                    format!("{z} von {p} erhält {amount} Schaden."),
                )
            }
            WhiEvent::DamageHealed {
                player,
                zone,
                amount,
            } => {
                let (p, z) = (self.player(*player), self.zone(*zone));
                self.en_de(
                    format!("{amount} damage healed on {p}'s {z}."),
                    format!("{amount} Schaden geheilt ({z} von {p})."),
                )
            }
            WhiEvent::DeckEmpty { player } => {
                let p = self.player(*player);
                self.en_de(
                    format!("{p}'s deck is empty: {p} loses."),
                    format!("Das Deck von {p} ist leer: {p} verliert."),
                )
            }
            WhiEvent::Conceded { player } => self.concedes(self.player(*player)),
            WhiEvent::TurnEnded { player } => self.ends_turn(self.player(*player)),
        }
    }

    fn st_event(&self, e: &StEvent) -> String {
        match e {
            StEvent::Setup { starts, .. } => {
                let p = self.player(*starts);
                self.en_de(
                    format!("Set-up: {p} starts."),
                    format!("Aufbau: {p} beginnt."),
                )
            }
            StEvent::PointsScored {
                player,
                points,
                source,
                card,
            } => {
                let p = self.player(*player);
                let reason = match source {
                    PointSource::Mission => self.en_de("mission".into(), "Mission".into()),
                    PointSource::Dilemma => self.en_de("dilemma".into(), "Dilemma".into()),
                    PointSource::BonusPoints => {
                        self.en_de("bonus points".into(), "Bonuspunkte".into())
                    }
                };
                let from = card
                    .as_ref()
                    .map(|c| format!(": {}", (self.card)(c)))
                    .unwrap_or_default();
                format!("{p} {points:+} ({reason}{from}).")
            }
            StEvent::CardPlayed { player, card } => {
                self.plays(self.player(*player), &(self.card)(card), "")
            }
            StEvent::CardLeft { player, card } => {
                self.leaves(self.player(*player), &(self.card)(card), "")
            }
            StEvent::QsPlanetEntered { player } => {
                let p = self.player(*player);
                self.en_de(
                    format!("{p} inserts Q's Planet: 140 points win."),
                    format!("{p} legt Q's Planet aus: 140 Punkte gewinnen."),
                )
            }
            StEvent::QsPlanetSolved { player } => {
                let p = self.player(*player);
                self.en_de(
                    format!("{p} solves Q's Planet: 100 points win again."),
                    format!("{p} löst Q's Planet: wieder gewinnen 100 Punkte."),
                )
            }
            StEvent::TurnEnded { player } => self.ends_turn(self.player(*player)),
            StEvent::DeckExhausted { player } => {
                let p = self.player(*player);
                self.en_de(
                    format!("{p} draws the last card: the game ends."),
                    format!("{p} zieht die letzte Karte: das Spiel endet."),
                )
            }
            StEvent::DevidianDoorNotShown { player } => {
                let p = self.player(*player);
                self.en_de(
                    format!("{p} cannot show the Devidian Door: {p} loses."),
                    format!("{p} kann die Devidian Door nicht zeigen: {p} verliert."),
                )
            }
            StEvent::MickeyDAttempt { player } => {
                let p = self.player(*player);
                self.en_de(
                    format!("Mickey D. attempts the mission for {p}: {p} wins."),
                    format!("Mickey D. versucht die Mission für {p}: {p} gewinnt."),
                )
            }
            StEvent::Conceded { player } => self.concedes(self.player(*player)),
        }
    }

    fn kc_event(&self, e: &KcEvent) -> String {
        match e {
            KcEvent::Setup { white, .. } => {
                let p = self.player(*white);
                self.en_de(
                    format!("Set-up: {p} plays White."),
                    format!("Aufbau: {p} spielt Weiß."),
                )
            }
            KcEvent::CardPlayed {
                player,
                card,
                duration,
                target,
            } => {
                let (p, c) = (self.player(*player), (self.card)(card));
                let on = target
                    .as_deref()
                    .map(|t| self.en_de(format!(" on {t}"), format!(" auf {t}")))
                    .unwrap_or_default();
                let how_long = match duration {
                    Duration::ThisTurn => self.en_de("this turn".into(), "diesen Zug".into()),
                    Duration::Continuing => self.en_de("continuing".into(), "dauerhaft".into()),
                    Duration::Turns(n) if n.get() == 1 => {
                        self.en_de("1 turn".into(), "1 Zug".into())
                    }
                    Duration::Turns(n) => self.en_de(format!("{n} turns"), format!("{n} Züge")),
                };
                self.plays(p, &c, &format!("{on} ({how_long})"))
            }
            KcEvent::CardEnded { player, card } => {
                let (p, c) = (self.player(*player), (self.card)(card));
                self.en_de(format!("{p}'s {c} ends."), format!("{c} von {p} endet."))
            }
            KcEvent::TurnEnded { player } => self.ends_turn(self.player(*player)),
            KcEvent::GameWon { winner, by } => {
                let p = self.player(*winner);
                let (en, de) = match by {
                    WinBy::Checkmate => ("by checkmate", "durch Schachmatt"),
                    WinBy::LastKingCaptured => (
                        "by capturing the last King",
                        "durch Schlagen des letzten Königs",
                    ),
                    WinBy::KingOfTheMountain => ("as King of the Mountain", "als König des Berges"),
                    WinBy::Resignation => ("by resignation", "durch Aufgabe"),
                };
                self.en_de(format!("{p} wins {en}."), format!("{p} gewinnt {de}."))
            }
            KcEvent::GameDrawn { by } => match by {
                DrawBy::Stalemate => {
                    self.en_de("Drawn by stalemate.".into(), "Remis durch Patt.".into())
                }
                DrawBy::Agreement => self.en_de(
                    "Drawn by agreement.".into(),
                    "Remis nach Vereinbarung.".into(),
                ),
            },
            KcEvent::NextGame { white } => {
                let p = self.player(*white);
                self.en_de(
                    format!("Next game: {p} plays White."),
                    format!("Nächstes Spiel: {p} spielt Weiß."),
                )
            }
        }
    }

    /// `p` plays `c`, then `more` (where, how long).
    fn plays(&self, p: &str, c: &str, more: &str) -> String {
        self.en_de(
            format!("{p} plays {c}{more}."),
            format!("{p} spielt {c}{more}."),
        )
    }

    /// `p`'s `c` leaves play, then `more` (from where).
    fn leaves(&self, p: &str, c: &str, more: &str) -> String {
        self.en_de(
            format!("{p}'s {c} leaves play{more}."),
            format!("{c} von {p} verlässt das Spiel{more}."),
        )
    }

    fn concedes(&self, p: &str) -> String {
        self.en_de(format!("{p} concedes."), format!("{p} gibt auf."))
    }

    fn ends_turn(&self, p: &str) -> String {
        self.en_de(
            format!("{p} ends the turn."),
            format!("{p} beendet den Zug."),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_resource_or_hit_point_is_singular_in_both_languages() {
        assert_eq!(resources(1, false), "1 resource");
        assert_eq!(resources(3, false), "3 resources");
        assert_eq!(resources(1, true), "1 Ressource");
        assert_eq!(resources(0, true), "0 Ressourcen");
        assert_eq!(counted(1, "hit point", "hit points"), "1 hit point");
        assert_eq!(
            counted(8, "Trefferpunkt", "Trefferpunkte"),
            "8 Trefferpunkte"
        );
    }
}
