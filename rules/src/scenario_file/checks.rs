//! Stage 2: checking the file as a whole and building the [`Scenario`], in named steps:
//! blockers and walls, the Rounds, the profiles, each side (its models, zone, entries and
//! exit, in `side`), the models in all and in fixed squares, room to deploy, counters, VP
//! that can score nothing, and the deployment order.

use std::sync::Arc;

use crate::bitboard::Bitboard;
use crate::map::{Map, WallKind, Walls};
use crate::profile::Profile;
use crate::scenario::{CounterSetup, MAX_MODELS, ModelSetup, Scenario, SideSetup, Start};
use crate::scenario_file::raw::{CountersFile, MapFile, ScenarioFile, SideFile, Sp};
use crate::scenario_file::reach::{analyse_ending, analyse_reach};
use crate::scenario_file::read::{canonical, describe_edge, edge_index, list_squares};
use crate::scenario_file::side::{SideSummary, model_count, validate_side};
use crate::scenario_file::traps::analyse_traps;
use crate::scenario_file::values::{quote, shorten};
use crate::scenario_file::victory::check_holds;
use crate::scenario_file::{DEFAULT_VP_TARGET, SQUARE_CAPACITY};
use crate::square::{BySide, Side};
use file_check::Sink;

pub(super) fn validate(sink: &mut Sink, f: &ScenarioFile, core: &[Profile]) -> Option<Scenario> {
    let map = f.map.given();
    let blockers = map.map_or(Bitboard::EMPTY, |m| validate_blockers(sink, m));
    let walls = map.map(|m| validate_walls(sink, m));
    let round_limit = f.round_limit.given().map(|r| r.value);
    let survive_to = validate_survival(sink, f, round_limit);
    let last_round = crate::scenario::last_round_of(round_limit, survive_to);
    check_holds(sink, f, last_round);

    let profiles = scenario_profiles(f, core);
    let mut used = vec![false; profiles.known.len()];
    let summaries = validate_sides(sink, f, &profiles, &mut used, blockers, last_round);
    warn_unused_profiles(sink, f, &profiles.known, &used);

    let all_sides_known = f.sides.iter().all(|s| s.given().is_some());
    let [h, m] = &summaries;
    let complete = all_sides_known && h.complete && m.complete;
    let fixed = check_model_total_and_fixed_squares(sink, f, blockers);
    if complete {
        check_deployment_room(sink, f, &summaries, &fixed);
    }
    warn_shared_deployment(sink, f, &summaries);
    let counters = check_counters(sink, f, &fixed, map.is_some());
    for side in Side::BOTH {
        if let Some(sf) = f.sides[side.index()].given() {
            warn_counter_vp_unscored(sink, sf, &counters);
            warn_exit_vp_unscored(sink, sf);
        }
    }
    warn_objectives_unscored(sink, f, &counters);
    let first_turn = f.first_turn.given().map(|s| s.value);
    let deploy_first = deploy_first(sink, f, first_turn, &summaries, complete);

    if sink.has_errors() {
        return None;
    }
    // Everything below holds once there are no errors; the `?`s never fire.
    let walls = walls?;
    let first_turn = first_turn?;
    let deploy_first = deploy_first?;
    let map = Map::new(walls, blockers);
    analyse_reach(sink, f, &map, &summaries);
    let scenario = build_scenario(
        f,
        map,
        profiles.known,
        &summaries,
        counters,
        first_turn,
        deploy_first,
    )?;
    analyse_ending(sink, f, &scenario, &summaries);
    analyse_traps(sink, f, &scenario);
    Some(scenario)
}

/// The profiles models may name: the core ones, replaced in place by scenario ones of the
/// same key, then the scenario's new ones in file order.
pub(super) struct Profiles<'f> {
    pub(super) known: Vec<Profile>,
    /// The keys of the scenario's profiles whose tables had errors (reported there).
    pub(super) bad_keys: Vec<&'f str>,
    /// The profiles table itself had an error, so any key may have been meant.
    pub(super) invalid: bool,
}

fn scenario_profiles<'f>(f: &'f ScenarioFile, core: &[Profile]) -> Profiles<'f> {
    let mut known: Vec<Profile> = core.to_vec();
    let mut bad_keys: Vec<&str> = Vec::new();
    for (key, p) in &f.profiles {
        match p {
            Some(p) => match known.iter_mut().find(|q| q.key == p.key) {
                Some(q) => *q = p.clone(),
                None => known.push(p.clone()),
            },
            None => bad_keys.push(&key.value),
        }
    }
    Profiles {
        known,
        bad_keys,
        invalid: f.profiles_invalid,
    }
}

