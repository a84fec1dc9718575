//! How a refusal of the rules engine is worded at the table: in the interface language (en, de),
//! players and cards by name, never internal ids or seat letters. The CLI speaks the language of
//! its settings too.

use bluemoon::power::Warning;
use bluemoon::{Area, CardId, Element, Player, RuleError};

use crate::Language;

/// What a refusal (or a timeline step) needs to name things: the players (A then B) and a
/// card's display name.
pub(crate) struct Names<'a> {
    pub players: &'a [String; 2],
    pub card: &'a dyn Fn(&CardId) -> String,
}

impl Names<'_> {
    pub(crate) fn player(&self, p: Player) -> &str {
        match p {
            Player::A => &self.players[0],
            Player::B => &self.players[1],
        }
    }
}

/// The whole refusal as shown: "Not possible: …" / "Nicht möglich: …".
pub(crate) fn refusal(e: &RuleError, lang: Language, names: &Names) -> String {
    let reason = reason(e, lang, names);
    match lang {
        Language::En => format!("Not possible: {reason}"),
        Language::De => format!("Nicht möglich: {reason}"),
    }
}

/// The German question before a pass without a new character (the English one is the
/// warning's own message).
pub(crate) fn unconfirmed_pass_de(w: &Warning, players: &[String; 2]) -> String {
    let who = match w.player() {
        Some(Player::A) => players[0].as_str(),
        Some(Player::B) => players[1].as_str(),
        None => "Wer am Zug ist",
    };
    let instead = match w {
        Warning::NoNewCharacter { starting: true, .. } => "auf den Kampf verzichten",
        _ => "sich zurückziehen",
    };
    format!(
        "{who} hat in diesem Zug keine neue Charakterkarte gespielt: eine spielen oder {instead}."
    )
}

/// A warning of the engine in German, players and cards by name (the English sentence is the
/// view's `message`): what the command line says in German before a play is confirmed.
/// `condition` is the play condition's German clause. Every kind is worded (the match has no
/// catch-all: a kind the engine adds later fails to compile here instead of reaching a German
/// player in English, as the leadership phase's order once did).
pub(crate) fn warning_de(w: &Warning, n: &Names, condition: Option<&str>) -> String {
    let card = |c: &CardId| (n.card)(c);
    let who = w
        .player()
        .map(|p| n.player(p).to_owned())
        .unwrap_or_default();
    match w {
        Warning::Forbidden { card: c, by, rule, .. } => format!(
            "{who} darf {} nicht spielen: {} verbietet es ({rule})",
            card(c),
            card(by)
        ),
        Warning::BadTarget { card: c, target } => format!(
            "Das Ziel {} von {} ist keine Charakterkarte ihres Besitzers",
            card(target),
            card(c)
        ),
        Warning::UnknownCard { card: c } => {
            format!("{c} steht nicht im Katalog (zählt als 0)")
        }
        Warning::IgnoreNotSettled => {
            "Die Karten, die einander ignorieren, heben sich nicht eindeutig auf: bitte den Tisch prüfen"
                .to_owned()
        }
        Warning::UnknownValues { card: c } => format!(
            "Die aufgedruckten Werte von {} sind unbekannt (zählen als 0)",
            card(c)
        ),
        Warning::FirstTurnBoosterSupport { card: c, .. } => format!(
            "{who} beginnt diesen Kampf: im ersten Zug ist {} (eine Verstärkungs- oder \
             Unterstützungskarte) nur erlaubt, wenn eine Karte es erlaubt",
            card(c)
        ),
        Warning::SecondCharacter { card: c, by, .. } => format!(
            "{who} hat in diesem Zug schon einen Charakter gespielt ({}): {} wäre ein zweiter \
             (mehr erlauben nur Karten wie FREI oder PAAR)",
            card(by),
            card(c)
        ),
        Warning::SecondBoosterOrSupport { card: c, by: Some(by), .. } => format!(
            "{who} hat in diesem Zug schon eine Verstärkungs- oder Unterstützungskarte gespielt \
             ({}): {} ginge darüber hinaus",
            card(by),
            card(c)
        ),
        Warning::SecondBoosterOrSupport { card: c, by: None, .. } => format!(
            "{who} darf in diesem Zug keine weitere Verstärkungs- oder Unterstützungskarte \
             spielen ({})",
            card(c)
        ),
        Warning::AfterStop { card: c, by, .. } => format!(
            "{} hat ein STOPP-Symbol und beendet den Zug: {who} darf keine weitere Karte \
             spielen ({})",
            card(by),
            card(c)
        ),
        Warning::SecondLeadership { card: c, by, .. } => format!(
            "{who} hat die eine Führungsaktion dieses Zuges schon genutzt ({}): {} wäre eine \
             zweite",
            card(by),
            card(c)
        ),
        Warning::LeadershipTooLate { card: c, by, .. } => format!(
            "{who} hat in diesem Zug schon {} gespielt: {} gehört in die Führungsphase, die vor \
             dem Charakter kommt",
            card(by),
            card(c)
        ),
        Warning::NoNewCharacter { .. } => unconfirmed_pass_de(w, n.players),
        Warning::NotInDeck { card: c, deck, .. } => {
            format!("{} gehört nicht zum Deck {deck} von {who}", card(c))
        }
        Warning::AlreadyInPlay { card: c, .. } => {
            format!("{} liegt bei {who} schon im Spiel", card(c))
        }
        Warning::DiscardedCard { card: c, .. } => {
            format!("{} liegt schon auf dem Ablagestapel von {who}", card(c))
        }
        Warning::PlayCondition { card: c, .. } => format!(
            "{who}: {} darf nur ausgelegt werden, wenn {}.",
            card(c),
            condition.unwrap_or_default()
        ),
    }
}

