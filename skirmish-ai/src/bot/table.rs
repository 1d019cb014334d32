//! Exact Shoot and Fight odds (src/rules/odds.rs) memoised in lock-free tables, so the
//! evaluator, the priors and the rollout policy can ask for them millions of times a
//! second. Each entry is computed on first use from the exact formulas and stored as the
//! bits of an `f32`; a few dozen distinct tests occur in a game, so the tables fill in
//! microseconds. Arguments outside the tables fall back to the exact computation.

use std::sync::atomic::{AtomicU32, Ordering};

use rules::odds;

/// Bits of an entry not yet computed (a NaN no probability can have).
const EMPTY: u32 = u32::MAX;

/// Dice counts held in the tables: 0..DICE.
const DICE: usize = 8;
/// Die values held: 1..=8 (a value is clamped into this range as the odds module reads it).
const VALUES: usize = 8;
/// Armour successes held: 0..ARMOUR.
const ARMOUR: usize = 3;
/// Survive dice held: 0..SURVIVE_DICE.
const SURVIVE_DICE: usize = 6;

const SHOOT_LEN: usize = DICE * VALUES * SURVIVE_DICE * VALUES * ARMOUR;
const FIGHT_LEN: usize = DICE * VALUES * DICE * VALUES * 2;

static SHOOT_KILL: [AtomicU32; SHOOT_LEN] = [const { AtomicU32::new(EMPTY) }; SHOOT_LEN];
static FIGHT_ATTACKER: [AtomicU32; FIGHT_LEN] = [const { AtomicU32::new(EMPTY) }; FIGHT_LEN];
static FIGHT_DEFENDER: [AtomicU32; FIGHT_LEN] = [const { AtomicU32::new(EMPTY) }; FIGHT_LEN];

#[inline]
fn value_index(v: u8) -> usize {
    usize::from(v.clamp(1, 8)) - 1
}

/// Probability that a Shoot test of `dice` dice at `shoot`+ kills a target rolling
/// `survive_dice` at `survive`+ with `armour` automatic successes (R15).
#[inline]
pub fn shoot_kill(dice: u8, shoot: u8, survive_dice: u8, survive: u8, armour: u8) -> f64 {
    let (d, s, a) = (
        usize::from(dice),
        usize::from(survive_dice),
        usize::from(armour),
    );
    if d >= DICE || s >= SURVIVE_DICE || a >= ARMOUR {
        return odds::shoot(dice, shoot, survive_dice, survive, armour).kill;
    }
    let i = (((d * VALUES + value_index(shoot)) * SURVIVE_DICE + s) * VALUES
        + value_index(survive))
        * ARMOUR
        + a;
    let bits = SHOOT_KILL[i].load(Ordering::Relaxed);
    if bits != EMPTY {
        return f64::from(f32::from_bits(bits));
    }
    let p = odds::shoot(dice, shoot, survive_dice, survive, armour).kill as f32;
    SHOOT_KILL[i].store(p.to_bits(), Ordering::Relaxed);
    f64::from(p)
}

/// Probabilities `(attacker wins, defender wins)` of a Fight: the attacker rolls `dice` at
/// `fight`+, the defender `defender_dice` at `defend`+ and chose Fight when
/// `defender_fights` (otherwise it Survives and cannot win) (R16).
#[inline]
pub fn fight(
    dice: u8,
    fight: u8,
    defender_dice: u8,
    defend: u8,
    defender_fights: bool,
) -> (f64, f64) {
    let (d, e) = (usize::from(dice), usize::from(defender_dice));
    if d >= DICE || e >= DICE {
        let o = odds::fight(dice, fight, defender_dice, defend, defender_fights);
        return (o.attacker_wins, o.defender_wins);
    }
    let i = (((d * VALUES + value_index(fight)) * DICE + e) * VALUES + value_index(defend)) * 2
        + usize::from(defender_fights);
    let (a, b) = (
        FIGHT_ATTACKER[i].load(Ordering::Relaxed),
        FIGHT_DEFENDER[i].load(Ordering::Relaxed),
    );
    if a != EMPTY && b != EMPTY {
        return (f64::from(f32::from_bits(a)), f64::from(f32::from_bits(b)));
    }
    let o = odds::fight(dice, fight, defender_dice, defend, defender_fights);
    let (a, b) = (o.attacker_wins as f32, o.defender_wins as f32);
    FIGHT_ATTACKER[i].store(a.to_bits(), Ordering::Relaxed);
    FIGHT_DEFENDER[i].store(b.to_bits(), Ordering::Relaxed);
    (f64::from(a), f64::from(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_the_exact_odds() {
        for dice in 0..10u8 {
            for armour in 0..2u8 {
                let exact = odds::shoot(dice, 5, 3, 6, armour).kill;
                for _ in 0..2 {
                    let got = shoot_kill(dice, 5, 3, 6, armour);
                    assert!((got - exact).abs() < 1e-6, "{dice} {armour}: {got} {exact}");
                }
            }
            for fights in [false, true] {
                let exact = odds::fight(dice, 4, 4, 5, fights);
                for _ in 0..2 {
                    let (a, d) = fight(dice, 4, 4, 5, fights);
                    assert!((a - exact.attacker_wins).abs() < 1e-6);
                    assert!((d - exact.defender_wins).abs() < 1e-6);
                }
            }
        }
    }
}
