//! The whole game (S3-S8): four stacks of as many cards as players, their top cards in play
//! with the difficulty card; Turns in seat order from the first player (seat 0); tokens
//! and progress; claimed cards; the last Round once a stack is empty; the winner by VP,
//! then cards, then the latest in turn order.
//!
//! Every die is rolled with the generator handed to [`Game::play`], never stored, so a
//! seed and the decisions replay a game exactly; [`Game::play_rolled`] plays a decision
//! with the dice given instead, for scripted games.

use std::sync::Arc;

use rand::RngCore;

use crate::card::{Deck, Difficulty, Location, MAX_LOCATIONS, Rule};
use crate::dice::{DICE, Symbol, Tally, roll};
use crate::error::{DealError, PlayError};
use crate::turn::{Action, Decided, Event, Phase, Turn};

/// Stacks dealt in the centre of the table (S3).
pub const STACKS: usize = 4;
/// The most players (S3).
pub const MAX_PLAYERS: usize = 6;
/// Players a game may have (S3).
pub const PLAYERS: std::ops::RangeInclusive<usize> = 2..=MAX_PLAYERS;
/// Player tokens each player has (S6).
pub const TOKENS: u8 = 4;

/// A stack of face-down cards with its top card face up: deck indices, bottom first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct Stack {
    cards: [u8; MAX_PLAYERS],
    len: u8,
}

impl Stack {
    fn top(&self) -> Option<usize> {
        (self.len > 0).then(|| usize::from(self.cards[usize::from(self.len) - 1]))
    }
}

/// A game of Mars Attacks: The Dice Game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    deck: Arc<Deck>,
    difficulty: Difficulty,
    players: u8,
    stacks: [Stack; STACKS],
    /// The cards left in the box, unseen (S3).
    out: [u8; MAX_LOCATIONS],
    out_len: u8,
    /// Each player's token on each stack's card in play: the space it covers, 0 for none.
    progress: [[u8; MAX_PLAYERS]; STACKS],
    /// Times each card in play was nuked while targeted (P25).
    marks: [u8; STACKS],
    /// The cards each player has claimed, as bits of deck indices.
    claimed: [u64; MAX_PLAYERS],
    /// Whose Turn it is.
    player: u8,
    pub turn: Turn,
    /// A stack is empty: the game ends before the first player's next Turn (S8).
    last_round: bool,
    /// The Turn under way earned an extra Turn for its player (S7).
    extra_pending: bool,
    /// The Turn under way is an extra Turn.
    in_extra: bool,
    /// Turns completed.
    turns: u32,
    winner: Option<u8>,
    decided: Option<Decided>,
}

impl Game {
    /// A new game for `players` (2 to 6) with the deck shuffled by `rng` and dealt into four
    /// stacks of `players` cards, the rest left in the box unseen (S3).
    pub fn new<R: RngCore + ?Sized>(
        deck: Arc<Deck>,
        players: usize,
        difficulty: Difficulty,
        rng: &mut R,
    ) -> Result<Game, DealError> {
        let mut order: Vec<usize> = (0..deck.locations.len()).collect();
        for i in (1..order.len()).rev() {
            let j = ((u128::from(rng.next_u64()) * (i as u128 + 1)) >> 64) as usize;
            order.swap(i, j);
        }
        Game::dealt(deck, players, difficulty, &order)
    }

