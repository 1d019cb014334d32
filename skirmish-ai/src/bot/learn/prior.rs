//! A prior learnt from the search's visits: PUCT's chance for each legal action, from the
//! quick preference of [`crate::bot::eval::action_score`] read differently for each kind
//! of action.
//!
//! Greedy's prior is one softmax of the action scores at one temperature, the ways of
//! aiming a card grouped as one choice ([`crate::bot::game::family_softmax`]). The scores
//! of different kinds are not on one scale: a move's 0.5 and a shot's 0.5 do not say the
//! same, and how much a kind deserves as a whole does not grow with how many ways there
//! are of doing it. So the learnt prior gives each [`ActionKind`] its own reading of the
//! score:
//!
//! `logit(a) = scale[k] * score(a) + bias[k] - crowd[k] * ln(n(a)) + lift[k] * l(a)`
//!
//! where `k` is the action's kind, `n(a)` how many legal actions share its group (its
//! kind, or for a card played or called the card's half, as the family does), and `l(a)`
//! its lift: how much the search's value of the position for the side to move rises
//! through it (the logit of the value after it less before; none for an action that draws
//! a roll or a card, whose outcome is not known before it is played). The chances are the
//! softmax of the logits. The 4 x [`KINDS`] weights are fitted to the share of
//! the search's visits each root action had in self-play ([`super::prior_train`]); the
//! fitted ones live in `data/prior.toml`. It reads only the action scores, which read only
//! what the side to move may see.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use rules::cards::CardId;
use rules::state::GameState;
use rules::{Action, Side, rng_from_seed};
use serde::{Deserialize, Serialize};

use crate::bot::counting::Counting;

/// The kinds of action the prior reads apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ActionKind {
    Deploy,
    Activate,
    Stand,
    Move,
    Exit,
    Aim,
    Shoot,
    Fight,
    Defend,
    Defender,
    Done,
    EndTurn,
    Pass,
    Play,
    Lay,
    Call,
    /// A response card played.
    Respond,
    /// No response.
    NoResponse,
    Discard,
    Keep,
    Heading,
    Pick,
    ShootBug,
    FightBug,
}

/// How many kinds there are.
pub const KINDS: usize = 24;

impl ActionKind {
    /// Every kind, in order.
    pub const ALL: [ActionKind; KINDS] = [
        ActionKind::Deploy,
        ActionKind::Activate,
        ActionKind::Stand,
        ActionKind::Move,
        ActionKind::Exit,
        ActionKind::Aim,
        ActionKind::Shoot,
        ActionKind::Fight,
        ActionKind::Defend,
        ActionKind::Defender,
        ActionKind::Done,
        ActionKind::EndTurn,
        ActionKind::Pass,
        ActionKind::Play,
        ActionKind::Lay,
        ActionKind::Call,
        ActionKind::Respond,
        ActionKind::NoResponse,
        ActionKind::Discard,
        ActionKind::Keep,
        ActionKind::Heading,
        ActionKind::Pick,
        ActionKind::ShootBug,
        ActionKind::FightBug,
    ];

    /// The kind of `action`.
    pub fn of(action: &Action) -> ActionKind {
        match action {
            Action::Deploy(_) => ActionKind::Deploy,
            Action::Activate(_) => ActionKind::Activate,
            Action::Stand => ActionKind::Stand,
            Action::Move(_) => ActionKind::Move,
            Action::Exit(_) => ActionKind::Exit,
            Action::Aim => ActionKind::Aim,
            Action::Shoot(_) => ActionKind::Shoot,
            Action::Fight(_) => ActionKind::Fight,
            Action::Defend(_) => ActionKind::Defend,
            Action::Defender(_) => ActionKind::Defender,
            Action::Done => ActionKind::Done,
            Action::EndTurn => ActionKind::EndTurn,
            Action::Pass => ActionKind::Pass,
            Action::Play(..) => ActionKind::Play,
            Action::Lay(_) => ActionKind::Lay,
            Action::Call(..) => ActionKind::Call,
            Action::Respond(Some(_)) => ActionKind::Respond,
            Action::Respond(None) => ActionKind::NoResponse,
            Action::Discard(_) => ActionKind::Discard,
            Action::Keep => ActionKind::Keep,
            Action::Heading(_) => ActionKind::Heading,
            Action::Pick(_) => ActionKind::Pick,
            Action::ShootBug => ActionKind::ShootBug,
            Action::FightBug => ActionKind::FightBug,
        }
    }

