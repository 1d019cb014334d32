//! `docs/scenarios.md` and its pictures, written from the shelf: every shipped scenario
//! with its map, its briefing, its forces and scoring, and its measured balance.

use std::fmt::Write as _;
use std::path::PathBuf;

use super::{BalanceState, Shelved};
use crate::bot::spec::PlayerSpec;
use rules::bitboard::zone_text;
use rules::scenario::{Scenario, Start, VpAwards};
use rules::{Side, Square};

/// The page's path inside the docs folder.
pub const PAGE: &str = "scenarios.md";
/// The pictures' folder inside the docs folder.
pub const PICTURES: &str = "scenarios";

/// The scenarios page, as a file `scenarios` may replace.
pub const PAGE_KIND: file_check::staged::FileKind =
    file_check::staged::FileKind::text("the scenarios page", "# The scenarios");

/// What the document at `rel` (one of [`documents`]) is: the page, or a picture.
pub fn document_kind(rel: &std::path::Path) -> file_check::staged::FileKind {
    if rel == std::path::Path::new(PAGE) {
        PAGE_KIND
    } else {
        file_check::staged::FileKind::SVG
    }
}

/// Every document made from the shelf, as (path inside the docs folder, contents): the page
/// first, then one SVG picture per scenario. `search` is the fingerprint of the search as
/// it is now ([`crate::bot::spec::search_fingerprint`]): figures a search player measured
/// with another version say so.
pub fn documents(shelf: &[Shelved], search: &str) -> Vec<(PathBuf, String)> {
    let mut out = vec![(PathBuf::from(PAGE), page(shelf, search))];
    for s in shelf {
        out.push((
            picture_path(s),
            super::MapPicture::of(&s.scenario).to_svg(&s.scenario.name),
        ));
    }
    out
}

/// Where a scenario's picture goes, inside the docs folder.
pub fn picture_path(s: &Shelved) -> PathBuf {
    PathBuf::from(PICTURES).join(format!("{}.svg", s.stem))
}

/// Whether `m` is a searching player's measurement (`mcts`, `pimc`...: see
/// [`crate::bot::spec::Kind::searches`]) made with another version of the search than
/// `search`, the current one (or with none recorded).
fn of_other_search(m: &super::Measured, search: &str) -> bool {
    m.player
        .parse::<PlayerSpec>()
        .is_ok_and(|p| p.kind().searches())
        && m.search.as_deref() != Some(search)
}

/// The markdown page, `search` being the search's fingerprint now (see [`documents`]).
pub fn page(shelf: &[Shelved], search: &str) -> String {
    let mut out = String::new();
    out.push_str(
        "# The scenarios\n\n\
         <!-- Written by `mars-attacks scenarios` from the files in scenarios/ and their\n\
         measured balance in scenarios/balance/. Do not edit: run the command again. -->\n\n\
         Every scenario shipped in `scenarios/`, with its map, its briefing and its measured\n\
         balance. Balance is measured in the arena (`docs/arena.md`): one player plays itself,\n\
         seats swapped every other game, so the side win rates say how the scenario leans\n\
         between two equal players. The intervals are Wilson 95% intervals. To measure a\n\
         scenario again after changing it:\n\n\
         ```sh\n\
         mars-attacks arena --scenario scenarios/FILE.toml --players mcts:1000 --games 400 \\\n    \
         --seed 2026 --out mcts.jsonl\n\
         mars-attacks arena --scenario scenarios/FILE.toml --players greedy --games 400 \\\n    \
         --seed 2026 --out greedy.jsonl\n\
         mars-attacks scenarios --record mcts.jsonl greedy.jsonl\n\
         ```\n\n",
    );
    let _ = writeln!(
        out,
        "A search player's figures (`mcts`) are of the version of the search that played them. \
         The search is now `{search}` (the fingerprint \
         [docs/strength.md](strength.md) is dated by); a scenario measured with another \
         version says so.\n"
    );
    out.push_str("| Scenario | File | Rounds | Humans win | Martians win | Measured with |\n");
    out.push_str("|---|---|---|---|---|---|\n");
    for s in shelf {
        let (h, m, with) = match headline(s) {
            Some(x) => (
                percent_interval(x.humans_rate()),
                percent_interval(x.martians_rate()),
                format!(
                    "{}{}, {} games",
                    code(&x.player),
                    if of_other_search(x, search) {
                        " (another search)"
                    } else {
                        ""
                    },
                    x.games
                ),
            ),
            None => ("not measured".into(), "not measured".into(), "".into()),
        };
        let _ = writeln!(
            out,
            "| [{}](#{}) | `{}` | {} | {h} | {m} | {with} |",
            s.scenario.name,
            anchor(&s.scenario.name),
            s.file_name(),
            match s.scenario.last_round() {
                Some(n) => n.to_string(),
                None => "no limit".into(),
            },
        );
    }
    for s in shelf {
        out.push('\n');
        scenario_section(&mut out, s, search);
    }
    out
}

