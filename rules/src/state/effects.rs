//! What cards do on the board: Support and Event area attacks (R21, P14), the Flying Car
//! (P19), the burning cows (P20), the Bug (P21) and the Civilians (P22), and the agenda
//! steps that carry them out.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use rand::RngCore;

use super::{
    CAPACITY, CounterKind, Event, EventSink, GameState, MAX_CIVILIANS, ModelId, Phase, ShotResult,
    Step, Test, TestCtx, TestKind, VpSource,
};
use crate::action::{Defence, Spot};
use crate::bitboard::Bitboard;
use crate::cards::{Aim, Area, CardId, Effect, Failed, Hit};
use crate::dice::D8Stream;
use crate::map::{Map, Walls};
use crate::model_set::ModelSet;
use crate::profile::Ability;
use crate::square::{Dir, Edge, Side, Square};

/// The map with a blocker added, from a process-wide cache: a Flying Car landing costs one
/// table look-up after the first time (R9: the tables are recomputed per map).
pub(super) fn map_with_blocker(map: &Arc<Map>, sq: Square) -> Arc<Map> {
    type Key = (Walls, Bitboard);
    static CACHE: OnceLock<Mutex<HashMap<Key, Arc<Map>>>> = OnceLock::new();
    let blockers = map.blockers().with(sq);
    if blockers == map.blockers() {
        return map.clone();
    }
    let key = (*map.walls(), blockers);
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(m) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return m.clone();
    }
    let m = Arc::new(map.with_blocker(sq));
    let mut c = cache.lock().unwrap_or_else(|e| e.into_inner());
    if c.len() > 4096 {
        c.clear();
    }
    c.entry(key).or_insert(m).clone()
}

/// The squares an area covers from `at` (and `dir` for a line), off-board ones ignored.
pub fn area_squares(area: Area, at: Square, dir: Option<Dir>) -> Bitboard {
    match area {
        Area::Square => Bitboard::single(at),
        Area::Block3 => Bitboard::within(at, 1),
        Area::Line(n) => {
            let mut bb = Bitboard::single(at);
            let mut s = at;
            if let Some(d) = dir {
                for _ in 1..n {
                    match s.step(d) {
                        Some(next) => {
                            s = next;
                            bb.insert(s);
                        }
                        None => break,
                    }
                }
            }
            bb
        }
    }
}

/// A square from a 0-based column and row that are on the board.
fn square(col: u8, row: u8) -> Square {
    Square::new(col as i8, row as i8).expect("on the board")
}

