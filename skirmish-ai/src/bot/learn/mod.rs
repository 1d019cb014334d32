//! What the search learns from self-play. A value: the position as the side to judge may
//! see it ([`features`]), a small network that judges it ([`net`]), the samples self-play
//! files give ([`data`]) and the training ([`train`]). A prior: PUCT's chances of the
//! actions read from their scores kind by kind ([`prior`]), fitted to the search's visits
//! ([`prior_train`]).

pub mod data;
pub mod features;
pub mod net;
pub mod prior;
pub mod prior_train;
pub mod train;

use std::sync::LazyLock;

use rules::Side;
use rules::state::GameState;

use crate::bot::eval::fitted::{self, features_of_terms};
use crate::bot::eval::terms::{SideTerms, side_terms};
use features::{Input, features_with_terms};
use net::ValueNet;

/// The shipped logistic's chance for the Humans in `g`, from the sides' terms (`judge`'s,
/// then the other's).
pub fn logistic_for_humans(g: &GameState, judge: Side, terms: &[SideTerms; 2]) -> f64 {
    let (h, m) = match judge {
        Side::Humans => (&terms[0], &terms[1]),
        Side::Martians => (&terms[1], &terms[0]),
    };
    fitted::SHIPPED
        .weights
        .value_of(&features_of_terms(g, h, m))
}

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
    // The sides' terms once, for the logistic and for the inputs.
    let terms = [side_terms(g, judge), side_terms(g, judge.other())];
    let humans = logistic_for_humans(g, judge, &terms);
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
        features_with_terms(g, judge, &terms, x);
        SHIPPED.forward(x, a);
        a.logit
    });
    let v = f64::from(net::sigmoid(share * correction + train::logit(base as f32)));
    match judge {
        Side::Humans => v,
        Side::Martians => 1.0 - v,
    }
}