    /// Its place in [`ActionKind::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// Its name in `data/prior.toml`.
    pub fn name(self) -> &'static str {
        match self {
            ActionKind::Deploy => "deploy",
            ActionKind::Activate => "activate",
            ActionKind::Stand => "stand",
            ActionKind::Move => "move",
            ActionKind::Exit => "exit",
            ActionKind::Aim => "aim",
            ActionKind::Shoot => "shoot",
            ActionKind::Fight => "fight",
            ActionKind::Defend => "defend",
            ActionKind::Defender => "defender",
            ActionKind::Done => "done",
            ActionKind::EndTurn => "end-turn",
            ActionKind::Pass => "pass",
            ActionKind::Play => "play",
            ActionKind::Lay => "lay",
            ActionKind::Call => "call",
            ActionKind::Respond => "respond",
            ActionKind::NoResponse => "no-response",
            ActionKind::Discard => "discard",
            ActionKind::Keep => "keep",
            ActionKind::Heading => "heading",
            ActionKind::Pick => "pick",
            ActionKind::ShootBug => "shoot-bug",
            ActionKind::FightBug => "fight-bug",
        }
    }
}

/// The group an action's crowd is counted in: a card played or called by its half (every
/// way of aiming it), any other action by its kind.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Group {
    Kind(ActionKind),
    Card(CardId),
}

fn group(action: &Action) -> Group {
    match action {
        Action::Play(card, _) => Group::Card(card.half),
        Action::Call(half, _) => Group::Card(*half),
        a => Group::Kind(ActionKind::of(a)),
    }
}

/// One kind's reading of the action score.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KindWeights {
    /// How much the score counts.
    pub scale: f64,
    /// What the kind is worth before its score.
    pub bias: f64,
    /// How much the kind's weight is shared out among its group's members (1: the group
    /// as a whole weighs as one action would).
    pub crowd: f64,
    /// How much the action's lift counts.
    #[serde(default)]
    pub lift: f64,
}

impl Default for KindWeights {
    /// Greedy's softmax at PUCT's temperature 0.5, ungrouped.
    fn default() -> Self {
        KindWeights {
            scale: 2.0,
            bias: 0.0,
            crowd: 0.0,
            lift: 0.0,
        }
    }
}

/// The prior's weights, one [`KindWeights`] a kind.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PriorWeights {
    pub kinds: [KindWeights; KINDS],
}

impl Default for PriorWeights {
    fn default() -> Self {
        PriorWeights {
            kinds: [KindWeights::default(); KINDS],
        }
    }
}

/// How a fit was made, as `data/prior.toml` records it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PriorFit {
    pub data: Vec<String>,
    pub seed: u64,
    pub train_positions: u64,
    pub held_out_positions: u64,
    /// The held-out cross-entropy of the visit shares: the learnt prior's, greedy's.
    pub cross_entropy: f64,
    pub greedy_cross_entropy: f64,
}

/// `data/prior.toml` as it reads.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PriorFile {
    #[serde(default)]
    pub kinds: BTreeMap<String, KindWeights>,
    #[serde(default)]
    pub fit: PriorFit,
}

/// Why a prior's file does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PriorFileError {
    #[error("{0}")]
    Toml(String),
    #[error("no kind of action is called `{0}` (expected one of {1})")]
    UnknownKind(String, String),
    #[error("kind `{kind}`: `{field}` is {value}, not a finite number")]
    NotFinite {
        kind: String,
        field: &'static str,
        value: String,
    },
}

impl PriorWeights {
    /// The weights of a prior's file; a kind it leaves out reads as greedy's.
    pub fn from_toml(text: &str) -> Result<PriorWeights, PriorFileError> {
        let file: PriorFile =
            toml::from_str(text).map_err(|e| PriorFileError::Toml(e.to_string()))?;
        let mut weights = PriorWeights::default();
        for (name, w) in &file.kinds {
            let Some(kind) = ActionKind::ALL.iter().find(|k| k.name() == name) else {
                let names: Vec<&str> = ActionKind::ALL.iter().map(|k| k.name()).collect();
                return Err(PriorFileError::UnknownKind(name.clone(), names.join(", ")));
            };
            for (field, value) in [
                ("scale", w.scale),
                ("bias", w.bias),
                ("crowd", w.crowd),
                ("lift", w.lift),
            ] {
                if !value.is_finite() {
                    return Err(PriorFileError::NotFinite {
                        kind: name.clone(),
                        field,
                        value: value.to_string(),
                    });
                }
            }
            weights.kinds[kind.index()] = *w;
        }
        Ok(weights)
    }