/// The measurement a summary line shows: the first recorded, when current.
fn headline(s: &Shelved) -> Option<&super::Measured> {
    match s.balance_state() {
        BalanceState::Current => s.balance.as_ref()?.headline(),
        _ => None,
    }
}

fn scenario_section(out: &mut String, s: &Shelved, search: &str) {
    let sc = &s.scenario;
    let _ = writeln!(out, "## {}\n", sc.name);
    let _ = writeln!(
        out,
        "`scenarios/{}`: {}.\n",
        s.file_name(),
        how_it_is_won(sc)
    );
    let _ = writeln!(
        out,
        "![The map of {}]({}/{}.svg)\n",
        sc.name, PICTURES, s.stem
    );
    for line in sc.description.trim().lines() {
        if line.trim().is_empty() {
            out.push_str(">\n");
        } else {
            let _ = writeln!(out, "> {line}");
        }
    }
    out.push('\n');
    for side in Side::BOTH {
        let _ = writeln!(
            out,
            "- **{}**: {}. Scoring: {}.",
            side_title(side),
            forces(sc, side),
            scoring(side, &sc.sides[side].vp, &sc.sides[side].hold)
        );
    }
    out.push('\n');
    match s.balance_state() {
        BalanceState::Missing => out.push_str("Not measured yet.\n"),
        BalanceState::Stale(old) => {
            let _ = writeln!(
                out,
                "Not measured on this version of the file (the figures recorded are of \
                 fingerprint `{old}`; this file is `{}`).",
                s.fingerprint
            );
        }
        BalanceState::Current => {
            let b = s.balance.as_ref().expect("a current balance exists");
            let _ = writeln!(
                out,
                "Measured balance (file fingerprint `{}`):\n",
                s.fingerprint
            );
            out.push_str(
                "| Player on both sides | Games | Humans win | Martians win | Draws | Length in Rounds |\n\
                 |---|---|---|---|---|---|\n",
            );
            for m in &b.measured {
                let _ = writeln!(
                    out,
                    "| {} ({}) | {}{} | {} | {} | {} | {:.1} (sd {:.1}, {}-{}) |",
                    code(&m.player),
                    if m.runs > 1 {
                        format!("{} runs, seeds from {}", m.runs, m.seed)
                    } else {
                        format!("seed {}", m.seed)
                    },
                    m.games,
                    if m.failed > 0 {
                        format!(" ({} failed)", m.failed)
                    } else {
                        String::new()
                    },
                    percent_interval(m.humans_rate()),
                    percent_interval(m.martians_rate()),
                    percent(m.draws_rate().rate),
                    m.rounds.mean,
                    m.rounds.sd,
                    m.rounds.min,
                    m.rounds.max
                );
            }
            out.push_str("\nHow the games were won:\n\n");
            for m in &b.measured {
                let _ = writeln!(
                    out,
                    "- {}: Humans by {}; Martians by {}{}.",
                    code(&m.player),
                    m.humans.describe(),
                    m.martians.describe(),
                    if m.draws > 0 {
                        format!("; {} drawn", m.draws)
                    } else {
                        String::new()
                    }
                );
            }
            for m in b.measured.iter().filter(|m| of_other_search(m, search)) {
                let _ = writeln!(
                    out,
                    "\nThe {} games were played by another version of the search ({}); it \
                     is now `{search}`. Measure again with the commands above to see how the \
                     search plays the scenario now.",
                    code(&m.player),
                    m.search
                        .as_deref()
                        .map_or("its fingerprint not recorded".into(), |f| format!("`{f}`"))
                );
            }
        }
    }
}

