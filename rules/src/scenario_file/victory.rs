//! The victory conditions a scenario writes as data, read (stage 1) and checked against
//! the rest of the file (stage 2): key models (`ends_game`, P28), models held on the board
//! (`may_exit`, P30), hold zones that count only in some Rounds or win when held Rounds
//! running (`from`, `until`, `win_after`, P31), and entries on part of an edge or drawn at
//! random (`squares`, `edges`, `rounds`, P32, P33).

use std::ops::Range;

use crate::bitboard::Bitboard;
use crate::scenario::{Choices, EndsGame, Entry, Hold, MAX_CHOICES, MAX_WIN_ZONES};
use crate::scenario_file::raw::{
    EndsGameFile, EntryFile, Field, HoldKeySpans, ModelFile, ScenarioFile, SideFile, Sp, ZoneFile,
};
use crate::scenario_file::read::parse_zone;
use crate::scenario_file::values::{
    Fields, Tbl, Value, quote, read_array, read_edge_word, read_int, read_key_int, read_side_word,
    read_str, read_table,
};
use crate::schema::scenario as keys;
use crate::square::{Edge, Side};
use file_check::Sink;

// ===== stage 1: single tables ===========================================================

/// A model entry's `ends_game` table: at least one of `dies` and `exits`.
pub(super) fn read_ends_game(sink: &mut Sink, path: String, v: &Value) -> Option<EndsGameFile> {
    let t = read_table(sink, &path, v, Some(&keys::ENDS_GAME_TABLE))?;
    t.check_keys(sink);
    let dies = t.opt(sink, &keys::ENDS_GAME_DIES, read_side_word);
    let exits = t.opt(sink, &keys::ENDS_GAME_EXITS, read_side_word);
    if dies.is_invalid() || exits.is_invalid() {
        return None;
    }
    let (dies, exits) = (dies.given().cloned(), exits.given().cloned());
    if dies.is_none() && exits.is_none() {
        sink.error(
            &t.span,
            format!(
                "{path}: give dies, exits or both: the side that wins when one of these \
                 models dies, and the side that wins when one leaves by the exit, like \
                 ends_game = {{ dies = \"martians\", exits = \"humans\" }}"
            ),
        );
        return None;
    }
    Some(EndsGameFile { path, dies, exits })
}

/// A hold table's Rounds: `from`, `until` and `win_after` (the zone and VP are read by the
/// caller), with where each is written. `None` when one of them had an error.
pub(super) fn read_hold_window(sink: &mut Sink, h: &Tbl) -> (Option<Hold>, HoldKeySpans) {
    let spans = HoldKeySpans {
        from: h.get(keys::HOLD_FROM.name).map(|v| v.span()),
        until: h.get(keys::HOLD_UNTIL.name).map(|v| v.span()),
        win_after: h.get(keys::HOLD_WIN_AFTER.name).map(|v| v.span()),
    };
    let from = h.opt(sink, &keys::HOLD_FROM, |s, p, v| {
        read_key_int(s, &p, v, &keys::HOLD_FROM)
    });
    let until = h.opt(sink, &keys::HOLD_UNTIL, |s, p, v| {
        read_key_int(s, &p, v, &keys::HOLD_UNTIL)
    });
    let win_after = h.opt(sink, &keys::HOLD_WIN_AFTER, |s, p, v| {
        read_key_int(s, &p, v, &keys::HOLD_WIN_AFTER)
    });
    if from.is_invalid() || until.is_invalid() || win_after.is_invalid() {
        return (None, spans);
    }
    let window = Hold {
        zone: Bitboard::EMPTY,
        vp: 0,
        from: from.given().copied().unwrap_or(1),
        until: until.given().copied(),
        win_after: win_after.given().copied(),
    };
    (Some(window), spans)
}

