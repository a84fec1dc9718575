//! The wording of refusals of the other games in the interface language (English, German),
//! naming the players and cards, never seats or ids (the engine's own messages say
//! "player A").

use othergames::kc::KcError;
use othergames::stccg::StError;
use othergames::whi::{WhiError, Zone};
use othergames::{CardId, LogError, Player};

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

    pub(crate) fn is_de(&self) -> bool {
        self.lang == Language::De
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
