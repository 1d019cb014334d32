//! Traps in a scenario that loads: set-ups that decide a game before anyone has a choice.
//! A key model the enemy can shoot or charge in its first Turn, before its own side can
//! move it (P28); a hold zone a side cannot reach in the Rounds it counts in (P31). Both
//! are reckoned with the movement rules alone (R4-R6, R12: a model's action moves it at
//! most 2 squares, one Move of them the step onto the board), ignoring other models and
//! cards, so a warning means the thing cannot be helped, never that it may happen.

use crate::bitboard::{Bitboard, zone_text};
use crate::map::{Los, Map};
use crate::scenario::{Scenario, Start};
use crate::scenario_file::raw::ScenarioFile;
use crate::square::Side;
use file_check::Sink;

/// The most squares a model's action moves it (R12: Move up to 2).
const MOVE: u32 = 2;

/// Where one group of a side's models is when it may first act: on the board at the start
/// of Round `round` on `squares` (deployed or fixed), or off it, stepping on at one of
/// `squares` from Round `round` (R6).
#[derive(Clone, Copy)]
struct Origin {
    squares: Bitboard,
    round: u16,
    entering: bool,
    profile: usize,
}

/// Where `side`'s models start: fixed squares, the deployment zone, and each entry's
/// squares from its first Round (every edge it may be drawn, the earliest Round it may
/// be drawn: P33).
fn origins(scenario: &Scenario, side: Side) -> Vec<Origin> {
    let blockers = scenario.map.blockers();
    let setup = &scenario.sides[side];
    scenario
        .models
        .iter()
        .filter(|m| m.side == side)
        .filter_map(|m| {
            let (squares, round, entering) = match m.start {
                Start::At(sq) => (Bitboard::single(sq), 1, false),
                Start::Deploy => (setup.deployment, 1, false),
                Start::Enter => {
                    let e = setup.entry.get(usize::from(m.wave))?;
                    (e.squares, e.round, true)
                }
            };
            Some(Origin {
                squares: squares.difference(blockers),
                round,
                entering,
                profile: m.profile,
            })
        })
        .collect()
}

/// The squares a model of `o` may stand on at the end of Round `round` (none before it
/// comes).
fn standing_after(map: &Map, o: &Origin, round: u16) -> Bitboard {
    if round < o.round {
        return Bitboard::EMPTY;
    }
    let actions = u32::from(round - o.round) + 1;
    if o.entering {
        // The first action's first step is onto the board.
        map.within_steps(o.squares, MOVE * actions - 1)
    } else {
        map.within_steps(o.squares, MOVE * actions)
    }
}

/// The squares that some model of `enemy` can shoot at or charge into in its first
/// action of Round 1 (R6, R7, R12): a Shoot from where it starts or after a Move of 1, in
/// range (R8) and in sight (R9); a Move of up to 2 into the square.
fn first_turn_threats(scenario: &Scenario, enemy: Side) -> Bitboard {
    let map = &scenario.map;
    let mut threatened = Bitboard::EMPTY;
    for o in origins(scenario, enemy) {
        if o.round > 1 {
            continue;
        }
        let (shoot_from, charge) = if o.entering {
            (o.squares, map.within_steps(o.squares, MOVE - 1))
        } else {
            (
                map.within_steps(o.squares, 1),
                map.within_steps(o.squares, MOVE),
            )
        };
        threatened |= charge;
        let range = scenario.profiles[o.profile].range;
        if range == 0 {
            continue;
        }
        for from in shoot_from {
            for to in Bitboard::within(from, range) {
                if map.los(from, to) != Los::None {
                    threatened.insert(to);
                }
            }
        }
    }
    threatened
}

/// Warn of the traps in a scenario that loaded without errors.
pub(super) fn analyse_traps(sink: &mut Sink, f: &ScenarioFile, scenario: &Scenario) {
    key_models_in_reach(sink, f, scenario);
    holds_out_of_reach(sink, f, scenario);
}

