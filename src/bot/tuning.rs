//! Search settings given in a player spec, for measuring one setting against another in
//! the arena: `mcts:1000:prior=1.5,c=0.3,horizon=10,widening=16`.
//!
//! Each setting left out keeps the default of [`super::spec::search_config`]. Values are
//! kept in hundredths, so that a spec stays `Copy`, `Eq` and `Hash` and prints back as it
//! was given.

use std::fmt;

use ai::IsMctsConfig;

/// One tunable setting: its name in a spec, what it sets, and its limits (hundredths for
/// the decimal ones).
struct Setting {
    name: &'static str,
    doc: &'static str,
    /// Whether the value is a decimal (kept in hundredths) or a whole number.
    decimal: bool,
    max: u32,
}

const SETTINGS: [Setting; 4] = [
    Setting {
        name: "prior",
        doc: "the progressive-bias weight of the heuristic prior",
        decimal: true,
        max: 10_000,
    },
    Setting {
        name: "c",
        doc: "the UCB exploration constant",
        decimal: true,
        max: 1_000,
    },
    Setting {
        name: "horizon",
        doc: "rollout decisions before the evaluation scores the position",
        decimal: false,
        max: 1_000,
    },
    Setting {
        name: "widening",
        doc: "the width above which nodes are widened progressively (0: never)",
        decimal: false,
        max: 1_000,
    },
];

/// The settings a spec changes; `None`: the default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tuning {
    /// Progressive-bias weight, in hundredths.
    pub prior: Option<u32>,
    /// UCB exploration constant, in hundredths.
    pub exploration: Option<u32>,
    pub horizon: Option<u32>,
    pub widening: Option<u32>,
}

impl Tuning {
    /// Does it change anything?
    pub fn is_default(&self) -> bool {
        *self == Tuning::default()
    }

    fn slot(&mut self, i: usize) -> &mut Option<u32> {
        match i {
            0 => &mut self.prior,
            1 => &mut self.exploration,
            2 => &mut self.horizon,
            _ => &mut self.widening,
        }
    }

    fn get(&self, i: usize) -> Option<u32> {
        match i {
            0 => self.prior,
            1 => self.exploration,
            2 => self.horizon,
            _ => self.widening,
        }
    }

    /// `config` with these settings applied.
    pub fn apply(&self, mut config: IsMctsConfig) -> IsMctsConfig {
        if let Some(p) = self.prior {
            config.prior_weight = f64::from(p) / 100.0;
        }
        if let Some(c) = self.exploration {
            config.exploration = f64::from(c) / 100.0;
        }
        if let Some(h) = self.horizon {
            config.horizon = h;
        }
        if let Some(w) = self.widening {
            config.widening = w;
        }
        config
    }

    /// The settings of `text` (`prior=1.5,c=0.3`), or what is wrong with it.
    pub fn parse(text: &str) -> Result<Tuning, String> {
        let mut t = Tuning::default();
        let names: Vec<&str> = SETTINGS.iter().map(|s| s.name).collect();
        for part in text.split(',') {
            let Some((name, value)) = part.split_once('=') else {
                return Err(format!(
                    "`{part}` is not a setting: write name=value, with a name among {}",
                    names.join(", ")
                ));
            };
            let (name, value) = (name.trim(), value.trim());
            let Some(i) = SETTINGS.iter().position(|s| s.name == name) else {
                return Err(format!(
                    "`{name}` is not a search setting; the settings are {}",
                    SETTINGS
                        .iter()
                        .map(|s| format!("{} ({})", s.name, s.doc))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            };
            let s = &SETTINGS[i];
            let v = if s.decimal {
                parse_hundredths(value)
            } else {
                value.parse::<u32>().ok()
            };
            let limit = if s.decimal {
                format!("{}", f64::from(s.max) / 100.0)
            } else {
                s.max.to_string()
            };
            let kind = if s.decimal {
                "a number with at most two decimals"
            } else {
                "a whole number"
            };
            match v {
                Some(v) if v <= s.max => {}
                _ => {
                    return Err(format!("{name} = `{value}`: give {kind} from 0 to {limit}"));
                }
            }
            let slot = t.slot(i);
            if slot.is_some() {
                return Err(format!("{name} is given twice"));
            }
            *slot = v;
        }
        Ok(t)
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
        for (i, s) in SETTINGS.iter().enumerate() {
            let Some(v) = self.get(i) else { continue };
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
        assert_eq!(t.prior, Some(150));
        assert_eq!(t.exploration, Some(30));
        assert_eq!(t.to_string(), "prior=1.5,c=0.3,horizon=10,widening=0");
        let c = t.apply(IsMctsConfig::default());
        assert_eq!((c.prior_weight, c.exploration), (1.5, 0.3));
        assert_eq!((c.horizon, c.widening), (10, 0));
        assert_eq!(Tuning::parse("c=.25").unwrap().exploration, Some(25));
        assert_eq!(Tuning::parse("prior=2").unwrap().to_string(), "prior=2");
    }

    #[test]
    fn a_spec_carries_its_settings_and_prints_back() {
        use crate::bot::PlayerSpec;
        let spec: PlayerSpec = "mcts:1000:prior=1.5,horizon=5".parse().unwrap();
        assert_eq!(spec.tuning.prior, Some(150));
        assert_eq!(spec.to_string(), "mcts:1000:prior=1.5,horizon=5");
        assert_eq!(spec.to_string().parse::<PlayerSpec>().unwrap(), spec);
        assert!(
            "mcts:hard"
                .parse::<PlayerSpec>()
                .unwrap()
                .tuning
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
            assert!(e.contains(says), "{text}: {e}");
        }
    }
}
