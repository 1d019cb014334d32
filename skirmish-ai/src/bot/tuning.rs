//! Search settings given in a player spec, for measuring one setting against another in
//! the arena: `mcts:1000:prior=1.5,c=0.3,horizon=10,widening=16`.
//!
//! Each setting left out keeps the default of [`super::spec::search_config`]. Values are
//! kept in hundredths, so that a spec stays `Copy`, `Eq` and `Hash` and prints back as it
//! was given.

use std::fmt;

use ai::IsMctsConfig;

use super::game::{Heuristics, Rollout};

/// One tunable setting: its name in a spec, what it sets, and its limits (hundredths for
/// the decimal ones).
struct Setting {
    name: &'static str,
    doc: &'static str,
    /// Whether the value is a decimal (kept in hundredths) or a whole number.
    decimal: bool,
    max: u32,
}

/// The settings, in the order a spec prints them.
const SETTINGS: [Setting; 19] = [
    Setting {
        name: "prior",
        doc: "the progressive-bias weight of the heuristic prior (UCB)",
        decimal: true,
        max: 10_000,
    },
    Setting {
        name: "c",
        doc: "the exploration constant (UCB's, or PUCT's c)",
        decimal: true,
        max: 1_000,
    },
    Setting {
        name: "horizon",
        doc: "rollout decisions before the evaluation scores the position (a cap with leaf)",
        decimal: false,
        max: 1_000,
    },
    Setting {
        name: "widening",
        doc: "the width above which nodes are widened progressively (UCB; 0: never)",
        decimal: false,
        max: 1_000,
    },
    Setting {
        name: "puct",
        doc: "1: PUCT over the softmax of the action scores, 0: UCB",
        decimal: false,
        max: 1,
    },
    Setting {
        name: "tau",
        doc: "the temperature of PUCT's softmax prior",
        decimal: true,
        max: 1_000,
    },
    Setting {
        name: "fpu",
        doc: "PUCT's first-play urgency: an untried move counts its siblings' mean less this",
        decimal: true,
        max: 100,
    },
    Setting {
        name: "leaf",
        doc: "score leaves at the end of this many Turns (0: after the horizon)",
        decimal: false,
        max: 4,
    },
    Setting {
        name: "chance",
        doc: "1: keep the outcomes of rolls apart in the tree",
        decimal: false,
        max: 1,
    },
    Setting {
        name: "eval",
        doc: "2: score positions by the value network learnt from self-play, 1: by the fitted \
              chance to win, 0: by the hand-set evaluation",
        decimal: false,
        max: 2,
    },
    Setting {
        name: "expo",
        doc: "how much a step's exposure to fire counts in the quick preference of moves",
        decimal: true,
        max: 1_000,
    },
    Setting {
        name: "rtau",
        doc: "rollouts draw moves by a softmax of their scores at this temperature (0: uniform)",
        decimal: true,
        max: 1_000,
    },
    Setting {
        name: "pn",
        doc: "1: PUCT's exploration counts the parent's visits, 0: the child's availability",
        decimal: false,
        max: 1,
    },
    Setting {
        name: "reuse",
        doc: "1: keep the subtree under a choice for the decision that follows it directly",
        decimal: false,
        max: 1,
    },
    Setting {
        name: "tt",
        doc: "grow the tree only within this many Turns from the root's (0: no limit)",
        decimal: false,
        max: 8,
    },
    Setting {
        name: "sshot",
        doc: "1: an activation counts the best shot after one step in the quick preference",
        decimal: false,
        max: 1,
    },
    Setting {
        name: "vnet",
        doc: "with eval=2, the share of the value network's correction to the logistic taken \
              (0 to 1)",
        decimal: true,
        max: 100,
    },
    Setting {
        name: "lprior",
        doc: "1: PUCT's prior learnt from the search's visits (data/prior.toml), 0: greedy's \
              softmax",
        decimal: false,
        max: 1,
    },
    Setting {
        name: "ctau",
        doc: "the decision is drawn with odds visits^(1/ctau) among the actions the search \
              tried (0: the most visited); the weaker levels play so",
        decimal: true,
        max: 10_000,
    },
];

