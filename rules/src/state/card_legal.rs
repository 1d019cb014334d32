//! The rules of one card play or one answer to a window, and why one is not legal: the
//! pieces the legal list of `play` is built from (Move One's model, Distract's targets,
//! Always More's model, a card on an own model, R11, R31, P11, P16), and the predicates
//! [`GameState::card_play_check`] and [`GameState::response_check`] that explain a refused
//! card play or answer with the same pieces, as the predicates of `legal` do for model
//! actions. Nothing here runs on the legal list's path but the `#[inline]` pieces.

use super::illegal::{CardWhy, Needs, ResponseWhy, Why};
use super::play::for_spots;
use super::{GameState, ModelId, Phase};
use crate::action::{Action, Spot, Target};
use crate::cards::{Aim, Card, CardId, Effect, Kind, Whose};
use crate::square::{Side, Square};

/// Why `side` may not play a card of its own on one of its models now
/// ([`GameState::own_card_check`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum OwnCard {
    /// The model has had a card of its side this Turn (R31).
    HadOne,
    /// In the own Turn, only the Turn's acting model may take one (P11).
    NotTheTurnModel,
}

/// Is `spot` one a level aimed this way may be called on (R21, P14)?
fn aims_at(aim: Aim, spot: Spot) -> bool {
    for_spots(aim, &mut |s| s == spot)
}

impl GameState {
    /// Always More's model is the Turn's acting model (P16): no other model may have acted
    /// or been named by a card this Turn.
    #[inline]
    fn turn_model_free(&self, fresh: bool) -> bool {
        fresh || self.no_models_at_start || self.turn_model.is_none()
    }

    // ----- the rules of one card play, shared by the list and the predicate ----------

    /// Where Move One's model stands, if `m` may be moved by it: a model of `side` on the
    /// board, not Rattled, that may take a card of its side now (one a Turn, R31; in the
    /// own Turn only the Turn's model, P11, unless `fresh`).
    #[inline]
    pub(super) fn move_one_square(&self, side: Side, m: ModelId, fresh: bool) -> Option<Square> {
        let model = &self.models[m.index()];
        let sq = model.square()?;
        (model.side == side
            && !model.rattled
            && (fresh || self.own_model_ok(m))
            && !self.has_own_card(m))
        .then_some(sq)
    }

    /// May Distract name `e` alone: a model of `enemy` that could still be activated?
    #[inline]
    pub(super) fn distract_target(&self, enemy: Side, e: ModelId) -> bool {
        self.models[e.index()].side == enemy && self.can_activate(e)
    }

    /// May Distract name `a` first of two: a model of `enemy` on the board?
    #[inline]
    pub(super) fn distract_first(&self, enemy: Side, a: ModelId) -> bool {
        let ma = &self.models[a.index()];
        ma.side == enemy && ma.square().is_some()
    }

    /// May Distract name `b` with `a` (named first, and before it in model order): a
    /// model of `enemy` in `a`'s square, the two not both activated?
    #[inline]
    pub(super) fn distract_second(&self, enemy: Side, a: ModelId, b: ModelId) -> bool {
        let (ma, mb) = (&self.models[a.index()], &self.models[b.index()]);
        mb.side == enemy && mb.loc == ma.loc && (!ma.activated || !mb.activated)
    }

    /// The model Always More brings back for `side` now, if the card may be played: the
    /// reinforcement (P16), which may take a card of its side now and be the Turn's model.
    #[inline]
    pub(super) fn reinforce_model(&self, side: Side, fresh: bool) -> Option<ModelId> {
        self.reinforcement(side).filter(|&r| {
            (fresh || self.own_model_ok(r)) && !self.has_own_card(r) && self.turn_model_free(fresh)
        })
    }

    /// Does `enemy`'s Support set of `set` stand, aimed at `spot` at its level (Mind
    /// Control, R21)?
    fn set_aimed_at(&self, enemy: Side, set: CardId, spot: Spot) -> bool {
        let level = self.set_level(enemy, set);
        level > 0
            && self
                .deck()
                .half(enemy, set)
                .is_some_and(|face| aims_at(face.aim(level), spot))
    }