/// Refusals of the table's own commands (undo, redo, next game, an action after the end).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TableRefusal {
    /// An action in a game whose result is recorded.
    FinishedPlay,
    /// Undo or redo in a game whose result is recorded.
    FinishedLog,
    NothingToUndo,
    NothingToRedo,
    /// The next game asked for when the match is already decided.
    MatchOver,
    /// The next game asked for twice.
    AlreadyFinished,
    /// The next game asked for before this one ended.
    NotOver,
    /// Abandoning asked for without the person's confirmation.
    ConfirmAbandon,
    /// Undo in an abandoned game whose match has gone on with a later game.
    AbandonedLog,
    /// A result asked of a game an old release stored without its set-up: only abandoning
    /// it is possible.
    NeverSetUp,
}

/// A table refusal in the interface language. English (the CLI's) names the game by its
/// number, which the CLI's commands take; the app's German never shows that id.
pub(crate) fn table_refusal(r: TableRefusal, game: i64, lang: Language) -> String {
    use TableRefusal as T;
    match (r, lang) {
        (T::FinishedPlay, Language::En) => {
            format!("Game {game} is finished; start the next game of the match")
        }
        (T::FinishedPlay, Language::De) => {
            "Dieses Spiel ist beendet: weiter mit dem nächsten Spiel der Partie".to_owned()
        }
        (T::FinishedLog, Language::En) => {
            format!("Game {game} is finished; its log can no longer change")
        }
        (T::FinishedLog, Language::De) => {
            "Dieses Spiel ist beendet: sein Verlauf ändert sich nicht mehr".to_owned()
        }
        (T::NothingToUndo, Language::En) => "Nothing to undo: the game has just started".to_owned(),
        (T::NothingToUndo, Language::De) => {
            "Nichts rückgängig zu machen: das Spiel hat gerade erst begonnen".to_owned()
        }
        (T::NeverSetUp, Language::En) => {
            format!(
                "Game {game} was stored without its start (by an older Tablemate), so it has no \
                 result to give; abandon it, and the match goes on"
            )
        }
        (T::NeverSetUp, Language::De) => "Dieses Spiel wurde ohne seinen Beginn gespeichert (von \
             einer älteren Version von Tablemate) und kann kein Ergebnis haben; brich es ab, dann \
             geht die Partie weiter"
            .to_owned(),
        (T::NothingToRedo, Language::En) => "Nothing to redo".to_owned(),
        (T::NothingToRedo, Language::De) => "Nichts wiederherzustellen".to_owned(),
        (T::MatchOver, Language::En) => {
            format!("The match of game {game} is over: no next game can follow")
        }
        (T::MatchOver, Language::De) => {
            "Die Partie ist entschieden: es folgt kein weiteres Spiel".to_owned()
        }
        (T::AlreadyFinished, Language::En) => format!("Game {game} is already finished"),
        (T::AlreadyFinished, Language::De) => "Dieses Spiel ist bereits beendet".to_owned(),
        (T::NotOver, Language::En) => "The game is not over yet: a game ends with the fourth dragon, when a player runs out of cards, or by conceding".to_owned(),
        (T::NotOver, Language::De) => "Das Spiel ist noch nicht vorbei: es endet mit dem vierten Drachen, wenn einem Spieler die Karten ausgehen, oder durch Aufgabe".to_owned(),
        (T::ConfirmAbandon, Language::En) => format!(
            "Abandon game {game}? It ends without a result: no winner, no crystals. Confirm to abandon it"
        ),
        (T::ConfirmAbandon, Language::De) => "Spiel abbrechen? Es endet ohne Ergebnis: kein Sieger, keine Kristalle. Zum Abbrechen bestätigen".to_owned(),
        (T::AbandonedLog, Language::En) => format!(
            "Game {game} was abandoned and its match has gone on; its log can no longer change"
        ),
        (T::AbandonedLog, Language::De) => "Dieses Spiel wurde abgebrochen und die Partie ging weiter: sein Verlauf ändert sich nicht mehr".to_owned(),
    }
}

