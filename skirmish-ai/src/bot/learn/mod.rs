//! A value learnt from self-play: the position as the side to judge may see it
//! ([`features`]), a small network that judges it ([`net`]), the samples self-play files
//! give ([`data`]) and the training ([`train`]).

pub mod data;
pub mod features;
pub mod net;
pub mod train;

use std::sync::LazyLock;

use rules::Side;
use rules::state::GameState;

use features::{Input, features};
use net::ValueNet;

/// The network's file as shipped.
const SHIPPED_BYTES: &[u8] = include_bytes!("../../../../data/value-net.bin");

/// The value network shipped in `data/value-net.bin`, read once.
pub static SHIPPED: LazyLock<ValueNet> = LazyLock::new(|| {
    ValueNet::from_bytes(SHIPPED_BYTES).expect("data/value-net.bin is a value network")
});

/// The fingerprint of the shipped network's weights.
pub fn shipped_fingerprint() -> String {
    rules::fingerprint::bytes_fingerprint(SHIPPED_BYTES)
}

/// The chance for the Humans in `g`: the shipped logistic ([`crate::bot::eval::fitted`])
/// corrected by the shipped network, judged by the side to move (as it learnt, from the
/// positions its side decided in): the network's output is added to the logistic's logit
/// for that side, times `share`.
pub fn value_for_humans(g: &GameState, share: f32) -> f64 {
    let judge = g.to_move().unwrap_or_else(|| g.turn_player());
    let humans = crate::bot::eval::fitted::SHIPPED
        .weights
        .value_for_humans(g);
    let base = match judge {
        Side::Humans => humans,
        Side::Martians => 1.0 - humans,
    };
    // The inputs' and the layers' arrays, one set a thread, made once.
    thread_local! {
        static WORK: std::cell::RefCell<(Input, net::Activations)> = std::cell::RefCell::new(
            (Input::default(), net::Activations::default())
        );
    }
    let correction = WORK.with(|work| {
        let (x, a) = &mut *work.borrow_mut();
        features(g, judge, x);
        SHIPPED.forward(x, a);
        a.logit
    });
    let v = f64::from(net::sigmoid(share * correction + train::logit(base as f32)));
    match judge {
        Side::Humans => v,
        Side::Martians => 1.0 - v,
    }
}