    /// The file of these weights, with how they were fitted.
    pub fn to_toml(&self, fit: &PriorFit, header: &str) -> String {
        let file = PriorFile {
            kinds: ActionKind::ALL
                .iter()
                .map(|k| (k.name().to_string(), self.kinds[k.index()]))
                .collect(),
            fit: fit.clone(),
        };
        let body = toml::to_string(&file).unwrap_or_default();
        format!("{header}{body}")
    }

    /// Does any kind read the actions' lifts?
    pub fn reads_lifts(&self) -> bool {
        self.kinds.iter().any(|k| k.lift != 0.0)
    }

    /// Turns the action scores `scores` of `legal` into the prior's chances, in place,
    /// with their lifts `lifts` (none when empty).
    pub fn probabilities(&self, legal: &[Action], scores: &mut [f64], lifts: &[f64]) {
        let mut crowds = Crowds::default();
        crowds.count(legal);
        let mut max = f64::NEG_INFINITY;
        for (i, (a, s)) in legal.iter().zip(scores.iter_mut()).enumerate() {
            let k = ActionKind::of(a);
            let w = &self.kinds[k.index()];
            let lift = lifts.get(i).copied().unwrap_or(0.0);
            *s = w.scale * *s + w.bias - w.crowd * crowds.ln_size(a) + w.lift * lift;
            max = max.max(*s);
        }
        let mut total = 0.0;
        for s in scores.iter_mut() {
            *s = (*s - max).exp();
            total += *s;
        }
        if total > 0.0 {
            for s in scores.iter_mut() {
                *s /= total;
            }
        }
    }
}

/// The farthest from one half a value's logit is taken (a won game's value is 1).
const VALUE_CAP: f64 = 0.999;

fn capped_logit(p: f64) -> f64 {
    let p = p.clamp(1.0 - VALUE_CAP, VALUE_CAP);
    (p / (1.0 - p)).ln()
}

/// The lift of each action of `legal` in `g` into `out`: the logit of the value for the
/// side to move (by `value_for_humans`) after it, less before it; 0 for an action that
/// draws anything from the generator (a roll, a card: its outcome is not known before it
/// is played, and the prior must not guess it).
pub fn lifts(
    g: &GameState,
    legal: &[Action],
    value_for_humans: &dyn Fn(&GameState) -> f64,
    out: &mut Vec<f64>,
) {
    out.clear();
    let mover = g.to_move().unwrap_or_else(|| g.turn_player());
    let for_mover = |v: f64| if mover == Side::Humans { v } else { 1.0 - v };
    let before = capped_logit(for_mover(value_for_humans(g)));
    let mut copy = g.clone();
    let mut rng = rng_from_seed(0x11f7);
    for (i, a) in legal.iter().enumerate() {
        if i > 0 {
            copy.clone_from(g);
        }
        let mut counting = Counting::new(&mut rng);
        copy.apply(*a, &mut counting);
        out.push(if counting.asked() > 0 {
            0.0
        } else {
            capped_logit(for_mover(value_for_humans(&copy))) - before
        });
    }
}

/// How many legal actions are in each group.
#[derive(Default)]
pub struct Crowds {
    kinds: [u32; KINDS],
    cards: Vec<(CardId, u32)>,
}

impl Crowds {
    /// Counts the groups of `legal` (after any counted before).
    pub fn count(&mut self, legal: &[Action]) {
        for a in legal {
            match group(a) {
                Group::Kind(k) => self.kinds[k.index()] += 1,
                Group::Card(c) => match self.cards.iter_mut().find(|e| e.0 == c) {
                    Some(e) => e.1 += 1,
                    None => self.cards.push((c, 1)),
                },
            }
        }
    }

    /// The log of the size of `action`'s group.
    pub fn ln_size(&self, action: &Action) -> f64 {
        let n = match group(action) {
            Group::Kind(k) => self.kinds[k.index()],
            Group::Card(c) => self.cards.iter().find(|e| e.0 == c).map_or(1, |e| e.1),
        };
        f64::from(n.max(1)).ln()
    }
}

/// The prior shipped in `data/prior.toml`, read once.
pub static SHIPPED: LazyLock<PriorWeights> = LazyLock::new(|| {
    PriorWeights::from_toml(SHIPPED_TEXT).expect("data/prior.toml is a prior's weights")
});

const SHIPPED_TEXT: &str = include_str!("../../../../data/prior.toml");