/// Each side's forces, zones, entries and exit; `used` marks the profiles a model names.
fn validate_sides(
    sink: &mut Sink,
    f: &ScenarioFile,
    profiles: &Profiles,
    used: &mut [bool],
    blockers: Bitboard,
    last_round: Option<u16>,
) -> [SideSummary; 2] {
    let mut summaries: [SideSummary; 2] = Default::default();
    for side in Side::BOTH {
        let Some(sf) = f.sides[side.index()].given() else {
            continue;
        };
        summaries[side.index()] = validate_side(sink, sf, profiles, used, blockers, last_round);
    }
    summaries
}

/// A scenario profile that no model names.
fn warn_unused_profiles(sink: &mut Sink, f: &ScenarioFile, profiles: &[Profile], used: &[bool]) {
    for (key, p) in &f.profiles {
        if p.is_some()
            && let Some(i) = profiles.iter().position(|q| q.key == key.value)
            && !used[i]
        {
            sink.warn(
                &key.span,
                format!(
                    "profiles.{}: no model uses this profile",
                    shorten(&key.value, 40)
                ),
            );
        }
    }
}

/// The models the file stands in given squares (`start = "c4"`), for the room left in
/// the zones: how many in each square, and those squares.
struct Fixed {
    blockers: Bitboard,
    in_square: [u32; 64],
    squares: Bitboard,
}

impl Fixed {
    /// Models fixed in these squares.
    fn within(&self, bb: Bitboard) -> u32 {
        bb.iter().map(|s| self.in_square[s.index()]).sum()
    }

    /// Places left in these squares (but blockers) once the fixed models stand there.
    fn room(&self, bb: Bitboard) -> u32 {
        let bb = bb.difference(self.blockers);
        (bb.count() as u32 * SQUARE_CAPACITY).saturating_sub(self.within(bb))
    }
}

/// Models: the total, and the fixed squares (R3, P1).
fn check_model_total_and_fixed_squares(
    sink: &mut Sink,
    f: &ScenarioFile,
    blockers: Bitboard,
) -> Fixed {
    let mut fixed = Fixed {
        blockers,
        in_square: [0u32; 64],
        squares: Bitboard::EMPTY,
    };
    let mut total = 0usize;
    let mut total_reported = false;
    for side in Side::BOTH {
        let Some(sf) = f.sides[side.index()].given() else {
            continue;
        };
        let Some(models) = sf.models.given() else {
            continue;
        };
        for mf in &models.value {
            let Some(count) = model_count(mf) else {
                continue;
            };
            total += count as usize;
            if total > MAX_MODELS && !total_reported {
                total_reported = true;
                sink.error(
                    &mf.span,
                    format!(
                        "{}: this brings the scenario to {total} models; a scenario may field \
                         at most {MAX_MODELS} (both sides together)",
                        mf.path
                    ),
                );
            }
            if let Some(Sp {
                value: Start::At(sq),
                span,
            }) = &mf.start
            {
                if blockers.contains(*sq) {
                    sink.error(
                        span,
                        format!(
                            "{}.start: {sq} is a blocker square; no model can stand there (P1)",
                            mf.path
                        ),
                    );
                }
                let before = fixed.in_square[sq.index()];
                fixed.in_square[sq.index()] += count;
                fixed.squares.insert(*sq);
                if before <= SQUARE_CAPACITY && fixed.in_square[sq.index()] > SQUARE_CAPACITY {
                    sink.error(
                        span,
                        format!(
                            "{}.start: this puts {} models in {sq}; a square holds at most \
                             {SQUARE_CAPACITY} (R3)",
                            mf.path,
                            fixed.in_square[sq.index()]
                        ),
                    );
                }
            }
        }
    }
    fixed
}

