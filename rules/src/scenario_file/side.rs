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
use crate::square::Edge;
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

pub(super) fn validate_side(
    sink: &mut Sink,
    sf: &SideFile,
    profiles: &Profiles,
    used: &mut [bool],
    blockers: Bitboard,
    last_round: Option<u16>,
) -> SideSummary {
    let side = sf.side;
    let mut s = SideSummary {
        complete: true,
        ..Default::default()
    };
    // The waves models name (1-based), where, the model entry's path, and how many.
    let mut waves: Vec<(u16, Range<usize>, String, u32)> = Vec::new();
    match sf.models.given() {
        Some(models) => {
            for mf in &models.value {
                let profile = mf.profile.as_ref().and_then(|p| {
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
                                did_you_mean(
                                    &p.value,
                                    profiles.known.iter().map(|q| q.key.as_str())
                                )
                            ),
                        );
                    }
                    None
                });
                check_model_keys(sink, side, sf, mf);
                let count = model_count(mf);
                let start = mf.start.as_ref().map(|s| s.value);
                let wave = match (&mf.wave, start) {
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
                };
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
        }
        None => s.complete = false,
    }

    // Deployment zone (R3, P1).
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

    // Entry edges and waves (R6).
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
            for (w, span, path, _) in &waves {
                if usize::from(*w) > entries.len() {
                    sink.error(
                        span,
                        format!(
                            "{path}.wave: {w}, but the {side} list {} {}; number the entries \
                             from 1 in the order of {side}.entry",
                            entries.len(),
                            if entries.len() == 1 {
                                "entry"
                            } else {
                                "entries"
                            }
                        ),
                    );
                }
            }
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
    s.exit = sf.exit.given().map(|e| e.value);
    check_exit_used(sink, side, sf);
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