/// Refusals of a new game's set-up, before anything is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SetupRefusal<'a> {
    NoName,
    SameNames,
    NameTooLong {
        max: usize,
    },
    /// The player given no people.
    NoPeople {
        player: &'a str,
    },
    /// What was typed for a player, and the people it is closest to (if any).
    NotAPeople {
        typed: &'a str,
        player: &'a str,
        closest: Option<&'a str>,
    },
}

pub(crate) fn setup_refusal(r: SetupRefusal, lang: Language) -> String {
    use SetupRefusal as S;
    let peoples = bluemoon::deck::PEOPLES.join(", ");
    match (r, lang) {
        (S::NoName, Language::En) => "Both players need a name".to_owned(),
        (S::NoName, Language::De) => "Beide Spieler brauchen einen Namen".to_owned(),
        (S::SameNames, Language::En) => "The two players need different names".to_owned(),
        (S::SameNames, Language::De) => "Die beiden Spieler brauchen verschiedene Namen".to_owned(),
        (S::NameTooLong { max }, Language::En) => {
            format!("A player's name may have at most {max} characters")
        }
        (S::NameTooLong { max }, Language::De) => {
            format!("Ein Spielername darf höchstens {max} Zeichen haben")
        }
        (S::NoPeople { player }, Language::En) => {
            format!("{player} needs a people (deck), e.g. Vulca or Hoax")
        }
        (S::NoPeople { player }, Language::De) => {
            format!("{player} braucht ein Volk (Deck), z. B. Vulca oder Hoax")
        }
        (
            S::NotAPeople {
                typed,
                player,
                closest,
            },
            Language::En,
        ) => {
            let hint = match closest {
                Some(p) => format!("Did you mean {p}?"),
                None => format!("The peoples are {peoples}."),
            };
            format!("“{typed}” (for {player}) is not a Blue Moon people. {hint}")
        }
        (
            S::NotAPeople {
                typed,
                player,
                closest,
            },
            Language::De,
        ) => {
            let hint = match closest {
                Some(p) => format!("Meintest du {p}?"),
                None => format!("Die Völker sind {peoples}."),
            };
            format!("„{typed}“ (für {player}) ist kein Blue-Moon-Volk. {hint}")
        }
    }
}

