//! The wording of refusals of the other games in the interface language (English, German),
//! naming the players and cards, never seats or ids (the engine's own messages say
//! "player A").

use othergames::kc::{KcError, MAX_CARDS_PLAYED, MAX_CARD_TURNS, MAX_GAMES};
use othergames::stccg::{StError, MAX_POINTS, MAX_SCORE};
use othergames::whi::limits::{
    MAX_AMOUNT, MAX_BASE_HIT_POINTS, MAX_DEVELOPMENTS, MAX_HIT_POINTS_PER_DEVELOPMENT,
};
use othergames::whi::{WhiError, Zone};
use othergames::{CardId, LogError, Player, MAX_TURNS};

use crate::Language;

/// What a refusal needs to name things: the players' names and the cards' display names.
pub(crate) struct Namer<'a> {
    pub names: &'a [String; 2],
    pub card: &'a dyn Fn(&CardId) -> String,
    pub lang: Language,
}

impl Namer<'_> {
    pub(crate) fn player(&self, p: Player) -> &str {
        match p {
            Player::A => &self.names[0],
            Player::B => &self.names[1],
        }
    }

    pub(crate) fn en_de(&self, en: String, de: String) -> String {
        match self.lang {
            Language::En => en,
            Language::De => de,
        }
    }

    pub(crate) fn zone(&self, z: Zone) -> &'static str {
        match (self.lang, z) {
            (Language::En, Zone::Kingdom) => "Kingdom",
            (Language::En, Zone::Quest) => "Quest zone",
            (Language::En, Zone::Battlefield) => "Battlefield",
            (Language::De, Zone::Kingdom) => "Königreich",
            (Language::De, Zone::Quest) => "Questzone",
            (Language::De, Zone::Battlefield) => "Schlachtfeld",
        }
    }

    pub(crate) fn log(&self, e: &LogError) -> String {
        match e {
            LogError::UnsupportedVersion(v) => self.en_de(
                format!("A stored event has format version {v}; this Tablemate reads version 1."),
                format!("Ein gespeichertes Ereignis hat Formatversion {v}; dieses Tablemate liest Version 1."),
            ),
            LogError::Json(m) => self.en_de(
                format!("A stored event cannot be read: {m}"),
                format!("Ein gespeichertes Ereignis ist nicht lesbar: {m}"),
            ),
            LogError::NotSetUp => self.en_de(
                "The game is not set up yet.".into(),
                "Das Spiel ist noch nicht aufgebaut.".into(),
            ),
            LogError::AlreadySetUp => self.en_de(
                "The game is already set up.".into(),
                "Das Spiel ist bereits aufgebaut.".into(),
            ),
            LogError::GameOver => self.en_de(
                "The game is over; undo its last action to change it.".into(),
                "Das Spiel ist vorbei; nimm die letzte Aktion zurück, um es zu ändern.".into(),
            ),
            LogError::GameNotOver => self.en_de(
                "The game is not over yet.".into(),
                "Das Spiel ist noch nicht zu Ende.".into(),
            ),
            LogError::NotYourTurn { active, got } => {
                let (a, g) = (self.player(*active), self.player(*got));
                self.en_de(
                    format!("It is {a}'s turn, not {g}'s."),
                    format!("{a} ist am Zug, nicht {g}."),
                )
            }
            LogError::TooManyTurns => self.en_de(
                format!("A game has at most {MAX_TURNS} turns; this one has reached them."),
                format!("Ein Spiel hat höchstens {MAX_TURNS} Züge; dieses hat sie erreicht."),
            ),
        }
    }

    pub(crate) fn whi(&self, e: &WhiError) -> String {
        match e {
            WhiError::Log(l) => self.log(l),
            WhiError::NotEnoughResources {
                player,
                have,
                spend,
            } => {
                let p = self.player(*player);
                self.en_de(
                    format!("{p} has {have} resources and cannot spend {spend}."),
                    format!("{p} hat {have} Ressourcen und kann nicht {spend} ausgeben."),
                )
            }
            WhiError::ZeroAmount => self.en_de(
                "An amount of 0 changes nothing.".into(),
                "Eine Menge von 0 ändert nichts.".into(),
            ),
            WhiError::NotInZone { player, card, zone } => {
                let (p, c, z) = (self.player(*player), (self.card)(card), self.zone(*zone));
                self.en_de(
                    format!("{c} is not in {p}'s {z}."),
                    format!("{c} ist nicht in {z} von {p}."),
                )
            }
            WhiError::LegendNotInPlay { player, card } => {
                let (p, c) = (self.player(*player), (self.card)(card));
                self.en_de(
                    format!("{p} has no legend {c} in play."),
                    format!("{p} hat keine Legende {c} im Spiel."),
                )
            }
            WhiError::SameZone(z) => {
                let z = self.zone(*z);
                self.en_de(
                    format!("A card moves to another zone, not from the {z} to the {z}."),
                    format!("Eine Karte wechselt in eine andere Zone, nicht von {z} nach {z}."),
                )
            }
            WhiError::NoDevelopment { player, zone } => {
                let (p, z) = (self.player(*player), self.zone(*zone));
                self.en_de(
                    format!("{p}'s {z} has no development."),
                    format!("{p} hat in {z} keine Entwicklung."),
                )
            }
            WhiError::ZoneBurning { player, zone } => {
                let (p, z) = (self.player(*player), self.zone(*zone));
                self.en_de(
                    format!("{p}'s {z} is burning and cannot be assigned damage."),
                    format!("{z} von {p} brennt und kann keinen Schaden erhalten."),
                )
            }
            WhiError::NotThatMuchDamage {
                player,
                zone,
                have,
                heal,
            } => {
                let (p, z) = (self.player(*player), self.zone(*zone));
                self.en_de(
                    format!("{p}'s {z} has {have} damage; {heal} cannot be healed."),
                    format!("{z} von {p} hat {have} Schaden; {heal} kann nicht geheilt werden."),
                )
            }
            WhiError::AlreadyBurned { player, zone } => {
                let (p, z) = (self.player(*player), self.zone(*zone));
                self.en_de(
                    format!("{p}'s {z} has burned: burn tokens stay for the rest of the game."),
                    format!(
                        "{z} von {p} ist niedergebrannt: Brandmarker bleiben bis zum Spielende."
                    ),
                )
            }
            WhiError::NoHitPoints => self.en_de(
                "A capital section needs at least 1 hit point.".into(),
                "Ein Bereich der Hauptstadt braucht mindestens 1 Trefferpunkt.".into(),
            ),
            WhiError::HitPointsTooHigh {
                base,
                per_development,
            } => self.en_de(
                format!(
                    "A capital section has at most {MAX_BASE_HIT_POINTS} hit points and \
                     {MAX_HIT_POINTS_PER_DEVELOPMENT} more per development, not {base} and \
                     {per_development}."
                ),
                format!(
                    "Ein Bereich der Hauptstadt hat höchstens {MAX_BASE_HIT_POINTS} Trefferpunkte \
                     und {MAX_HIT_POINTS_PER_DEVELOPMENT} mehr je Entwicklung, nicht {base} und \
                     {per_development}."
                ),
            ),
            WhiError::TooManyDevelopments { player, zone } => {
                let (p, z) = (self.player(*player), self.zone(*zone));
                self.en_de(
                    format!("{p}'s {z} already has {MAX_DEVELOPMENTS} developments, the most a zone holds."),
                    format!("{p} hat in {z} schon {MAX_DEVELOPMENTS} Entwicklungen, so viele wie eine Zone höchstens hat."),
                )
            }
            WhiError::AmountTooLarge { player, amount } => {
                let p = self.player(*player);
                self.en_de(
                    format!("{amount} for {p} is too much: one entry is at most {MAX_AMOUNT}."),
                    format!(
                        "{amount} für {p} ist zu viel: ein Eintrag ist höchstens {MAX_AMOUNT}."
                    ),
                )
            }
            WhiError::TooManyResources { player, have, gain } => {
                let p = self.player(*player);
                self.en_de(
                    format!("{p} has {have} resources; {gain} more would be over the {MAX_AMOUNT} a player can hold."),
                    format!("{p} hat {have} Ressourcen; {gain} mehr wären über den {MAX_AMOUNT}, die ein Spieler haben kann."),
                )
            }
        }
    }

    pub(crate) fn stccg(&self, e: &StError) -> String {
        match e {
            StError::Log(l) => self.log(l),
            StError::ZeroPoints => self.en_de(
                "0 points change no score.".into(),
                "0 Punkte ändern keinen Punktestand.".into(),
            ),
            StError::NotInPlay { player, card } => {
                let (p, c) = (self.player(*player), (self.card)(card));
                self.en_de(
                    format!("{c} is not in play for {p}."),
                    format!("{c} ist für {p} nicht im Spiel."),
                )
            }
            StError::QsPlanetAlreadyIn => self.en_de(
                "Q's Planet is already on the spaceline.".into(),
                "Q's Planet liegt bereits in der Raumlinie.".into(),
            ),
            StError::QsPlanetNotIn => self.en_de(
                "Q's Planet is not on the spaceline unsolved.".into(),
                "Q's Planet liegt nicht ungelöst in der Raumlinie.".into(),
            ),
            StError::PointsOutOfRange { player, points } => {
                let p = self.player(*player);
                self.en_de(
                    format!("{points} points for {p} is too many: one entry scores or loses at most {MAX_POINTS}."),
                    format!("{points} Punkte für {p} sind zu viele: ein Eintrag bringt oder kostet höchstens {MAX_POINTS}."),
                )
            }
            StError::ScoreOutOfRange {
                player,
                score,
                points,
            } => {
                let p = self.player(*player);
                self.en_de(
                    format!("{p} has {score} points; {points} more would take the score past {MAX_SCORE} either way."),
                    format!("{p} hat {score} Punkte; {points} mehr brächten den Punktestand über {MAX_SCORE} hinaus, nach oben oder unten."),
                )
            }
        }
    }

    pub(crate) fn kc(&self, e: &KcError) -> String {
        match e {
            KcError::Log(l) => self.log(l),
            KcError::NotInForce { player, card } => {
                let (p, c) = (self.player(*player), (self.card)(card));
                self.en_de(
                    format!("{c} played by {p} is not in force."),
                    format!("{c} von {p} ist nicht in Kraft."),
                )
            }
            KcError::TooManyTurns {
                player,
                card,
                turns,
            } => {
                let (p, c) = (self.player(*player), (self.card)(card));
                self.en_de(
                    format!("{c} played by {p} can be in force for at most {MAX_CARD_TURNS} turns, not {turns}."),
                    format!("{c} von {p} kann höchstens {MAX_CARD_TURNS} Züge in Kraft sein, nicht {turns}."),
                )
            }
            KcError::TooManyGames => self.en_de(
                format!("A match has at most {MAX_GAMES} games."),
                format!("Eine Partie hat höchstens {MAX_GAMES} Spiele."),
            ),
            KcError::TooManyCards => self.en_de(
                format!("A game has at most {MAX_CARDS_PLAYED} cards played."),
                format!("In einem Spiel werden höchstens {MAX_CARDS_PLAYED} Karten gespielt."),
            ),
        }
    }

    /// Undo with nothing after the setup, redo with nothing undone.
    pub(crate) fn nothing_to(&self, redo: bool) -> String {
        match (self.lang, redo) {
            (Language::En, false) => "There is nothing to undo: only the setup is recorded.".into(),
            (Language::En, true) => "There is nothing to redo.".into(),
            (Language::De, false) => {
                "Es gibt nichts zurückzunehmen: nur der Aufbau ist erfasst.".into()
            }
            (Language::De, true) => "Es gibt nichts wiederherzustellen.".into(),
        }
    }
}