/// What a key model's death and leaving decide (P28): "Professor Kessler dying wins at once
/// for the Martians, getting away for the Humans".
pub fn key_model_words(who: &str, ends: rules::scenario::EndsGame) -> String {
    match (ends.dies, ends.exits) {
        (Some(d), Some(x)) => format!(
            "{who} dying wins at once for {}, getting away for {}",
            side_word(d),
            side_word(x)
        ),
        (Some(d), None) => format!("{who} dying wins at once for {}", side_word(d)),
        (None, Some(x)) => format!("{who} getting away wins at once for {}", side_word(x)),
        (None, None) => String::new(),
    }
}

/// Who takes the first Turn and how the game is won, in words: "the Humans take the first
/// Turn; first to 8 VP wins".
pub fn how_it_is_won(sc: &Scenario) -> String {
    let (th, tm) = (sc.vp_target(Side::Humans), sc.vp_target(Side::Martians));
    let target = if th == tm {
        format!("first to {th} VP wins")
    } else {
        format!("the Humans win at {th} VP, the Martians at {tm}")
    };
    format!(
        "{} take the first Turn; {target}{}{}",
        side_word(sc.first_turn),
        match (sc.survivor(), sc.round_limit) {
            (Some((side, n)), _) => format!(
                "; {} win if a model of theirs is still on the board at the end of Round {n}",
                side_word(side)
            ),
            (None, Some(n)) => format!(", or more VP at the end of Round {n}"),
            (None, None) => String::new(),
        },
        key_models_text(sc)
    )
}

/// What the key models' deaths and leavings decide (P28), in words: "; Professor Kessler
/// dying wins at once for the Martians, getting away for the Humans". Nothing without key
/// models.
fn key_models_text(sc: &Scenario) -> String {
    let mut groups: Vec<(usize, rules::scenario::EndsGame, u32)> = Vec::new();
    for m in sc.models.iter().filter(|m| m.ends_game.is_key()) {
        match groups
            .iter_mut()
            .find(|g| g.0 == m.profile && g.1 == m.ends_game)
        {
            Some(g) => g.2 += 1,
            None => groups.push((m.profile, m.ends_game, 1)),
        }
    }
    let mut out = String::new();
    for (profile, ends, n) in groups {
        let name = &sc.profiles[profile].name;
        let who = if n == 1 {
            name.clone()
        } else {
            format!("one of the {n} {name}s")
        };
        out.push_str("; ");
        out.push_str(&key_model_words(&who, ends));
    }
    out
}

