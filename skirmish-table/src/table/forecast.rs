//! What the table shows before a decision is made: where a model can go, what it would
//! see, and the exact odds of a Shoot or a Fight. Movement is read from the rules' legal
//! lists, played forward on throwaway copies of the state, so nothing here restates the
//! movement rules; the odds of a test, and what a card played on it would change, come
//! from `rules::test_odds` (the rules play the card on a copy and report the dice it
//! added), so the table never restates what a card does.

use rand::SeedableRng;

use rules::action::{Action, ModelId, Spot, Target as CardTarget};
use rules::bitboard::Bitboard;
use rules::cards::CardId;
use rules::state::Phase;
use rules::{GameRng, GameState, Side, Square};

pub use rules::test_odds::{
    FightForecast, ShootForecast, TestOdds, bug_attack, fight_forecast, shoot_dice, shoot_forecast,
    test_after, test_odds, window_choices,
};

/// What a board click can stand for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Square(Square),
    Model(ModelId),
}

/// The board targets of a decision: where a click can choose it. Decisions without one
/// (and any kind the table does not know) are offered as buttons.
#[allow(unreachable_patterns)]
pub fn targets_of(action: &Action) -> Vec<Target> {
    let line = |bb: Bitboard| bb.iter().map(Target::Square).collect::<Vec<_>>();
    let row = |r: u8| line(Bitboard::row(r));
    let col = |c: u8| line(Bitboard::column(c));
    match *action {
        Action::Deploy(sq) | Action::Move(sq) => vec![Target::Square(sq)],
        Action::Activate(m)
        | Action::Shoot(m)
        | Action::Fight(m)
        | Action::Defender(m)
        | Action::Pick(m) => vec![Target::Model(m)],
        Action::Play(_, t) => match t {
            CardTarget::Model(m) => vec![Target::Model(m)],
            CardTarget::Models(a, b) => vec![Target::Model(a), Target::Model(b)],
            CardTarget::ModelTo(_, sq) | CardTarget::Square(sq) => vec![Target::Square(sq)],
            CardTarget::SetAt(_, spot) => spot_targets(spot, &row, &col),
            _ => Vec::new(),
        },
        Action::Call(_, spot) => spot_targets(spot, &row, &col),
        _ => Vec::new(),
    }
}

fn spot_targets(
    spot: Spot,
    row: &dyn Fn(u8) -> Vec<Target>,
    col: &dyn Fn(u8) -> Vec<Target>,
) -> Vec<Target> {
    match spot {
        Spot::Square(sq) | Spot::SquareDir(sq, _) => vec![Target::Square(sq)],
        Spot::Row(r) | Spot::RowDir(r, _) => row(r),
        Spot::Column(c) | Spot::ColumnDir(c, _) => col(c),
        _ => Vec::new(),
    }
}

/// Where a decision aims a card's area (a Support set called, or one played by Mind
/// Control), if it does.
pub fn spot_of(action: &Action) -> Option<Spot> {
    match *action {
        Action::Call(_, spot) | Action::Play(_, CardTarget::SetAt(_, spot)) => Some(spot),
        _ => None,
    }
}

/// Does a click on `t` choose `action`? A click on a model also stands for its square.
pub fn hits(g: &GameState, action: &Action, t: Target) -> bool {
    targets_of(action).into_iter().any(|x| match (x, t) {
        (Target::Model(m), Target::Model(c)) => m == c,
        (Target::Square(s), Target::Square(c)) => s == c,
        (Target::Square(s), Target::Model(c)) => g.model(c).square() == Some(s),
        _ => false,
    })
}

/// A throwaway generator for looking ahead on copies: whatever it rolls is discarded
/// with the copy.
fn scratch_rng() -> GameRng {
    GameRng::seed_from_u64(0x5EED)
}

/// `g` after `actions`, on a copy, if each is legal in turn.
pub fn after(g: &GameState, actions: &[Action]) -> Option<GameState> {
    let mut c = g.clone();
    let mut rng = scratch_rng();
    for a in actions {
        c.play(*a, &mut rng).ok()?;
    }
    Some(c)
}

/// The model acting now, if any.
pub fn acting_model(g: &GameState) -> Option<ModelId> {
    match g.phase() {
        Phase::Acting(act) => Some(act.model),
        _ => None,
    }
}

/// Has the acting model Aimed (its next Shoot gets an extra die)?
pub fn has_aimed(g: &GameState, id: ModelId) -> bool {
    matches!(g.phase(), Phase::Acting(act) if act.model == id && act.aimed)
}

