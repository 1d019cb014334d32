//! What the map lets models do: zones that cannot reach the enemy, squares a side can
//! never reach, and whether a game of the scenario can end at all.

use crate::bitboard::Bitboard;
use crate::map::{Los, Map};
use crate::scenario::{Scenario, Start};
use crate::scenario_file::raw::ScenarioFile;
use crate::scenario_file::read::list_squares;
use crate::scenario_file::side::SideSummary;
use crate::square::Side;
use file_check::Sink;

/// The squares a side's models may start on: its deployment zone, its entry edge's
/// squares and its fixed start squares, less blockers.
pub(super) fn start_squares(s: &SideSummary, blockers: Bitboard) -> Bitboard {
    let mut bb = s.deployment;
    for (e, ..) in &s.entry {
        bb |= e.squares;
    }
    for m in &s.models {
        if let Start::At(sq) = m.start {
            bb.insert(sq);
        }
    }
    bb.difference(blockers)
}

/// Warnings about where models can walk (R4, R5, P1): zones that cannot reach the enemy,
/// and parts of the board that one side can never reach (a counter placed there could
/// never be claimed).
pub(super) fn analyse_reach(
    sink: &mut Sink,
    f: &ScenarioFile,
    map: &Map,
    sides: &[SideSummary; 2],
) {
    let blockers = map.blockers();
    let start_bb = [
        start_squares(&sides[0], blockers),
        start_squares(&sides[1], blockers),
    ];
    let reach = [
        map.reachable_from(start_bb[0]),
        map.reachable_from(start_bb[1]),
    ];
    for side in Side::BOTH {
        let me = &sides[side.index()];
        let enemy = start_bb[side.other().index()];
        if enemy.is_empty() {
            continue;
        }
        let stuck = |bb: Bitboard| -> Bitboard {
            bb.difference(blockers)
                .iter()
                .filter(|sq| !map.reachable_from(Bitboard::single(*sq)).intersects(enemy))
                .collect()
        };
        if let Some(zones) = f.sides[side.index()]
            .given()
            .and_then(|s| s.deployment.given())
        {
            for z in &zones.value {
                let bad = stuck(z.squares.unwrap_or(Bitboard::EMPTY));
                if bad.any() {
                    sink.warn(
                        &z.span,
                        format!(
                            "{}: {} cannot reach any square where the {} start",
                            z.path,
                            list_squares(bad),
                            side.other()
                        ),
                    );
                }
            }
        }
        for (e, span, path) in &me.entry {
            let bad = stuck(e.squares);
            if bad.any() {
                sink.warn(
                    span,
                    format!(
                        "{path}: the entry squares {} cannot reach any square where the {} \
                         start",
                        list_squares(bad),
                        side.other()
                    ),
                );
            }
        }
    }
    // Hold zones no model can stand in (all blockers), or that their side can never reach:
    // said at the zone, in words about holding it.
    for side in Side::BOTH {
        let Some(sf) = f.sides[side.index()].given() else {
            continue;
        };
        for (h, (path, span)) in sf.hold.iter().zip(&sf.hold_spans) {
            let standable = h.zone.difference(blockers);
            if standable.is_empty() {
                sink.warn(
                    span,
                    format!(
                        "{path}.zone: every square of it is a blocker, where no model may \
                         stand (P1), so the {side} can never hold it"
                    ),
                );
            } else if start_bb[side.index()].any() && !standable.intersects(reach[side.index()]) {
                sink.warn(
                    span,
                    format!(
                        "{path}.zone: the {side} can never reach {}: walls cut it off from \
                         where they start, so they can never hold it",
                        list_squares(standable)
                    ),
                );
            }
        }
    }
    // Squares a side can never reach (only when both sides start somewhere: a side
    // with nowhere to start already has errors).
    if start_bb.contains(&Bitboard::EMPTY) {
        return;
    }
    let open = !blockers;
    let span = f.map.given().map_or(0..0, |m| m.span.clone());
    let cut = [open.difference(reach[0]), open.difference(reach[1])];
    let counters_placed = f
        .counters
        .given()
        .is_some_and(|c| c.placed.given().is_none_or(|p| p.value > 0));
    let claim = if counters_placed {
        "so a counter placed there could never be claimed"
    } else {
        "so no model of theirs can ever stand there"
    };
    let neither = cut[0] & cut[1];
    if neither.any() {
        sink.warn(
            &span,
            format!(
                "map: no model of either side can ever reach {}: walls cut it off, {claim}",
                list_squares(neither)
            ),
        );
    }
    for side in Side::BOTH {
        let only = cut[side.index()].difference(neither);
        if only.any() {
            sink.warn(
                &span,
                format!(
                    "map: the {side} can never reach {}: walls cut it off from where they \
                     start, {claim}",
                    list_squares(only)
                ),
            );
        }
    }
}