/// A side's models and where they start, in words: "6 US Army Soldiers (start on d4 (2),
/// e5 (2), d5, e4)".
pub fn forces(sc: &Scenario, side: Side) -> String {
    let setup = &sc.sides[side];
    // (profile, how they start, models, fixed squares with their counts, own VP values)
    type Group = (
        usize,
        u8,
        u32,
        Vec<(Square, u32)>,
        (Option<u16>, Option<u16>, bool, rules::scenario::EndsGame),
    );
    let mut groups: Vec<Group> = Vec::new();
    for m in sc.models.iter().filter(|m| m.side == side) {
        // 0: deployed, 1: fixed squares, 2 and on: entering by entry `kind - 2`.
        let kind = match m.start {
            Start::Deploy => 0,
            Start::At(_) => 1,
            Start::Enter => 2 + m.wave,
        };
        let values = (m.kill_vp, m.exit_vp, m.may_exit, m.ends_game);
        let i = match groups
            .iter()
            .position(|g| g.0 == m.profile && g.1 == kind && g.4 == values)
        {
            Some(i) => i,
            None => {
                groups.push((m.profile, kind, 0, Vec::new(), values));
                groups.len() - 1
            }
        };
        let g = &mut groups[i];
        g.2 += 1;
        if let Start::At(sq) = m.start {
            match g.3.iter_mut().find(|(s, _)| *s == sq) {
                Some((_, n)) => *n += 1,
                None => g.3.push((sq, 1)),
            }
        }
    }
    let mut parts: Vec<String> = groups
        .iter()
        .map(
            |(p, kind, n, squares, (kill_vp, exit_vp, may_exit, ends_game))| {
                let start = match kind {
                    0 => format!("deploy in {}", zone_text(setup.deployment)),
                    2.. => match setup.entry.get(usize::from(kind - 2)) {
                        Some(e) => entry_text(e),
                        None => "come on".into(),
                    },
                    1 => {
                        let at: Vec<String> = squares
                            .iter()
                            .map(|(sq, n)| {
                                if *n == 1 {
                                    sq.to_string()
                                } else {
                                    format!("{sq} ({n})")
                                }
                            })
                            .collect();
                        format!("start on {}", at.join(", "))
                    }
                };
                let name = &sc.profiles[*p].name;
                let name = if *n == 1 || name.ends_with('s') {
                    name.clone()
                } else {
                    format!("{name}s")
                };
                let mut worth = String::new();
                if let Some(v) = kill_vp {
                    worth.push_str(&format!(", {v} VP to kill"));
                }
                if let Some(v) = exit_vp {
                    worth.push_str(&format!(", {v} VP to get away"));
                }
                if !may_exit && setup.exit.is_some() {
                    worth.push_str(", held on the board");
                }
                if ends_game.is_key() {
                    worth.push_str(", a key model");
                }
                format!("{n} {name} ({start}{worth})")
            },
        )
        .collect();
    if let Some(edge) = setup.exit {
        parts.push(format!("may leave across the {edge} edge"));
    }
    parts.join(", ")
}

/// How an entry's models come on, in words: "come on across the south edge at a1-c1 from
/// Round 2", "come on across the east or west edge from Round 2 or 3, drawn at the start of
/// Round 2" (P32, P33).
pub fn entry_text(e: &rules::scenario::Entry) -> String {
    let mut edges: Vec<String> = Vec::new();
    for x in e.edges.as_slice() {
        if !edges.contains(&x.to_string()) {
            edges.push(x.to_string());
        }
    }
    let across = match edges.as_slice() {
        [] => format!("the {} edge", e.edge),
        [rest @ .., last] => format!("the {} or {last} edge", rest.join(", ")),
    };
    let at = if e.edges.is_empty() && e.squares != e.edge.board_squares() {
        format!(" at {}", zone_text(e.squares))
    } else {
        String::new()
    };
    let mut rounds: Vec<String> = Vec::new();
    for r in e.rounds.as_slice() {
        if !rounds.contains(&r.to_string()) {
            rounds.push(r.to_string());
        }
    }
    let when = match rounds.as_slice() {
        [] if e.round == 1 => String::new(),
        [] => format!(" from Round {}", e.round),
        [one] => format!(" from Round {one}"),
        [rest @ .., last] => format!(" from Round {} or {last}", rest.join(", ")),
    };
    let drawn = if e.is_drawn() {
        format!(", drawn at the start of Round {}", e.drawn_in)
    } else {
        String::new()
    };
    format!("come on across {across}{at}{when}{drawn}")
}

