//! One Turn (D2, D3): roll every die not set aside, set the Tanks aside, take all dice of
//! one type still open to you (Death Rays always; an Earthling kind only once a Turn),
//! then stop and score, or roll again. With nothing to take, or no die left, the Turn ends
//! and is scored.

use std::fmt;
use std::str::FromStr;

use rand::RngCore;

use crate::dice::{Face, Tally, roll};

/// A decision in a Turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TurnAction {
    /// Roll the dice not set aside (the first roll of a Turn is the only choice there is).
    Roll,
    /// Set aside every rolled die of this face (never a Tank: Tanks are set aside by force).
    Take(Face),
    /// End the Turn and score.
    Stop,
}

impl fmt::Display for TurnAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TurnAction::Roll => f.write_str("roll"),
            TurnAction::Stop => f.write_str("stop"),
            TurnAction::Take(x) => write!(f, "take {x}"),
        }
    }
}

/// Text that is not a decision of a turn: the text (or the face's name) as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UnreadTurnAction {
    /// Not roll, stop or take.
    NotADecision(String),
    /// `take` with a name that is not a face to take.
    NotAFace(String),
}

impl fmt::Display for UnreadTurnAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UnreadTurnAction::NotADecision(t) => write!(
                f,
                "`{t}` is not a decision: roll, stop, or take ray/human/cow/chicken"
            ),
            UnreadTurnAction::NotAFace(name) => write!(
                f,
                "`{name}` is not a face to take: ray, human, cow or chicken"
            ),
        }
    }
}

impl std::error::Error for UnreadTurnAction {}

impl FromStr for TurnAction {
    type Err = UnreadTurnAction;
    fn from_str(s: &str) -> Result<Self, UnreadTurnAction> {
        match s.trim() {
            "roll" => Ok(TurnAction::Roll),
            "stop" => Ok(TurnAction::Stop),
            t => {
                let name = t
                    .strip_prefix("take ")
                    .ok_or_else(|| UnreadTurnAction::NotADecision(t.to_string()))?;
                Face::ALL
                    .into_iter()
                    .filter(|f| *f != Face::Tank)
                    .find(|f| f.name() == name.trim())
                    .map(TurnAction::Take)
                    .ok_or_else(|| UnreadTurnAction::NotAFace(name.to_string()))
            }
        }
    }
}

/// The score of dice set aside (D3): nothing with more Tanks than Death Rays; else one a
/// Human, Cow and Chicken, and 3 more with all three kinds.
pub fn score(aside: &Tally) -> u32 {
    if aside.get(Face::Tank) > aside.get(Face::Ray) {
        return 0;
    }
    let earthlings: u32 = Face::EARTHLINGS
        .iter()
        .map(|f| u32::from(aside.get(*f)))
        .sum();
    let all_three = Face::EARTHLINGS.iter().all(|f| aside.get(*f) > 0);
    earthlings + if all_three { 3 } else { 0 }
}

/// The faces of `rolled` a player with `aside` may take (D2): Death Rays first, then the
/// Earthling kinds in tally order. Allocates nothing: the search asks at every node.
pub fn choosable(aside: &Tally, rolled: &Tally) -> impl Iterator<Item = Face> {
    let (aside, rolled) = (*aside, *rolled);
    [Face::Ray, Face::Human, Face::Cow, Face::Chicken]
        .into_iter()
        .filter(move |f| rolled.get(*f) > 0 && (*f == Face::Ray || aside.get(*f) == 0))
}

/// A Turn under way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    /// The dice of the game (13, D1).
    pub dice: u8,
    /// The dice set aside so far.
    pub aside: Tally,
    /// The dice just rolled, Tanks already set aside, waiting for a type to be taken.
    pub rolled: Option<Tally>,
    /// The Turn has ended (and is scored by [`Turn::score`]).
    pub over: bool,
}

impl Turn {
    /// A Turn with `dice` dice, nothing rolled yet.
    pub fn new(dice: u8) -> Turn {
        Turn {
            dice,
            aside: Tally::EMPTY,
            rolled: None,
            over: false,
        }
    }

    /// Dice neither set aside nor waiting on the table.
    pub fn to_roll(&self) -> u8 {
        self.dice - self.aside.total() - self.rolled.map_or(0, |r| r.total())
    }

    /// What the Turn scores now (when it ends now).
    pub fn score(&self) -> u32 {
        score(&self.aside)
    }

    /// The decisions open now, in a fixed order.
    pub fn legal(&self) -> Vec<TurnAction> {
        let mut out = Vec::new();
        self.legal_each(|a| out.push(a));
        out
    }

    /// Hands each decision open now to `f`, in the order of [`Turn::legal`], allocating
    /// nothing.
    pub fn legal_each(&self, mut f: impl FnMut(TurnAction)) {
        if self.over {
            return;
        }
        if let Some(r) = &self.rolled {
            choosable(&self.aside, r).for_each(|x| f(TurnAction::Take(x)));
        } else if self.aside.total() == 0 {
            // A Turn starts with a roll.
            f(TurnAction::Roll);
        } else {
            f(TurnAction::Stop);
            f(TurnAction::Roll);
        }
    }

