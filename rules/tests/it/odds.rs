//! Exact Shoot and Fight odds (R14-R16) checked three independent ways: against values
//! derived by hand, against an exhaustive enumeration of dice faces with a cap on
//! explosions, and against a large seeded sample of real rolls.

use rules::dice::{rng_from_seed, roll_test};
use rules::odds::{FightOdds, ShootOdds, fight, shoot, successes};

/// `got` equals `want` up to a few units in the last place.
fn close(got: f64, want: f64) -> bool {
    (got - want).abs() <= 1e-14 * want.abs().max(1e-300) + 1e-300
}

fn assert_close(got: f64, want: f64, what: &str) {
    assert!(close(got, want), "{what}: got {got:e}, want {want:e}");
}

// ---------------------------------------------------------------------------------
// Exhaustive enumeration: every sequence of faces, one die after another, each face with
// probability 1/8. Every path's mass is a power of two, so the sums are exact in f64.
// A path that would explode past `cap` extra dice is not followed: its mass goes to
// `capped`, and every enumerated probability falls short of the truth by at most that.
// ---------------------------------------------------------------------------------

/// Per side of a joint roll: dice still to roll, the value tested, successes so far.
#[derive(Clone, Copy)]
struct Side {
    pending: u32,
    value: u8,
    successes: usize,
}

/// Walk every face sequence of the `sides`, rolled in order, with at most `cap`
/// explosions in all. `leaf` gets the successes of each side and the path's probability.
/// Returns the mass of the paths cut at the cap.
fn enumerate_faces(sides: &mut [Side], cap: u32, leaf: &mut dyn FnMut(&[Side], f64)) -> f64 {
    fn walk(
        sides: &mut [Side],
        explosions: u32,
        cap: u32,
        prob: f64,
        leaf: &mut dyn FnMut(&[Side], f64),
    ) -> f64 {
        let Some(i) = sides.iter().position(|s| s.pending > 0) else {
            leaf(sides, prob);
            return 0.0;
        };
        let p = prob / 8.0;
        let mut capped = 0.0;
        for face in 1..=8u8 {
            let saved = sides[i];
            let hit = face >= sides[i].value;
            if face == 8 && explosions == cap {
                capped += p;
                continue;
            }
            sides[i].pending -= 1;
            sides[i].successes += usize::from(hit);
            let extra = u32::from(face == 8);
            sides[i].pending += extra;
            capped += walk(sides, explosions + extra, cap, p, leaf);
            sides[i] = saved;
        }
        capped
    }
    walk(sides, 0, cap, 1.0, leaf)
}

/// The enumerated (lower-bound) distribution of one test, and the mass cut at the cap.
fn enumerate_successes(dice: u8, value: u8, cap: u32) -> (Vec<f64>, f64) {
    let mut pmf = vec![0.0; dice as usize + cap as usize + 1];
    let mut sides = [Side {
        pending: dice.into(),
        value,
        successes: 0,
    }];
    let capped = enumerate_faces(&mut sides, cap, &mut |s, p| pmf[s[0].successes] += p);
    (pmf, capped)
}

/// Check an exact distribution against an enumerated one: each exact value is at least
/// the enumerated one and at most `capped` more.
fn assert_within_cap(exact: f64, enumerated: f64, capped: f64, what: &str) {
    let slack = 1e-15;
    assert!(
        exact >= enumerated - slack && exact <= enumerated + capped + slack,
        "{what}: exact {exact:e}, enumerated {enumerated:e}, capped mass {capped:e}"
    );
}

