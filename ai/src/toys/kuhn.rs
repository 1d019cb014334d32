//! Kuhn poker (H. W. Kuhn, 1950): the smallest interesting poker.
//!
//! Three cards, Jack < Queen < King. Each player antes one chip and is dealt one card, seen
//! only by its holder. Player 0 acts first. A player may **pass** (check, or fold when facing
//! a bet) or **bet** one chip (or call a bet). Sequences:
//!
//! | history | result |
//! | --- | --- |
//! | pass pass | showdown for 1 chip |
//! | bet pass | player 0 wins 1 chip (player 1 folds) |
//! | bet bet | showdown for 2 chips |
//! | pass bet pass | player 1 wins 1 chip (player 0 folds) |
//! | pass bet bet | showdown for 2 chips |
//!
//! Returns map the chips won, `-2..=2`, to `[0, 1]` by `(chips + 2) / 4`.

use std::fmt;

use rand::{Rng, RngCore};

use crate::game::Game;

/// A card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum KuhnCard {
    /// The lowest card.
    Jack,
    /// The middle card.
    Queen,
    /// The highest card.
    King,
}

impl KuhnCard {
    /// All cards, lowest first.
    pub const ALL: [KuhnCard; 3] = [KuhnCard::Jack, KuhnCard::Queen, KuhnCard::King];
}

impl fmt::Display for KuhnCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            KuhnCard::Jack => "J",
            KuhnCard::Queen => "Q",
            KuhnCard::King => "K",
        })
    }
}

/// A Kuhn poker decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KuhnAction {
    /// Check, or fold when facing a bet.
    Pass,
    /// Bet, or call when facing a bet.
    Bet,
}

impl fmt::Display for KuhnAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            KuhnAction::Pass => "pass",
            KuhnAction::Bet => "bet",
        })
    }
}

/// A state of Kuhn poker.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Kuhn {
    cards: [KuhnCard; 2],
    history: [KuhnAction; 3],
    len: u8,
}

impl Kuhn {
    /// A new hand with `cards[p]` dealt to player `p`; `None` if both cards are the same.
    pub fn new(cards: [KuhnCard; 2]) -> Option<Kuhn> {
        (cards[0] != cards[1]).then_some(Kuhn {
            cards,
            history: [KuhnAction::Pass; 3],
            len: 0,
        })
    }

    /// A new hand dealt at random.
    pub fn deal<R: RngCore + ?Sized>(rng: &mut R) -> Kuhn {
        let first = rng.random_range(0..3usize);
        let second = (first + rng.random_range(1..3usize)) % 3;
        Kuhn {
            cards: [KuhnCard::ALL[first], KuhnCard::ALL[second]],
            history: [KuhnAction::Pass; 3],
            len: 0,
        }
    }

    /// The card of `player`.
    pub fn card(&self, player: usize) -> KuhnCard {
        self.cards[player & 1]
    }

    /// The actions so far.
    pub fn history(&self) -> &[KuhnAction] {
        &self.history[..usize::from(self.len)]
    }

    /// Chips won by player 0 at the end (player 1 wins the negation); 0 before the end.
    pub fn chips_for_player0(&self) -> i32 {
        use KuhnAction::{Bet, Pass};
        let showdown = if self.cards[0] > self.cards[1] { 1 } else { -1 };
        match self.history() {
            [Pass, Pass] => showdown,
            [Bet, Pass] => 1,
            [Bet, Bet] | [Pass, Bet, Bet] => 2 * showdown,
            [Pass, Bet, Pass] => -1,
            _ => 0,
        }
    }
}

impl Game for Kuhn {
    type Action = KuhnAction;

    fn num_players(&self) -> usize {
        2
    }

    fn to_move(&self) -> usize {
        usize::from(self.len % 2)
    }