/// An array of at most [`MAX_CHOICES`] values, each read with `item`; `None` when any is
/// wrong.
fn read_choices<T>(
    sink: &mut Sink,
    path: &str,
    v: &Value,
    what: &str,
    item: impl Fn(&mut Sink, String, &Value) -> Option<Sp<T>>,
) -> Option<Sp<Vec<Sp<T>>>> {
    let arr = read_array(sink, path, v)?;
    if arr.is_empty() {
        sink.error(
            &v.span(),
            format!("{path}: an empty array; give at least one {what} to draw among"),
        );
        return None;
    }
    if arr.len() > MAX_CHOICES {
        sink.error(
            &v.span(),
            format!(
                "{path}: {} {what}s; a draw is among at most {MAX_CHOICES}",
                arr.len()
            ),
        );
        return None;
    }
    let mut out = Vec::with_capacity(arr.len());
    for (i, x) in arr.iter().enumerate() {
        out.push(item(sink, format!("{path}[{i}]"), x));
    }
    let values: Option<Vec<Sp<T>>> = out.into_iter().collect();
    let values = values?;
    if values.len() == 1 {
        sink.warn(
            &v.span(),
            format!("{path}: one {what} only, so nothing is drawn; give it as the single value"),
        );
    }
    Some(Sp {
        value: values,
        span: v.span(),
    })
}

/// One entry table (R6): its edge, or part of one (P32), or edges drawn among (P33); its
/// Round, or Rounds drawn among (P33).
pub(super) fn read_entry(sink: &mut Sink, path: String, v: &Value) -> Option<EntryFile> {
    let e = read_table(sink, &path, v, Some(&keys::ENTRY_TABLE))?;
    e.check_keys(sink);
    let edge = e.opt(sink, &keys::ENTRY_EDGE, read_edge_word);
    let squares = e.opt(sink, &keys::ENTRY_SQUARES, |s, p, v| {
        let text = read_str(s, &p, v)?;
        let squares = match parse_zone(&text.value) {
            Ok(bb) => Some(bb),
            Err(why) => {
                s.error(&text.span, format!("{p}: {}: {why}", quote(&text.value)));
                None
            }
        };
        Some(ZoneFile {
            path: p,
            text: text.value,
            span: text.span,
            squares,
        })
    });
    let edges = e.opt(sink, &keys::ENTRY_EDGES, |s, p, v| {
        read_choices(s, &p, v, "edge", read_edge_word)
    });
    let round = e.opt(sink, &keys::ENTRY_ROUND, |s, p, v| {
        read_key_int(s, &p, v, &keys::ENTRY_ROUND).map(|n| Sp {
            value: n,
            span: v.span(),
        })
    });
    let rounds = e.opt(sink, &keys::ENTRY_ROUNDS, |s, p, v| {
        let (lo, hi) = keys::ENTRY_ROUND.int_range();
        read_choices(s, &p, v, "Round", |s, p, v| {
            read_int(s, &p, v, lo, hi).map(|n| Sp {
                value: n as u16,
                span: v.span(),
            })
        })
    });
    if let (Some(_), Some(list)) = (edge.given(), edges.given()) {
        sink.error(
            &list.span,
            format!("{path}.edges: give edge or edges, not both (edges are drawn among)"),
        );
    }
    if let (Some(part), Some(_)) = (squares.given(), edges.given()) {
        sink.error(
            &part.span,
            format!(
                "{path}.squares: a part of one edge cannot go with edges drawn at random; \
                 give edge and squares, or edges alone"
            ),
        );
    }
    let announce = e.opt(sink, &keys::ENTRY_ANNOUNCE, |s, p, v| {
        read_key_int(s, &p, v, &keys::ENTRY_ANNOUNCE).map(|n| Sp {
            value: n,
            span: v.span(),
        })
    });
    if let (Some(_), Some(list)) = (round.given(), rounds.given()) {
        sink.error(
            &list.span,
            format!("{path}.rounds: give round or rounds, not both (rounds are drawn among)"),
        );
    }
    if matches!(edge, Field::Absent)
        && matches!(squares, Field::Absent)
        && matches!(edges, Field::Absent)
    {
        sink.error(
            &e.span,
            format!(
                "{path}: missing required key \"edge\" (the board edge the models come on \
                 across; or squares = \"a1-d1\" for part of one, or edges = [\"east\", \
                 \"west\"] to draw one)"
            ),
        );
    }
    Some(EntryFile {
        path,
        edge,
        squares,
        edges,
        round,
        rounds,
        announce,
    })
}

