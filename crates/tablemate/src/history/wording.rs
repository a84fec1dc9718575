//! A timeline step in words, in English and German, naming the players and the cards: "Ben
//! plays Fireblast" ("Ben legt Feuerstoß aus"), never "card_played B vulca-18".

use bluemoon::{CardId, EventKind};

use crate::game::element_words as element;
pub(crate) use crate::game::Names;
use crate::Language;

/// What the event did, as one sentence without a full stop.
pub(crate) fn step_text(ev: &EventKind, n: &Names<'_>, lang: Language) -> String {
    let de = lang == Language::De;
    let card = |c: &CardId| (n.card)(c);
    match ev {
        EventKind::Setup { starts, .. } => {
            let p = n.player(*starts);
            if de {
                format!("{p} beginnt das Spiel")
            } else {
                format!("{p} starts the game")
            }
        }
        EventKind::CardPlayed {
            player,
            card: c,
            target,
            face_down,
            ..
        } => {
            let p = n.player(*player);
            match (face_down, target, de) {
                (true, _, false) => format!("{p} plays a bluff card face down"),
                (true, _, true) => format!("{p} legt eine Bluffkarte verdeckt aus"),
                (false, Some(t), false) => format!("{p} plays {} on {}", card(c), card(t)),
                (false, Some(t), true) => format!("{p} legt {} auf {} aus", card(c), card(t)),
                (false, None, false) => format!("{p} plays {}", card(c)),
                (false, None, true) => format!("{p} legt {} aus", card(c)),
            }
        }
        EventKind::TargetChanged {
            player,
            card: c,
            target,
        } => {
            let p = n.player(*player);
            if de {
                format!("{p} setzt {} auf {} um", card(c), card(target))
            } else {
                format!("{p} moves {} to {}", card(c), card(target))
            }
        }
        EventKind::Covered { player, card: c } => {
            let p = n.player(*player);
            if de {
                format!("{} von {p} wird überdeckt", card(c))
            } else {
                format!("{p}'s {} is covered", card(c))
            }
        }
        EventKind::Retrieved { player, card: c } => {
            let p = n.player(*player);
            if de {
                format!("{p} nimmt {} auf die Hand zurück", card(c))
            } else {
                format!("{p} takes {} back into the hand", card(c))
            }
        }
        EventKind::Discarded { player, card: c } => {
            let p = n.player(*player);
            if de {
                format!("{} von {p} wird abgeworfen", card(c))
            } else {
                format!("{p}'s {} is discarded", card(c))
            }
        }
        EventKind::ElementChosen { player, element: e } => {
            let p = n.player(*player);
            if de {
                format!("{p} wählt {}", element(*e, lang))
            } else {
                format!("{p} chooses {}", element(*e, lang))
            }
        }
        EventKind::ElementChanged { element: e } => {
            if de {
                format!("Das Element wechselt zu {}", element(*e, lang))
            } else {
                format!("The element changes to {}", element(*e, lang))
            }
        }
        EventKind::TurnPassed { player } => {
            let p = n.player(*player);
            if de {
                format!("{p} beendet den Zug")
            } else {
                format!("{p} ends the turn")
            }
        }
        EventKind::Retreat {
            player,
            forced,
            dragon_cancelled,
        } => {
            let p = n.player(*player);
            let mut s = if de {
                format!("{p} zieht sich zurück")
            } else {
                format!("{p} retreats")
            };
            if *forced {
                s.push_str(if de { " (erzwungen)" } else { " (forced)" });
            }
            if *dragon_cancelled {
                s.push_str(if de {
                    "; der Drache wird aufgehoben"
                } else {
                    "; the dragon is cancelled"
                });
            }
            s
        }
        EventKind::DeclineStart { player, discarded } => {
            let p = n.player(*player);
            let k = *discarded;
            if de {
                let cards = if k == 1 { "Karte" } else { "Karten" };
                format!("{p} verzichtet auf den Kampfbeginn und wirft {k} {cards} ab")
            } else {
                let cards = if k == 1 { "card" } else { "cards" };
                format!("{p} declines to start the fight, discarding {k} {cards}")
            }
        }
        EventKind::DragonsAttracted { player, count } => {
            let p = n.player(*player);
            if de {
                format!("{p} zieht {count} Drachen an")
            } else {
                let dragons = if *count == 1 { "dragon" } else { "dragons" };
                format!("{p} attracts {count} {dragons}")
            }
        }
        EventKind::OutOfCards { player } => {
            let p = n.player(*player);
            if de {
                format!("{p} hat keine Karten mehr")
            } else {
                format!("{p} is out of cards")
            }
        }
        EventKind::CardsRegained { player } => {
            let p = n.player(*player);
            if de {
                format!("{p} hat wieder Karten")
            } else {
                format!("{p} has cards again")
            }
        }
        EventKind::GameEnded { loser } => {
            let p = n.player(*loser);
            if de {
                format!("{p} gibt auf")
            } else {
                format!("{p} concedes")
            }
        }
        EventKind::GameAbandoned => if de {
            "Das Spiel wird abgebrochen"
        } else {
            "The game is abandoned"
        }
        .to_owned(),
        EventKind::NextGame => if de {
            "Das nächste Spiel beginnt"
        } else {
            "The next game begins"
        }
        .to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bluemoon::Player;

    #[test]
    fn steps_name_players_and_cards_in_both_languages() {
        let players = ["Ann".to_owned(), "Ben".to_owned()];
        let en = |c: &CardId| match c.as_str() {
            "vulca-18" => "Fireblast".to_owned(),
            other => other.to_owned(),
        };
        let de = |c: &CardId| match c.as_str() {
            "vulca-18" => "Feuerstoß".to_owned(),
            other => other.to_owned(),
        };
        let play = EventKind::CardPlayed {
            player: Player::B,
            card: CardId::new("vulca-18"),
            area: bluemoon::Area::Combat,
            target: None,
            face_down: false,
            fixes_read: 0,
        };
        let n_en = Names {
            players: &players,
            card: &en,
        };
        let n_de = Names {
            players: &players,
            card: &de,
        };
        assert_eq!(step_text(&play, &n_en, Language::En), "Ben plays Fireblast");
        assert_eq!(
            step_text(&play, &n_de, Language::De),
            "Ben legt Feuerstoß aus"
        );
        let decline = EventKind::DeclineStart {
            player: Player::A,
            discarded: 1,
        };
        assert_eq!(
            step_text(&decline, &n_de, Language::De),
            "Ann verzichtet auf den Kampfbeginn und wirft 1 Karte ab"
        );
    }
}