    /// May the activation card whose effect is `effect` be played by `side` on `target`
    /// now (its card, the budget and the phase aside)? The rules of `for_card_plays`, for
    /// one target.
    fn card_target_fits(&self, side: Side, effect: Effect, target: Target) -> bool {
        let enemy = side.other();
        let known = |m: ModelId| m.0 < self.n_models;
        match (effect, target) {
            (Effect::MoveOne, Target::ModelTo(m, to)) => {
                known(m)
                    && self
                        .move_one_square(side, m, false)
                        .is_some_and(|sq| self.step_squares(side, sq).contains(to))
            }
            (Effect::Distract { models: 1 }, Target::Model(e)) => {
                known(e) && self.distract_target(enemy, e)
            }
            (Effect::Distract { models: 1 }, _) => false,
            (Effect::Distract { .. }, Target::Models(a, b)) => {
                known(a)
                    && known(b)
                    && a.0 < b.0
                    && self.distract_first(enemy, a)
                    && self.distract_second(enemy, a, b)
            }
            (Effect::Reinforce, Target::Square(sq)) => {
                self.reinforce_model(side, false).is_some()
                    && self.reinforcement_squares(side).contains(sq)
            }
            (Effect::Jam, Target::Set(set)) => self.set_level(enemy, set) > 0,
            (Effect::MindControl, Target::Set(set)) => self.set_aimed_at(enemy, set, Spot::None),
            (Effect::MindControl, Target::SetAt(set, spot)) => {
                spot != Spot::None && self.set_aimed_at(enemy, set, spot)
            }
            _ => false,
        }
    }

    /// Is the card play `action` (`play`, `lay` or `call`) of the Turn player legal now?
    /// If not, why: the predicate the explanation of a refused card play uses, true for
    /// exactly the card plays `push_card_plays` lists (the conformance tests check it).
    pub(super) fn card_play_check(&self, action: Action) -> Result<(), Why> {
        let side = self.turn_player;
        if !matches!(self.phase, Phase::TurnStart | Phase::AfterFirst) {
            return Err(Why::Phase(Needs::OwnTurn, self.waiting()));
        }
        let (half, card) = match action {
            Action::Play(card, _) | Action::Lay(card) => (card.half, Some(card)),
            Action::Call(half, _) => (half, None),
            _ => return Err(Why::Unexplained),
        };
        let deck = self.deck();
        let Some(face) = deck.half(side, half) else {
            return Err(match deck.side_of(half) {
                Some(owner) => CardWhy::OtherHalf { half, owner, side },
                None => CardWhy::NotAHalf { half, side },
            }
            .into());
        };
        if let Some(card) = card
            && deck.find(side, card).is_none()
        {
            return Err(CardWhy::NotInDeck { card, side }.into());
        }
        if !self.card_budget(side) {
            return Err(Why::NoCardPlayLeft(side));
        }
        let name = || face.name.clone();
        let why = match action {
            Action::Call(_, spot) => {
                let level = self.set_level(side, half);
                let aim = face.aim(level);
                if level == 0 {
                    CardWhy::NoSet { side, name: name() }
                } else if self.laid.intersects(deck.half_mask(side, half)) {
                    CardWhy::LaidThisTurn { name: name() }
                } else if aim == Aim::Nothing {
                    CardWhy::SetDoesNothing {
                        name: name(),
                        level,
                    }
                } else if aims_at(aim, spot) {
                    return Ok(());
                } else {
                    CardWhy::AimedAt {
                        name: name(),
                        level,
                        aim,
                    }
                }
            }
            _ if let Some(card) = card
                && self.holds(side, card) == 0 =>
            {
                return Err(Why::NotHeld { side, card });
            }
            Action::Lay(_) if face.kind != Kind::Support => CardWhy::NotSupport { name: name() },
            Action::Lay(_) if self.set_level(side, half) < face.cap() => return Ok(()),
            Action::Lay(_) => CardWhy::SetFull {
                name: name(),
                cap: face.cap(),
            },
            _ if face.kind != Kind::Activation => CardWhy::WrongKind {
                name: name(),
                kind: face.kind,
            },
            Action::Play(_, target) if self.card_target_fits(side, face.effect, target) => {
                return Ok(());
            }
            _ => CardWhy::BadTarget { name: name() },
        };
        Err(why.into())
    }