// ===== stage 2: against the rest of the file =============================================

/// The entry `e` as the game plays it, checking its squares against its edge (P32), its
/// Rounds against the game's last Round, and that some square of each edge is open;
/// `None` when it had an error. Also where its warnings point: the path and span of its
/// `edge`, `squares` or `edges`.
pub(super) fn build_entry(
    sink: &mut Sink,
    e: &EntryFile,
    last_round: Option<u16>,
    blockers: Bitboard,
) -> Option<(Entry, Range<usize>, String)> {
    let mut ok = true;
    // The Round, or the Rounds drawn among.
    let after_last = |sink: &mut Sink, r: &Sp<u16>, path: &str| -> bool {
        match last_round {
            Some(limit) if r.value > limit => {
                sink.error(
                    &r.span,
                    format!(
                        "{path}: round {} is after the game's last Round ({limit}), so these \
                         models could never come on",
                        r.value
                    ),
                );
                true
            }
            _ => false,
        }
    };
    let mut round = 1;
    let mut rounds = Choices::none(1);
    match (&e.round, &e.rounds) {
        (Field::Invalid, _) | (_, Field::Invalid) => ok = false,
        (_, Field::Given(list)) => {
            for (i, r) in list.value.iter().enumerate() {
                ok &= !after_last(sink, r, &format!("{}.rounds[{i}]", e.path));
            }
            let values: Vec<u16> = list.value.iter().map(|r| r.value).collect();
            round = values.iter().copied().min().unwrap_or(1);
            rounds = Choices::of(&values)?;
        }
        (Field::Given(r), _) => {
            ok &= !after_last(sink, r, &format!("{}.round", e.path));
            round = r.value;
        }
        (Field::Absent, Field::Absent) => {}
    }
    // The edge, part of one, or the edges drawn among.
    let open_edge = |sink: &mut Sink, edge: Edge, span: &Range<usize>, path: &str| -> bool {
        if edge.board_squares().is_subset(blockers) {
            sink.error(
                span,
                format!(
                    "{path}: every square along the {edge} edge is a blocker; no model could \
                     come on"
                ),
            );
            return false;
        }
        true
    };
    let (edge, squares, edges, (span, at)) = match (&e.edge, &e.squares, &e.edges) {
        (Field::Invalid, ..) | (_, Field::Invalid, _) | (.., Field::Invalid) => return None,
        (_, _, Field::Given(list)) => {
            for (i, x) in list.value.iter().enumerate() {
                ok &= open_edge(sink, x.value, &x.span, &format!("{}.edges[{i}]", e.path));
            }
            let values: Vec<Edge> = list.value.iter().map(|x| x.value).collect();
            let all = values
                .iter()
                .fold(Bitboard::EMPTY, |bb, x| bb | x.board_squares());
            (
                values[0],
                all,
                Choices::of(&values)?,
                (list.span.clone(), format!("{}.edges", e.path)),
            )
        }
        (edge, Field::Given(part), Field::Absent) => {
            let squares = part.squares?;
            let along: Vec<Edge> = Edge::ALL
                .into_iter()
                .filter(|x| squares.is_subset(x.board_squares()))
                .collect();
            let edge = match edge.given() {
                Some(x) if !squares.is_subset(x.value.board_squares()) => {
                    sink.error(
                        &part.span,
                        format!(
                            "{}: {} lies off the {} edge: give squares along it, like {}",
                            part.path,
                            quote(&part.text),
                            x.value,
                            quote(&example_run(x.value))
                        ),
                    );
                    return None;
                }
                Some(x) => x.value,
                None => match along.as_slice() {
                    [one] => *one,
                    [] => {
                        sink.error(
                            &part.span,
                            format!(
                                "{}: {} lies along no board edge: the models step on at \
                                 squares of an edge (R6), like \"a1-d1\" along the south edge",
                                part.path,
                                quote(&part.text)
                            ),
                        );
                        return None;
                    }
                    [a, b, ..] => {
                        sink.error(
                            &part.span,
                            format!(
                                "{}: {} lies on both the {a} and the {b} edge: say which \
                                 with edge = \"{a}\" or edge = \"{b}\"",
                                part.path,
                                quote(&part.text)
                            ),
                        );
                        return None;
                    }
                },
            };
            if squares.is_subset(blockers) {
                sink.error(
                    &part.span,
                    format!(
                        "{}: every square of {} is a blocker; no model could come on",
                        part.path,
                        quote(&part.text)
                    ),
                );
                ok = false;
            }
            (
                edge,
                squares,
                Choices::none(edge),
                (part.span.clone(), part.path.clone()),
            )
        }
        (Field::Given(x), Field::Absent, Field::Absent) => {
            ok &= open_edge(sink, x.value, &x.span, &format!("{}.edge", e.path));
            (
                x.value,
                x.value.board_squares(),
                Choices::none(x.value),
                (x.span.clone(), format!("{}.edge", e.path)),
            )
        }
        // Reported in stage 1.
        (Field::Absent, Field::Absent, Field::Absent) => return None,
    };
    let drawn_in = announced_draw(sink, e, round, !rounds.is_empty() || !edges.is_empty());
    ok.then_some((
        Entry {
            edge,
            round,
            squares,
            rounds,
            edges,
            drawn_in,
        },
        span,
        at,
    ))
}

