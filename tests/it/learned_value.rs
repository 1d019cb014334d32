//! The value learnt from self-play (`mars_attacks::bot::learn`): its inputs see only what
//! the judging side may see, the network computes what its layers say, its file is read
//! back exactly and refused when it is not one, and the trainer learns what the targets
//! say.

use mars_attacks::bot::learn::data::Samples;
use mars_attacks::bot::learn::features::{INPUTS, Input, MAX_ACTIVE, PER_SQUARE, features};
use mars_attacks::bot::learn::net::{H1, H2, NetError, ValueNet, sigmoid};
use mars_attacks::bot::learn::train::{TrainConfig, train};
use mars_attacks::rules::{GameState, rng_from_seed};

use crate::bot::{random_positions, whos_there};

fn inputs(g: &GameState, judge: mars_attacks::rules::Side) -> Vec<f32> {
    let mut x = Input::default();
    features(g, judge, &mut x);
    assert!(x.len < MAX_ACTIVE, "{} inputs not zero", x.len);
    x.dense()
}

/// Two positions that differ only in what the judging side may not see (the other hand,
/// which face-down counter is which, the order of the deck: `GameState::determinize` for
/// the judging side deals them afresh) give the same inputs. The control: dealing afresh
/// what the *other* side may not see (the judging side's own hand among it) changes them
/// at some positions, so the check can fail.
#[test]
fn the_inputs_read_only_what_the_judging_side_may_see() {
    let scenario = whos_there();
    let positions = random_positions(&scenario, 4, 23);
    assert!(positions.len() > 20);
    let mut changed_by_own_hand = 0;
    for (i, g) in positions.iter().enumerate() {
        let me = g.to_move().unwrap_or_else(|| g.turn_player());
        let mut unseen = g.clone();
        unseen.determinize(me, &mut rng_from_seed(500 + i as u64));
        assert_eq!(inputs(g, me), inputs(&unseen, me), "position {i}");
        let mut own = g.clone();
        own.determinize(me.other(), &mut rng_from_seed(500 + i as u64));
        if inputs(g, me) != inputs(&own, me) {
            changed_by_own_hand += 1;
        }
    }
    assert!(
        changed_by_own_hand > 0,
        "the judging side's own hand never showed in the inputs"
    );
}

/// Each square's inputs sit in its own block: a model on a square shows only there.
#[test]
fn a_model_shows_on_its_own_square() {
    let scenario = whos_there();
    let g = &random_positions(&scenario, 1, 40)[0];
    let me = g.turn_player();
    let x = inputs(g, me);
    for m in g.models() {
        if let Some(sq) = m.square() {
            let block = &x[sq.index() * PER_SQUARE..(sq.index() + 1) * PER_SQUARE];
            // The first two inputs of a side's block count its ready and acted models.
            let at = if m.side == me { 0 } else { 8 };
            assert!(block[at] + block[at + 1] > 0.0, "{:?} on {sq}", m.side);
        }
    }
}

/// The network's forward pass against the layers written out by hand on a network with a
/// few weights set: input 5 at 0.5 with weight 2 into unit 0 (a sum of 1, kept by the
/// rectifier), input 7 at 1 with weight -4 into unit 1 (a sum of -3, cut to 0); unit 0
/// into the second layer's unit 3 with weight 3 and bias -1 (2); out with weight -1 and
/// bias 0.5: a logit of -1.5.
#[test]
fn the_network_computes_its_layers() {
    let mut net = ValueNet::zeros();
    net.w1[5][0] = 2.0;
    net.w1[7][1] = -4.0;
    net.w2[3][0] = 3.0;
    net.w2[3][1] = 10.0;
    net.b2[3] = -1.0;
    net.w3[3] = -1.0;
    net.b3 = 0.5;
    let mut x = Input::default();
    x.index[0] = 5;
    x.value[0] = 0.5;
    x.index[1] = 7;
    x.value[1] = 1.0;
    x.len = 2;
    assert_eq!(net.value(&x), sigmoid(-1.5));
    assert!((sigmoid(-1.5) - 0.182_425_52).abs() < 1e-6);
}

/// The sparse forward pass agrees with the same layers computed densely, input by input,
/// on random weights and real positions' inputs.
#[test]
fn the_sparse_pass_agrees_with_a_dense_one() {
    use rand::Rng;
    let mut rng = rng_from_seed(9);
    let mut net = ValueNet::zeros();
    for row in net.w1.iter_mut() {
        for w in row.iter_mut() {
            *w = rng.random::<f32>() * 0.2 - 0.1;
        }
    }
    for row in net.w2.iter_mut() {
        for w in row.iter_mut() {
            *w = rng.random::<f32>() * 0.4 - 0.2;
        }
    }
    for j in 0..H2 {
        net.w3[j] = rng.random::<f32>() - 0.5;
        net.b2[j] = 0.05;
    }
    net.b1 = [0.01; H1];
    let scenario = whos_there();
    for g in random_positions(&scenario, 1, 31) {
        let me = g.turn_player();
        let mut x = Input::default();
        features(&g, me, &mut x);
        let dense = x.dense();
        let h1: Vec<f64> = (0..H1)
            .map(|u| {
                let s: f64 = (0..INPUTS)
                    .map(|i| f64::from(dense[i]) * f64::from(net.w1[i][u]))
                    .sum();
                (s + f64::from(net.b1[u])).max(0.0)
            })
            .collect();
        let h2: Vec<f64> = (0..H2)
            .map(|j| {
                let s: f64 = (0..H1).map(|u| f64::from(net.w2[j][u]) * h1[u]).sum();
                (s + f64::from(net.b2[j])).max(0.0)
            })
            .collect();
        let logit: f64 =
            (0..H2).map(|j| f64::from(net.w3[j]) * h2[j]).sum::<f64>() + f64::from(net.b3);
        let want = 1.0 / (1.0 + (-logit).exp());
        assert!(
            (f64::from(net.value(&x)) - want).abs() < 1e-4,
            "{} against {want}",
            net.value(&x)
        );
    }
}