impl GameState {
    /// Carry out one agenda step.
    pub(super) fn step_agenda<R: RngCore + ?Sized, S: EventSink>(
        &mut self,
        step: Step,
        rng: &mut R,
        sink: &mut S,
    ) {
        match step {
            Step::Window(side) => {
                if self.window_opens(side) {
                    self.phase = Phase::Respond(side);
                }
            }
            Step::Roll => self.roll_test_now(rng, sink),
            Step::AreaSquares { card, squares, hit } => self.area_squares(card, squares, hit),
            Step::AreaWindows {
                card,
                sq,
                next,
                hit,
            } => self.area_windows(card, sq, next, hit),
            Step::AreaKeep { slot } => {
                self.area_mods[slot as usize] = self.test.mods[1];
                if let TestKind::Area { model, .. } = self.test.kind
                    && self.test.played[self.models[model.index()].side.index()].is_some()
                {
                    self.area_blocked.insert(model);
                }
            }
            Step::AreaRoll { card, sq, hit } => self.area_roll(card, sq, hit, rng, sink),
            Step::AreaEnd { by, fight } => self.area_end(by, fight),
            Step::Trample { card, models } => self.trample_next(card, models),
            Step::Kills => self.process_kills(rng, sink),
            Step::ResumeAct(act) => {
                self.phase = Phase::Acting(act);
                self.continue_or_finish(act, sink);
            }
            Step::FinishActivation(id) => self.finish_activation(id, sink),
            Step::AfterCard => self.turn_continue(sink),
            Step::CarLand {
                sq,
                left,
                heading,
                card,
                by,
            } => self.car_land(sq, left, heading, card as usize, by, sink),
            Step::CarRest { sq, card: _ } => {
                // P19, P1: the car comes to rest as a blocker; sight is recomputed (R9).
                self.map = map_with_blocker(&self.map, sq);
                if S::ENABLED {
                    sink.event(Event::BlockerPlaced(sq));
                }
            }
            Step::CarLeft(card) => {
                let t = card as usize;
                self.cards.in_play[t] -= 1;
                self.put_discard(t, 1);
                if S::ENABLED {
                    sink.event(Event::CarLeft);
                }
            }
            Step::CowsScatter => {
                if let Some((_, _, t)) = self.cows_card() {
                    let moves = match self.scenario.deck.card(t).event.as_ref().map(|f| f.effect) {
                        Some(Effect::BurningCows { moves, .. }) => moves,
                        _ => 0,
                    };
                    let dir = D8Stream::new(rng).roll() - 1;
                    self.agenda.push(Step::Cows { left: moves, dir });
                }
            }
            Step::Cows { left, dir } => self.cows_step(left, dir, sink),
            Step::BugAttack => self.bug_attack(rng, sink),
            Step::BugAfter { target, beaten } => self.bug_after(target, beaten, rng, sink),
            Step::EventDone(card) => {
                let t = card as usize;
                self.cards.in_play[t] -= 1;
                self.put_discard(t, 1);
            }
            Step::RoundCounters => {
                // P17: the cows, then the Civilians, then the Bug.
                if self.bug.is_some() {
                    self.agenda.push(Step::BugRound);
                }
                if self.n_civilians > 0 {
                    self.agenda.push(Step::CiviliansRound);
                }
                if self.cows.is_some() {
                    self.agenda.push(Step::CowsScatter);
                }
            }
            Step::CiviliansRound => self.civilians_scatter(rng, sink),
            Step::BugRound => self.bug_round(rng, sink),
            Step::Refill(side) => {
                if self.cards.hand_n[side] > 0 {
                    self.phase = Phase::Refill(side);
                }
            }
            Step::Draw(side) => self.refill_draw(side, rng, sink),
            Step::StartRound => self.start_round(rng, sink),
        }
    }

    // ----- rolls made by cards -----------------------------------------------------------

    #[allow(clippy::too_many_arguments)]
    fn effect_roll<R: RngCore + ?Sized, S: EventSink>(
        &self,
        card: CardId,
        square: Square,
        test: Test,
        dice: u8,
        value: u8,
        rng: &mut R,
        sink: &mut S,
    ) -> u8 {
        super::logged_roll(rng, dice, value, sink, |faces, successes| {
            Event::EffectRoll {
                card,
                square,
                test,
                dice,
                value,
                faces,
                successes,
            }
        })
    }

    /// The next square of an area attack that holds models: the response windows of every
    /// model there, then the square's roll (R15, P14, R28, R30).
    fn area_squares(&mut self, card: CardId, squares: Bitboard, hit: Hit) {
        let Some(sq) = squares.iter().find(|sq| self.total(*sq) > 0) else {
            return;
        };
        let rest = squares.above(sq);
        if rest.any() {
            self.agenda.push(Step::AreaSquares {
                card,
                squares: rest,
                hit,
            });
        }
        self.agenda.push(Step::AreaRoll { card, sq, hit });
        self.area_mods = [0; CAPACITY as usize];
        self.area_windows(card, sq, 0, hit);
    }

    /// The response windows of the next model on `sq` (from model index `next`), before any
    /// die of the square is rolled (R30): each model's test is set in turn, its windows
    /// open, and what the cards changed is kept for the roll.
    fn area_windows(&mut self, card: CardId, sq: Square, next: u8, hit: Hit) {
        let Some(i) = (next..self.n_models).find(|&i| self.models[i as usize].square() == Some(sq))
        else {
            return;
        };
        self.agenda.push(Step::AreaWindows {
            card,
            sq,
            next: i + 1,
            hit,
        });
        let slot = self.models_in(sq).take_while(|m| m.0 < i).count() as u8;
        self.agenda.push(Step::AreaKeep { slot });
        self.test = TestCtx::new(TestKind::Area {
            model: ModelId(i),
            card,
            hit,
        });
        self.push_windows();
    }