/// The Round at whose start entry `e`'s draw is made (P33): its earliest Round `round`, or
/// `announce` Rounds before, at the earliest Round 1 (set-up). Warns of an `announce` on an
/// entry that draws nothing, and of one that reaches back past set-up.
fn announced_draw(sink: &mut Sink, e: &EntryFile, round: u16, drawn: bool) -> u16 {
    let Some(a) = e.announce.given() else {
        return round;
    };
    let path = format!("{}.announce", e.path);
    if !drawn {
        sink.warn(
            &a.span,
            format!(
                "{path}: this entry draws neither its edge nor its Round, so there is no draw \
                 to announce; give edges or rounds to draw among, or remove announce"
            ),
        );
        return round;
    }
    if a.value >= round && a.value > 0 {
        sink.warn(
            &a.span,
            format!(
                "{path}: {} Rounds before Round {round} is before the game starts, so the draw \
                 is made at set-up, before anyone deploys; announce = {} says the same",
                a.value,
                round - 1
            ),
        );
    }
    round.saturating_sub(a.value).max(1)
}

/// Squares along `edge` to show as an example of a part of it.
fn example_run(edge: Edge) -> String {
    match edge {
        Edge::South => "a1-d1",
        Edge::North => "e8-h8",
        Edge::West => "a1-a4",
        Edge::East => "h5-h8",
    }
    .to_string()
}

/// A model entry's key-model and exit keys against its side (P28, P30): a key model that
/// names its own side as winning by its death, or the other side as winning by its
/// leaving; one that can never leave but whose leaving would end the game; `may_exit` on
/// a side with no exit; an exit award these models can never score.
pub(super) fn check_model_keys(sink: &mut Sink, side: Side, sf: &SideFile, mf: &ModelFile) {
    let no_exit = sf.exit.given().is_none() && !sf.exit.is_invalid();
    let held = mf.may_exit.given().is_some_and(|m| !m.value);
    if let Some(eg) = mf.ends_game.given() {
        if let Some(d) = &eg.dies
            && d.value == side
        {
            sink.warn(
                &d.span,
                format!(
                    "{}.dies: the {side} win when their own model dies; did you mean \
                     \"{}\"?",
                    eg.path,
                    side.other()
                ),
            );
        }
        if let Some(x) = &eg.exits {
            if x.value != side {
                sink.warn(
                    &x.span,
                    format!(
                        "{}.exits: the {} win when a {side} model leaves, so the {side} \
                         would lose by taking it off; did you mean \"{side}\"?",
                        eg.path, x.value
                    ),
                );
            }
            if no_exit {
                sink.warn(
                    &x.span,
                    format!(
                        "{}.exits: ends nothing: the {side} have no exit edge, so these \
                         models can never leave (give `{side}.exit`)",
                        eg.path
                    ),
                );
            } else if held {
                sink.warn(
                    &x.span,
                    format!(
                        "{}.exits: ends nothing: may_exit = false holds these models on \
                         the board, so they can never leave",
                        eg.path
                    ),
                );
            }
        }
    }
    if let Some(m) = mf.may_exit.given()
        && no_exit
    {
        sink.warn(
            &m.span,
            format!(
                "{}.may_exit: has no effect: the {side} have no exit edge, so no model of \
                 theirs leaves (give `{side}.exit`)",
                mf.path
            ),
        );
    }
    if held && !no_exit && mf.vp_exit.given().is_some_and(|v| *v > 0) {
        sink.warn(
            &mf.span,
            format!(
                "{}.vp_exit: scores nothing: may_exit = false holds these models on the \
                 board",
                mf.path
            ),
        );
    }
}