/// Refusals of the values a person enters for a card the catalog lacks them for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FixRefusal<'a> {
    /// What was given as the card type.
    NotACardType(&'a str),
    NoValue,
    /// The catalog's reason the value cannot be one a printed card has (technical, kept).
    Impossible(&'a str),
}

pub(crate) fn fix_refusal(r: FixRefusal, lang: Language) -> String {
    use FixRefusal as F;
    match (r, lang) {
        (F::NotACardType(t), Language::En) => {
            format!("`{t}` is not a card type: character, booster, support, leadership, ...")
        }
        (F::NotACardType(t), Language::De) => format!(
            "„{t}“ ist keine Kartenart: Charakter (character), Verstärkung (booster), \
             Unterstützung (support), Führung (leadership), …"
        ),
        (F::NoValue, Language::En) => "Give at least one value to store".to_owned(),
        (F::NoValue, Language::De) => "Mindestens einen Wert zum Speichern angeben".to_owned(),
        (F::Impossible(why), Language::En) => format!("That value cannot be stored: {why}"),
        (F::Impossible(why), Language::De) => {
            format!("Dieser Wert kann nicht gespeichert werden: {why}")
        }
    }
}

/// The rulings of a card just played could not be looked up (the card is played all the same).
pub(crate) fn prompts_failed(detail: &str, lang: Language) -> String {
    match lang {
        Language::En => format!("The card is played, but its rulings could not be looked up: {detail}"),
        Language::De => format!(
            "Die Karte ist gespielt, aber ihre Regelklärungen konnten nicht gesucht werden: {detail}"
        ),
    }
}

/// A card typed at the table that names no single card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CardRefusal<'a> {
    Empty,
    /// What was typed.
    NoMatch(&'a str),
    /// What was typed, and the candidates by tag and name.
    Several(&'a str, &'a str),
}

pub(crate) fn card_refusal(r: CardRefusal, lang: Language) -> String {
    match (r, lang) {
        (CardRefusal::Empty, Language::En) => "No card given: type its number or name".to_owned(),
        (CardRefusal::Empty, Language::De) => {
            "Keine Karte angegeben: ihre Nummer oder ihren Namen eingeben".to_owned()
        }
        (CardRefusal::NoMatch(t), Language::En) => format!(
            "No Blue Moon card matches `{t}`: type its number (V24, Vulca 24) or its name"
        ),
        (CardRefusal::NoMatch(t), Language::De) => format!(
            "Keine Blue-Moon-Karte passt zu „{t}“: ihre Nummer (V24, Vulca 24) oder ihren Namen eingeben"
        ),
        (CardRefusal::Several(t, list), Language::En) => {
            format!("`{t}` could be several cards: {list}. Type more of the name or its number")
        }
        (CardRefusal::Several(t, list), Language::De) => format!(
            "„{t}“ kann mehrere Karten meinen: {list}. Mehr vom Namen oder die Nummer eingeben"
        ),
    }
}

/// An area of the table as the FAQ names it (German: Kampfbereich, Unterstützungsbereich, ...).
pub(super) fn area_name(a: Area, lang: Language) -> &'static str {
    match (a, lang) {
        (Area::Combat, Language::En) => "combat area",
        (Area::Support, Language::En) => "support area",
        (Area::Leadership, Language::En) => "leadership area",
        (Area::Influence, Language::En) => "influence area",
        (Area::Achievement, Language::En) => "crystal area",
        (Area::Combat, Language::De) => "Kampfbereich",
        (Area::Support, Language::De) => "Unterstützungsbereich",
        (Area::Leadership, Language::De) => "Führungsbereich",
        (Area::Influence, Language::De) => "Einflussbereich",
        (Area::Achievement, Language::De) => "Kristallbereich",
    }
}

/// An element in words (the refusals, the timeline, the "why?" steps).
pub(crate) fn element(e: Element, lang: Language) -> &'static str {
    match (e, lang) {
        (Element::Fire, Language::En) => "fire",
        (Element::Earth, Language::En) => "earth",
        (Element::Fire, Language::De) => "Feuer",
        (Element::Earth, Language::De) => "Erde",
    }
}