    /// A game dealt in the order given: stack `s` (0 to 3) holds `order[s * players ..]`,
    /// its first card on top; the rest of `order` is left in the box.
    pub fn dealt(
        deck: Arc<Deck>,
        players: usize,
        difficulty: Difficulty,
        order: &[usize],
    ) -> Result<Game, DealError> {
        if !PLAYERS.contains(&players) {
            return Err(DealError::Players(players));
        }
        let n = deck.locations.len();
        if n > MAX_LOCATIONS {
            return Err(DealError::TooManyLocations(n));
        }
        if n < STACKS * players {
            return Err(DealError::TooFewLocations {
                players,
                deck: deck.name.clone(),
                locations: n,
            });
        }
        crate::claimable::check_can_end(&deck, players, difficulty)?;
        let mut seen = vec![false; n];
        if order.len() != n
            || order
                .iter()
                .any(|&c| c >= n || std::mem::replace(&mut seen[c], true))
        {
            return Err(DealError::Order(n));
        }
        let mut stacks = [Stack::default(); STACKS];
        for (s, stack) in stacks.iter_mut().enumerate() {
            let cards = &order[s * players..(s + 1) * players];
            for (i, c) in cards.iter().rev().enumerate() {
                stack.cards[i] = *c as u8;
            }
            stack.len = players as u8;
        }
        let mut out = [0u8; MAX_LOCATIONS];
        let rest = &order[STACKS * players..];
        for (i, c) in rest.iter().enumerate() {
            out[i] = *c as u8;
        }
        Ok(Game {
            deck,
            difficulty,
            players: players as u8,
            stacks,
            out,
            out_len: rest.len() as u8,
            progress: [[0; MAX_PLAYERS]; STACKS],
            marks: [0; STACKS],
            claimed: [0; MAX_PLAYERS],
            player: 0,
            turn: Turn::default(),
            last_round: false,
            extra_pending: false,
            in_extra: false,
            turns: 0,
            winner: None,
            decided: None,
        })
    }

    // ----- what the players see ----------------------------------------------------------

    pub fn deck(&self) -> &Arc<Deck> {
        &self.deck
    }

    pub fn card(&self, index: usize) -> &Location {
        &self.deck.locations[index]
    }

    pub fn difficulty(&self) -> Difficulty {
        self.difficulty
    }

    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// Whose Turn it is.
    pub fn player(&self) -> usize {
        usize::from(self.player)
    }

    /// The card in play on stack `s`, by its deck index; `None` once the stack is empty, or
    /// when there is no stack `s`.
    pub fn in_play(&self, s: usize) -> Option<usize> {
        self.stacks.get(s).and_then(|stack| stack.top())
    }

    /// Cards left in stack `s`, the one in play included.
    pub fn stack_len(&self, s: usize) -> usize {
        usize::from(self.stacks[s].len)
    }

    /// The space player `p`'s token covers on stack `s`'s card (0: no token there).
    pub fn progress(&self, s: usize, p: usize) -> u8 {
        self.progress[s][p]
    }

    /// Times stack `s`'s card was nuked while targeted (P25).
    pub fn marks(&self, s: usize) -> u8 {
        self.marks[s]
    }

    /// Tokens player `p` has not placed (S6).
    pub fn tokens_left(&self, p: usize) -> u8 {
        TOKENS - (0..STACKS).filter(|s| self.progress[*s][p] > 0).count() as u8
    }

