//! The scenario's victory conditions beyond VP (P28-P33): key models whose death or leaving
//! ends the game at once, zones that count only in some Rounds and win when held alone
//! Rounds running, and entries whose Round or edge is drawn at random, with what both sides
//! know of them.
//!
//! A scenario that uses none of these pays nothing for them on the search's path: the key
//! models and the models held on the board are sets of models made when the game starts
//! ([`crate::scenario::ModelMasks`]), each checked with one AND where a model dies
//! or leaves; the zones are looked at only at the end of a Round; drawn entries only at the
//! start of one, and where a model waiting off the board is looked at.

use rand::{Rng, RngCore};

use crate::action::ModelId;
use crate::bitboard::Bitboard;
use crate::scenario::{Entry, MAX_ENTRIES, MAX_WIN_ZONES};
use crate::square::{Edge, Side};

use super::{Event, EventSink, GameState, Outcome, VpSource, WinReason};

/// The entries whose draws a game keeps: each side's, in file order.
pub const ARRIVAL_SLOTS: usize = 2 * MAX_ENTRIES;

/// Where and when one entry's models come on, as far as both sides know it now (P33).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Arrival {
    /// The first Round they may come on in; `None` while it is still to be drawn.
    pub round: Option<u16>,
    /// The edge they come on across; `None` while it is still to be drawn.
    pub edge: Option<Edge>,
    /// The board squares they may step onto; while the edge is still to be drawn, those of
    /// every edge it may be.
    pub squares: Bitboard,
}

/// The slot of `side`'s entry `wave` in [`GameState::arrivals`].
#[inline]
fn slot(side: Side, wave: usize) -> usize {
    side.index() * MAX_ENTRIES + wave
}

/// A draw as kept: the index of the Round drawn and of the edge drawn, plus one (0 is
/// "not drawn yet").
#[inline]
fn pack(round: usize, edge: usize) -> u8 {
    1 + (round | edge << 3) as u8
}

#[inline]
fn unpack(d: u8) -> (usize, usize) {
    let d = usize::from(d - 1);
    (d & 7, d >> 3)
}

impl GameState {
    /// What both sides know now of `side`'s entry `wave` (its index among the side's
    /// entries, in file order), if the side has it.
    pub fn arrival(&self, side: Side, wave: usize) -> Option<Arrival> {
        let e = self.scenario.sides[side].entry.get(wave)?;
        Some(self.arrival_by(side, wave, e))
    }

    /// What both sides know now of the entry `id` comes on by, if it starts off the board.
    pub fn arrival_of(&self, id: ModelId) -> Option<Arrival> {
        let m = self.scenario.models.get(id.index())?;
        let e = self.scenario.entry_of(id.index())?;
        Some(self.arrival_by(m.side, usize::from(m.wave), e))
    }

    fn arrival_by(&self, side: Side, wave: usize, e: &Entry) -> Arrival {
        if !e.is_drawn() {
            return Arrival {
                round: Some(e.round),
                edge: Some(e.edge),
                squares: e.squares,
            };
        }
        match self.arrivals.get(slot(side, wave)).copied().unwrap_or(0) {
            0 => Arrival {
                round: e.rounds.is_empty().then_some(e.round),
                edge: e.edges.is_empty().then_some(e.edge),
                squares: e.squares,
            },
            d => {
                let (r, x) = unpack(d);
                let edge = e.edges.get(x).unwrap_or(e.edge);
                Arrival {
                    round: Some(e.rounds.get(r).unwrap_or(e.round)),
                    edge: Some(edge),
                    squares: if e.edges.is_empty() {
                        e.squares
                    } else {
                        edge.board_squares()
                    },
                }
            }
        }
    }

    /// The entries drawn so far as one number, for telling apart the outcomes of a chance
    /// (0 when the scenario draws none).
    #[inline]
    pub fn arrivals_drawn(&self) -> u128 {
        if !self.masks.draws {
            return 0;
        }
        u128::from_le_bytes(self.arrivals)
    }

    /// For a model coming on by the drawn entry `e`: the Round it may come on from and the
    /// squares it may step onto, once drawn (before, a Round never reached).
    #[inline]
    pub(super) fn drawn_entry(&self, id: ModelId, e: &Entry) -> (u16, Bitboard) {
        let m = &self.scenario.models[id.index()];
        let a = self.arrival_by(m.side, usize::from(m.wave), e);
        (a.round.unwrap_or(u16::MAX), a.squares)
    }