/// Where a model can get to now: the squares of its first step and of a second one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    pub one: Bitboard,
    pub two: Bitboard,
    /// The decisions that start its action (`activate`) before it can step, if any.
    pub needs_activation: bool,
}

fn moves(legal: &[Action]) -> impl Iterator<Item = Square> + '_ {
    legal.iter().filter_map(|a| match a {
        Action::Move(sq) => Some(*sq),
        _ => None,
    })
}

/// The squares `id` may step to, one and two steps, read from the legal lists: if it is
/// not acting yet but may be activated, the look-ahead activates it on a copy first.
pub fn reach(g: &GameState, id: ModelId) -> Reach {
    let (base, needs_activation) = if acting_model(g) == Some(id) {
        (g.clone(), false)
    } else {
        match after(g, &[Action::Activate(id)]) {
            Some(c) if acting_model(&c) == Some(id) => (c, true),
            _ => return Reach::default(),
        }
    };
    let mut legal = Vec::new();
    base.legal_actions(&mut legal);
    // A Rattled model stands up first and may then step once (R12, R17).
    let base = match legal.contains(&Action::Stand) {
        true => match after(&base, &[Action::Stand]) {
            Some(c) => {
                legal.clear();
                c.legal_actions(&mut legal);
                c
            }
            None => base,
        },
        false => base,
    };
    let mut r = Reach {
        needs_activation,
        ..Reach::default()
    };
    let mut rng = scratch_rng();
    let mut next = Vec::new();
    for sq in moves(&legal) {
        r.one.insert(sq);
        let mut c = base.clone();
        if c.play(Action::Move(sq), &mut rng).is_ok() && acting_model(&c) == Some(id) {
            c.legal_actions(&mut next);
            for t in moves(&next) {
                r.two.insert(t);
            }
        }
    }
    r.two = r.two.difference(r.one);
    r
}

/// The Shoot a plan ends with, as it would be made: played on a copy up to the Shoot,
/// so that an Aim or a Stand before it counts (R12, R15). The shooter, its square and
/// the odds.
pub fn plan_shot(g: &GameState, plan: &[Action]) -> Option<(ModelId, Square, ShootForecast)> {
    let (Action::Shoot(target), before) = plan.split_last()? else {
        return None;
    };
    let c = after(g, before)?;
    let shooter = acting_model(&c)?;
    let from = c.model(shooter).square()?;
    let f = shoot_forecast(&c, shooter, from, *target, has_aimed(&c, shooter))?;
    Some((shooter, from, f))
}

/// The enemy a plan's last step charges: a model of the other side in the square it
/// moves into, if any.
pub fn charged(g: &GameState, plan: &[Action]) -> Option<ModelId> {
    let (Action::Move(dest), before) = plan.split_last()? else {
        return None;
    };
    let c = after(g, before)?;
    let mover = acting_model(&c)?;
    let side = c.model(mover).side;
    c.models_in(*dest).find(|m| c.model(*m).side != side)
}

/// The Fight that would follow `plan` (a charge: a move into the enemy's square), played
/// on a copy, against `defender`.
pub fn charge_forecast(g: &GameState, plan: &[Action], defender: ModelId) -> Option<FightForecast> {
    let c = after(g, plan)?;
    let attacker = match c.phase() {
        Phase::FightTarget { attacker, .. } => attacker,
        Phase::Defence { attacker, .. } => attacker,
        _ => return None,
    };
    fight_forecast(&c, attacker, defender)
}

/// `p` as a percentage for people: `31%`, `0.4%`, `<0.1%`.
pub fn percent(p: f64) -> String {
    let pc = p * 100.0;
    if p <= 0.0 {
        "0%".into()
    } else if pc < 0.1 {
        "<0.1%".into()
    } else if pc < 10.0 {
        format!("{pc:.1}%")
    } else if pc > 99.9 && p < 1.0 {
        ">99.9%".into()
    } else {
        format!("{pc:.0}%")
    }
}

// ===== tests waiting for their response windows, and the cards that change them ========

/// The odds of a test in words, as the table shows them.
pub trait OddsWords {
    /// The outcomes in words, from the attacker's side: `kill 61%, Rattled 5%, miss 34%`
    /// or `attacker wins 40%, defender wins 21%, no kill 39%`.
    fn summary(&self) -> String;
    /// The dice in words: `5 dice at 4+ against 3 at 5+ +1 armour`.
    fn dice_text(&self) -> String;
}