/// The fingerprint of the shipped prior's file.
pub fn shipped_fingerprint() -> String {
    rules::fingerprint::bytes_fingerprint(SHIPPED_TEXT.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::Square;

    #[test]
    fn every_kind_is_in_its_place() {
        for (i, k) in ActionKind::ALL.iter().enumerate() {
            assert_eq!(k.index(), i);
        }
    }

    #[test]
    fn the_chances_are_the_softmax_of_each_kinds_reading() {
        // Two moves (score 0.5 and 1) and Done (0.35); moves read at scale 2, bias 1,
        // crowd 1 (ln 2 shared), Done at scale 0, bias 0.
        let mut w = PriorWeights::default();
        w.kinds[ActionKind::Move.index()] = KindWeights {
            scale: 2.0,
            bias: 1.0,
            crowd: 1.0,
            lift: 0.5,
        };
        w.kinds[ActionKind::Done.index()] = KindWeights {
            scale: 0.0,
            bias: 0.0,
            crowd: 0.0,
            lift: 0.0,
        };
        let legal = [
            Action::Move(Square::new(0, 0).unwrap()),
            Action::Move(Square::new(1, 0).unwrap()),
            Action::Done,
        ];
        let mut p = [0.5, 1.0, 0.35];
        // The first move lifts the mover's logit by 0.4, the second lowers it by 0.2.
        w.probabilities(&legal, &mut p, &[0.4, -0.2, 0.0]);
        let logits = [
            2.0 * 0.5 + 1.0 - 2f64.ln() + 0.5 * 0.4,
            2.0 + 1.0 - 2f64.ln() - 0.5 * 0.2,
            0.0,
        ];
        let total: f64 = logits.iter().map(|l| l.exp()).sum();
        for (p, l) in p.iter().zip(logits) {
            assert!((p - l.exp() / total).abs() < 1e-12);
        }
    }

    /// The lifts of random games' decisions: a decision that rolls has none (the prior
    /// does not guess its outcome); one that does not is the mover's logit after it less
    /// before, which is the opposite of the other side's.
    #[test]
    fn a_lift_is_the_movers_and_none_for_a_roll() {
        use rand::Rng as _;
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/ambush.toml");
        let scenario =
            std::sync::Arc::new(rules::scenario_file::load_scenario(&path).unwrap().scenario);
        let value = |g: &GameState| {
            crate::bot::eval::fitted::SHIPPED
                .weights
                .value_for_humans(g)
        };
        let mut picks = rng_from_seed(5);
        let mut g = GameState::new(scenario, &mut rng_from_seed(6));
        let mut dice = rng_from_seed(7);
        let (mut legal, mut lift_of) = (Vec::new(), Vec::new());
        let (mut rolled, mut lifted) = (0, 0);
        while !g.is_over() {
            g.legal_actions(&mut legal);
            lifts(&g, &legal, &value, &mut lift_of);
            let mover = g.to_move().unwrap();
            for (a, lift) in legal.iter().zip(&lift_of) {
                let (mut x, mut y) = (g.clone(), g.clone());
                x.apply(*a, &mut rng_from_seed(1));
                y.apply(*a, &mut rng_from_seed(2));
                let humans = capped_logit(value(&x)) - capped_logit(value(&g));
                let own = if mover == Side::Humans {
                    humans
                } else {
                    -humans
                };
                if value(&x) != value(&y) {
                    assert_eq!(*lift, 0.0, "{a:?} rolls");
                    rolled += 1;
                } else if *lift != 0.0 {
                    assert!((lift - own).abs() < 1e-9, "{a:?}: {lift} against {own}");
                    lifted += 1;
                }
            }
            let a = legal[picks.random_range(0..legal.len())];
            g.apply(a, &mut dice);
        }
        assert!(rolled > 0 && lifted > 0, "{rolled} {lifted}");
    }

    #[test]
    fn the_shipped_file_reads_and_writes_back() {
        let w = &*SHIPPED;
        let text = w.to_toml(&PriorFit::default(), "");
        assert_eq!(&PriorWeights::from_toml(&text).unwrap(), w);
    }

    #[test]
    fn a_bad_file_says_what_is_wrong() {
        let e = PriorWeights::from_toml("[kinds.mvoe]\nscale = 1.0\nbias = 0.0\ncrowd = 0.0\n")
            .unwrap_err();
        assert!(
            e.to_string()
                .starts_with("no kind of action is called `mvoe`")
        );
        let e = PriorWeights::from_toml("[kinds.move]\nscale = nan\nbias = 0.0\ncrowd = 0.0\n")
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "kind `move`: `scale` is NaN, not a finite number"
        );
    }
}
