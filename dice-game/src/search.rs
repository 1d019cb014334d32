//! The game as the `ai` crate's search sees it: decisions, dice rolled inside `apply`,
//! the unseen cards of the stacks resampled for each iteration (nobody has seen them), the
//! public outcome of each roll as a chance signature, and playouts by the greedy policy.

use rand::RngCore;

use crate::game::{Game, STACKS};
use crate::players::greedy_action;
use crate::turn::{Action, Phase};

impl ai::Game for Game {
    type Action = Action;

    fn num_players(&self) -> usize {
        self.players()
    }

    fn to_move(&self) -> usize {
        self.player()
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        self.legal_each(|a| out.push(a));
    }

    fn apply<R: RngCore + ?Sized>(&mut self, action: Action, rng: &mut R) {
        // The searches only play legal actions; an illegal one changes nothing.
        let _ = self.play(action, rng, |_| {});
    }

    fn is_terminal(&self) -> bool {
        self.is_over()
    }

    fn returns(&self, player: usize) -> f64 {
        if self.winner() == Some(player) {
            1.0
        } else {
            0.0
        }
    }

    /// The cards under the stacks' tops and in the box are unseen by every player: they are
    /// shuffled among their places, with as many draws whatever they are.
    fn determinize<R: RngCore + ?Sized>(&mut self, _observer: usize, rng: &mut R) {
        self.shuffle_unseen(rng);
    }

    /// A cut-off playout: the player's share of the VP claimed (an even share when none).
    fn evaluate(&self, player: usize) -> f64 {
        let n = self.players();
        let total: u32 = (0..n).map(|p| self.vp(p)).sum();
        if total == 0 {
            1.0 / n as f64
        } else {
            f64::from(self.vp(player)) / f64::from(total)
        }
    }

    fn rollout_action<R: RngCore + ?Sized>(&self, legal: &[Action], rng: &mut R) -> Action {
        match greedy_action(self) {
            Some(a) if legal.contains(&a) => a,
            _ => legal[(rng.next_u32() as usize) % legal.len()],
        }
    }

    /// What the dice and the turned-over cards have decided that every player sees: whose
    /// Turn, where it stands, the dice showing, the cards in play.
    fn chance_signature(&self) -> Option<u64> {
        let t = &self.turn;
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut mix = |x: u64| {
            h ^= x;
            h = h.wrapping_mul(0x0100_0000_01b3);
        };
        mix(self.player() as u64);
        mix(match t.phase {
            Phase::Target => 0,
            Phase::Prepare => 1,
            Phase::Decide => 2,
        });
        for x in t.showing.0 {
            mix(u64::from(x));
        }
        mix(u64::from(self.turns()));
        for s in 0..STACKS {
            mix(self.in_play(s).map_or(u64::MAX, |c| c as u64));
        }
        Some(h)
    }
}