/// Whether a game of the scenario can end, and if not, an error (or, when only some games
/// can end, a warning) saying why, at the `[map]` table.
///
/// Without a `round_limit` or a side's `survive_to` a game ends only when a side reaches
/// the VP target or has no model left on the table (R25, P6). Models score and kill only by meeting (a Fight,
/// R7, R16) or by shooting (range, R8, and sight, R9); the other ways to end are leaving
/// across an exit edge (R6) and claiming counters (R24). When the walls keep the sides
/// from every one of these, no game can end; a deck's Events can still kill, so with
/// cards some games may end (Events kill, and the Bug carries models across walls). With a
/// hand size of 0 no card is ever drawn (R22), so that is no cards.
pub(super) fn analyse_ending(
    sink: &mut Sink,
    f: &ScenarioFile,
    scenario: &Scenario,
    sides: &[SideSummary; 2],
) {
    // A Round that ends the game: a round limit, or a side's survive_to (R25).
    if scenario.last_round().is_some() {
        return;
    }
    let map = &scenario.map;
    let blockers = map.blockers();
    let start_bb = [
        start_squares(&sides[0], blockers),
        start_squares(&sides[1], blockers),
    ];
    if start_bb.contains(&Bitboard::EMPTY) {
        return;
    }
    let reach = [
        map.reachable_from(start_bb[0]),
        map.reachable_from(start_bb[1]),
    ];
    // A Fight: some square both sides can reach (R7).
    if reach[0].intersects(reach[1]) {
        return;
    }
    // A shot: from a square one side reaches, at a square the other reaches, in range of
    // one of its models and in sight (R8, R9).
    for side in Side::BOTH {
        let range = sides[side.index()]
            .models
            .iter()
            .map(|m| scenario.profiles[m.profile].range)
            .max()
            .unwrap_or(0);
        let targets = reach[side.other().index()];
        for from in reach[side.index()] {
            let seen = targets
                .iter()
                .any(|to| from.range(to) <= range && map.los(from, to) != Los::None);
            if seen {
                return;
            }
        }
    }
    // Leaving the board: a side whose models may all leave ends the game (R6, P6), and so
    // does a key model whose leaving ends it (P28); models held on the board never leave
    // (P30).
    for side in Side::BOTH {
        let models = &sides[side.index()].models;
        let all_may = models.iter().all(|m| m.may_exit);
        let key = models
            .iter()
            .any(|m| m.may_exit && m.ends_game.exits.is_some());
        if let Some(edge) = scenario.sides[side].exit
            && reach[side.index()].intersects(edge.board_squares())
            && (all_may || key)
        {
            return;
        }
    }
    // A zone held alone Rounds running wins (P31), when its side can stand in it.
    for side in Side::BOTH {
        let open = reach[side.index()].difference(blockers);
        if scenario.sides[side]
            .hold
            .iter()
            .any(|h| h.win_after.is_some() && h.zone.intersects(open))
        {
            return;
        }
    }
    // Counters: the VP they can bring (R24), when they can land where the side reaches.
    let target = u32::from(scenario.vp_target);
    let mut counter_note = String::new();
    for side in Side::BOTH {
        let vp = scenario.sides[side].vp;
        let pool = u32::from(match side {
            Side::Humans => scenario.counters.secrets,
            Side::Martians => scenario.counters.critters,
        })
        .min(u32::from(scenario.counters.placed));
        let scoring = pool.saturating_sub(u32::from(vp.counters_free));
        let objectives = u32::from(scenario.counters.objectives)
            .min(u32::from(scenario.counters.placed))
            * u32::from(vp.objective);
        if scoring * u32::from(vp.counter) + objectives >= target && reach[side.index()].any() {
            let open = !blockers;
            if open.is_subset(reach[side.index()]) {
                return;
            }
            counter_note = format!(" only when the counters land where the {side} can reach them;");
        }
    }
    let span = f.map.given().map_or(0..0, |m| m.span.clone());
    let why = "the Humans and the Martians can never reach or see each other (walls cut \
               the board between them) and no side can leave by an exit edge";
    if !counter_note.is_empty() {
        sink.warn(
            &span,
            format!(
                "map: a game can end{counter_note} otherwise it runs until the runaway \
                 guard stops it: {why}, and there is no round_limit; set a round_limit"
            ),
        );
    } else if !scenario.deck.is_empty() && scenario.hand_size > 0 {
        sink.warn(
            &span,
            format!(
                "map: a game can end only through the cards (an Event may kill models, or \
                 the Bug carry one across the walls): {why}, \
                 the counters cannot score the {target} VP target and there is no \
                 round_limit; set a round_limit"
            ),
        );
    } else {
        sink.error(
            &span,
            format!(
                "map: no game of this scenario can ever end: {why}, the counters cannot \
                 score the {target} VP target, there are no cards and there is no \
                 round_limit; set a round_limit or open a way between the sides"
            ),
        );
    }
}