    /// Draw the Round and the edge of every entry that draws them at the start of the
    /// Round now beginning (its `drawn_in`: its earliest, or as many Rounds before as the
    /// scenario announces it), the Round first: once drawn both sides know them (P33).
    pub(super) fn draw_arrivals<R: RngCore + ?Sized, S: EventSink>(
        &mut self,
        rng: &mut R,
        sink: &mut S,
    ) {
        if !self.masks.draws {
            return;
        }
        for side in Side::BOTH {
            let n = self.scenario.sides[side].entry.len().min(MAX_ENTRIES);
            for wave in 0..n {
                let e = self.scenario.sides[side].entry[wave];
                let at = slot(side, wave);
                if !e.is_drawn() || e.drawn_in != self.round || self.arrivals[at] != 0 {
                    continue;
                }
                let draw = |rng: &mut R, n: usize| match n {
                    0 | 1 => 0,
                    n => rng.random_range(0..n as u32) as usize,
                };
                let r = draw(rng, e.rounds.len());
                let x = draw(rng, e.edges.len());
                self.arrivals[at] = pack(r, x);
                if S::ENABLED {
                    let a = self.arrival_by(side, wave, &e);
                    sink.event(Event::ArrivalDrawn {
                        side,
                        wave: wave as u8,
                        round: a.round.unwrap_or(e.round),
                        edge: a.edge.unwrap_or(e.edge),
                    });
                }
            }
        }
    }

    /// A key model has died (P28, P29): if its death names a winner, the game ends at once.
    #[cold]
    pub(super) fn key_model_died<S: EventSink>(&mut self, id: ModelId, sink: &mut S) {
        if let Some(w) = self.scenario.models[id.index()].ends_game.dies {
            self.game_over(Outcome::Win(w, WinReason::KeyModelDied), sink);
        }
    }

    /// A key model has left by its exit (P28): if its leaving names a winner, the game ends
    /// at once.
    #[cold]
    pub(super) fn key_model_left<S: EventSink>(&mut self, id: ModelId, sink: &mut S) {
        if let Some(w) = self.scenario.models[id.index()].ends_game.exits {
            self.game_over(Outcome::Win(w, WinReason::KeyModelLeft), sink);
        }
    }

    /// The end of a Round (P31): each zone that counts this Round and that its side holds
    /// alone scores its VP; each zone that wins when held long enough counts the Rounds
    /// running it has been held, or starts again when it was not. Returns the outcome when
    /// a side (or both at once) has held such a zone long enough.
    pub(super) fn score_holds<S: EventSink>(&mut self, sink: &mut S) -> Option<Outcome> {
        let round = self.round;
        let mut running_slot = 0;
        let mut won = [false; 2];
        for side in Side::BOTH {
            let (mine, theirs) = (self.occ[side], self.occ[side.other()]);
            for i in 0..self.scenario.sides[side].hold.len() {
                let h = self.scenario.sides[side].hold[i];
                let counts = h.counts_in(round);
                let held = counts && h.zone.intersects(mine) && !h.zone.intersects(theirs);
                if held {
                    if S::ENABLED {
                        sink.event(Event::ZoneHeld { side, zone: h.zone });
                    }
                    self.score(side, h.vp, VpSource::Hold, sink);
                }
                let Some(needed) = h.win_after else { continue };
                let at = running_slot;
                running_slot += 1;
                if !counts || at >= MAX_WIN_ZONES {
                    continue;
                }
                let before = self.streaks[at];
                let now = if held { before.saturating_add(1) } else { 0 };
                self.streaks[at] = now;
                if S::ENABLED && (held || before > 0) {
                    sink.event(Event::HoldRunning {
                        side,
                        zone: h.zone,
                        rounds: now,
                        needed,
                    });
                }
                if u16::from(now) >= needed {
                    won[side.index()] = true;
                }
            }
        }
        let (h, m) = (self.vp[Side::Humans], self.vp[Side::Martians]);
        match won {
            [false, false] => None,
            [true, false] => Some(Outcome::Win(Side::Humans, WinReason::HeldZone)),
            [false, true] => Some(Outcome::Win(Side::Martians, WinReason::HeldZone)),
            // Both at once: more VP wins, equal VP is a draw (P31).
            [true, true] if h > m => Some(Outcome::Win(Side::Humans, WinReason::HeldZone)),
            [true, true] if m > h => Some(Outcome::Win(Side::Martians, WinReason::HeldZone)),
            [true, true] => Some(Outcome::Draw),
        }
    }

    /// Rounds running `side`'s hold zone `index` (in the side's `hold`, file order) has
    /// been held alone, for a zone that wins when held long enough (P31); else `None`.
    pub fn hold_running(&self, side: Side, index: usize) -> Option<u8> {
        let mut at = 0;
        for s in Side::BOTH {
            for (i, h) in self.scenario.sides[s].hold.iter().enumerate() {
                if h.win_after.is_none() {
                    continue;
                }
                if s == side && i == index {
                    return self.streaks.get(at).copied();
                }
                at += 1;
            }
        }
        None
    }
}