#[test]
fn successes_agree_with_enumeration() {
    // (dice, cap): the more dice, the shallower the cap, to keep the walk small.
    for (dice, cap) in [(1u8, 14u32), (2, 9), (3, 6), (4, 5), (5, 4)] {
        for value in 2..=8u8 {
            let (enumerated, capped) = enumerate_successes(dice, value, cap);
            assert!(capped < 0.01, "cap too shallow: {capped}");
            let exact = successes(dice, value);
            for (k, &e) in enumerated.iter().enumerate() {
                let x = exact.get(k).copied().unwrap_or(0.0);
                assert_within_cap(x, e, capped, &format!("{dice} dice at {value}+, P({k})"));
            }
            // Beyond what the walk can reach, the exact tail is itself within the cap.
            let beyond: f64 = exact.iter().skip(enumerated.len()).sum();
            assert!(beyond <= capped + 1e-15);
        }
    }
}

#[test]
fn one_die_is_enumerated_to_a_tiny_cap() {
    // 1 die, 14 explosions: the capped mass is 8^-15, about 3e-14.
    let (enumerated, capped) = enumerate_successes(1, 5, 14);
    assert_eq!(capped, 0.125f64.powi(15));
    let exact = successes(1, 5);
    for (k, e) in enumerated.iter().enumerate() {
        assert!((exact[k] - e).abs() <= capped, "P({k})");
    }
}

#[test]
fn fights_agree_with_joint_enumeration() {
    // Both sides' dice in one walk.
    for (a, fv, d, dv) in [
        (3u8, 5u8, 3u8, 4u8),
        (2, 4, 3, 6),
        (4, 4, 2, 5),
        (3, 6, 3, 6),
    ] {
        let mut more = 0.0;
        let mut draw = 0.0;
        let mut less = 0.0;
        let mut sides = [
            Side {
                pending: a.into(),
                value: fv,
                successes: 0,
            },
            Side {
                pending: d.into(),
                value: dv,
                successes: 0,
            },
        ];
        let capped = enumerate_faces(&mut sides, 3, &mut |s, p| match s[0]
            .successes
            .cmp(&s[1].successes)
        {
            std::cmp::Ordering::Greater => more += p,
            std::cmp::Ordering::Equal => draw += p,
            std::cmp::Ordering::Less => less += p,
        });
        assert!(capped < 0.02, "{capped}");
        let what = format!("{a} dice at {fv}+ vs {d} at {dv}+");
        let f = fight(a, fv, d, dv, true);
        assert_within_cap(f.attacker_wins, more, capped, &what);
        assert_within_cap(f.no_kill, draw, capped, &what);
        assert_within_cap(f.defender_wins, less, capped, &what);
        let s = fight(a, fv, d, dv, false);
        assert_eq!(s.attacker_wins, f.attacker_wins);
        assert_eq!(s.defender_wins, 0.0);
        assert_within_cap(s.no_kill, draw + less, capped, &what);
    }
}

#[test]
fn shoots_agree_with_joint_enumeration() {
    for (a, sv, d, dv) in [(3u8, 5u8, 3u8, 6u8), (4, 4, 2, 6), (2, 5, 3, 5)] {
        let mut sides = [
            Side {
                pending: a.into(),
                value: sv,
                successes: 0,
            },
            Side {
                pending: d.into(),
                value: dv,
                successes: 0,
            },
        ];
        let mut diffs: Vec<(usize, usize, f64)> = Vec::new();
        let capped = enumerate_faces(&mut sides, 3, &mut |s, p| {
            diffs.push((s[0].successes, s[1].successes, p))
        });
        for armour in 0..=2u8 {
            let arm = armour as usize;
            let (mut kill, mut rattled, mut miss) = (0.0, 0.0, 0.0);
            for &(x, y, p) in &diffs {
                if x > y + arm {
                    kill += p;
                } else if x > y {
                    rattled += p;
                } else {
                    miss += p;
                }
            }
            let o = shoot(a, sv, d, dv, armour);
            let what = format!("{a} dice at {sv}+ vs {d} at {dv}+ +{armour}");
            assert_within_cap(o.kill, kill, capped, &what);
            assert_within_cap(o.rattled, rattled, capped, &what);
            assert_within_cap(o.miss, miss, capped, &what);
        }
    }
}

// ---------------------------------------------------------------------------------
// Values derived by hand.
// ---------------------------------------------------------------------------------

