//! Stage 2 for one side: its models against the profiles (expanded by count, each with
//! its start, wave and VP), its deployment zone, its entries and the waves its models
//! name, and its exit; what it finds is a [`SideSummary`] for the checks of both sides.

use std::ops::Range;

use crate::bitboard::Bitboard;
use crate::scenario::{Entry, MAX_MODELS, Start};
use crate::scenario_file::checks::Profiles;
use crate::scenario_file::raw::{Field, ModelFile, SideFile};
use crate::scenario_file::read::list_squares;
use crate::scenario_file::values::{did_you_mean, quote};
use crate::scenario_file::victory::{
    build_entry, check_exit_used, check_model_keys, model_victory,
};
use crate::square::{Edge, Side};
use file_check::Sink;

/// One model as the file sets it up, before its side is known to be valid.
#[derive(Clone, Copy)]
pub(super) struct ModelSetupFile {
    /// Index into the scenario's profiles.
    pub(super) profile: usize,
    pub(super) start: Start,
    /// VP for killing it, and for its leaving, when it has its own.
    pub(super) kill_vp: Option<u16>,
    pub(super) exit_vp: Option<u16>,
    /// The index of the side's entry it comes on by.
    pub(super) wave: u8,
    /// Its death or leaving ends the game (P28).
    pub(super) ends_game: crate::scenario::EndsGame,
    /// It may leave by the exit (P30).
    pub(super) may_exit: bool,
}

/// What the validation of one side found, for the checks that need both sides.
#[derive(Default)]
pub(super) struct SideSummary {
    /// Models in file order, expanded by count.
    pub(super) models: Vec<ModelSetupFile>,
    /// False when a model entry had an error, so counts are not known.
    pub(super) complete: bool,
    pub(super) deploy: u32,
    pub(super) enter: u32,
    pub(super) deployment: Bitboard,
    /// The side's entries, each with the span and path of its edge (`humans.entry.edge`,
    /// or its `squares` or `edges`).
    pub(super) entry: Vec<(Entry, Range<usize>, String)>,
    pub(super) exit: Option<Edge>,
}

/// The waves models name (1-based), where, the model entry's path, and how many.
type Waves = Vec<(u16, Range<usize>, String, u32)>;

/// One side: its models, its deployment zone, its entries, its exit; `used` marks the
/// profiles its models name.
pub(super) fn validate_side(
    sink: &mut Sink,
    sf: &SideFile,
    profiles: &Profiles,
    used: &mut [bool],
    blockers: Bitboard,
    last_round: Option<u16>,
) -> SideSummary {
    let mut s = SideSummary {
        complete: true,
        ..Default::default()
    };
    let waves = validate_models(sink, sf, &mut s, profiles, used);
    validate_deployment(sink, sf, &mut s, blockers);
    validate_entries(sink, sf, &mut s, &waves, last_round, blockers);
    s.exit = sf.exit.given().map(|e| e.value);
    check_exit_used(sink, sf.side, sf);
    s
}

/// A model entry's count, if known (absent means 1).
pub(super) fn model_count(mf: &ModelFile) -> Option<u32> {
    match mf.count {
        Field::Absent => Some(1),
        Field::Given(n) => Some(n.into()),
        Field::Invalid => None,
    }
}

/// The side's model entries, each against the profiles, into `s`; the waves they name.
fn validate_models(
    sink: &mut Sink,
    sf: &SideFile,
    s: &mut SideSummary,
    profiles: &Profiles,
    used: &mut [bool],
) -> Waves {
    let mut waves = Waves::new();
    let Some(models) = sf.models.given() else {
        s.complete = false;
        return waves;
    };
    for mf in &models.value {
        let profile = model_profile(sink, mf, profiles, used);
        check_model_keys(sink, sf.side, sf, mf);
        let count = model_count(mf);
        let start = mf.start.as_ref().map(|s| s.value);
        let wave = model_wave(sink, mf, count, start, &mut waves);
        add_models(s, mf, profile, count, start, wave);
    }
    waves
}

/// The index of the profile a model entry names, marked used; an unknown one is an error
/// (unless its own table had errors, reported there already).
fn model_profile(
    sink: &mut Sink,
    mf: &ModelFile,
    profiles: &Profiles,
    used: &mut [bool],
) -> Option<usize> {
    mf.profile.as_ref().and_then(|p| {
        if let Some(i) = profiles.known.iter().position(|q| q.key == p.value) {
            used[i] = true;
            return Some(i);
        }
        // A profile whose own table had errors was reported there already.
        if !profiles.bad_keys.contains(&p.value.as_str()) && !profiles.invalid {
            sink.error(
                &p.span,
                format!(
                    "{}.profile: unknown profile {}{}",
                    mf.path,
                    quote(&p.value),
                    did_you_mean(&p.value, profiles.known.iter().map(|q| q.key.as_str()))
                ),
            );
        }
        None
    })
}

/// The index of the entry a model entry's models come on by, its `wave` kept in `waves`
/// (a `wave` on models that do not start "enter" is unused).
fn model_wave(
    sink: &mut Sink,
    mf: &ModelFile,
    count: Option<u32>,
    start: Option<Start>,
    waves: &mut Waves,
) -> u8 {
    match (&mf.wave, start) {
        (Field::Given(w), Some(Start::Enter)) => {
            let n = count.unwrap_or(0);
            waves.push((w.value, w.span.clone(), mf.path.clone(), n));
            (w.value - 1) as u8
        }
        (Field::Given(w), Some(_)) => {
            sink.warn(
                &w.span,
                format!(
                    "{}.wave: unused: these models do not start \"enter\"",
                    mf.path
                ),
            );
            0
        }
        _ => 0,
    }
}