impl OddsWords for TestOdds {
    fn summary(&self) -> String {
        match self {
            TestOdds::Shoot { armour, odds, .. } => {
                if *armour > 0 {
                    format!(
                        "kill {}, Rattled {}, miss {}",
                        percent(odds.kill),
                        percent(odds.rattled),
                        percent(odds.miss)
                    )
                } else {
                    format!("kill {}, miss {}", percent(odds.kill), percent(odds.miss))
                }
            }
            TestOdds::Fight {
                defender_fights,
                odds,
                ..
            } => {
                if *defender_fights {
                    format!(
                        "attacker wins {}, defender wins {}, no kill {}",
                        percent(odds.attacker_wins),
                        percent(odds.defender_wins),
                        percent(odds.no_kill)
                    )
                } else {
                    format!(
                        "attacker wins {}, no kill {}",
                        percent(odds.attacker_wins),
                        percent(odds.no_kill)
                    )
                }
            }
            TestOdds::Area {
                attack: None, odds, ..
            } => format!(
                "fails {}, passes {}",
                percent(odds.kill),
                percent(odds.miss)
            ),
            TestOdds::Area { armour, odds, .. } => {
                if *armour > 0 {
                    format!(
                        "killed {}, Rattled {}, unharmed {}",
                        percent(odds.kill),
                        percent(odds.rattled),
                        percent(odds.miss)
                    )
                } else {
                    format!(
                        "killed {}, unharmed {}",
                        percent(odds.kill),
                        percent(odds.miss)
                    )
                }
            }
        }
    }

    fn dice_text(&self) -> String {
        match *self {
            TestOdds::Shoot {
                dice,
                shoot,
                survive_dice,
                survive,
                armour,
                ..
            } => {
                let armour = if armour > 0 {
                    format!(" +{armour} armour")
                } else {
                    String::new()
                };
                format!("{dice} dice at {shoot}+ against {survive_dice} at {survive}+{armour}")
            }
            TestOdds::Fight {
                dice,
                fight,
                defender_dice,
                defend,
                ..
            } => format!("{dice} dice at {fight}+ against {defender_dice} at {defend}+"),
            TestOdds::Area {
                attack,
                survive_dice,
                survive,
                armour,
                ..
            } => match attack {
                Some((dice, value)) => {
                    let armour = if armour > 0 {
                        format!(" +{armour} armour")
                    } else {
                        String::new()
                    };
                    format!(
                        "{dice} dice at {value}+ against {survive_dice} Survive at {survive}+{armour}"
                    )
                }
                None => format!("{survive_dice} dice at {survive}+, one success passes"),
            },
        }
    }
}

/// The state at `side`'s response window on the test that `plan` starts, on a copy; any
/// window before it is answered with no card (what the other side holds is not looked
/// at). None when `side` gets no window: it holds no card it may play on that test.
pub fn window_after(g: &GameState, plan: &[Action], side: Side) -> Option<GameState> {
    let mut c = after(g, plan)?;
    let mut rng = scratch_rng();
    for _ in 0..4 {
        match c.phase() {
            Phase::Respond(s) if s == side => return Some(c),
            Phase::Respond(_) => c.play(Action::Respond(None), &mut rng).ok()?,
            _ => return None,
        }
    }
    None
}

/// The odds with each card `side` may play on the test that `plan` starts (a Shoot, or a
/// Fight once its defence is chosen), read from the rules at `side`'s window. Cards with
/// the same half (whatever is on their backs) are one line.
pub fn card_choices(g: &GameState, plan: &[Action], side: Side) -> Vec<(CardId, TestOdds)> {
    let mut out: Vec<(CardId, TestOdds)> = Vec::new();
    for (c, o) in window_after(g, plan, side)
        .map(|w| window_choices(&w))
        .unwrap_or_default()
    {
        if let Some(c) = c
            && !out.iter().any(|(h, _)| *h == c.half)
        {
            out.push((c.half, o));
        }
    }
    out
}

/// The defences `g`'s Fight may be met with once `plan` is played: a charge or a
/// `fight` decision, the opponent picked where the attacker must pick one. Each is the
/// plan up to and including the `defend` decision.
pub fn defence_plans(g: &GameState, plan: &[Action], defender: ModelId) -> Vec<Vec<Action>> {
    let Some(mut c) = after(g, plan) else {
        return Vec::new();
    };
    let mut plan = plan.to_vec();
    if let Phase::FightTarget { .. } = c.phase() {
        let pick = Action::Fight(defender);
        if c.play(pick, &mut scratch_rng()).is_err() {
            return Vec::new();
        }
        plan.push(pick);
    }
    let mut legal = Vec::new();
    c.legal_actions(&mut legal);
    legal
        .into_iter()
        .filter(|a| matches!(a, Action::Defend(_)))
        .map(|a| {
            let mut p = plan.clone();
            p.push(a);
            p
        })
        .collect()
}