#[test]
fn one_die_at_5_by_hand() {
    // A 1-4 fails: 4/8. One success: a 5-7 (3/8), or an 8 then a failure (1/8 * 4/8).
    // Two: an 8 then a 5-7, or 8, 8, fail. In general 7/16 * (1/8)^(k-1).
    let pmf = successes(1, 5);
    assert_close(pmf[0], 0.5, "P(0)");
    assert_close(pmf[1], 3.0 / 8.0 + 1.0 / 8.0 * 4.0 / 8.0, "P(1)");
    assert_close(pmf[1], 7.0 / 16.0, "P(1)");
    assert_close(
        pmf[2],
        1.0 / 8.0 * 3.0 / 8.0 + 1.0 / 64.0 * 4.0 / 8.0,
        "P(2)",
    );
    assert_close(pmf[2], 7.0 / 128.0, "P(2)");
    assert_close(pmf[3], 7.0 / 1024.0, "P(3)");
    assert_close(pmf[10], 7.0 / 16.0 * 0.125f64.powi(9), "P(10)");
}

#[test]
fn per_die_formula_for_every_value() {
    for v in 1..=8u8 {
        let vf = f64::from(v);
        let pmf = successes(1, v);
        assert_close(pmf[0], (vf - 1.0) / 8.0, "P(0)");
        for k in 1..30 {
            let want =
                0.125f64.powi(k) * (vf - 1.0) / 8.0 + 0.125f64.powi(k - 1) * (8.0 - vf) / 8.0;
            assert_close(pmf[k as usize], want, &format!("{v}+ P({k})"));
        }
    }
}

#[test]
fn two_dice_at_4_by_hand() {
    // One die at 4+: P(0) = 3/8, P(1) = 4/8 + 1/8 * 3/8 = 35/64.
    let pmf = successes(2, 4);
    assert_close(pmf[0], 9.0 / 64.0, "P(0)");
    assert_close(pmf[1], 2.0 * 3.0 / 8.0 * 35.0 / 64.0, "P(1)");
    // Two: both dice one success (35/64)^2, or one die two and the other none.
    let one_two = 1.0 / 8.0 * 4.0 / 8.0 + 1.0 / 64.0 * 3.0 / 8.0;
    assert_close(
        pmf[2],
        (35.0f64 / 64.0).powi(2) + 2.0 * 3.0 / 8.0 * one_two,
        "P(2)",
    );
}

#[test]
fn probabilities_sum_to_one() {
    for dice in (0..=12u8).chain([20, 50, 255]) {
        for value in 0..=9u8 {
            let pmf = successes(dice, value);
            assert!(pmf.iter().all(|p| *p >= 0.0 && p.is_finite()));
            let sum: f64 = pmf.iter().sum();
            assert!((sum - 1.0).abs() < 1e-12, "{dice} at {value}+: {sum}");
            assert!(*pmf.last().unwrap() > 0.0);
        }
    }
    for (a, s, d, w, arm) in [
        (5, 5, 3, 6, 1),
        (1, 8, 9, 2, 3),
        (0, 5, 0, 6, 0),
        (12, 2, 1, 8, 0),
    ] {
        let o = shoot(a, s, d, w, arm);
        assert!((o.kill + o.rattled + o.miss - 1.0).abs() < 1e-12, "{o:?}");
    }
    for (a, f, d, w) in [(4, 4, 3, 5), (1, 8, 9, 2), (0, 5, 0, 5), (3, 3, 3, 3)] {
        for fights in [true, false] {
            let o = fight(a, f, d, w, fights);
            let sum = o.attacker_wins + o.defender_wins + o.no_kill;
            assert!((sum - 1.0).abs() < 1e-12, "{o:?}");
        }
    }
}