    /// The square's roll, all its windows answered (R30): the attack roll of a Shoot test
    /// once for the square, then each model's Survive roll in model order with the dice
    /// its cards changed. A Shoot test: 3 dice against Survive, armour adding a success, a
    /// kill on strictly more hits (R15). A single-die check (P14): one die, and failing is
    /// rolling no success.
    fn area_roll<R: RngCore + ?Sized, S: EventSink>(
        &mut self,
        card: CardId,
        sq: Square,
        hit: Hit,
        rng: &mut R,
        sink: &mut S,
    ) {
        let hits = match hit {
            Hit::Shoot { dice, value } => {
                self.effect_roll(card, sq, Test::Shoot, dice, value, rng, sink)
            }
            Hit::Survive(_) => 0,
        };
        let in_square = self.models_in(sq).collect::<Vec<_>>();
        for (slot, target) in in_square.into_iter().enumerate() {
            let mods = self.area_mods.get(slot).copied().unwrap_or(0);
            let p = self.profile(target);
            let survive = p.survive;
            match hit {
                Hit::Shoot { .. } => {
                    let armour = p.has(Ability::Armoured) as u8;
                    let dice = (3 + mods as i16).clamp(0, 255) as u8;
                    let saves = self.roll(target, Test::Survive, dice, survive, armour, rng, sink);
                    let result = if hits > saves + armour {
                        self.area_kills.insert(target);
                        ShotResult::Kill
                    } else if hits > saves {
                        self.set_rattled(target, true);
                        ShotResult::Rattled
                    } else {
                        ShotResult::Miss
                    };
                    if S::ENABLED {
                        sink.event(Event::AreaShot {
                            model: target,
                            result,
                        });
                    }
                }
                Hit::Survive(failed) => {
                    let dice = (1 + mods as i16).clamp(0, 255) as u8;
                    let passed = self.roll(target, Test::Survive, dice, survive, 0, rng, sink);
                    let fails = passed == 0;
                    if S::ENABLED {
                        sink.event(Event::SurviveCheck {
                            model: target,
                            failed: fails,
                        });
                    }
                    if fails {
                        match failed {
                            Failed::Activated => self.models[target.index()].activated = true,
                            Failed::Rattled => self.set_rattled(target, true),
                        }
                    }
                }
            }
        }
    }

    /// The area attack is over: its kills are carried out, a Lucky Escape offered except
    /// to a side that played a card on that model's test (P13).
    fn area_end(&mut self, by: Side, fight: bool) {
        let kills = std::mem::take(&mut self.area_kills);
        let blocked = std::mem::take(&mut self.area_blocked);
        self.note_ran_out();
        self.mark_kills(kills, by, fight, [None; 2]);
        if kills.any() {
            self.kills.asked |= blocked & kills;
        }
    }

    // ----- Support sets (R21, P14) -------------------------------------------------------

    /// Where a level aimed this way at `spot` lands: the square, and the direction of a
    /// line. A D8 picks the square along a chosen row or column.
    fn aim_at<R: RngCore + ?Sized>(
        &self,
        aim: Aim,
        spot: Spot,
        rng: &mut R,
    ) -> (Square, Option<Dir>) {
        let mut d = D8Stream::new(rng);
        match (aim, spot) {
            (Aim::Line | Aim::LineDirection, Spot::Row(r) | Spot::RowDir(r, _)) => {
                (square(d.roll() - 1, r), spot_dir(spot))
            }
            (Aim::Line | Aim::LineDirection, Spot::Column(c) | Spot::ColumnDir(c, _)) => {
                (square(c, d.roll() - 1), spot_dir(spot))
            }
            (Aim::Square | Aim::SquareDirection, Spot::Square(s) | Spot::SquareDir(s, _)) => {
                (s, spot_dir(spot))
            }
            _ => {
                // Random (R1: a D8 for the row, one for the column).
                let row = d.roll() - 1;
                let col = d.roll() - 1;
                (square(col, row), None)
            }
        }
    }