/// Deployment capacity (R3): each side must be able to place every deploying model even
/// if the other side deploys into any shared squares first.
fn check_deployment_room(
    sink: &mut Sink,
    f: &ScenarioFile,
    summaries: &[SideSummary; 2],
    fixed: &Fixed,
) {
    for side in Side::BOTH {
        let me = &summaries[side.index()];
        let other = &summaries[side.other().index()];
        let Some(zone_field) = f.sides[side.index()]
            .given()
            .and_then(|s| s.deployment.given())
        else {
            continue;
        };
        if me.deploy == 0 || me.deployment.is_empty() {
            continue;
        }
        let own = fixed.room(me.deployment);
        let shared = (me.deployment & other.deployment).difference(fixed.blockers);
        let taken = if other.deploy > 0 {
            other.deploy.min(fixed.room(shared))
        } else {
            0
        };
        let free = own.saturating_sub(taken);
        if me.deploy > free {
            let zone_squares = me.deployment.difference(fixed.blockers).count();
            let mut why = format!(
                "{side}.deployment: {} models start \"deploy\" but the zone's \
                 {zone_squares} squares hold at most {own} ({SQUARE_CAPACITY} a square, R3",
                me.deploy
            );
            if fixed.within(me.deployment) > 0 {
                why.push_str(", less the models fixed there");
            }
            why.push(')');
            if taken > 0 {
                why.push_str(&format!(
                    ", and {taken} of those places may be taken by the {} deploying \
                     into the squares both zones share",
                    side.other()
                ));
            }
            sink.error(&zone_field.span, why);
        }
    }
}

/// Deployment zones the two sides share.
fn warn_shared_deployment(sink: &mut Sink, f: &ScenarioFile, summaries: &[SideSummary; 2]) {
    let [h, m] = summaries;
    if h.deployment.intersects(m.deployment)
        && let Some(z) = f.sides[Side::Martians.index()]
            .given()
            .and_then(|s| s.deployment.given())
    {
        sink.warn(
            &z.span,
            format!(
                "martians.deployment: the two sides' deployment zones share {}",
                list_squares(h.deployment & m.deployment)
            ),
        );
    }
}

/// Counters (R24): the pool, how many of it are placed, and where.
fn check_counters(
    sink: &mut Sink,
    f: &ScenarioFile,
    fixed: &Fixed,
    map_known: bool,
) -> CounterSetup {
    let mut counters = CounterSetup::default();
    let Some(c) = f.counters.given() else {
        return counters;
    };
    let critters = c.critters.given().copied().unwrap_or(0);
    let secrets = c.secrets.given().copied().unwrap_or(0);
    let objectives = c.objectives.given().copied().unwrap_or(0);
    let pool = critters + secrets + objectives;
    counters.critters = critters;
    counters.secrets = secrets;
    counters.objectives = objectives;
    counters.placed = pool;
    if let Some(placed) = c.placed.given() {
        counters.placed = placed.value;
        let pool_known =
            !c.critters.is_invalid() && !c.secrets.is_invalid() && !c.objectives.is_invalid();
        if pool_known && placed.value > pool {
            let with = if objectives > 0 {
                format!(" + {objectives} objectives")
            } else {
                String::new()
            };
            sink.error(
                &placed.span,
                format!(
                    "counters.placed: {} counters cannot be placed from a pool of {pool} \
                     ({critters} critters + {secrets} secrets{with})",
                    placed.value
                ),
            );
        }
    }
    // A counter zone: the squares the random placement keeps.
    counters.zone = c.zone.given().and_then(|z| {
        z.value
            .iter()
            .map(|zf| zf.squares)
            .try_fold(Bitboard::EMPTY, |acc, sq| sq.map(|sq| acc | sq))
    });
    if map_known {
        check_counter_room(sink, c, &counters, fixed);
    }
    counters
}

/// Random placement re-rolls squares holding a counter or a model, so every counter
/// placed needs a square of its own (R24).
fn check_counter_room(sink: &mut Sink, c: &CountersFile, counters: &CounterSetup, fixed: &Fixed) {
    let free = counters
        .zone
        .unwrap_or(Bitboard::FULL)
        .difference(fixed.blockers | fixed.squares)
        .count();
    if usize::from(counters.placed) > free {
        let span = c.placed.given().map_or(&c.span, |p| &p.span);
        let within = if counters.zone.is_some() {
            " in counters.zone"
        } else {
            ""
        };
        sink.error(
            span,
            format!(
                "counters.placed: {} counters need a square each, but only {free} squares{within} \
                 are free of blockers and fixed models (R24)",
                counters.placed
            ),
        );
    }
}