#[test]
fn mean_and_variance_follow_the_closed_form() {
    // Per die: eights are geometric (mean 1/7, variance 8/49) and the last face succeeds
    // with q = (8 - v)/7; so the mean is (9 - v)/7 per die.
    for dice in [1u8, 3, 5, 17] {
        for v in 1..=8u8 {
            let pmf = successes(dice, v);
            let mean: f64 = pmf.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
            let var: f64 = pmf
                .iter()
                .enumerate()
                .map(|(k, p)| (k as f64 - mean).powi(2) * p)
                .sum();
            let n = f64::from(dice);
            let q = f64::from(8 - v) / 7.0;
            assert!((mean - n * f64::from(9 - v) / 7.0).abs() < 1e-12);
            assert!((var - n * (8.0 / 49.0 + q * (1.0 - q))).abs() < 1e-12);
        }
    }
}

#[test]
fn no_dice_no_successes() {
    for v in 0..=9 {
        assert_eq!(successes(0, v), vec![1.0]);
    }
    // Nothing to beat: any success kills; no dice at all misses.
    assert_eq!(
        shoot(0, 5, 0, 6, 0),
        ShootOdds {
            kill: 0.0,
            rattled: 0.0,
            miss: 1.0
        }
    );
    let o = shoot(3, 5, 0, 6, 0);
    assert_close(o.kill, 1.0 - 0.5f64.powi(3), "kill");
    assert_close(o.miss, 0.5f64.powi(3), "miss");
    // One die against armour alone: it takes an 8 and then any success to beat 1.
    let o = shoot(1, 5, 0, 6, 1);
    assert_close(o.kill, 1.0 / 8.0 * 4.0 / 8.0, "kill");
    assert_close(o.rattled, 3.0 / 8.0 + 1.0 / 8.0 * 4.0 / 8.0, "rattled");
    assert_close(o.miss, 0.5, "miss");
    assert_eq!(
        fight(0, 4, 0, 5, true),
        FightOdds {
            attacker_wins: 0.0,
            defender_wins: 0.0,
            no_kill: 1.0
        }
    );
}

#[test]
fn extreme_values() {
    // 1+: every die succeeds, so 3 dice give at least 3; exactly 3 when no 8 comes up.
    let pmf = successes(3, 1);
    assert_eq!(&pmf[..3], &[0.0, 0.0, 0.0]);
    assert_close(pmf[3], (7.0f64 / 8.0).powi(3), "P(3)");
    // 8+: only 8s succeed, and each brings another die: successes are the 8s rolled.
    let pmf = successes(1, 8);
    assert_close(pmf[0], 7.0 / 8.0, "P(0)");
    assert_close(pmf[1], 7.0 / 64.0, "P(1)");
    // Values outside the dice read as the nearest: 0 as 1+, 9 as 8+ (an 8 always succeeds).
    assert_eq!(successes(4, 0), successes(4, 1));
    assert_eq!(successes(4, 9), successes(4, 8));
}

#[test]
fn armour_moves_kills_to_rattled_r15() {
    for (a, s, d, w) in [(3, 5, 3, 6), (4, 4, 3, 6), (5, 5, 3, 6), (2, 3, 4, 4)] {
        let bare = shoot(a, s, d, w, 0);
        assert_eq!(bare.rattled, 0.0);
        let armoured = shoot(a, s, d, w, 1);
        // The armour turns exactly the kills by one success into Rattled.
        assert!((armoured.kill + armoured.rattled - bare.kill).abs() < 1e-15);
        assert!((armoured.miss - bare.miss).abs() < 1e-15);
        assert!(armoured.kill < bare.kill);
        // More armour, fewer kills, more Rattled.
        let thick = shoot(a, s, d, w, 2);
        assert!(thick.kill < armoured.kill && thick.rattled > armoured.rattled);
    }
}