    /// Call a Support set's effect (own, or by Mind Control), credited to `by`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn call_area<R: RngCore + ?Sized, S: EventSink>(
        &mut self,
        card: CardId,
        effect: Effect,
        aim: Aim,
        spot: Spot,
        by: Side,
        rng: &mut R,
        sink: &mut S,
    ) {
        self.phase = Phase::Busy;
        let Effect::Area { hit, area } = effect else {
            debug_assert!(false, "a Support card with {effect:?}");
            return;
        };
        let (at, dir) = self.aim_at(aim, spot, rng);
        self.area_attack(card, hit, area, at, dir, by, sink);
    }

    #[allow(clippy::too_many_arguments)]
    fn area_attack<S: EventSink>(
        &mut self,
        card: CardId,
        hit: Hit,
        area: Area,
        at: Square,
        dir: Option<Dir>,
        by: Side,
        sink: &mut S,
    ) {
        let squares = area_squares(area, at, dir);
        if S::ENABLED {
            sink.event(Event::AreaAttack { card, at, squares });
        }
        self.agenda.push(Step::AreaEnd { by, fight: false });
        // Square by square: the windows of every model there, then the square's roll (a
        // Shoot test's attack roll and each model's Survive roll, or each model's
        // single-die check), P14, R30.
        self.agenda.push(Step::AreaSquares { card, squares, hit });
    }

    // ----- Events (R22) ------------------------------------------------------------------

    /// Resolve the Event of local type `t`, drawn by `by` (already in play).
    pub(super) fn start_event<R: RngCore + ?Sized, S: EventSink>(
        &mut self,
        t: usize,
        by: Side,
        rng: &mut R,
        sink: &mut S,
    ) {
        let card = self.scenario.deck.card(t);
        let id = card.event_id().expect("an Event");
        let effect = card.event.as_ref().expect("an Event").effect;
        if S::ENABLED {
            sink.event(Event::EventDrawn { side: by, card: id });
        }
        self.phase = Phase::Busy;
        match effect {
            Effect::Area { hit, area } => {
                self.agenda.push(Step::EventDone(t as u8));
                let (at, dir) = self.aim_at(Aim::Random, Spot::None, rng);
                self.area_attack(id, hit, area, at, dir, by, sink);
            }
            Effect::FlyingCar { .. } => {
                self.pending_event = t as u8;
                self.phase = Phase::CarHeading(by);
            }
            Effect::BurningCows { .. } => self.cows_enter(t, by, rng, sink),
            Effect::Civilians { table } => self.civilians_arrive(table, rng, sink),
            Effect::Bug { .. } => {
                let mut d = D8Stream::new(rng);
                let row = d.roll() - 1;
                let col = d.roll() - 1;
                let sq = square(col, row);
                self.bug = Some((sq, by));
                if S::ENABLED {
                    sink.event(Event::BugPlaced(sq));
                }
                if self.total(sq) > 0 {
                    self.agenda.push(Step::BugAttack);
                }
            }
            _ => self.agenda.push(Step::EventDone(t as u8)),
        }
    }

    /// The Event in play with an effect like this: (square-less) its local type.
    fn in_play_event(&self, same: impl Fn(&Effect) -> bool) -> Option<(usize, Effect)> {
        let deck = &*self.scenario.deck;
        (0..deck.types()).find_map(|t| {
            let f = deck.card(t).event.as_ref()?;
            (self.cards.in_play[t] > 0 && same(&f.effect)).then_some((t, f.effect))
        })
    }

    // ----- the Flying Car (P19) ----------------------------------------------------------

    pub(super) fn car_heading<R: RngCore + ?Sized, S: EventSink>(
        &mut self,
        heading: Edge,
        rng: &mut R,
        _sink: &mut S,
    ) {
        let by = match self.phase {
            Phase::CarHeading(s) => s,
            _ => self.turn_player,
        };
        let t = self.pending_event as usize;
        let landings = match self.scenario.deck.card(t).event.as_ref().map(|f| f.effect) {
            Some(Effect::FlyingCar { landings, .. }) => landings,
            _ => 1,
        };
        let mut d = D8Stream::new(rng);
        let row = d.roll() - 1;
        let col = d.roll() - 1;
        self.agenda.push(Step::CarLand {
            sq: square(col, row),
            left: landings,
            heading,
            card: t as u8,
            by,
        });
        self.phase = Phase::Busy;
    }

    #[allow(clippy::too_many_arguments)]
    fn car_land<S: EventSink>(
        &mut self,
        sq: Square,
        left: u8,
        heading: Edge,
        t: usize,
        by: Side,
        sink: &mut S,
    ) {
        let card = self.scenario.deck.card(t);
        let id = card.event_id().expect("an Event");
        let (dice, value) = match card.event.as_ref().map(|f| f.effect) {
            Some(Effect::FlyingCar { dice, value, .. }) => (dice, value),
            _ => (0, 8),
        };
        if S::ENABLED {
            sink.event(Event::CarLanded(sq));
        }
        // What follows this landing: the next one, two squares on, or rest.
        if left > 1 {
            let d = heading.dir();
            match sq.step(d).and_then(|s| s.step(d)) {
                Some(next) => self.agenda.push(Step::CarLand {
                    sq: next,
                    left: left - 1,
                    heading,
                    card: t as u8,
                    by,
                }),
                None => self.agenda.push(Step::CarLeft(t as u8)),
            }
        } else {
            self.agenda.push(Step::CarRest { sq, card: t as u8 });
        }
        self.agenda.push(Step::AreaEnd { by, fight: false });
        self.agenda.push(Step::AreaSquares {
            card: id,
            squares: Bitboard::single(sq),
            hit: Hit::Shoot { dice, value },
        });
    }

    // ----- the burning cows (P20) --------------------------------------------------------

    fn cows_card(&self) -> Option<(Square, Side, usize)> {
        let (sq, by) = self.cows?;
        let (t, _) = self.in_play_event(|e| matches!(e, Effect::BurningCows { .. }))?;
        Some((sq, by, t))
    }

    fn cows_enter<R: RngCore + ?Sized, S: EventSink>(
        &mut self,
        t: usize,
        by: Side,
        rng: &mut R,
        sink: &mut S,
    ) {
        let mut d = D8Stream::new(rng);
        let edge_roll = d.roll();
        let pos = d.roll() - 1;
        // R23, P20: near / left / opposite / right, seen from the player who drew it.
        let (near, left) = match by {
            Side::Humans => (Edge::South, Edge::West),
            Side::Martians => (Edge::North, Edge::East),
        };
        let opposite = |e: Edge| match e {
            Edge::North => Edge::South,
            Edge::South => Edge::North,
            Edge::East => Edge::West,
            Edge::West => Edge::East,
        };
        let edge = match edge_roll {
            1 | 2 => near,
            3 | 4 => left,
            5 | 6 => opposite(near),
            _ => opposite(left),
        };
        let sq = match edge {
            Edge::North => square(pos, 7),
            Edge::South => square(pos, 0),
            Edge::West => square(0, pos),
            Edge::East => square(7, pos),
        };
        self.cows = Some((sq, by));
        if S::ENABLED {
            sink.event(Event::CowsEntered(sq));
        }
        self.agenda.push(Step::CowsScatter);
        self.cows_hit(t, sq, by, sink);
    }

    /// The herd moves into `sq`: Rattle each model there, trample those already Rattled
    /// (P20), each trampling a test with its windows before its dice (R30).
    fn cows_hit<S: EventSink>(&mut self, t: usize, sq: Square, by: Side, sink: &mut S) {
        let mut trampled = ModelSet::EMPTY;
        for i in 0..self.n_models {
            let m = ModelId(i);
            if self.models[i as usize].square() != Some(sq) {
                continue;
            }
            if self.models[i as usize].rattled {
                trampled.insert(m);
            } else {
                self.set_rattled(m, true);
                if S::ENABLED {
                    sink.event(Event::Stampeded(m));
                }
            }
        }
        if trampled.any() {
            self.agenda.push(Step::AreaEnd { by, fight: true });
            self.trample_next(t as u8, trampled);
        }
    }

    /// The cows trample the lowest-numbered model of `models` (local Event type `card`):
    /// its windows open, then [`GameState::trample_roll`] rolls.
    fn trample_next(&mut self, card: u8, models: ModelSet) {
        let Some(model) = models.first() else {
            return;
        };
        let rest = models.without(model);
        if rest.any() {
            self.agenda.push(Step::Trample { card, models: rest });
        }
        let id = self
            .scenario
            .deck
            .card(card as usize)
            .event_id()
            .expect("an Event");
        self.test = TestCtx::new(TestKind::Trample { model, card: id });
        self.open_windows();
    }

    /// A trampling (P20): a Fight of the herd's dice against the model's Survive value with
    /// its Fight dice and what the cards changed; the herd rolling more kills it.
    pub(super) fn trample_roll<R: RngCore + ?Sized, S: EventSink>(
        &mut self,
        m: ModelId,
        t: TestCtx,
        rng: &mut R,
        sink: &mut S,
    ) {
        let Some((sq, _, card_type)) = self.cows_card() else {
            return;
        };
        if self.models[m.index()].square() != Some(sq) {
            return;
        }
        let card = self.scenario.deck.card(card_type);
        let id = card.event_id().expect("an Event");
        let (dice, value) = match card.event.as_ref().map(|f| f.effect) {
            Some(Effect::BurningCows { dice, value, .. }) => (dice, value),
            _ => (0, 8),
        };
        if S::ENABLED {
            sink.event(Event::Trampled(m));
        }
        let cows = self.effect_roll(id, sq, Test::Fight, dice, value, rng, sink);
        let survive = self.profile(m).survive;
        let own = (self.fight_dice(m) as i16 + t.mods[1] as i16).clamp(0, 255) as u8;
        let saves = self.roll(m, Test::Survive, own, survive, 0, rng, sink);
        if cows > saves {
            self.area_kills.insert(m);
        }
        if t.played[self.models[m.index()].side.index()].is_some() {
            self.area_blocked.insert(m);
        }
    }

    fn cows_step<S: EventSink>(&mut self, left: u8, dir: u8, sink: &mut S) {
        let Some((sq, by, t)) = self.cows_card() else {
            return;
        };
        let d = Dir::ALL[dir as usize];
        match sq.step(d) {
            None => {
                // Run off the board with movement left: gone (P20).
                self.cows = None;
                self.discard_in_play(|e| matches!(e, Effect::BurningCows { .. }));
                if S::ENABLED {
                    sink.event(Event::CowsLeft);
                }
            }
            Some(_) if !self.map.can_step(sq, d) => {
                if S::ENABLED {
                    sink.event(Event::CowsStopped(sq));
                }
            }
            Some(to) => {
                self.cows = Some((to, by));
                if S::ENABLED {
                    sink.event(Event::CowsMoved { from: sq, to });
                }
                if left > 1 {
                    self.agenda.push(Step::Cows {
                        left: left - 1,
                        dir,
                    });
                }
                self.cows_hit(t, to, by, sink);
            }
        }
    }

    // ----- Civilians (P22) ---------------------------------------------------------------

    fn civilians_arrive<R: RngCore + ?Sized, S: EventSink>(
        &mut self,
        table: [u8; 8],
        rng: &mut R,
        sink: &mut S,
    ) {
        let mut d = D8Stream::new(rng);
        let n = table[d.roll() as usize - 1];
        for _ in 0..n {
            if self.n_civilians as usize >= MAX_CIVILIANS {
                break;
            }
            let taken: Bitboard = self.civilians().iter().copied().collect();
            let free =
                !(self.occ[Side::Humans] | self.occ[Side::Martians] | taken | self.map.blockers());
            if free.is_empty() {
                break;
            }
            loop {
                let row = d.roll() - 1;
                let col = d.roll() - 1;
                let sq = square(col, row);
                if free.contains(sq) {
                    self.civilians[self.n_civilians as usize] = sq;
                    self.n_civilians += 1;
                    if S::ENABLED {
                        sink.event(Event::CivilianPlaced(sq));
                    }
                    break;
                }
            }
        }
        if self.n_civilians == 0 {
            self.discard_in_play(|e| matches!(e, Effect::Civilians { .. }));
        }
    }

    /// P22, P2: a model claims the Civilians in its square, each as a counter of its
    /// side's kind.
    pub(super) fn claim_civilians<S: EventSink>(
        &mut self,
        id: ModelId,
        sq: Square,
        kind: CounterKind,
        sink: &mut S,
    ) {
        let side = self.models[id.index()].side;
        let mut i = 0;
        while i < self.n_civilians as usize {
            if self.civilians[i] != sq {
                i += 1;
                continue;
            }
            self.remove_civilian(i);
            self.claimed[side] += 1;
            if S::ENABLED {
                sink.event(Event::CivilianClaimed(id, kind));
            }
            let awards = self.scenario.sides[side].vp;
            if self.claimed[side] > awards.counters_free {
                self.score(side, awards.counter, VpSource::Counter, sink);
            }
            if self.check_victory(sink) {
                return;
            }
        }
    }

    fn remove_civilian(&mut self, i: usize) {
        let n = self.n_civilians as usize;
        self.civilians.copy_within(i + 1..n, i);
        self.n_civilians -= 1;
        if self.n_civilians == 0 {
            self.discard_in_play(|e| matches!(e, Effect::Civilians { .. }));
        }
    }

    fn civilians_scatter<R: RngCore + ?Sized, S: EventSink>(&mut self, rng: &mut R, sink: &mut S) {
        let mut d = D8Stream::new(rng);
        let mut i = 0;
        while i < self.n_civilians as usize {
            let from = self.civilians[i];
            let dir = Dir::ALL[d.roll() as usize - 1];
            match from.step(dir) {
                None => {
                    self.remove_civilian(i);
                    if S::ENABLED {
                        sink.event(Event::CivilianLeft(from));
                    }
                    continue;
                }
                Some(to) if self.map.can_step(from, dir) => {
                    self.civilians[i] = to;
                    if S::ENABLED {
                        sink.event(Event::CivilianMoved { from, to });
                    }
                }
                Some(_) => {}
            }
            i += 1;
        }
    }

    // ----- the Bug (P21) -----------------------------------------------------------------

    fn bug_card(&self) -> Option<(Square, Side, usize, Effect)> {
        let (sq, by) = self.bug?;
        let (t, e) = self.in_play_event(|e| matches!(e, Effect::Bug { .. }))?;
        Some((sq, by, t, e))
    }

    fn bug_gone<S: EventSink>(&mut self, sink: &mut S) {
        self.bug = None;
        self.discard_in_play(|e| matches!(e, Effect::Bug { .. }));
        if S::ENABLED {
            sink.event(Event::BugGone);
        }
    }

    fn bug_round<R: RngCore + ?Sized, S: EventSink>(&mut self, rng: &mut R, sink: &mut S) {
        let Some((sq, by)) = self.bug else {
            return;
        };
        if self.total(sq) > 0 {
            self.bug_attack(rng, sink);
            return;
        }
        // Scatter one square, ignoring walls; off the board it is gone.
        let dir = Dir::ALL[D8Stream::new(rng).roll() as usize - 1];
        match sq.step(dir) {
            None => self.bug_gone(sink),
            Some(to) => {
                self.bug = Some((to, by));
                if S::ENABLED {
                    sink.event(Event::BugMoved { from: sq, to });
                }
            }
        }
    }

    fn bug_attack<R: RngCore + ?Sized, S: EventSink>(&mut self, rng: &mut R, sink: &mut S) {
        let Some((sq, _)) = self.bug else {
            return;
        };
        let (first, more) = {
            let mut in_square = self.models_in(sq);
            (in_square.next(), in_square.next().is_some())
        };
        let Some(first) = first else {
            return;
        };
        if !more {
            self.bug_target(first, sink);
            return;
        }
        let chooser = if D8Stream::new(rng).roll() <= 4 {
            Side::Humans
        } else {
            Side::Martians
        };
        self.phase = Phase::BugTarget(chooser);
    }

    pub(super) fn bug_target<S: EventSink>(&mut self, id: ModelId, sink: &mut S) {
        if S::ENABLED {
            sink.event(Event::BugAttacks(id));
        }
        if self.models[id.index()].rattled {
            self.bug_test(id, Defence::Survive);
        } else {
            self.phase = Phase::BugDefence(id);
        }
    }

    /// The Bug's attack on `target`, met with `defence`, waits for its windows (R28, R30).
    pub(super) fn bug_test(&mut self, target: ModelId, defence: Defence) {
        let Some((_, _, t, _)) = self.bug_card() else {
            self.phase = Phase::Busy;
            return;
        };
        let card = self.scenario.deck.card(t).event_id().expect("an Event");
        self.test = TestCtx::new(TestKind::Bug {
            model: target,
            card,
            defence,
        });
        self.open_windows();
    }

    /// The Bug's Fight (P21): its dice against the target's Fight dice at its Fight or
    /// Survive value, with what the cards changed.
    pub(super) fn bug_fight<R: RngCore + ?Sized, S: EventSink>(
        &mut self,
        target: ModelId,
        defence: Defence,
        test: TestCtx,
        rng: &mut R,
        sink: &mut S,
    ) {
        let Some((sq, by, t, Effect::Bug { dice, value, .. })) = self.bug_card() else {
            return;
        };
        let id = self.scenario.deck.card(t).event_id().expect("an Event");
        let bug = self.effect_roll(id, sq, Test::Fight, dice, value, rng, sink);
        let p = self.profile(target);
        let (v, roll) = match defence {
            Defence::Fight => (p.fight, Test::Fight),
            Defence::Survive => (p.survive, Test::Survive),
        };
        let own_dice = (self.fight_dice(target) as i16 + test.mods[1] as i16).clamp(0, 255) as u8;
        let own = self.roll(target, roll, own_dice, v, 0, rng, sink);
        let beaten = defence == Defence::Fight && own > bug;
        self.agenda.push(Step::BugAfter { target, beaten });
        if bug > own {
            self.mark_kills(ModelSet::single(target), by, true, test.played);
        }
    }

    fn bug_after<R: RngCore + ?Sized, S: EventSink>(
        &mut self,
        target: ModelId,
        beaten: bool,
        rng: &mut R,
        sink: &mut S,
    ) {
        if beaten {
            self.bug_gone(sink);
            return;
        }
        let Some((_, by)) = self.bug else {
            return;
        };
        if self.models[target.index()].square().is_none() {
            return; // killed: the Bug stays
        }
        // Snatched: a D8 for row and column, again while full or blocked (P21).
        let mut d = D8Stream::new(rng);
        let mut to = None;
        for _ in 0..256 {
            let row = d.roll() - 1;
            let col = d.roll() - 1;
            let sq = square(col, row);
            if !self.map.blockers().contains(sq) && self.total(sq) < CAPACITY {
                to = Some(sq);
                break;
            }
        }
        let Some(to) = to else {
            return;
        };
        self.remove(target);
        self.models[target.index()].loc = super::Loc::Waiting;
        self.put(target, to);
        self.bug = Some((to, by));
        if S::ENABLED {
            sink.event(Event::BugSnatched(target, to));
        }
    }

    /// May `shooter` on `sq` Shoot the Bug (P21)?
    pub(super) fn may_shoot_bug(&self, shooter: ModelId, sq: Square) -> bool {
        let Some((bug_sq, _)) = self.bug else {
            return false;
        };
        let side = self.models[shooter.index()].side;
        bug_sq != sq
            && self.count[side.other()][sq.index()] == 0
            && self.count[side][bug_sq.index()] == 0
            && self.map.seen_from(sq).contains(bug_sq)
            && sq.range(bug_sq) <= self.profile(shooter).range
    }

    /// Whether the acting model may attack the Bug in a Fight (R27): it stands in the
    /// Bug's square with no enemy model there, and has not Shot or Aimed in this action.
    pub(super) fn may_fight_bug(&self, act: super::Act, sq: Square) -> bool {
        let Some((bug_sq, _)) = self.bug else {
            return false;
        };
        let side = self.models[act.model.index()].side;
        bug_sq == sq && !act.shot && !act.aimed && self.count[side.other()][sq.index()] == 0
    }

    /// The Bug Survives a model's Shoot test, or its Fight roll (`fight`), with its own dice
    /// (P21, R27); it never fights back and is removed when the attack wins. No VP.
    pub(super) fn bug_survives<R: RngCore + ?Sized, S: EventSink>(
        &mut self,
        shooter: ModelId,
        hits: u8,
        fight: bool,
        rng: &mut R,
        sink: &mut S,
    ) {
        let Some((
            sq,
            _,
            t,
            Effect::Bug {
                survive_dice,
                survive_value,
                ..
            },
        )) = self.bug_card()
        else {
            return;
        };
        let id = self.scenario.deck.card(t).event_id().expect("an Event");
        let saves = self.effect_roll(
            id,
            sq,
            Test::Survive,
            survive_dice,
            survive_value,
            rng,
            sink,
        );
        let killed = hits > saves;
        if S::ENABLED {
            sink.event(if fight {
                Event::FoughtBug {
                    attacker: shooter,
                    killed,
                }
            } else {
                Event::ShotBug { shooter, killed }
            });
        }
        if killed {
            self.bug_gone(sink);
        }
    }
}

fn spot_dir(spot: Spot) -> Option<Dir> {
    match spot {
        Spot::RowDir(_, e) | Spot::ColumnDir(_, e) | Spot::SquareDir(_, e) => Some(e.dir()),
        _ => None,
    }
}