/// The file holds the weights exactly; anything else is refused with what is wrong.
#[test]
fn the_network_file_reads_back_and_refuses_what_is_not_one() {
    let mut net = ValueNet::zeros();
    net.w1[INPUTS - 1][H1 - 1] = 0.25;
    net.b3 = -3.5;
    let bytes = net.to_bytes();
    assert_eq!(ValueNet::from_bytes(&bytes), Ok(net.clone()));
    assert_eq!(
        ValueNet::from_bytes(b"not a network at all"),
        Err(NetError::NotANet)
    );
    let mut short = bytes.clone();
    short.pop();
    assert!(matches!(
        ValueNet::from_bytes(&short),
        Err(NetError::Length { .. })
    ));
    let mut sizes = bytes.clone();
    sizes[12] = 64;
    assert!(matches!(
        ValueNet::from_bytes(&sizes),
        Err(NetError::Sizes { h1: 64, .. })
    ));
    let mut nan = bytes;
    let last = nan.len() - 4;
    nan[last..].copy_from_slice(&f32::NAN.to_le_bytes());
    assert_eq!(
        ValueNet::from_bytes(&nan),
        Err(NetError::NotFinite(ValueNet::len() - 1))
    );
    // The shipped network is one of this program's.
    let shipped =
        std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/data/value-net.bin")).unwrap();
    assert!(ValueNet::from_bytes(&shipped).is_ok());
}

/// On positions whose result is set by one input (a win when input 3 is there, a loss
/// when it is not), the trainer learns it: the held-out log-loss falls far below that of
/// an even forecast (ln 2), and the same seed trains the same weights.
#[test]
fn the_trainer_learns_what_decides_the_result() {
    let mut s = Samples::default();
    s.start.push(0);
    for k in 0..4000u32 {
        let win = k % 3 == 0;
        if win {
            s.index.push(3);
            s.value.push(1.0);
        }
        s.index.push(10 + (k % 50) as u16);
        s.value.push(1.0);
        s.start.push(s.index.len() as u32);
        let t = if win { 1.0 } else { 0.0 };
        s.target.push(t);
        s.search.push(t);
        s.baseline.push(0.5);
        s.held_out.push(k % 10 == 0);
    }
    let config = TrainConfig {
        epochs: 3,
        batch: 16,
        learning_rate: 3e-3,
        outcome_weight: 1.0,
        ..TrainConfig::default()
    };
    let a = train(&s, &config, |_| {});
    let held = a.epochs.last().unwrap().held_out;
    assert_eq!(held.positions, 400);
    assert!(held.log_loss < 0.1, "{held:?}");
    assert!((a.baseline.log_loss - std::f64::consts::LN_2).abs() < 1e-9);
    let b = train(&s, &config, |_| {});
    assert_eq!(a.net, b.net);
    // Going on from the trained network: one more epoch starts where it ended (its
    // held-out loss at once as low, not an even forecast's) and changes the weights.
    let more = TrainConfig {
        epochs: 1,
        start: Some(std::sync::Arc::new(a.net.clone())),
        ..config.clone()
    };
    let c = train(&s, &more, |_| {});
    let again = c.epochs[0].held_out;
    assert!(again.log_loss < 0.1, "{again:?}");
    assert_ne!(c.net, a.net);
    // From fresh weights one epoch at that step size is far from it.
    let fresh = train(
        &s,
        &TrainConfig {
            epochs: 1,
            learning_rate: 1e-5,
            ..config.clone()
        },
        |_| {},
    );
    assert!(
        fresh.epochs[0].held_out.log_loss > 0.3,
        "{:?}",
        fresh.epochs[0].held_out
    );
}

/// The search's fingerprint reads the network's weights when the search uses them, and a
/// search without them reads as before the network was there.
#[test]
fn the_fingerprint_covers_the_network_when_it_is_used() {
    use mars_attacks::bot::Heuristics;
    let plain = Heuristics::default();
    assert!(!plain.fingerprint_text().contains("learned"));
    let learned = Heuristics {
        learned: true,
        ..plain
    };
    let text = learned.fingerprint_text();
    assert!(
        text.contains(&mars_attacks::bot::learn::shipped_fingerprint()),
        "{text}"
    );
    let half = Heuristics {
        learned_share: 0.5,
        ..learned
    };
    assert_ne!(half.fingerprint_text(), text);
    // The spec's settings reach the heuristics.
    let spec: mars_attacks::bot::PlayerSpec = "mcts:100:eval=2,vnet=0.5".parse().unwrap();
    assert_eq!(spec.to_string(), "mcts:100:eval=2,vnet=0.5");
    let tuned = mars_attacks::bot::tuning::Tuning::parse("eval=2,vnet=0.5")
        .unwrap()
        .apply_heuristics(plain);
    assert!(tuned.learned && tuned.fitted);
    assert_eq!(tuned.learned_share, 0.5);
    let fitted = mars_attacks::bot::tuning::Tuning::parse("eval=1")
        .unwrap()
        .apply_heuristics(plain);
    assert!(!fitted.learned);
}