#[test]
fn fight_sides_are_mirror_images_r16() {
    // A fighting defender's win is the attacker's win with the roles swapped.
    let f = fight(4, 4, 3, 5, true);
    let g = fight(3, 5, 4, 4, true);
    assert_close(f.attacker_wins, g.defender_wins, "mirror");
    assert_close(f.defender_wins, g.attacker_wins, "mirror");
    assert_close(f.no_kill, g.no_kill, "draw");
    // A Surviving defender never kills; draws and Survive wins are both no kill.
    let s = fight(4, 4, 3, 6, false);
    assert_eq!(s.defender_wins, 0.0);
    assert_close(
        s.attacker_wins,
        shoot(4, 4, 3, 6, 0).kill,
        "same as a bare shot",
    );
}

/// Exact values worked out with rational arithmetic over the per-die formula, with the
/// series cut at 80 successes (an error below 8^-70).
#[test]
fn exact_figures() {
    type Case = ((u8, u8, u8, u8, u8), [f64; 3]);
    let cases: [Case; 4] = [
        (
            (5, 5, 3, 6, 1),
            [0.5128277997933919, 0.21853513607343053, 0.2686370641331775],
        ),
        (
            (3, 5, 3, 6, 1),
            [0.2333676268861454, 0.25085733882030176, 0.5157750342935528],
        ),
        (
            (4, 5, 3, 6, 1),
            [0.37606055987400294, 0.24627851445409746, 0.3776609256718996],
        ),
        (
            (4, 4, 3, 6, 0),
            [0.7501352491680638, 0.0, 0.24986475083193618],
        ),
    ];
    for ((a, s, d, w, arm), [kill, rattled, miss]) in cases {
        let o = shoot(a, s, d, w, arm);
        assert_close(o.kill, kill, "kill");
        assert_close(o.rattled, rattled, "rattled");
        assert_close(o.miss, miss, "miss");
    }
    type FightCase = ((u8, u8, u8, u8), [f64; 3]);
    let fights: [FightCase; 3] = [
        (
            (4, 4, 3, 5),
            [0.6533711944821662, 0.1872432857705806, 0.15938551974725323],
        ),
        (
            (4, 4, 3, 6),
            [0.7501352491680638, 0.14924492661814764, 0.10061982421378855],
        ),
        (
            (4, 5, 3, 4),
            [
                0.40753347972775905,
                0.23908943369889601,
                0.35337708657334493,
            ],
        ),
    ];
    for ((a, f, d, w), [more, draw, less]) in fights {
        let o = fight(a, f, d, w, true);
        assert_close(o.attacker_wins, more, "attacker");
        assert_close(o.no_kill, draw, "draw");
        assert_close(o.defender_wins, less, "defender");
    }
}

/// A Soldier (Shoot 5+) with a clear shot (4 dice) who Aims (+1) at a Martian
/// (Survive 6+, 3 dice, armour 1): 5 dice at 5+ against 3 dice at 6+ plus 1 (R15).
#[test]
fn soldier_aims_a_clear_shot_at_a_martian() {
    let o = shoot(5, 5, 3, 6, 1);
    assert_close(o.kill, 0.5128277997933919, "kill");
    assert_close(o.rattled, 0.21853513607343053, "rattled");
    assert_close(o.miss, 0.2686370641331775, "miss");

    // Second method: each side enumerated on its own (they are independent), the
    // shortfall of the product bounded by the two capped masses.
    let (att, ca) = enumerate_successes(5, 5, 5);
    let (sur, cs) = enumerate_successes(3, 6, 7);
    let (mut kill, mut rattled, mut miss) = (0.0, 0.0, 0.0);
    for (x, pa) in att.iter().enumerate() {
        for (y, pd) in sur.iter().enumerate() {
            let p = pa * pd;
            if x > y + 1 {
                kill += p;
            } else if x > y {
                rattled += p;
            } else {
                miss += p;
            }
        }
    }
    let capped = ca + cs;
    assert!(capped < 1e-3, "{capped}");
    assert_within_cap(o.kill, kill, capped, "kill");
    assert_within_cap(o.rattled, rattled, capped, "rattled");
    assert_within_cap(o.miss, miss, capped, "miss");
}

// ---------------------------------------------------------------------------------
// Monte Carlo with the game's own dice: each frequency within 5 standard errors.
// ---------------------------------------------------------------------------------