/// A side's VP for counters of a kind the scenario has none of.
fn warn_counter_vp_unscored(sink: &mut Sink, sf: &SideFile, counters: &CounterSetup) {
    let side = sf.side;
    let (kind, n) = match side {
        Side::Humans => ("Alien Secret", counters.secrets),
        Side::Martians => ("Critter", counters.critters),
    };
    if sf.vp.counter > 0
        && n == 0
        && let Some(span) = &sf.vp_spans.counter
    {
        sink.warn(
            span,
            format!("{side}.vp.counter: there are no {kind} counters to score"),
        );
    }
    if sf.vp.objective > 0
        && counters.objectives == 0
        && let Some(span) = &sf.vp_spans.objective
    {
        sink.warn(
            span,
            format!("{side}.vp.objective: there are no objective counters to score"),
        );
    }
}

/// VP for leaving, a model's own or the side's, on a side with no exit edge.
fn warn_exit_vp_unscored(sink: &mut Sink, sf: &SideFile) {
    let side = sf.side;
    let no_exit = sf.exit.given().is_none() && !sf.exit.is_invalid();
    if no_exit && let Some(models) = sf.models.given() {
        for mf in &models.value {
            if mf.vp_exit.given().is_some_and(|v| *v > 0) {
                sink.warn(
                    &mf.span,
                    format!(
                        "{}.vp_exit: scores nothing: the {side} have no exit edge, so \
                         these models can never leave by one (give `{side}.exit`)",
                        mf.path
                    ),
                );
            }
        }
    }
    if sf.vp.exit > 0
        && no_exit
        && let Some(span) = &sf.vp_spans.exit
    {
        sink.warn(
            span,
            format!("{side}.vp.exit: scores nothing: the {side} have no exit edge"),
        );
    }
}

/// Objective counters that neither side scores: placed, revealed, claimed, worth nothing.
fn warn_objectives_unscored(sink: &mut Sink, f: &ScenarioFile, counters: &CounterSetup) {
    if counters.objectives > 0
        && let Some(c) = f.counters.given()
    {
        let scored = Side::BOTH.iter().any(|s| {
            f.sides[s.index()]
                .given()
                .is_some_and(|sf| sf.vp.objective > 0)
        });
        if !scored {
            sink.warn(
                &c.span,
                format!(
                    "counters.objectives: {} objective counters, but neither side scores them: \
                     give `humans.vp.objective` or `martians.vp.objective`",
                    counters.objectives
                ),
            );
        }
    }
}

/// Deployment order (P4): the side not taking the first Turn deploys first unless the
/// scenario says otherwise; only sides with models to deploy take part.
fn deploy_first(
    sink: &mut Sink,
    f: &ScenarioFile,
    first_turn: Option<Side>,
    summaries: &[SideSummary; 2],
    complete: bool,
) -> Option<Side> {
    match (f.deploy_first.given(), first_turn) {
        (Some(d), _) => {
            if complete && summaries[d.value.index()].deploy == 0 {
                sink.warn(
                    &d.span,
                    format!(
                        "deploy_first: the {} have no model that starts \"deploy\"",
                        d.value
                    ),
                );
            }
            Some(d.value)
        }
        (None, Some(first)) => Some(first.other()),
        (None, None) => None,
    }
}

/// The scenario, from a file with no errors.
fn build_scenario(
    f: &ScenarioFile,
    map: Map,
    profiles: Vec<Profile>,
    summaries: &[SideSummary; 2],
    counters: CounterSetup,
    first_turn: Side,
    deploy_first: Side,
) -> Option<Scenario> {
    let (models, sides) = build_forces(f, summaries)?;
    let deploy_order: Vec<Side> = [deploy_first, deploy_first.other()]
        .into_iter()
        .filter(|s| summaries[s.index()].deploy > 0)
        .collect();
    Some(Scenario {
        name: f.name.given()?.clone(),
        description: f.description.given().cloned().unwrap_or_default(),
        map: Arc::new(map),
        profiles,
        models,
        sides,
        first_turn,
        deploy_order,
        counters,
        vp_target: f.vp_target.given().copied().unwrap_or(DEFAULT_VP_TARGET),
        round_limit: f.round_limit.given().map(|r| r.value),
        deck: f
            .deck
            .given()
            .cloned()
            .unwrap_or_else(crate::cards::core_deck),
        hand_size: f
            .hand_size
            .given()
            .copied()
            .unwrap_or(crate::scenario::DEFAULT_HAND_SIZE),
    })
}