/// The first or the second player of a new game (before anyone is named).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ordinal {
    First,
    Second,
}

/// Refusals of a new game before anything is written (the engine's own set-up refusals are
/// worded by [`Namer`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NewGameRefusal<'a> {
    /// That player's name is empty.
    NoName(Ordinal),
    /// Both names are the same (in any case): the two as typed.
    SameNames(&'a str, &'a str),
    /// That player's name is too long or holds control characters.
    BadName { player: Ordinal, max: usize },
    /// That player's deck (free text) is too long or holds control characters.
    BadDeck { player: Ordinal, max: usize },
}

pub(crate) fn new_game_refusal(r: NewGameRefusal<'_>, lang: Language) -> String {
    use NewGameRefusal as R;
    let en_nth = |o: Ordinal| match o {
        Ordinal::First => "first",
        Ordinal::Second => "second",
    };
    // German: "der erste Spieler", "des ersten Spielers".
    let de = |o: Ordinal| match o {
        Ordinal::First => ("erste", "ersten"),
        Ordinal::Second => ("zweite", "zweiten"),
    };
    match (r, lang) {
        (R::NoName(o), Language::En) => format!("The {} player needs a name.", en_nth(o)),
        (R::NoName(o), Language::De) => format!("Der {} Spieler braucht einen Namen.", de(o).0),
        (R::SameNames(a, b), Language::En) if a == b => {
            format!("Both players are called {a}: the two players need different names.")
        }
        (R::SameNames(a, b), Language::En) => {
            format!("{a} and {b} are the same name: the two players need different names.")
        }
        (R::SameNames(a, b), Language::De) if a == b => {
            format!("Beide Spieler heißen {a}: die zwei Spieler brauchen verschiedene Namen.")
        }
        (R::SameNames(a, b), Language::De) => {
            format!("{a} und {b} sind derselbe Name: die zwei Spieler brauchen verschiedene Namen.")
        }
        (R::BadName { player, max }, Language::En) => format!(
            "The {} player's name may have at most {max} characters and no control characters.",
            en_nth(player)
        ),
        (R::BadName { player, max }, Language::De) => format!(
            "Der Name des {} Spielers darf höchstens {max} Zeichen und keine Steuerzeichen haben.",
            de(player).1
        ),
        (R::BadDeck { player, max }, Language::En) => format!(
            "The {} player's deck may be described in at most {max} characters, without control characters.",
            en_nth(player)
        ),
        (R::BadDeck { player, max }, Language::De) => format!(
            "Das Deck des {} Spielers darf mit höchstens {max} Zeichen beschrieben werden, ohne Steuerzeichen.",
            de(player).1
        ),
    }
}

/// An action of one game sent to a game of another (`is`, `not`: the games' titles).
pub(crate) fn wrong_game(id: i64, is: &str, not: &str, lang: Language) -> String {
    match lang {
        Language::En => format!("Game {id} is a game of {is}, not {not}."),
        Language::De => format!("Spiel {id} ist ein Spiel {is}, nicht {not}."),
    }
}

/// A game id that does not exist (mistyped, or a game from another data folder).
pub(crate) fn no_game(id: i64, lang: Language) -> String {
    match lang {
        Language::En => format!(
            "There is no game {id} of Warhammer: Invasion, Star Trek CCG or Knightmare Chess."
        ),
        Language::De => format!(
            "Es gibt kein Spiel {id} von Warhammer: Invasion, Star Trek CCG oder Knightmare Chess."
        ),
    }
}

/// Marking seen a ruling that is not one of the game's (`game`: its title).
pub(crate) fn no_ruling(ruling: &str, game: &str, lang: Language) -> String {
    match lang {
        Language::En => format!("There is no ruling of {game} with the id \"{ruling}\"."),
        Language::De => format!("Es gibt keine Regel zu {game} mit der Kennung „{ruling}“."),
    }
}