/// The settings a spec changes, in hundredths for the decimal ones; `None`: the default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tuning {
    values: [Option<u32>; SETTINGS.len()],
}

/// The index of each setting in [`SETTINGS`].
const PRIOR: usize = 0;
const C: usize = 1;
const HORIZON: usize = 2;
const WIDENING: usize = 3;
const PUCT: usize = 4;
const TAU: usize = 5;
const FPU: usize = 6;
const LEAF: usize = 7;
const CHANCE: usize = 8;
const EVAL: usize = 9;
const EXPO: usize = 10;
const RTAU: usize = 11;
const PARENT_N: usize = 12;
const REUSE: usize = 13;
const TREE_TURNS: usize = 14;
const STEP_SHOT: usize = 15;
const VNET: usize = 16;
const LEARNED_PRIOR: usize = 17;
const CHOICE_TAU: usize = 18;

impl Tuning {
    /// No setting changed: [`Tuning::default`], as a constant.
    pub const NONE: Tuning = Tuning {
        values: [None; SETTINGS.len()],
    };

    /// These settings with the learned evaluation (`eval=2`).
    pub const fn learned_evaluation(mut self) -> Tuning {
        self.values[EVAL] = Some(2);
        self
    }

    /// These settings with `over`'s on top: a level's recipe under a spec's own settings
    /// (`mcts:hard:c=0.5`), the spec's winning where both give one.
    pub fn overlaid(self, over: Tuning) -> Tuning {
        let mut values = self.values;
        for (v, o) in values.iter_mut().zip(over.values) {
            if o.is_some() {
                *v = o;
            }
        }
        Tuning { values }
    }

    /// Does it change anything?
    pub fn is_default(&self) -> bool {
        *self == Tuning::default()
    }

    /// The value given for the setting `name` (hundredths for a decimal one).
    pub fn get(&self, name: &str) -> Option<u32> {
        SETTINGS
            .iter()
            .position(|s| s.name == name)
            .and_then(|i| self.values[i])
    }

    fn decimal(&self, i: usize) -> Option<f64> {
        self.values[i].map(|v| f64::from(v) / 100.0)
    }

    /// `config` with these settings applied.
    pub fn apply(&self, mut config: IsMctsConfig) -> IsMctsConfig {
        if let Some(p) = self.decimal(PRIOR) {
            config.prior_weight = p;
        }
        if let Some(h) = self.values[HORIZON] {
            config.horizon = h;
        }
        if let Some(w) = self.values[WIDENING] {
            config.widening = w;
        }
        match self.values[PUCT] {
            Some(0) => config.puct = None,
            Some(_) if config.puct.is_none() => config.puct = Some(super::spec::PUCT),
            _ => {}
        }
        if let Some(c) = self.decimal(C) {
            match &mut config.puct {
                Some(p) => p.c = c,
                None => config.exploration = c,
            }
        }
        if let Some(p) = &mut config.puct {
            if let Some(t) = self.decimal(TAU) {
                p.temperature = t;
            }
            if let Some(f) = self.decimal(FPU) {
                p.fpu = f;
            }
            if let Some(n) = self.values[PARENT_N] {
                p.parent_visits = n != 0;
            }
        }
        if let Some(l) = self.values[LEAF] {
            config.leaf_turns = l;
        }
        if let Some(c) = self.values[CHANCE] {
            config.chance_nodes = c != 0;
        }
        if let Some(r) = self.values[REUSE] {
            config.reuse = r != 0;
        }
        if let Some(t) = self.values[TREE_TURNS] {
            config.tree_turns = t;
        }
        if let Some(t) = self.decimal(CHOICE_TAU) {
            config.choice_temperature = t;
        }
        config
    }