    /// Applies a legal decision; a roll draws from `rng`.
    pub fn apply<R: RngCore + ?Sized>(&mut self, a: TurnAction, rng: &mut R) {
        match a {
            TurnAction::Roll => {
                let t = roll(self.to_roll(), rng);
                self.rolled_as(t);
            }
            TurnAction::Take(f) => self.take(f),
            TurnAction::Stop => self.over = true,
        }
    }

    /// The dice not set aside come up as `t`: the Tanks go aside (the Humans attack), and
    /// with nothing left to take the Turn ends.
    pub fn rolled_as(&mut self, mut t: Tally) {
        debug_assert_eq!(t.total(), self.to_roll());
        let tanks = t.get(Face::Tank);
        self.aside.add(Face::Tank, tanks);
        t.0[Face::Tank.index()] = 0;
        if choosable(&self.aside, &t).next().is_none() {
            self.over = true;
        } else {
            self.rolled = Some(t);
        }
    }

    /// Sets aside every rolled die of face `f`; the rest go back to be rolled. With no die
    /// left to roll the Turn ends.
    pub fn take(&mut self, f: Face) {
        let r = self.rolled.take().expect("dice to take from");
        self.aside.add(f, r.get(f));
        if self.to_roll() == 0 {
            self.over = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Face::*;

    fn tally(t: u8, r: u8, h: u8, c: u8, k: u8) -> Tally {
        Tally([t, r, h, c, k])
    }

    #[test]
    fn scoring_follows_d3() {
        assert_eq!(score(&tally(0, 0, 1, 0, 0)), 1);
        // More Tanks than Death Rays: nothing.
        assert_eq!(score(&tally(2, 1, 3, 3, 3)), 0);
        // As many: scored, with the bonus for all three kinds.
        assert_eq!(score(&tally(2, 2, 3, 1, 2)), 6 + 3);
        assert_eq!(score(&tally(0, 5, 0, 0, 0)), 0);
    }

    #[test]
    fn a_scripted_turn_sets_tanks_aside_and_offers_only_open_types() {
        let take = TurnAction::Take;
        let mut t = Turn::new(13);
        assert_eq!(t.legal(), [TurnAction::Roll]);
        t.rolled_as(tally(2, 3, 4, 2, 2));
        // The Tanks are aside at once (the Humans attack).
        assert_eq!(t.aside, tally(2, 0, 0, 0, 0));
        assert_eq!(
            t.legal(),
            [take(Ray), take(Human), take(Cow), take(Chicken)]
        );
        t.take(Human);
        assert_eq!((t.aside, t.to_roll()), (tally(2, 0, 4, 0, 0), 7));
        assert_eq!(t.legal(), [TurnAction::Stop, TurnAction::Roll]);
        assert_eq!(t.score(), 0, "2 Tanks, no Death Ray");
        t.rolled_as(tally(1, 2, 2, 1, 1));
        assert_eq!(t.aside.get(Tank), 3);
        // Humans were taken this Turn: not offered again.
        assert_eq!(t.legal(), [take(Ray), take(Cow), take(Chicken)]);
        t.take(Ray);
        assert_eq!(t.score(), 0, "3 Tanks, 2 Death Rays");
        t.rolled_as(tally(0, 1, 1, 1, 1));
        t.take(Ray);
        assert_eq!(t.score(), 4, "3 Tanks, 3 Death Rays, 4 Humans");
        assert_eq!(t.to_roll(), 3);
        t.apply(
            TurnAction::Stop,
            &mut <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(0),
        );
        assert!(t.over && t.legal().is_empty());
    }

    #[test]
    fn a_turn_ends_when_nothing_can_be_taken_or_no_die_is_left() {
        // All thirteen Humans: taken, no die left, scored.
        let mut t = Turn::new(13);
        t.rolled_as(tally(0, 0, 13, 0, 0));
        t.take(Human);
        assert!(t.over);
        assert_eq!(t.score(), 13);
        // Only Tanks: nothing to take.
        let mut t = Turn::new(3);
        t.rolled_as(tally(3, 0, 0, 0, 0));
        assert!(t.over);
        assert_eq!(t.score(), 0);
        // Only a kind already taken (and no Death Ray): the Turn ends as it stands.
        let mut t = Turn::new(3);
        t.rolled_as(tally(0, 1, 1, 1, 0));
        t.take(Human);
        t.rolled_as(tally(0, 0, 2, 0, 0));
        assert!(t.over);
        assert_eq!(t.score(), 1);
    }

    #[test]
    fn decisions_print_and_parse() {
        for a in [
            TurnAction::Roll,
            TurnAction::Stop,
            TurnAction::Take(Chicken),
        ] {
            assert_eq!(a.to_string().parse::<TurnAction>(), Ok(a));
        }
        assert!("take tank".parse::<TurnAction>().is_err());
        assert!("jump".parse::<TurnAction>().is_err());
    }
}