    // ----- answers to a window (R20, P12, P13, R28, R31) ---------------------------------

    /// May `side` play a card of its own on its model `m` now? Not a second one this Turn
    /// (R31), and in the own Turn only on the Turn's acting model (P11).
    #[inline]
    pub(super) fn own_card_check(&self, side: Side, m: ModelId) -> Result<(), OwnCard> {
        if self.has_own_card(m) {
            return Err(OwnCard::HadOne);
        }
        if side == self.turn_player && !self.in_round_end && !self.own_model_ok(m) {
            return Err(OwnCard::NotTheTurnModel);
        }
        Ok(())
    }

    /// Is `side`'s answer with `card` to the window now (a test's response window, or a
    /// Lucky Escape for a model about to be killed) legal? If not, why: the predicate the
    /// explanation of a refused answer uses, true for exactly the answers
    /// `push_responses` and `push_escapes` list (the conformance tests check it).
    pub(super) fn response_check(&self, side: Side, card: Card) -> Result<(), Why> {
        if self.holds(side, card) == 0 {
            return Err(Why::NotHeld { side, card });
        }
        let deck = self.deck();
        let Some(face) = deck.half(side, card.half) else {
            return Err(ResponseWhy::NoHalf { card, side }.into());
        };
        let name = || face.name.clone();
        let escape = matches!(face.effect, Effect::LuckyEscape);
        let (model, test) = match self.phase {
            Phase::Escape(id) if escape => (Some(id), false),
            Phase::Escape(id) => return Err(ResponseWhy::OnlyLuckyEscape(id).into()),
            _ if escape => return Err(ResponseWhy::EscapeNotOnTest { name: name() }.into()),
            _ => (None, true),
        };
        if test && self.test.played[side.index()].is_some() {
            return Err(ResponseWhy::PlayedOnTest(side).into());
        }
        if let Some(model) = model
            && self.kills.blocked[side.index()]
        {
            return Err(ResponseWhy::EscapeBlocked { side, model }.into());
        }
        if !self.card_budget(side) {
            return Err(Why::NoCardPlayLeft(side));
        }
        let own_model = match (model, face.effect) {
            (Some(id), _) => Some(id),
            (None, Effect::TestDice { whose, rolls, .. }) => {
                let Some((_, m, roll)) = self.test_roll(side, whose) else {
                    return Err(ResponseWhy::NoModelInTest {
                        name: name(),
                        whose,
                    }
                    .into());
                };
                if !rolls.has(roll) {
                    return Err(ResponseWhy::WrongRoll {
                        name: name(),
                        roll,
                        model: m,
                    }
                    .into());
                }
                (whose == Whose::Own).then_some(m)
            }
            _ => return Err(ResponseWhy::NotOnATest { name: name() }.into()),
        };
        if let Some(m) = own_model {
            self.own_card_check(side, m).map_err(|why| match why {
                OwnCard::HadOne => ResponseWhy::ModelHadCard { model: m, side },
                OwnCard::NotTheTurnModel => ResponseWhy::NotTheTurnModel,
            })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::path::Path;
    use std::sync::Arc;

    use rand::Rng;

    use super::*;
    use crate::dice::rng_from_seed;
    use crate::scenario_file::load_scenario;

    /// Random games of each shipped scenario (every window open in every other game).
    const GAMES: u64 = 12;
    /// Card plays sampled at a decision from those of the cards held and the sets laid.
    const SAMPLED: usize = 400;

    /// In random games of every shipped scenario, at every decision, the card predicates
    /// accept exactly the card plays and answers the legal list offers: every card play
    /// listed, a sample of the plays, lays and calls of the cards the Turn player holds
    /// and the sets it has, a sample of all, and every answer with a card at a window.
    #[test]
    fn the_card_predicates_accept_exactly_the_listed_card_plays_and_answers() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
        let mut paths: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        paths.sort();
        let (mut accepted, mut rejected) = (0usize, 0usize);
        let mut check = |g: &GameState, legal: &[Action], a: Action, ok: bool| {
            assert_eq!(
                ok,
                legal.contains(&a),
                "`{a}` in {:?}: the predicate says {}",
                g.phase,
                if ok { "legal" } else { "illegal" }
            );
            if ok {
                accepted += 1;
            } else {
                rejected += 1;
            }
        };
        for path in paths {
            let scenario = Arc::new(load_scenario(&path).unwrap().scenario);
            // The card actions of the action space, by the card (or set) they name.
            let mut by_card: BTreeMap<Card, Vec<Action>> = BTreeMap::new();
            let mut calls: BTreeMap<CardId, Vec<Action>> = BTreeMap::new();
            let mut others = Vec::new();
            for a in Action::space(scenario.models.len()) {
                match a {
                    Action::Play(c, _) | Action::Lay(c) => by_card.entry(c).or_default().push(a),
                    Action::Call(h, _) => calls.entry(h).or_default().push(a),
                    Action::Respond(Some(_)) => others.push(a),
                    _ => {}
                }
            }
            let answers = others;
            let every: Vec<Action> = by_card
                .values()
                .chain(calls.values())
                .flatten()
                .copied()
                .collect();
            for seed in 0..GAMES {
                let mut dice = rng_from_seed(seed);
                let mut choose = rng_from_seed(seed ^ 0xC0FF_EE00);
                let mut g = GameState::new(scenario.clone(), &mut dice);
                g.set_every_window(seed % 2 == 1);
                let mut legal = Vec::new();
                while !g.is_over() {
                    g.legal_actions(&mut legal);
                    match g.phase {
                        Phase::TurnStart | Phase::AfterFirst => {
                            let side = g.turn_player;
                            // Every card play listed, a sample of those of the cards held
                            // and the sets laid, and a sample of all.
                            let listed = legal.iter().copied().filter(|a| {
                                matches!(a, Action::Play(..) | Action::Lay(_) | Action::Call(..))
                            });
                            let near: Vec<Action> = by_card
                                .iter()
                                .filter(|(card, _)| g.holds(side, **card) > 0)
                                .flat_map(|(_, actions)| actions)
                                .chain(
                                    calls
                                        .iter()
                                        .filter(|(half, _)| g.set_level(side, **half) > 0)
                                        .flat_map(|(_, actions)| actions),
                                )
                                .copied()
                                .collect();
                            let mut sampled = Vec::new();
                            for _ in 0..SAMPLED {
                                if !near.is_empty() {
                                    sampled.push(near[choose.random_range(0..near.len())]);
                                }
                            }
                            for _ in 0..SAMPLED / 8 {
                                sampled.push(every[choose.random_range(0..every.len())]);
                            }
                            for a in listed.chain(sampled) {
                                check(&g, &legal, a, g.card_play_check(a).is_ok());
                            }
                        }
                        Phase::Respond(_) | Phase::Escape(_) => {
                            let side = g.to_move().unwrap();
                            for &a in &answers {
                                let Action::Respond(Some(c)) = a else {
                                    unreachable!()
                                };
                                check(&g, &legal, a, g.response_check(side, c).is_ok());
                            }
                        }
                        _ => {}
                    }
                    let a = legal[choose.random_range(0..legal.len())];
                    g.apply(a, &mut dice);
                }
            }
        }
        assert!(
            accepted > 1_000,
            "only {accepted} listed card actions were checked"
        );
        assert!(
            rejected > 1_000_000,
            "only {rejected} refused card actions were checked"
        );
    }
}
