//! What a model is called in words: by its number (`m3`), as the program and the bot
//! protocol name it, or by the label on its base at a real table (`Soldier 2`), as the
//! companion mode names it everywhere. The log ([`crate::sim::describe_named`]) and the
//! table's words take a [`ModelNames`] so that one game is never named two ways.

use std::fmt;

use crate::GameState;
use crate::action::ModelId;
use crate::scenario::{MAX_MODELS, Scenario};

/// How a game's words name its models.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ModelNames {
    /// By number: `m3`, and with its profile where a model is first met
    /// (`m3 (US Army Soldier)`).
    #[default]
    Numbers,
    /// By the label on its base ([`base_label_of`]): `Soldier 2`, `Professor Kessler`.
    Bases,
}

impl ModelNames {
    /// A model's name in running text: `m3`, or `Soldier 2`.
    pub fn short(self, g: &GameState, id: ModelId) -> String {
        match self {
            ModelNames::Numbers => id.to_string(),
            ModelNames::Bases => base_label(g, id),
        }
    }

    /// A model's name where it is first met or stands alone: `m3 (US Army Soldier)`, or
    /// `Soldier 2` (a base label says what the model is already).
    pub fn long(self, g: &GameState, id: ModelId) -> String {
        if id.index() >= g.models().len() {
            return id.to_string();
        }
        match self {
            ModelNames::Numbers => format!("{id} ({})", g.profile(id).name),
            ModelNames::Bases => base_label(g, id),
        }
    }
}

/// The label of a model's base at a real table: its profile's name and its number among
/// the models of that profile, from 1 in model order (`Soldier 2`, `Martian 3`). A troop
/// (a profile fielded more than once) goes by the last word of its name unless another
/// profile of the game ends in the same word; a model alone of its profile goes by its
/// whole name and no number (`Professor Kessler`). A model the game does not have goes by
/// its number.
pub fn base_label(g: &GameState, id: ModelId) -> String {
    match base_label_of(g.scenario(), id.index()) {
        Some(label) => label.to_string(),
        None => id.to_string(),
    }
}

/// A base's label in its parts: the name written and, for a model of a troop, its number
/// among the models of its profile (`Soldier` and 2); shown as `Soldier 2`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BaseLabel {
    pub name: String,
    pub number: Option<usize>,
}

impl fmt::Display for BaseLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.number {
            Some(n) => write!(f, "{} {n}", self.name),
            None => f.write_str(&self.name),
        }
    }
}

/// The label of the base of `scenario`'s model number `index` (from 0, in the scenario's
/// order), as [`base_label`] names it in a game of the scenario; `None` for a model the
/// scenario does not have.
pub fn base_label_of(scenario: &Scenario, index: usize) -> Option<BaseLabel> {
    let n = scenario.models.len().min(MAX_MODELS);
    if index >= n {
        return None;
    }
    let profile = |i: usize| scenario.profiles.get(scenario.models[i].profile);
    let key = |i: usize| profile(i).map(|p| p.key.as_str());
    let name = profile(index).map_or("", |p| p.name.as_str());
    let same: Vec<usize> = (0..n).filter(|i| key(*i) == key(index)).collect();
    if same.len() == 1 {
        return Some(BaseLabel {
            name: name.to_string(),
            number: None,
        });
    }
    let number = same.iter().position(|i| *i == index).unwrap_or(0) + 1;
    let last = |s: &str| s.split_whitespace().last().unwrap_or(s).to_string();
    let short = last(name);
    let shared =
        (0..n).any(|i| key(i) != key(index) && profile(i).is_some_and(|p| last(&p.name) == short));
    Some(BaseLabel {
        name: if shared { name.to_string() } else { short },
        number: Some(number),
    })
}
