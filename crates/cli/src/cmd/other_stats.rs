//! The text of `tablemate whi|stccg|kc stats` (the JSON is the service's `OtherStatsView`).

use std::io::{self, Write};

use tablemate::othergames::stats::{OtherEnd, OtherFigure, OtherStatsView, OtherWinLine};

fn end_text(end: OtherEnd) -> &'static str {
    match end {
        OtherEnd::ZonesBurned => "zones burned",
        OtherEnd::DeckEmpty => "empty deck",
        OtherEnd::Conceded => "conceded",
        OtherEnd::Points => "points reached",
        OtherEnd::QsPlanetSolved => "Q's Planet solved",
        OtherEnd::DeckExhausted => "deck exhausted",
        OtherEnd::DevidianDoor => "Devidian Door not shown",
        OtherEnd::MickeyD => "Mickey D.",
        OtherEnd::Checkmate => "checkmate",
        OtherEnd::LastKingCaptured => "last king captured",
        OtherEnd::KingOfTheMountain => "king of the mountain",
        OtherEnd::Resignation => "resignation",
        OtherEnd::Stalemate => "stalemate",
        OtherEnd::Agreement => "draw by agreement",
    }
}

fn figure_text(figure: OtherFigure) -> &'static str {
    match figure {
        OtherFigure::LoserZonesBurned => "zones burned of the loser",
        OtherFigure::WinningScore => "winning score",
        OtherFigure::CardsPlayed => "cards played per game",
    }
}

fn win_lines(w: &mut dyn Write, title: &str, lines: &[OtherWinLine]) -> io::Result<()> {
    writeln!(w, "\n{title}:")?;
    if lines.is_empty() {
        writeln!(w, "  none")?;
    }
    for l in lines {
        writeln!(
            w,
            "  {:<20} {:>6}  {} of {}{}",
            l.name,
            l.win_rate_text,
            l.wins,
            l.games,
            ties(l.ties)
        )?;
    }
    Ok(())
}

fn ties(n: u32) -> String {
    match n {
        0 => String::new(),
        1 => ", 1 tie".into(),
        n => format!(", {n} ties"),
    }
}

pub fn text(w: &mut dyn Write, s: &OtherStatsView) -> io::Result<()> {
    match &s.player {
        Some(p) => writeln!(w, "{} statistics for {p}", s.title)?,
        None => writeln!(w, "{} statistics", s.title)?,
    }
    writeln!(
        w,
        "{} finished games ({} tied); {} turns per game on average; {}: {} on average",
        s.games,
        s.ties,
        s.average_turns,
        figure_text(s.figure),
        s.average_figure
    )?;
    if s.unreadable > 0 {
        writeln!(
            w,
            "{} stored games could not be replayed and are left out",
            s.unreadable
        )?;
    }
    writeln!(w, "\nhow games ended:")?;
    for e in &s.ends {
        writeln!(
            w,
            "  {:<24} {:>6}  {} game{}",
            end_text(e.end),
            e.share_text,
            e.games,
            if e.games == 1 { "" } else { "s" }
        )?;
    }
    win_lines(w, "win rate per player", &s.by_player)?;
    win_lines(w, "win rate per deck", &s.by_deck)?;
    writeln!(w, "\nper deck matchup:")?;
    for m in &s.by_matchup {
        writeln!(
            w,
            "  {:<20} v {:<20} {:>6}  {} of {}{}",
            m.deck,
            m.opponent,
            m.win_rate_text,
            m.wins,
            m.games,
            ties(m.ties)
        )?;
    }
    Ok(())
}