/// Both sides' models, in file order by side, and each side's set-up.
fn build_forces(
    f: &ScenarioFile,
    summaries: &[SideSummary; 2],
) -> Option<(Vec<ModelSetup>, BySide<SideSetup>)> {
    let total = summaries.iter().map(|s| s.models.len()).sum();
    let mut models = Vec::with_capacity(total);
    let mut sides = BySide::<SideSetup>::default();
    for side in Side::BOTH {
        let s = &summaries[side.index()];
        for m in &s.models {
            models.push(ModelSetup {
                side,
                profile: m.profile,
                start: m.start,
                kill_vp: m.kill_vp,
                exit_vp: m.exit_vp,
                wave: m.wave,
                ends_game: m.ends_game,
                may_exit: m.may_exit,
            });
        }
        let sf = f.sides[side.index()].given()?;
        sides[side] = SideSetup {
            deployment: s.deployment,
            entry: s.entry.iter().map(|(e, ..)| *e).collect(),
            exit: s.exit,
            vp: sf.vp,
            vp_target: sf.vp_target.given().copied(),
            hold: sf.hold.clone(),
            survive_to: sf.survive_to.given().map(|r| r.value),
        };
    }
    Some((models, sides))
}

pub(super) fn validate_blockers(sink: &mut Sink, m: &MapFile) -> Bitboard {
    let mut bb = Bitboard::EMPTY;
    for z in m.blockers.given().map_or(&[][..], |v| v) {
        let Some(squares) = z.squares else {
            continue;
        };
        if bb.intersects(squares) {
            sink.warn(
                &z.span,
                format!(
                    "{}: {} is already a blocker",
                    z.path,
                    list_squares(bb & squares)
                ),
            );
        }
        bb |= squares;
    }
    bb
}

pub(super) fn validate_walls(sink: &mut Sink, m: &MapFile) -> Walls {
    let mut walls = Walls::default();
    // Per edge, the kind and the wall entry that first set it.
    let mut seen: Vec<Option<(WallKind, usize)>> = vec![None; 128];
    let list = m.walls.given().map_or(&[][..], |v| v);
    for (i, w) in list.iter().enumerate() {
        let (Some(pieces), Some(kind), Some(edge)) = (&w.pieces, w.kind, &w.edge) else {
            continue;
        };
        for &(sq, side) in pieces {
            let Some((csq, cedge)) = canonical(sq, side) else {
                continue;
            };
            let slot = &mut seen[edge_index(csq, cedge)];
            match *slot {
                None => {
                    *slot = Some((kind, i));
                    walls.set(csq, cedge, kind);
                }
                Some((k, j)) => {
                    let first = &list[j];
                    let first_text = first.edge.as_ref().map_or("", |e| e.value.as_str());
                    let what = describe_edge(csq, cedge);
                    if k == kind {
                        sink.warn(
                            &edge.span,
                            format!(
                                "{}.edge: {what} already has this {} wall ({} {})",
                                w.path,
                                kind.name(),
                                first.path,
                                quote(first_text)
                            ),
                        );
                    } else {
                        sink.error(
                            &edge.span,
                            format!(
                                "{}.edge: {what} is already a {} wall ({} {}); a piece is \
                                 either high or low",
                                w.path,
                                k.name(),
                                first.path,
                                quote(first_text)
                            ),
                        );
                    }
                }
            }
        }
    }
    walls
}

/// A side that wins by surviving (`survive_to`): only one side may, and not to a Round
/// after the Round limit. Returns the Round when it is valid.
fn validate_survival(sink: &mut Sink, f: &ScenarioFile, round_limit: Option<u16>) -> Option<u16> {
    let mut found: Option<(Side, u16)> = None;
    for side in Side::BOTH {
        let Some(r) = f.sides[side.index()]
            .given()
            .and_then(|s| s.survive_to.given())
        else {
            continue;
        };
        if let Some((first, _)) = found {
            sink.error(
                &r.span,
                format!(
                    "{side}.survive_to: the {first} already win by surviving; only one side \
                     may, since one of them must be the attacker"
                ),
            );
            continue;
        }
        if let Some(limit) = round_limit
            && r.value > limit
        {
            sink.error(
                &r.span,
                format!(
                    "{side}.survive_to: Round {} is after the round limit ({limit}), when the \
                     game is already over; give a Round up to {limit}, or remove round_limit",
                    r.value
                ),
            );
            continue;
        }
        found = Some((side, r.value));
    }
    found.map(|(_, r)| r)
}