    /// The cards player `p` has claimed, by deck index.
    pub fn claimed(&self, p: usize) -> impl Iterator<Item = usize> + '_ {
        let bits = self.claimed[p];
        (0..self.deck.locations.len()).filter(move |i| bits >> i & 1 == 1)
    }

    pub fn cards_claimed(&self, p: usize) -> u32 {
        self.claimed[p].count_ones()
    }

    /// Player `p`'s VP: the VP of the cards it has claimed.
    pub fn vp(&self, p: usize) -> u32 {
        self.claimed(p).map(|c| u32::from(self.card(c).vp)).sum()
    }

    /// Dice player `p` may set before rolling: the set-dice rules of its claimed cards
    /// (S7, P26).
    pub fn set_dice(&self, p: usize) -> u8 {
        let n: u8 = self
            .claimed(p)
            .filter_map(|c| match self.card(c).rule {
                Some(Rule::SetDice(k)) => Some(k),
                _ => None,
            })
            .sum();
        n.min(DICE)
    }

    /// The Nuke symbols in the lower-right corners of the cards in play, the difficulty
    /// card included: the Nukes that nuke a player (S4).
    pub fn nuke_symbols(&self) -> u8 {
        let cards: u8 = (0..STACKS)
            .filter_map(|s| self.in_play(s))
            .map(|c| self.card(c).nukes)
            .sum();
        cards + self.deck.difficulty_nukes(self.difficulty)
    }

    /// Whether stack `s`'s card may be claimed now (a card to be nuked first, P25).
    pub fn claimable(&self, s: usize) -> bool {
        match self.in_play(s).and_then(|c| self.card(c).rule) {
            Some(Rule::NukedFirst(n)) => self.marks[s] >= n,
            _ => true,
        }
    }

    /// The space of stack `s`'s card a player reaches from `from` with the dice `showing`:
    /// one short of the last while the card may not be claimed yet (P25).
    pub fn reach(&self, s: usize, from: u8, showing: Tally) -> u8 {
        let Some(c) = self.in_play(s) else { return 0 };
        let card = self.card(c);
        let r = card.reach(from, showing);
        if self.claimable(s) {
            r
        } else {
            r.min(card.requirement() - 1)
        }
    }

    /// A stack is empty: this Round is the last (S8).
    pub fn last_round(&self) -> bool {
        self.last_round
    }

    /// The Turn under way is an extra Turn (S7).
    pub fn in_extra_turn(&self) -> bool {
        self.in_extra
    }

    /// Turns completed.
    pub fn turns(&self) -> u32 {
        self.turns
    }

    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }

    pub fn winner(&self) -> Option<usize> {
        self.winner.map(usize::from)
    }

    pub fn decided(&self) -> Option<Decided> {
        self.decided
    }

    /// The decisions open now, in a fixed order.
    pub fn legal(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_each(|a| out.push(a));
        out
    }

    /// Hands each decision open now to `f`, in the order of [`Game::legal`], allocating
    /// nothing.
    pub fn legal_each(&self, mut f: impl FnMut(Action)) {
        if self.is_over() {
            return;
        }
        match self.turn.phase {
            Phase::Target => {
                for s in 0..STACKS {
                    if self.in_play(s).is_some() {
                        f(Action::Target(s as u8));
                    }
                }
            }
            Phase::Prepare => {
                for x in Symbol::ALL {
                    f(Action::Set(x));
                }
                f(Action::Roll);
            }
            Phase::Decide => {
                f(Action::Roll);
                f(Action::Stop);
            }
        }
    }

    pub fn is_legal(&self, a: Action) -> bool {
        let mut ok = false;
        self.legal_each(|b| ok |= a == b);
        ok
    }

    /// How many dice `a` rolls now (0 for a decision that rolls none).
    pub fn dice_for(&self, a: Action) -> u8 {
        let t = &self.turn;
        match (t.phase, a) {
            (Phase::Target, Action::Target(_)) if self.set_dice(self.player()) == 0 => DICE,
            (Phase::Prepare, Action::Roll) => DICE - t.set.total(),
            (Phase::Prepare, Action::Set(_))
                if t.set.total() + 1 >= self.set_dice(self.player()) =>
            {
                DICE - t.set.total() - 1
            }
            (Phase::Decide, Action::Roll) => t.showing.martians(),
            _ => 0,
        }
    }

    // ----- playing -----------------------------------------------------------------------

    /// Plays a legal decision, its dice rolled with `rng`; each event goes to `on`. An
    /// illegal decision is refused and changes nothing.
    pub fn play<R: RngCore + ?Sized>(
        &mut self,
        a: Action,
        rng: &mut R,
        on: impl FnMut(Event),
    ) -> Result<(), PlayError> {
        if !self.is_legal(a) {
            return Err(self.illegal(a));
        }
        self.step(a, |n| roll(n, rng), on);
        Ok(())
    }

    /// Plays a legal decision with its dice coming up as `rolled` (they must be as many as
    /// [`Game::dice_for`] says): a scripted roll.
    pub fn play_rolled(
        &mut self,
        a: Action,
        rolled: Tally,
        on: impl FnMut(Event),
    ) -> Result<(), PlayError> {
        if !self.is_legal(a) {
            return Err(self.illegal(a));
        }
        let n = self.dice_for(a);
        if rolled.total() != n {
            return Err(PlayError::WrongDice {
                action: a,
                needs: n,
                given: rolled.total(),
            });
        }
        self.step(a, |_| rolled, on);
        Ok(())
    }

    fn illegal(&self, a: Action) -> PlayError {
        if self.is_over() {
            return PlayError::Over;
        }
        PlayError::NotOpen {
            action: a,
            open: self.legal(),
        }
    }

    /// Plays `a`, legal, drawing dice from `roll`.
    fn step(&mut self, a: Action, mut roll: impl FnMut(u8) -> Tally, mut on: impl FnMut(Event)) {
        let p = self.player();
        match a {
            Action::Target(s) => {
                let s = usize::from(s);
                self.turn.target = s as u8;
                self.turn.from = self.progress[s][p];
                on(Event::Targeted {
                    player: p,
                    stack: s,
                    card: self.in_play(s).expect("a card in play"),
                });
                if self.set_dice(p) > 0 {
                    self.turn.phase = Phase::Prepare;
                } else {
                    self.roll_dice(Tally::EMPTY, &mut roll, &mut on);
                }
            }
            Action::Set(x) => {
                self.turn.set.add(x, 1);
                on(Event::Set {
                    player: p,
                    symbol: x,
                });
                if self.turn.set.total() >= self.set_dice(p) {
                    self.roll_dice(self.turn.set, &mut roll, &mut on);
                }
            }
            Action::Roll => {
                let kept = match self.turn.phase {
                    Phase::Prepare => self.turn.set,
                    _ => {
                        let mut k = self.turn.showing;
                        k.set(Symbol::Martian, 0);
                        k
                    }
                };
                self.roll_dice(kept, &mut roll, &mut on);
            }
            Action::Stop => {
                self.record(&mut on);
                self.end_turn(&mut on);
            }
        }
    }

    /// Rolls the dice not `kept`, then the roll is resolved: nuked, a claim, a Turn that
    /// must end, or a decision to make (S4, S5).
    fn roll_dice(
        &mut self,
        kept: Tally,
        roll: &mut impl FnMut(u8) -> Tally,
        on: &mut impl FnMut(Event),
    ) {
        let p = self.player();
        let rolled = roll(DICE - kept.total());
        let showing = kept.plus(rolled);
        self.turn.showing = showing;
        self.turn.rolls += 1;
        on(Event::Rolled {
            player: p,
            rolled,
            showing,
        });
        let s = usize::from(self.turn.target);
        let c = self.in_play(s).expect("the target is in play");
        let card = self.card(c);
        let symbols = self.nuke_symbols();
        if showing.nukes() >= symbols {
            // S4: nothing of the Turn counts. A card to be nuked first counts it (P25).
            let marks = match card.rule {
                Some(Rule::NukedFirst(n)) => {
                    self.marks[s] = self.marks[s].saturating_add(1);
                    Some((self.marks[s], n))
                }
                _ => None,
            };
            on(Event::Nuked {
                player: p,
                card: c,
                nukes: showing.nukes(),
                symbols,
                marks,
            });
            self.end_turn(on);
            return;
        }
        let one_roll = card.one_roll();
        let requirement = card.requirement();
        if self.reach(s, self.turn.from, showing) >= requirement {
            self.claim(s, on);
            self.end_turn(on);
        } else if one_roll || showing.martians() == 0 {
            // A card that counts Martians takes one roll; with no Martian to re-roll the
            // Turn ends (S5).
            self.record(on);
            self.end_turn(on);
        } else {
            self.turn.phase = Phase::Decide;
        }
    }

    /// The Turn ends without a claim: its matching symbols are recorded with a token (S6).
    fn record(&mut self, on: &mut impl FnMut(Event)) {
        let p = self.player();
        let s = usize::from(self.turn.target);
        let c = self.in_play(s).expect("the target is in play");
        let from = self.turn.from;
        let to = self.reach(s, from, self.turn.showing);
        if to <= from {
            on(Event::NothingMatched { player: p, card: c });
        } else if from > 0 || self.tokens_left(p) > 0 {
            self.progress[s][p] = to;
            on(Event::Recorded {
                player: p,
                card: c,
                from,
                to,
            });
        } else {
            on(Event::NoToken {
                player: p,
                card: c,
                reached: to,
            });
        }
    }

    /// The target is claimed: every token on it goes home, the next card of its stack is
    /// turned over, an emptied stack starts the last Round (S5, S6, S8).
    fn claim(&mut self, s: usize, on: &mut impl FnMut(Event)) {
        let p = self.player();
        let c = self.in_play(s).expect("the target is in play");
        self.claimed[p] |= 1 << c;
        self.progress[s] = [0; MAX_PLAYERS];
        self.marks[s] = 0;
        self.stacks[s].len -= 1;
        let emptied = self.stacks[s].len == 0;
        if emptied {
            self.last_round = true;
        }
        if self.card(c).rule == Some(Rule::ExtraTurn) {
            self.extra_pending = true;
        }
        on(Event::Claimed {
            player: p,
            card: c,
            revealed: self.in_play(s),
            emptied,
        });
    }

    /// The next Turn: the same player's after an extra Turn was earned, else the next
    /// seat's; or the end of the game when play comes back to the first player with a stack
    /// empty, or no card is left in play (S8, P27).
    fn end_turn(&mut self, on: &mut impl FnMut(Event)) {
        self.turns += 1;
        let extra = std::mem::take(&mut self.extra_pending);
        let next = if extra {
            self.player
        } else {
            (self.player + 1) % self.players
        };
        self.turn = Turn::default();
        if self.last_round && !extra && next == 0 {
            self.finish(Decided::Vp, on);
            return;
        }
        if (0..STACKS).all(|s| self.in_play(s).is_none()) {
            self.finish(Decided::NoCardLeft, on);
            return;
        }
        self.player = next;
        self.in_extra = extra;
        on(Event::TurnBegins {
            player: usize::from(next),
            extra,
        });
    }

    /// Most VP wins; then most cards claimed; then the tied player latest in turn order
    /// (S8).
    fn finish(&mut self, why: Decided, on: &mut impl FnMut(Event)) {
        let n = self.players();
        let best_vp = (0..n).map(|p| self.vp(p)).max().unwrap_or(0);
        let tied: Vec<usize> = (0..n).filter(|p| self.vp(*p) == best_vp).collect();
        let best_cards = tied
            .iter()
            .map(|p| self.cards_claimed(*p))
            .max()
            .unwrap_or(0);
        let still: Vec<usize> = tied
            .iter()
            .copied()
            .filter(|p| self.cards_claimed(*p) == best_cards)
            .collect();
        let winner = *still.last().expect("players");
        let decided = match (why, tied.len(), still.len()) {
            (Decided::NoCardLeft, _, _) => Decided::NoCardLeft,
            (_, 1, _) => Decided::Vp,
            (_, _, 1) => Decided::Cards,
            _ => Decided::TurnOrder,
        };
        self.winner = Some(winner as u8);
        self.decided = Some(decided);
        on(Event::GameOver { winner, decided });
    }

    // ----- hidden information ------------------------------------------------------------

    /// How many cards no player has seen: those under the top of each stack and those left
    /// in the box. Public: every player can count them.
    pub fn unseen(&self) -> usize {
        let under: usize = self
            .stacks
            .iter()
            .map(|s| usize::from(s.len.saturating_sub(1)))
            .sum();
        under + usize::from(self.out_len)
    }

    /// The unseen cards shuffled among their places with `rng`, the same number of draws
    /// whatever they are: what a player may assume about the stacks (the fairness contract of
    /// `ai::Game::determinize`).
    pub fn shuffle_unseen<R: RngCore + ?Sized>(&mut self, rng: &mut R) {
        let mut cards = [0u8; MAX_LOCATIONS];
        let mut n = 0;
        for st in &self.stacks {
            for i in 0..usize::from(st.len.saturating_sub(1)) {
                cards[n] = st.cards[i];
                n += 1;
            }
        }
        for i in 0..usize::from(self.out_len) {
            cards[n] = self.out[i];
            n += 1;
        }
        for i in (1..n).rev() {
            let j = ((u128::from(rng.next_u64()) * (i as u128 + 1)) >> 64) as usize;
            cards.swap(i, j);
        }
        let mut k = 0;
        for st in &mut self.stacks {
            for i in 0..usize::from(st.len.saturating_sub(1)) {
                st.cards[i] = cards[k];
                k += 1;
            }
        }
        for i in 0..usize::from(self.out_len) {
            self.out[i] = cards[k];
            k += 1;
        }
    }

    /// The cards under stack `s`'s top, next to be turned over first: hidden from every
    /// player (for tests and the end-of-game display only).
    ///
    /// A test API: the tests check or arrange positions with it; the program does not call it.
    pub fn hidden_stack(&self, s: usize) -> Vec<usize> {
        let st = &self.stacks[s];
        (0..usize::from(st.len.saturating_sub(1)))
            .rev()
            .map(|i| usize::from(st.cards[i]))
            .collect()
    }
}