const SAMPLES: u32 = 1_000_000;

/// `count` of `SAMPLES` observed where the exact probability is `p`.
fn assert_frequency(count: u32, p: f64, what: &str) {
    let n = f64::from(SAMPLES);
    let se = (p * (1.0 - p) / n).sqrt();
    let f = f64::from(count) / n;
    assert!(
        (f - p).abs() <= 5.0 * se,
        "{what}: observed {f}, exact {p}, {:.1} standard errors",
        (f - p).abs() / se
    );
}

#[test]
fn successes_agree_with_rolled_dice() {
    for (seed, dice, value) in [(1u64, 3u8, 5u8), (2, 4, 4), (3, 5, 5), (4, 3, 6), (5, 1, 8)] {
        let mut rng = rng_from_seed(seed);
        let exact = successes(dice, value);
        let mut counts = vec![0u32; 256];
        for _ in 0..SAMPLES {
            counts[roll_test(&mut rng, dice, value) as usize] += 1;
        }
        // Counts expected at least 25 times are checked one by one, the rest as one tail.
        let n = f64::from(SAMPLES);
        let split = exact
            .iter()
            .rposition(|p| p * n >= 25.0)
            .map_or(0, |k| k + 1);
        for k in 0..split {
            assert_frequency(counts[k], exact[k], &format!("{dice} at {value}+ P({k})"));
        }
        let tail_count: u32 = counts[split..].iter().sum();
        let tail_p: f64 = exact[split..].iter().sum();
        assert_frequency(tail_count, tail_p, &format!("{dice} at {value}+ tail"));
    }
}

#[test]
fn shoots_agree_with_rolled_dice() {
    // Soldier aims a clear shot at a Martian; a Martian shoots a Soldier it sees.
    for (seed, (a, s, d, w, arm)) in [(10u64, (5u8, 5u8, 3u8, 6u8, 1u8)), (11, (3, 4, 3, 6, 0))] {
        let mut rng = rng_from_seed(seed);
        let (mut kill, mut rattled, mut miss) = (0, 0, 0);
        for _ in 0..SAMPLES {
            let x = roll_test(&mut rng, a, s) as u32;
            let y = roll_test(&mut rng, d, w) as u32 + arm as u32;
            if x > y {
                kill += 1;
            } else if x + arm as u32 > y {
                rattled += 1;
            } else {
                miss += 1;
            }
        }
        let o = shoot(a, s, d, w, arm);
        assert_frequency(kill, o.kill, "kill");
        assert_frequency(miss, o.miss, "miss");
        if arm > 0 {
            assert_frequency(rattled, o.rattled, "rattled");
        } else {
            assert_eq!(rattled, 0);
        }
    }
}

#[test]
fn fights_agree_with_rolled_dice() {
    // A Soldier charges a Martian that fights back; a Martian with a friend attacks a
    // Soldier that tries to Survive.
    for (seed, (a, f, d, w, fights)) in [
        (20u64, (4u8, 4u8, 3u8, 5u8, true)),
        (21, (4, 5, 3, 6, false)),
    ] {
        let mut rng = rng_from_seed(seed);
        let (mut more, mut draw, mut less) = (0, 0, 0);
        for _ in 0..SAMPLES {
            let x = roll_test(&mut rng, a, f);
            let y = roll_test(&mut rng, d, w);
            match x.cmp(&y) {
                std::cmp::Ordering::Greater => more += 1,
                std::cmp::Ordering::Equal => draw += 1,
                std::cmp::Ordering::Less => less += 1,
            }
        }
        let o = fight(a, f, d, w, fights);
        assert_frequency(more, o.attacker_wins, "attacker wins");
        if fights {
            assert_frequency(less, o.defender_wins, "defender wins");
            assert_frequency(draw, o.no_kill, "no kill");
        } else {
            assert_frequency(draw + less, o.no_kill, "no kill");
        }
    }
}