/// A model entry's models, counted by how they start and listed in `s` when their
/// profile, count and start are all known (otherwise the side is not complete).
fn add_models(
    s: &mut SideSummary,
    mf: &ModelFile,
    profile: Option<usize>,
    count: Option<u32>,
    start: Option<Start>,
    wave: u8,
) {
    match (profile, count, start) {
        (Some(p), Some(n), Some(start)) => {
            // Past MAX_MODELS the scenario is refused anyway: list no more.
            let room = (MAX_MODELS + 1).saturating_sub(s.models.len());
            for _ in 0..(n as usize).min(room) {
                let (ends_game, may_exit) = model_victory(mf);
                s.models.push(ModelSetupFile {
                    profile: p,
                    start,
                    kill_vp: mf.vp_killed.given().copied(),
                    exit_vp: mf.vp_exit.given().copied(),
                    wave,
                    ends_game,
                    may_exit,
                });
            }
            match start {
                Start::Deploy => s.deploy += n,
                Start::Enter => s.enter += n,
                Start::At(_) => {}
            }
        }
        (_, Some(n), Some(start)) => {
            // Counted for the zone checks even though the profile is bad.
            match start {
                Start::Deploy => s.deploy += n,
                Start::Enter => s.enter += n,
                Start::At(_) => {}
            }
            s.complete = false;
        }
        _ => s.complete = false,
    }
}

/// The deployment zone (R3, P1): no blocker squares in it, and given when models start
/// "deploy" (unused when none does).
fn validate_deployment(sink: &mut Sink, sf: &SideFile, s: &mut SideSummary, blockers: Bitboard) {
    let side = sf.side;
    match &sf.deployment {
        Field::Given(zones) => {
            let mut bb = Bitboard::EMPTY;
            let mut all_ok = true;
            for z in &zones.value {
                let Some(squares) = z.squares else {
                    all_ok = false;
                    continue;
                };
                if squares.intersects(blockers) {
                    sink.error(
                        &z.span,
                        format!(
                            "{}: the zone {} includes blocker squares ({}); no model can be \
                             deployed there (P1)",
                            z.path,
                            quote(&z.text),
                            list_squares(squares & blockers)
                        ),
                    );
                }
                bb |= squares;
            }
            s.deployment = bb;
            if zones.value.is_empty() && s.deploy > 0 {
                sink.error(
                    &zones.span,
                    format!(
                        "{side}.deployment: the zone is empty but {} models start \"deploy\"",
                        s.deploy
                    ),
                );
            } else if s.complete && s.deploy == 0 && all_ok {
                sink.warn(
                    &zones.span,
                    format!("{side}.deployment: unused: no {side} model starts \"deploy\""),
                );
            }
        }
        Field::Absent if s.deploy > 0 => sink.error(
            &sf.span,
            format!(
                "{side}: missing key \"deployment\": {} models start \"deploy\", so the side \
                 needs a deployment zone, like deployment = [\"a7-h8\"]",
                s.deploy
            ),
        ),
        _ => {}
    }
}

/// Entry edges and waves (R6): each entry into `s` (unused when no model comes on by it),
/// and given when models start "enter".
fn validate_entries(
    sink: &mut Sink,
    sf: &SideFile,
    s: &mut SideSummary,
    waves: &Waves,
    last_round: Option<u16>,
    blockers: Bitboard,
) {
    let side = sf.side;
    match &sf.entry {
        Field::Given(entries) => {
            for (i, e) in entries.iter().enumerate() {
                let Some((entry, span, at)) = build_entry(sink, e, last_round, blockers) else {
                    continue;
                };
                s.entry.push((entry, span.clone(), at));
                let wave = i as u16 + 1;
                let used = if entries.len() == 1 {
                    s.enter > 0
                } else {
                    // Models without `wave` come on by the first entry.
                    let named: u32 = waves.iter().map(|w| w.3).sum();
                    waves.iter().any(|(w, ..)| *w == wave) || (wave == 1 && s.enter > named)
                };
                if s.complete && !used {
                    let why = if entries.len() == 1 {
                        format!("no {side} model starts \"enter\"")
                    } else {
                        format!("no {side} model that starts \"enter\" has wave = {wave}")
                    };
                    sink.warn(&span, format!("{}: unused: {why}", e.path));
                }
            }
            check_waves_listed(sink, side, entries.len(), waves);
        }
        Field::Absent if s.enter > 0 => sink.error(
            &sf.span,
            format!(
                "{side}: missing key \"entry\": {} models start \"enter\", so the side needs \
                 an entry edge, like entry = {{ edge = \"south\", round = 1 }}",
                s.enter
            ),
        ),
        _ => {}
    }
}

/// A wave a model entry names that is past the side's `entries`.
fn check_waves_listed(sink: &mut Sink, side: Side, entries: usize, waves: &Waves) {
    for (w, span, path, _) in waves {
        if usize::from(*w) > entries {
            sink.error(
                span,
                format!(
                    "{path}.wave: {w}, but the {side} list {entries} {}; number the entries \
                     from 1 in the order of {side}.entry",
                    if entries == 1 { "entry" } else { "entries" }
                ),
            );
        }
    }
}