    fn legal_actions(&self, out: &mut Vec<KuhnAction>) {
        out.clear();
        if !self.is_terminal() {
            out.extend([KuhnAction::Pass, KuhnAction::Bet]);
        }
    }

    fn apply<R: RngCore + ?Sized>(&mut self, action: KuhnAction, _rng: &mut R) {
        if !self.is_terminal() {
            self.history[usize::from(self.len)] = action;
            self.len += 1;
        }
    }

    fn is_terminal(&self) -> bool {
        use KuhnAction::{Bet, Pass};
        matches!(self.history(), [Pass, Pass] | [Bet, _] | [_, _, _])
    }

    fn returns(&self, player: usize) -> f64 {
        let chips = self.chips_for_player0();
        let mine = if player == 0 { chips } else { -chips };
        f64::from(mine + 2) / 4.0
    }

    /// The opponent's card is drawn uniformly from the two cards the observer does not hold.
    /// Exactly one number is drawn from `rng` whatever the hidden card was.
    fn determinize<R: RngCore + ?Sized>(&mut self, observer: usize, rng: &mut R) {
        let own = self.cards[observer & 1];
        let mut others = KuhnCard::ALL.into_iter().filter(|c| *c != own);
        let pick = rng.random_range(0..2usize);
        if let Some(card) = others.nth(pick) {
            self.cards[1 - (observer & 1)] = card;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use KuhnAction::{Bet, Pass};
    use KuhnCard::{Jack, King, Queen};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn play(cards: [KuhnCard; 2], actions: &[KuhnAction]) -> Kuhn {
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        let mut k = Kuhn::new(cards).unwrap();
        for &a in actions {
            assert!(!k.is_terminal());
            k.apply(a, &mut rng);
        }
        k
    }

    #[test]
    fn payoffs_follow_the_table() {
        // (cards, history, chips for player 0), from the rules table in the module docs.
        let cases: [([KuhnCard; 2], &[KuhnAction], i32); 8] = [
            ([King, Jack], &[Pass, Pass], 1),
            ([Jack, King], &[Pass, Pass], -1),
            ([Jack, King], &[Bet, Pass], 1),
            ([Jack, King], &[Bet, Bet], -2),
            ([Queen, Jack], &[Bet, Bet], 2),
            ([King, Queen], &[Pass, Bet, Pass], -1),
            ([King, Queen], &[Pass, Bet, Bet], 2),
            ([Queen, King], &[Pass, Bet, Bet], -2),
        ];
        for (cards, history, chips) in cases {
            let k = play(cards, history);
            assert!(k.is_terminal(), "{history:?}");
            assert_eq!(k.chips_for_player0(), chips, "{cards:?} {history:?}");
            assert_eq!(k.returns(0), f64::from(chips + 2) / 4.0);
            assert_eq!(k.returns(0) + k.returns(1), 1.0);
        }
        assert!(!play([Jack, Queen], &[Pass]).is_terminal());
        assert!(!play([Jack, Queen], &[Pass, Bet]).is_terminal());
        assert!(Kuhn::new([Queen, Queen]).is_none());
    }

    #[test]
    fn determinize_keeps_own_card_and_samples_both_others() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let base = play([Queen, King], &[Bet]);
        let mut seen = [0; 3];
        for _ in 0..200 {
            let mut d = base.clone();
            d.determinize(1, &mut rng);
            assert_eq!(d.card(1), King);
            assert_eq!(d.history(), base.history());
            seen[d.card(0) as usize] += 1;
        }
        assert_eq!(seen[King as usize], 0);
        assert!(
            seen[Jack as usize] > 60 && seen[Queen as usize] > 60,
            "{seen:?}"
        );
    }

    #[test]
    fn deals_are_distinct_and_cover_all_six() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..300 {
            let k = Kuhn::deal(&mut rng);
            assert_ne!(k.card(0), k.card(1));
            seen.insert((k.card(0), k.card(1)));
        }
        assert_eq!(seen.len(), 6);
    }
}