/// A key model whose death wins for the enemy (P28), that the enemy can shoot or charge on
/// the first Turn of the game, its own side having had no Turn to move it: fixed on such a
/// square, or deployed before the enemy (P4) in a zone with no square out of reach.
fn key_models_in_reach(sink: &mut Sink, f: &ScenarioFile, scenario: &Scenario) {
    for side in Side::BOTH {
        let enemy = side.other();
        if scenario.first_turn != enemy {
            continue;
        }
        let Some(models) = f.sides[side.index()].given().and_then(|s| s.models.given()) else {
            continue;
        };
        let deploys_first = scenario
            .deploy_order
            .iter()
            .position(|s| *s == side)
            .is_some_and(|mine| {
                scenario
                    .deploy_order
                    .iter()
                    .position(|s| *s == enemy)
                    .is_none_or(|theirs| mine < theirs)
            });
        let threatened = first_turn_threats(scenario, enemy);
        for m in &models.value {
            let Some(eg) = m.ends_game.given() else {
                continue;
            };
            if eg.dies.as_ref().map(|d| d.value) != Some(enemy) {
                continue;
            }
            let Some(start) = &m.start else { continue };
            let at = match start.value {
                Start::At(sq) => Bitboard::single(sq),
                Start::Deploy if deploys_first => scenario.sides[side]
                    .deployment
                    .difference(scenario.map.blockers()),
                _ => continue,
            };
            if at.is_empty() || !at.is_subset(threatened) {
                continue;
            }
            let where_ = match start.value {
                Start::At(sq) => format!("starts at {sq}"),
                _ => format!(
                    "is deployed before the {enemy}, and every square of its deployment zone \
                     ({})",
                    zone_text(at)
                ),
            };
            let lies = if matches!(start.value, Start::At(_)) {
                "where"
            } else {
                "lies where"
            };
            sink.warn(
                &start.span,
                format!(
                    "{}.start: a key model whose death wins for the {enemy} {where_} {lies} a \
                     {enemy} model can shoot or charge it on their first Turn, before the \
                     {side} can move it (the {enemy} take the first Turn); start it out of \
                     reach, or let the {side} take the first Turn or deploy after the {enemy} \
                     (deploy_first)",
                    m.path
                ),
            );
        }
    }
}

/// A hold zone (P31) that no model of its side can stand in by the end of the last Round
/// it counts in, or not early enough to hold it the Rounds running that win.
fn holds_out_of_reach(sink: &mut Sink, f: &ScenarioFile, scenario: &Scenario) {
    let map = &scenario.map;
    let last_round = scenario.last_round();
    for side in Side::BOTH {
        let Some(sf) = f.sides[side.index()].given() else {
            continue;
        };
        let origins = origins(scenario, side);
        let reachable =
            map.reachable_from(origins.iter().fold(Bitboard::EMPTY, |bb, o| bb | o.squares));
        for (h, (path, span)) in sf.hold.iter().zip(&sf.hold_spans) {
            let last = match (h.until, last_round) {
                (Some(u), Some(l)) => u.min(l),
                (Some(u), None) => u,
                (None, Some(l)) => l,
                (None, None) => continue,
            };
            let zone = h.zone.difference(map.blockers());
            // Never reachable at all is said elsewhere (walls cut it off).
            if !zone.intersects(reachable) || last < h.from {
                continue;
            }
            let first = (1..=last).find(|&r| {
                origins
                    .iter()
                    .any(|o| standing_after(map, o, r).intersects(zone))
            });
            let squares = zone_text(zone);
            match (first, h.win_after) {
                (None, _) => sink.warn(
                    span,
                    format!(
                        "{path}.zone: no model of the {side} can stand in {squares} by the \
                         end of Round {last}, the last Round it counts in, so it never scores \
                         or wins (each model moves at most {MOVE} squares a Round, R12)"
                    ),
                ),
                (Some(r), Some(n)) if r.max(h.from) + n - 1 > last => sink.warn(
                    span,
                    format!(
                        "{path}.zone: the {side} can stand in {squares} at the end of Round \
                         {r} at the earliest, too late to hold it {n} Rounds running by the \
                         end of Round {last}, so holding it never wins (each model moves at \
                         most {MOVE} squares a Round, R12)"
                    ),
                ),
                _ => {}
            }
        }
    }
}