/// One wording per variant and language; German terms as the German FAQ uses them.
pub(crate) fn reason(e: &RuleError, lang: Language, n: &Names) -> String {
    let de = lang == Language::De;
    let card = |c: &CardId| (n.card)(c);
    match e {
        RuleError::UnknownCard(c) if de => format!("{} ist nicht im Kartenkatalog", card(c)),
        RuleError::UnknownCard(c) => format!("{} is not in the card catalog", card(c)),
        // Catalog and table-state details are technical; the person needs the kind of problem.
        RuleError::Catalog(_) if de => "Die Kartendaten sind fehlerhaft".to_owned(),
        RuleError::Catalog(_) => "the card data are damaged".to_owned(),
        RuleError::TableState(_) if de => "Der Tischzustand ist ungültig".to_owned(),
        RuleError::TableState(_) => "the table state is not valid".to_owned(),
        RuleError::UnsupportedVersion(v) if de => format!(
            "Dieses Spiel wurde von einer neueren Version aufgezeichnet (Format {v})"
        ),
        RuleError::UnsupportedVersion(v) => {
            format!("this game was recorded by a newer version (format {v})")
        }
        RuleError::NotSetUp if de => "Das Spiel ist noch nicht aufgebaut".to_owned(),
        RuleError::NotSetUp => "the game has not been set up".to_owned(),
        RuleError::AlreadySetUp if de => "Das Spiel ist bereits aufgebaut".to_owned(),
        RuleError::AlreadySetUp => "the game is already set up".to_owned(),
        RuleError::GameOver if de => "Das Spiel ist vorbei".to_owned(),
        RuleError::GameOver => "the game is over".to_owned(),
        RuleError::GameAbandoned if de => "Das Spiel wurde abgebrochen".to_owned(),
        RuleError::GameAbandoned => "the game was abandoned".to_owned(),
        RuleError::GameNotOver if de => "Das Spiel ist noch nicht vorbei".to_owned(),
        RuleError::GameNotOver => "the game is not over yet".to_owned(),
        RuleError::MatchOver(p) if de => format!(
            "Die Partie ist vorbei: {} hat mindestens 5 Kristalle",
            n.player(*p)
        ),
        RuleError::MatchOver(p) => {
            format!("the match is over: {} has at least 5 crystals", n.player(*p))
        }
        RuleError::NotYourTurn { expected, got } if de => format!(
            "{} ist am Zug, nicht {}",
            n.player(*expected),
            n.player(*got)
        ),
        RuleError::NotYourTurn { expected, got } => format!(
            "it is {}'s turn, not {}'s",
            n.player(*expected),
            n.player(*got)
        ),
        RuleError::WrongArea { card: c, area, .. } if de => format!(
            "{} kann nicht in den {} gespielt werden",
            card(c),
            area_name(*area, lang)
        ),
        RuleError::WrongArea { card: c, area, .. } => format!(
            "{} cannot be played to the {}",
            card(c),
            area_name(*area, lang)
        ),
        RuleError::NotABluffCard(c) if de => format!(
            "{} hat kein BLUFF-Symbol und kann nicht verdeckt gespielt werden",
            card(c)
        ),
        RuleError::NotABluffCard(c) => format!(
            "{} has no BLUFF icon and cannot be played face down",
            card(c)
        ),
        RuleError::CardNotInPlay { player, card: c } if de => {
            format!("{} liegt bei {} nicht aus", card(c), n.player(*player))
        }
        RuleError::CardNotInPlay { player, card: c } => {
            format!("{} is not in play on {}'s side", card(c), n.player(*player))
        }
        RuleError::BadTarget(c) if de => format!(
            "Das Ziel {} ist keine ausliegende Charakterkarte des Besitzers",
            card(c)
        ),
        RuleError::BadTarget(c) => {
            format!("the target {} is not one of the owner's characters in play", card(c))
        }
        RuleError::ElementAlreadyChosen if de => {
            "Das Element dieses Kampfes ist bereits gewählt".to_owned()
        }
        RuleError::ElementAlreadyChosen => {
            "the element of this fight has already been chosen".to_owned()
        }
        RuleError::ElementNotChosen(p) if de => format!(
            "Das umkämpfte Element muss gewählt sein, bevor {} den Zug beendet",
            n.player(*p)
        ),
        RuleError::ElementNotChosen(p) => format!(
            "the contested element must be chosen before {} passes the turn",
            n.player(*p)
        ),
        RuleError::NotFightStarter(p) if de => format!(
            "Nur wer den Kampf beginnt ({}), wählt das Element",
            n.player(*p)
        ),
        RuleError::NotFightStarter(p) => format!(
            "only the player starting the fight ({}) chooses the element",
            n.player(*p)
        ),
        RuleError::PowerTooLow {
            player,
            element: el,
            have,
            need,
        } if de => format!(
            "{} hat {have} {} und braucht {need}, hat aber keinen Schild: stattdessen Rückzug",
            n.player(*player),
            element(*el, lang)
        ),
        RuleError::PowerTooLow {
            player,
            element: el,
            have,
            need,
        } => format!(
            "{} has {have} {} but needs {need} and has no shield: retreat instead",
            n.player(*player),
            element(*el, lang)
        ),
        RuleError::CannotRetreatOnFirstTurn(p) if de => format!(
            "{} kann sich im ersten Zug eines Kampfes nicht zurückziehen: stattdessen auf den Kampf verzichten",
            n.player(*p)
        ),
        RuleError::CannotRetreatOnFirstTurn(p) => format!(
            "{} cannot retreat on the first turn of a fight: decline to start it instead",
            n.player(*p)
        ),
        RuleError::CannotDecline if de => {
            "Nur wer den Kampf beginnt, darf verzichten, und nur im ersten Zug".to_owned()
        }
        RuleError::CannotDecline => {
            "only the player starting a fight may decline, and only on its first turn".to_owned()
        }
        RuleError::BadDeclineDiscard(k) if de => {
            format!("Wer verzichtet, legt 1 bis 3 Karten ab, nicht {k}")
        }
        RuleError::BadDeclineDiscard(k) => format!("declining discards 1 to 3 cards, not {k}"),
        RuleError::BadDragonCount(k) if de => {
            format!("Man zieht 1 bis 4 Drachen auf einmal an, nicht {k}")
        }
        RuleError::BadDragonCount(k) => {
            format!("a player attracts 1 to 4 dragons at once, not {k}")
        }
        RuleError::CannotCancelDragons(k) if de => format!(
            "Nur das Anziehen genau eines Drachen kann aufgehoben werden; dieser Rückzug bringt {k}"
        ),
        RuleError::CannotCancelDragons(k) => format!(
            "only the attraction of exactly one dragon can be cancelled; this retreat gives {k}"
        ),
        RuleError::AlreadyOutOfCards(p) if de => {
            format!("{} hat bereits keine Karten mehr", n.player(*p))
        }
        RuleError::AlreadyOutOfCards(p) => {
            format!("{} has already run out of cards", n.player(*p))
        }
        RuleError::InvalidEvent { index, error } if de => format!(
            "Eintrag {} des Spielprotokolls: {}",
            index + 1,
            reason(error, lang, n)
        ),
        RuleError::InvalidEvent { index, error } => format!(
            "entry {} of the game record: {}",
            index + 1,
            reason(error, lang, n)
        ),
        RuleError::Json(_) if de => "Das Spielprotokoll ist nicht lesbar".to_owned(),
        RuleError::Json(_) => "the game record cannot be read".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One of every variant (the match below fails to compile when a variant is added).
    fn every_variant() -> Vec<RuleError> {
        let c = || CardId::new("vulca-24");
        let all = vec![
            RuleError::UnknownCard(c()),
            RuleError::Catalog("x".into()),
            RuleError::TableState("x".into()),
            RuleError::UnsupportedVersion(2),
            RuleError::NotSetUp,
            RuleError::AlreadySetUp,
            RuleError::GameOver,
            RuleError::GameNotOver,
            RuleError::GameAbandoned,
            RuleError::MatchOver(Player::A),
            RuleError::NotYourTurn {
                expected: Player::A,
                got: Player::B,
            },
            RuleError::WrongArea {
                card: c(),
                card_type: Some(bluemoon::CardType::Character),
                area: Area::Support,
            },
            RuleError::NotABluffCard(c()),
            RuleError::CardNotInPlay {
                player: Player::B,
                card: c(),
            },
            RuleError::BadTarget(c()),
            RuleError::ElementAlreadyChosen,
            RuleError::ElementNotChosen(Player::A),
            RuleError::NotFightStarter(Player::B),
            RuleError::PowerTooLow {
                player: Player::A,
                element: Element::Fire,
                have: 3,
                need: 5,
            },
            RuleError::CannotRetreatOnFirstTurn(Player::B),
            RuleError::CannotDecline,
            RuleError::BadDeclineDiscard(4),
            RuleError::BadDragonCount(5),
            RuleError::CannotCancelDragons(2),
            RuleError::AlreadyOutOfCards(Player::A),
            RuleError::InvalidEvent {
                index: 3,
                error: Box::new(RuleError::NotYourTurn {
                    expected: Player::B,
                    got: Player::A,
                }),
            },
            RuleError::Json("x".into()),
        ];
        for e in &all {
            // Exhaustive on purpose: a new variant must be added to the list above.
            match e {
                RuleError::UnknownCard(_)
                | RuleError::Catalog(_)
                | RuleError::TableState(_)
                | RuleError::UnsupportedVersion(_)
                | RuleError::NotSetUp
                | RuleError::AlreadySetUp
                | RuleError::GameOver
                | RuleError::GameNotOver
                | RuleError::GameAbandoned
                | RuleError::MatchOver(_)
                | RuleError::NotYourTurn { .. }
                | RuleError::WrongArea { .. }
                | RuleError::NotABluffCard(_)
                | RuleError::CardNotInPlay { .. }
                | RuleError::BadTarget(_)
                | RuleError::ElementAlreadyChosen
                | RuleError::ElementNotChosen(_)
                | RuleError::NotFightStarter(_)
                | RuleError::PowerTooLow { .. }
                | RuleError::CannotRetreatOnFirstTurn(_)
                | RuleError::CannotDecline
                | RuleError::BadDeclineDiscard(_)
                | RuleError::BadDragonCount(_)
                | RuleError::CannotCancelDragons(_)
                | RuleError::AlreadyOutOfCards(_)
                | RuleError::InvalidEvent { .. }
                | RuleError::Json(_) => {}
            }
        }
        all
    }

    #[test]
    fn every_refusal_is_worded_in_english_and_german_by_name() {
        let players = ["Ann".to_owned(), "Bert".to_owned()];
        let card = |_: &CardId| "Flickering Fires".to_owned();
        let names = Names {
            players: &players,
            card: &card,
        };
        for e in every_variant() {
            let en = refusal(&e, Language::En, &names);
            let de = refusal(&e, Language::De, &names);
            for text in [&en, &de] {
                let words: Vec<&str> = text
                    .split(|ch: char| !ch.is_alphanumeric() && ch != '-')
                    .collect();
                assert!(!text.contains("vulca-24"), "an id in {text:?}");
                assert!(
                    !words.contains(&"A") && !words.contains(&"B"),
                    "a seat letter in {text:?}"
                );
                assert!(text.len() > "Nicht möglich: ".len() + 5, "{e:?}: {text:?}");
            }
            assert!(en.starts_with("Not possible: "), "{en}");
            assert!(de.starts_with("Nicht möglich: "), "{de}");
            assert_ne!(en, de, "{e:?} has no German wording");
            let names_a_player = matches!(
                e,
                RuleError::MatchOver(_)
                    | RuleError::NotYourTurn { .. }
                    | RuleError::CardNotInPlay { .. }
                    | RuleError::ElementNotChosen(_)
                    | RuleError::NotFightStarter(_)
                    | RuleError::PowerTooLow { .. }
                    | RuleError::CannotRetreatOnFirstTurn(_)
                    | RuleError::AlreadyOutOfCards(_)
                    | RuleError::InvalidEvent { .. }
            );
            if names_a_player {
                assert!(
                    de.contains("Ann") || de.contains("Bert"),
                    "no player named in {de}"
                );
            }
        }
    }

    #[test]
    fn every_table_refusal_has_a_german_wording_without_the_game_id() {
        use TableRefusal as T;
        let all = [
            T::FinishedPlay,
            T::FinishedLog,
            T::NothingToUndo,
            T::NothingToRedo,
            T::MatchOver,
            T::AlreadyFinished,
            T::NotOver,
            T::ConfirmAbandon,
            T::AbandonedLog,
        ];
        for r in all {
            let en = table_refusal(r, 4711, Language::En);
            let de = table_refusal(r, 4711, Language::De);
            assert!(!en.is_empty() && !de.is_empty(), "{r:?}");
            assert_ne!(en, de, "{r:?} has no German wording");
            assert!(!de.contains("4711"), "an id in {de}");
        }
    }

    #[test]
    fn a_card_typed_at_the_table_is_refused_in_german_too() {
        for r in [
            CardRefusal::Empty,
            CardRefusal::NoMatch("zzz"),
            CardRefusal::Several("fla", "V02 Flash the Incendiary, V15 Flare"),
        ] {
            let en = card_refusal(r, Language::En);
            let de = card_refusal(r, Language::De);
            assert!(!de.is_empty());
            assert_ne!(en, de, "{r:?} has no German wording");
        }
        assert!(card_refusal(CardRefusal::NoMatch("zzz"), Language::De).contains("„zzz“"));
    }
}
