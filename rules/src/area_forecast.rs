//! What an area attack called or played would do (R28, R30, P14): the chance each square
//! is covered, each model caught and what it suffers, and the expected toll of each side.
//! The rules play the decision on a copy once for each of the 64 equally likely values of
//! the aim's first two dice (an aim rolls at most a D8 for the row and one for the column,
//! R1, P14), and note the squares covered each time; what a model covered suffers comes
//! from its test's exact odds.

use rand::RngCore;

use crate::action::{Action, ModelId};
use crate::cards::{CardId, Effect, Hit};
use crate::state::{Event, EventSink, TestCtx, TestKind};
use crate::test_odds::{TestOdds, test_odds};
use crate::{Bitboard, BySide, GameState, Side};

/// A model an area attack may catch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Caught {
    pub model: ModelId,
    /// The chance its square is covered.
    pub covered: f64,
    /// The chance it suffers the attack's effect (killed, or the check failed).
    pub suffers: f64,
    /// The chance it is Rattled instead (an armoured model, R15).
    pub rattled: f64,
}

/// What an area attack would do.
#[derive(Clone, Debug, PartialEq)]
pub struct AreaForecast {
    /// The half whose attack it is.
    pub card: CardId,
    /// What a model covered suffers.
    pub hit: Hit,
    /// The chance each square is covered, by square index.
    pub covered: [f64; 64],
    /// Every model it may catch, in model order.
    pub caught: Vec<Caught>,
    /// The expected models of each side that suffer it, and that are Rattled instead.
    pub expected: BySide<f64>,
    pub expected_rattled: BySide<f64>,
}

impl AreaForecast {
    /// The models of `side` it may catch.
    pub fn caught_of(&self, g: &GameState, side: Side) -> impl Iterator<Item = &Caught> {
        self.caught
            .iter()
            .filter(move |c| g.model(c.model).side == side)
    }
}

/// The first area attack a decision makes, as its events name it.
#[derive(Default)]
struct AreaSink(Option<(CardId, Bitboard)>);

impl EventSink for AreaSink {
    const ENABLED: bool = true;
    fn event(&mut self, e: Event) {
        if let Event::AreaAttack { card, squares, .. } = e
            && self.0.is_none()
        {
            self.0 = Some((card, squares));
        }
    }
}

/// The aim's dice for the look-ahead: the first word the generator gives is `first` (the
/// aim's one or two D8, three bits each, R1), the rest fixed.
struct AimDice {
    first: Option<u64>,
}

impl RngCore for AimDice {
    fn next_u32(&mut self) -> u32 {
        self.next_u64() as u32
    }
    fn next_u64(&mut self) -> u64 {
        self.first.take().unwrap_or(0)
    }
    fn fill_bytes(&mut self, dst: &mut [u8]) {
        for chunk in dst.chunks_mut(8) {
            let w = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&w[..chunk.len()]);
        }
    }
}

/// What the area attack of the half `card` does to each model it covers.
pub fn area_hit(g: &GameState, card: CardId) -> Option<Hit> {
    let face = match g.deck().side_of(card) {
        Some(s) => g.deck().half(s, card),
        None => g.deck().half(Side::Humans, card),
    }?;
    match face.effect {
        Effect::Area { hit, .. } => Some(hit),
        _ => None,
    }
}

/// What the decision `a` would do if it is an area attack (a `call` or `play` that makes
/// one); none for any other decision, or one not legal here.
pub fn area_forecast(g: &GameState, a: Action) -> Option<AreaForecast> {
    if !matches!(a, Action::Call(..) | Action::Play(..)) {
        return None;
    }
    let mut landings: Vec<(CardId, Bitboard)> = Vec::with_capacity(64);
    for word in 0..64u64 {
        let mut sink = AreaSink::default();
        let mut c = g.clone();
        let mut dice = AimDice { first: Some(word) };
        c.play_logged(a, &mut dice, &mut sink).ok()?;
        landings.push(sink.0?);
    }
    let card = landings[0].0;
    let hit = area_hit(g, card)?;
    let weight = 1.0 / landings.len() as f64;
    let mut covered = [0.0; 64];
    for &(_, squares) in &landings {
        for sq in squares {
            covered[sq.index()] += weight;
        }
    }
    let mut caught = Vec::new();
    let mut expected = BySide::new(0.0, 0.0);
    let mut expected_rattled = BySide::new(0.0, 0.0);
    for (i, m) in g.models().iter().enumerate() {
        let Some(sq) = m.square() else { continue };
        let p = covered[sq.index()];
        if p == 0.0 {
            continue;
        }
        let model = ModelId(i as u8);
        let t = TestCtx::new(TestKind::Area { model, card, hit });
        let Some(TestOdds::Area { odds, .. }) = test_odds(g, &t) else {
            continue;
        };
        let c = Caught {
            model,
            covered: p,
            suffers: p * odds.kill,
            rattled: p * odds.rattled,
        };
        expected[m.side] += c.suffers;
        expected_rattled[m.side] += c.rattled;
        caught.push(c);
    }
    Some(AreaForecast {
        card,
        hit,
        covered,
        caught,
        expected,
        expected_rattled,
    })
}
