//! Finding cards: by number, name (either language, with typos) or text, narrowed by a filter, and the filter's choices.

use super::*;

/// A filter parsed and checked.
struct Filter {
    game: Option<Game>,
    series: Option<Series>,
    card_type: Option<CardType>,
    icon: Option<Icon>,
}

impl Filter {
    fn parse(f: &CardFilter) -> Result<Filter> {
        let set = |v: &Option<String>| v.clone().filter(|s| !s.trim().is_empty());
        Ok(Filter {
            game: parse_game(f.game.as_deref())?,
            series: set(&f.series)
                .map(|s| parse_choice("series", &s, &Series::ALL))
                .transpose()?,
            card_type: set(&f.card_type)
                .map(|s| parse_choice("card type", &s, &CARD_TYPES))
                .transpose()?,
            icon: set(&f.icon)
                .map(|s| parse_choice("icon", &s, &ICONS))
                .transpose()?,
        })
    }

    /// Whether only the game restricts (then the lookup can stop at the limit).
    fn only_game(&self) -> bool {
        self.series.is_none() && self.card_type.is_none() && self.icon.is_none()
    }

    fn admits(&self, card: CardRef<'_>) -> bool {
        if self.game.is_some_and(|g| g != card.game()) {
            return false;
        }
        if self.only_game() {
            return true;
        }
        let CardRef::BlueMoon(c) = card else {
            return false;
        };
        self.series.is_none_or(|s| c.facts.series == s)
            && self.card_type.is_none_or(|t| c.facts.card_type == Some(t))
            && self.icon.is_none_or(|i| c.facts.has_icon(i))
    }
}

pub(super) fn parse_choice<T: Copy + Serialize>(what: &str, text: &str, all: &[T]) -> Result<T> {
    let wanted = text.trim().to_lowercase().replace(['-', ' '], "_");
    all.iter()
        .copied()
        .find(|v| name_of(v) == wanted)
        .ok_or_else(|| {
            let names: Vec<String> = all.iter().map(name_of).collect();
            ServiceError::invalid(format!(
                "{} is not a {what}: use one of {}",
                quoted(text),
                names.join(", ")
            ))
        })
}

impl Service {
    /// Resolves what a person typed (`V24`, `vulca-24`, `Feuerzauber`, `flikering fires`) to one
    /// card; several equally good matches are an error listing them.
    pub fn lookup_card(&self, text: &str) -> Result<CardRef<'_>> {
        let t = text.trim();
        if t.is_empty() {
            return Err(ServiceError::invalid(
                "No card given: type a card number (V24) or a name.",
            ));
        }
        if let Some(card) = self.catalog.card(t) {
            return Ok(card);
        }
        let found = self.catalog.lookup(t, None, 12);
        if let Some(best) = found.best() {
            return self.catalog.card(best.id.as_str()).ok_or_else(|| {
                ServiceError::internal(format!(
                    "Card {} is in the index but not the catalog",
                    best.id
                ))
            });
        }
        if found.candidates.is_empty() {
            return Err(ServiceError::not_found(format!(
                "No card matches {}.",
                quoted(text)
            )));
        }
        let list: Vec<String> = found
            .candidates
            .iter()
            .map(|c| match &c.tag {
                Some(tag) => format!("{tag} {} ({})", c.name, c.id),
                None => format!("{} ({})", c.name, c.id),
            })
            .collect();
        Err(ServiceError::invalid(format!(
            "{} matches several cards: {}. Type more of the name or the number.",
            quoted(text),
            list.join("; ")
        )))
    }

    /// Cards matching what a person types, best first; with no text, the cards the filter
    /// admits in catalog order.
    pub fn find_cards(&self, text: &str, filter: &CardFilter, limit: usize) -> Result<CardSearch> {
        let f = Filter::parse(filter)?;
        let limit = limit.clamp(1, MAX_CARD_LIMIT);
        if text.trim().is_empty() {
            let games: Vec<Game> = match f.game {
                Some(g) => vec![g],
                None => Game::ALL.to_vec(),
            };
            let hits = games
                .into_iter()
                .flat_map(|g| self.catalog.cards_of(g))
                .filter(|c| f.admits(*c))
                .take(limit)
                .map(|c| CardHit {
                    matched_name: c.display_name().to_owned(),
                    card: CardSummary::of(c),
                    matched_lang: None,
                    matched: "listed".to_owned(),
                    score: 0,
                })
                .collect();
            return Ok(CardSearch {
                query: String::new(),
                hits,
                ambiguous: false,
                ambiguity: None,
            });
        }
        // With filters beyond the game, rank everything, then keep what the filter admits.
        let fetch = if f.only_game() { limit } else { usize::MAX };
        let found = self.catalog.lookup(text, f.game, fetch);
        let mut hits = Vec::new();
        for c in &found.candidates {
            let Some(card) = self.catalog.card(c.id.as_str()) else {
                continue;
            };
            if !f.admits(card) {
                continue;
            }
            hits.push(CardHit {
                card: CardSummary::of(card),
                matched_name: c.name.clone(),
                matched_lang: c.lang.map(|l| name_of(&l)),
                matched: name_of(&c.matched),
                score: c.score,
            });
            if hits.len() == limit {
                break;
            }
        }
        let ambiguous = found.ambiguous && f.only_game();
        Ok(CardSearch {
            query: text
                .chars()
                .take(::cards::lookup::MAX_QUERY_CHARS)
                .collect(),
            hits,
            ambiguous,
            ambiguity: found.ambiguity.filter(|_| ambiguous).map(|a| a.reason),
        })
    }

    /// What the filters of the card search offer.
    pub fn card_filter_options(&self) -> CardFilterOptions {
        let plain = |v: String| Choice {
            value: v,
            label: String::new(),
        };
        let mut series: Vec<Series> = Series::ALL.to_vec();
        series.sort_by_key(|s| !s.is_people());
        CardFilterOptions {
            games: Game::ALL
                .iter()
                .map(|g| Choice {
                    value: g.slug().to_owned(),
                    label: g.title().to_owned(),
                })
                .collect(),
            series: series
                .iter()
                .map(|s| Choice {
                    value: name_of(s),
                    label: s.tag_prefix().to_owned(),
                })
                .collect(),
            types: CARD_TYPES.iter().map(|t| plain(name_of(t))).collect(),
            icons: ICONS.iter().map(|i| plain(name_of(i))).collect(),
        }
    }
}