/// A side's exit that no model of it may take (every model entry says may_exit = false,
/// P30).
pub(super) fn check_exit_used(sink: &mut Sink, side: Side, sf: &SideFile) {
    let (Some(exit), Some(models)) = (sf.exit.given(), sf.models.given()) else {
        return;
    };
    let all_held = !models.value.is_empty()
        && models
            .value
            .iter()
            .all(|m| m.may_exit.given().is_some_and(|x| !x.value));
    if all_held {
        sink.warn(
            &exit.span,
            format!(
                "{side}.exit: no {side} model may leave: every one has may_exit = false \
                 (remove the exit, or let some leave)"
            ),
        );
    }
}

/// The Rounds of the hold zones (P31): `until` not before `from`, `from` not after the
/// game's last Round, `win_after` no more than the Rounds the zone counts in, and at most
/// [`MAX_WIN_ZONES`] zones that win.
pub(super) fn check_holds(sink: &mut Sink, f: &ScenarioFile, last_round: Option<u16>) {
    let mut win_zones = 0;
    for side in Side::BOTH {
        let Some(sf) = f.sides[side.index()].given() else {
            continue;
        };
        for ((h, (path, span)), at) in sf.hold.iter().zip(&sf.hold_spans).zip(&sf.hold_keys) {
            let from_span = at.from.as_ref().unwrap_or(span);
            let until_span = at.until.as_ref().unwrap_or(span);
            if let Some(until) = h.until
                && until < h.from
            {
                sink.error(
                    until_span,
                    format!(
                        "{path}.until: Round {until} is before from (Round {}), so the zone \
                         would never count",
                        h.from
                    ),
                );
                continue;
            }
            if let Some(last) = last_round
                && h.from > last
            {
                sink.error(
                    from_span,
                    format!(
                        "{path}.from: Round {} is after the game's last Round ({last}), so \
                         the zone would never count",
                        h.from
                    ),
                );
                continue;
            }
            let Some(needed) = h.win_after else { continue };
            let win_span = at.win_after.as_ref().unwrap_or(span);
            win_zones += 1;
            if win_zones > MAX_WIN_ZONES {
                sink.error(
                    win_span,
                    format!(
                        "{path}.win_after: a scenario may have at most {MAX_WIN_ZONES} zones \
                         that win when held"
                    ),
                );
                continue;
            }
            let end = match (h.until, last_round) {
                (Some(u), Some(l)) => Some(u.min(l)),
                (u, l) => u.or(l),
            };
            if let Some(end) = end {
                let counted = end + 1 - h.from;
                if needed > counted {
                    sink.error(
                        win_span,
                        format!(
                            "{path}.win_after: {needed} Rounds running, but the zone counts \
                             only at the end of {} (Round {} to Round {end}), so holding it \
                             could never win",
                            if counted == 1 {
                                "1 Round".to_string()
                            } else {
                                format!("{counted} Rounds")
                            },
                            h.from
                        ),
                    );
                }
            }
        }
    }
}

/// What a model entry's victory keys make of each of its models.
pub(super) fn model_victory(mf: &ModelFile) -> (EndsGame, bool) {
    let ends = mf
        .ends_game
        .given()
        .map_or(EndsGame::default(), |e| EndsGame {
            dies: e.dies.as_ref().map(|s| s.value),
            exits: e.exits.as_ref().map(|s| s.value),
        });
    (ends, mf.may_exit.given().is_none_or(|m| m.value))
}