    /// `heuristics` with these settings applied (the rollout policy).
    pub fn apply_heuristics(&self, mut heuristics: Heuristics) -> Heuristics {
        match self.decimal(RTAU) {
            Some(t) if t > 0.0 => {
                heuristics.rollout = Rollout::Softmax {
                    temperature: t as f32,
                }
            }
            Some(_) => heuristics.rollout = Rollout::Uniform,
            None => {}
        }
        if let Some(e) = self.values[EVAL] {
            heuristics.fitted = e != 0;
            heuristics.learned = e == 2;
        }
        if let Some(x) = self.decimal(EXPO) {
            heuristics.scoring.exposure = x;
        }
        if let Some(s) = self.values[STEP_SHOT] {
            heuristics.scoring.step_shot = s != 0;
        }
        if let Some(v) = self.decimal(VNET) {
            heuristics.learned_share = v as f32;
        }
        if let Some(p) = self.values[LEARNED_PRIOR] {
            heuristics.learned_prior = p != 0;
        }
        heuristics
    }

    /// Does it change the heuristics a search plays with?
    pub fn changes_heuristics(&self) -> bool {
        self.values[RTAU].is_some()
            || self.values[EVAL].is_some()
            || self.values[EXPO].is_some()
            || self.values[STEP_SHOT].is_some()
            || self.values[VNET].is_some()
            || self.values[LEARNED_PRIOR].is_some()
    }

    /// The settings of `text` (`prior=1.5,c=0.3`), or what is wrong with it.
    pub fn parse(text: &str) -> Result<Tuning, TuningError> {
        let mut t = Tuning::default();
        for part in text.split(',') {
            let Some((name, value)) = part.split_once('=') else {
                return Err(TuningError::NotASetting(part.to_string()));
            };
            let (name, value) = (name.trim(), value.trim());
            let Some(i) = SETTINGS.iter().position(|s| s.name == name) else {
                return Err(TuningError::UnknownName(name.to_string()));
            };
            let s = &SETTINGS[i];
            let v = if s.decimal {
                parse_hundredths(value)
            } else {
                value.parse::<u32>().ok()
            };
            match v {
                Some(v) if v <= s.max => {}
                _ => {
                    return Err(TuningError::OutOfRange {
                        name: s.name,
                        value: value.to_string(),
                        decimal: s.decimal,
                        max: s.max,
                    });
                }
            }
            let slot = &mut t.values[i];
            if slot.is_some() {
                return Err(TuningError::Twice(s.name));
            }
            *slot = v;
        }
        Ok(t)
    }
}

/// Why search settings (`prior=1.5,c=0.3`) do not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TuningError {
    /// A part with no `=`: the part as given.
    #[error(
        "`{}` is not a setting: write name=value, with a name among {}",
        .0,
        setting_names()
    )]
    NotASetting(String),
    /// A name that is not a setting's.
    #[error("`{}` is not a search setting; the settings are {}", .0, settings_told())]
    UnknownName(String),
    /// A value that is not a number from 0 to the setting's `max` (in hundredths when
    /// the setting is `decimal`).
    #[error("{name} = `{value}`: give {} from 0 to {}", number_kind(*decimal), limit(*decimal, *max))]
    OutOfRange {
        name: &'static str,
        value: String,
        decimal: bool,
        max: u32,
    },
    /// A setting given twice.
    #[error("{0} is given twice")]
    Twice(&'static str),
}

/// The settings' names, for a message.
fn setting_names() -> String {
    let names: Vec<&str> = SETTINGS.iter().map(|s| s.name).collect();
    names.join(", ")
}

/// The settings with what each does, for a message.
fn settings_told() -> String {
    let told: Vec<String> = SETTINGS
        .iter()
        .map(|s| format!("{} ({})", s.name, s.doc))
        .collect();
    told.join(", ")
}