/// How a side scores, in words.
pub fn scoring(side: Side, vp: &VpAwards, hold: &[rules::scenario::Hold]) -> String {
    let counter = match side {
        Side::Humans => "an Alien Secret",
        Side::Martians => "a Critter",
    };
    let mut parts = Vec::new();
    if vp.shoot_kill > 0 {
        parts.push(format!("{} VP a kill by shooting", vp.shoot_kill));
    }
    if vp.fight_kill > 0 {
        parts.push(format!("{} VP a kill in a Fight", vp.fight_kill));
    }
    if vp.counter > 0 {
        parts.push(match vp.counters_free {
            0 => format!("{} VP {counter}", vp.counter),
            1 => format!("{} VP {counter} after the first", vp.counter),
            n => format!("{} VP {counter} after the first {n}", vp.counter),
        });
    }
    if vp.exit > 0 {
        parts.push(format!(
            "{} VP a model that leaves by its exit edge",
            vp.exit
        ));
    }
    if vp.objective > 0 {
        parts.push(format!("{} VP a neutral objective", vp.objective));
    }
    for h in hold.iter().filter(|h| h.vp > 0 || h.win_after.is_some()) {
        let rounds = match (h.from, h.until) {
            (1, None) => String::new(),
            (f, None) => format!(" from Round {f}"),
            (f, Some(u)) if f == u => format!(" in Round {f}"),
            (f, Some(u)) => format!(" in Rounds {f}-{u}"),
        };
        let zone = zone_text(h.zone);
        let mut part = if h.vp > 0 {
            format!("{} VP a Round for holding {zone}{rounds}", h.vp)
        } else {
            format!("holding {zone}{rounds}")
        };
        if let Some(n) = h.win_after {
            part.push_str(&match (n, h.vp > 0) {
                (1, true) => " (held alone at the end of a Round, it wins)".to_string(),
                (n, true) => format!(" (held alone {n} Rounds running, it wins)"),
                (1, false) => " alone at the end of a Round wins".to_string(),
                (n, false) => format!(" alone {n} Rounds running wins"),
            });
        }
        parts.push(part);
    }
    if parts.is_empty() {
        "nothing".into()
    } else {
        parts.join(", ")
    }
}

/// A name as Markdown code that stays on its line and in its table cell: control
/// characters written as escapes, `|` escaped, and as many backticks around it as it needs.
fn code(name: &str) -> String {
    let text: String = name
        .chars()
        .flat_map(|c| {
            if c.is_control() {
                c.escape_debug().collect::<Vec<_>>()
            } else if c == '|' {
                vec!['\\', '|']
            } else {
                vec![c]
            }
        })
        .collect();
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let ticks = "`".repeat(longest + 1);
    let pad = if text.starts_with('`') || text.ends_with('`') {
        " "
    } else {
        ""
    };
    format!("{ticks}{pad}{text}{pad}{ticks}")
}

fn percent(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

fn percent_interval(r: crate::arena::summary::Rate) -> String {
    format!(
        "{} [{}, {}]",
        percent(r.rate),
        percent(r.low),
        percent(r.high)
    )
}

/// GitHub's anchor for a heading.
fn anchor(title: &str) -> String {
    title
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            'a'..='z' | '0'..='9' | '-' | '_' => Some(c),
            ' ' => Some('-'),
            c if c.is_alphanumeric() => Some(c),
            _ => None,
        })
        .collect()
}

fn side_title(side: Side) -> &'static str {
    match side {
        Side::Humans => "Humans",
        Side::Martians => "Martians",
    }
}

fn side_word(side: Side) -> &'static str {
    match side {
        Side::Humans => "the Humans",
        Side::Martians => "the Martians",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::Bitboard;

    fn bb(squares: &[&str]) -> Bitboard {
        squares
            .iter()
            .map(|s| s.parse::<Square>().expect("a square"))
            .collect()
    }

    #[test]
    fn zones_are_written_as_rectangles() {
        assert_eq!(zone_text(bb(&["c4"])), "c4");
        let rows56: Vec<String> = "abcdefgh"
            .chars()
            .flat_map(|c| [format!("{c}5"), format!("{c}6")])
            .collect();
        let refs: Vec<&str> = rows56.iter().map(String::as_str).collect();
        assert_eq!(zone_text(bb(&refs)), "a5-h6");
        assert_eq!(
            zone_text(bb(&["a5", "b5", "a6", "b6", "g5", "h5"])),
            "a5-b6, g5-h5"
        );
    }

    #[test]
    fn a_name_stays_one_piece_of_code_on_its_line() {
        assert_eq!(code("mcts:1000"), "`mcts:1000`");
        assert_eq!(code("evil\n# heading"), "`evil\\n# heading`");
        assert_eq!(code("a|b"), "`a\\|b`");
        assert_eq!(code("exec:say `hi`"), "`` exec:say `hi` ``");
    }

    #[test]
    fn anchors_follow_the_heading() {
        assert_eq!(anchor("Who's There?"), "whos-there");
        assert_eq!(
            anchor("Last Stand at Greenville"),
            "last-stand-at-greenville"
        );
    }
}