/// The kind of number a setting takes, in words.
fn number_kind(decimal: bool) -> &'static str {
    if decimal {
        "a number with at most two decimals"
    } else {
        "a whole number"
    }
}

/// A setting's largest value as written (`max` in hundredths when `decimal`).
fn limit(decimal: bool, max: u32) -> String {
    if decimal {
        format!("{}", f64::from(max) / 100.0)
    } else {
        max.to_string()
    }
}

/// `1.5` as 150; at most two decimals, no sign.
pub(crate) fn parse_hundredths(text: &str) -> Option<u32> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() && frac.is_empty() || frac.len() > 2 {
        return None;
    }
    let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if !digits(whole) || !digits(frac) {
        return None;
    }
    let w: u32 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let f: u32 = format!("{frac:0<2}").parse().ok()?;
    w.checked_mul(100)?.checked_add(f)
}

impl fmt::Display for Tuning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (s, v) in SETTINGS.iter().zip(self.values) {
            let Some(v) = v else { continue };
            if !first {
                f.write_str(",")?;
            }
            first = false;
            if s.decimal {
                write!(f, "{}={}", s.name, f64::from(v) / 100.0)?;
            } else {
                write!(f, "{}={v}", s.name)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_parse_print_back_and_apply() {
        let t = Tuning::parse("prior=1.5,c=0.3,horizon=10,widening=0").unwrap();
        assert_eq!(t.get("prior"), Some(150));
        assert_eq!(t.get("c"), Some(30));
        assert_eq!(t.to_string(), "prior=1.5,c=0.3,horizon=10,widening=0");
        let c = t.apply(IsMctsConfig::default());
        assert_eq!((c.prior_weight, c.exploration), (1.5, 0.3));
        assert_eq!((c.horizon, c.widening), (10, 0));
        assert_eq!(Tuning::parse("c=.25").unwrap().get("c"), Some(25));
        assert_eq!(Tuning::parse("prior=2").unwrap().to_string(), "prior=2");
        // The quick preference's settings change the heuristics, not the tree.
        let old = Tuning::parse("sshot=0").unwrap();
        assert!(old.changes_heuristics());
        assert!(Heuristics::default().scoring.step_shot);
        assert!(
            !old.apply_heuristics(Heuristics::default())
                .scoring
                .step_shot
        );
    }

    #[test]
    fn a_spec_carries_its_settings_and_prints_back() {
        use crate::bot::PlayerSpec;
        let spec: PlayerSpec = "mcts:1000:prior=1.5,horizon=5".parse().unwrap();
        assert_eq!(spec.tuning().get("prior"), Some(150));
        assert_eq!(spec.to_string(), "mcts:1000:prior=1.5,horizon=5");
        assert_eq!(spec.to_string().parse::<PlayerSpec>().unwrap(), spec);
        assert!(
            "mcts:hard"
                .parse::<PlayerSpec>()
                .unwrap()
                .tuning()
                .is_default()
        );
        let e = "flat:100:prior=1".parse::<PlayerSpec>().unwrap_err();
        assert!(e.reason.contains("no search settings"), "{e}");
        let e = "mcts:100:depth=2".parse::<PlayerSpec>().unwrap_err();
        assert!(e.reason.contains("not a search setting"), "{e}");
    }

    #[test]
    fn bad_settings_say_what_is_wrong() {
        for (text, says) in [
            ("prior", "name=value"),
            ("depth=3", "not a search setting"),
            ("prior=-1", "from 0 to 100"),
            ("prior=1.234", "two decimals"),
            ("c=11", "from 0 to 10"),
            ("horizon=1.5", "whole number"),
            ("horizon=1001", "from 0 to 1000"),
            ("c=1,c=2", "given twice"),
            ("prior=", "from 0 to 100"),
        ] {
            let e = Tuning::parse(text).unwrap_err();
            assert!(e.to_string().contains(says), "{text}: {e}");
        }
    }
}
