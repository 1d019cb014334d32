//! The rules of a Turn and of the game's end (S4-S8) on scripted rolls: a known deal of
//! eight cards for two players, each roll given as the dice that come up.

use std::sync::Arc;

use dice_game::card::{Deck, Difficulty, Kind, Location, Rule, Run};
use dice_game::dice::{Symbol, Tally};
use dice_game::game::{Game, STACKS};
use dice_game::turn::{Action, Decided, Event, Phase};

const DETROIT: usize = 0;
const BOSTON: usize = 1;
const RUSHMORE: usize = 2;
const CLEVELAND: usize = 3;
const INDIANAPOLIS: usize = 4;
const SEATTLE: usize = 5;
const LAS_VEGAS: usize = 6;

fn deck() -> Arc<Deck> {
    use Symbol::*;
    Arc::new(Deck::new(
        "test",
        vec![
            Location::city("Detroit", RayGun, 5, 2, 1),
            Location::city("Boston", RayGun, 6, 2, 0),
            Location::monument("Mount Rushmore", 6, 4, 0),
            Location::new(
                "Cleveland",
                Kind::City,
                &[
                    Run {
                        symbol: RayGun,
                        count: 4,
                    },
                    Run {
                        symbol: Nuke,
                        count: 2,
                    },
                ],
                3,
                1,
            ),
            Location::city("Indianapolis", RayGun, 3, 1, 0).with_rule(Rule::ExtraTurn),
            Location::city("Seattle", RayGun, 3, 1, 0).with_rule(Rule::SetDice(1)),
            Location::city("Las Vegas", RayGun, 3, 4, 0).with_rule(Rule::NukedFirst(1)),
            Location::city("Denver", RayGun, 4, 1, 0),
        ],
    ))
}

/// Stacks: 0 Detroit over Indianapolis, 1 Rushmore over Seattle, 2 Cleveland over Las
/// Vegas, 3 Boston over Denver. Nuke symbols in play: 2 (easy) + 1 + 0 + 1 + 0 = 4.
fn game(difficulty: Difficulty) -> Game {
    Game::dealt(deck(), 2, difficulty, &[0, 4, 2, 5, 3, 6, 1, 7]).unwrap()
}

fn t(m: u8, r: u8, n: u8) -> Tally {
    Tally::new(m, r, n)
}

/// Plays `a` with the dice `rolled`, returning the events.
fn play(g: &mut Game, a: Action, rolled: Tally) -> Vec<Event> {
    let mut events = Vec::new();
    g.play_rolled(a, rolled, |e| events.push(e)).unwrap();
    events
}

/// A Turn that gets nuked at once (10 Nukes), to pass the Turn.
fn pass(g: &mut Game) {
    let s = (0..4).find(|s| g.in_play(*s).is_some()).unwrap() as u8;
    let n = g.dice_for(Action::Target(s));
    play(g, Action::Target(s), t(0, 0, n));
}

#[test]
fn s4_nukes_showing_at_least_the_symbols_in_play_nuke_the_player() {
    let mut g = game(Difficulty::Easy);
    assert_eq!(g.nuke_symbols(), 4); // S4: the difficulty card's 2 and the cards' corners
    // Three Nukes of four symbols: not nuked; the Ray Guns stand.
    let e = play(&mut g, Action::Target(3), t(4, 3, 3));
    assert!(!e.iter().any(|e| matches!(e, Event::Nuked { .. })));
    assert_eq!(g.turn.phase, Phase::Decide);
    // Re-rolling the four Martians: one more Nuke covers the fourth symbol, kept Nukes
    // included. Nothing of the Turn counts.
    let e = play(&mut g, Action::Roll, t(0, 3, 1));
    assert!(e.iter().any(|e| matches!(
        e,
        Event::Nuked {
            nukes: 4,
            symbols: 4,
            ..
        }
    )));
    assert_eq!(g.progress(3, 0), 0);
    assert_eq!(g.player(), 1);
}

#[test]
fn s4_a_rolled_nuke_fills_a_numbered_space_and_still_counts_toward_being_nuked() {
    // Cleveland: 4 Ray Guns then 2 Nukes. On the easy side 2 Nukes fill its spaces and
    // claim it (4 symbols in play).
    let mut g = game(Difficulty::Easy);
    let e = play(&mut g, Action::Target(2), t(4, 4, 2));
    assert!(e.iter().any(|e| matches!(
        e,
        Event::Claimed {
            card: CLEVELAND,
            ..
        }
    )));
    assert_eq!(g.cards_claimed(0), 1);
    assert_eq!(g.in_play(2), Some(LAS_VEGAS));
    // On the hard side (3 symbols), three Nukes nuke the player though they would fill
    // the spaces: numbered spaces never count toward being nuked, but the dice do.
    let mut g = game(Difficulty::Hard);
    assert_eq!(g.nuke_symbols(), 3);
    let e = play(&mut g, Action::Target(2), t(3, 4, 3));
    assert!(e.iter().any(|e| matches!(e, Event::Nuked { .. })));
    assert_eq!(g.cards_claimed(0), 0);
}

#[test]
fn s5_a_roll_that_meets_the_target_must_claim_it_and_the_turn_ends() {
    let mut g = game(Difficulty::Easy);
    // Detroit needs 5 Ray Guns. 3 come up: re-roll the 5 Martians or stop.
    play(&mut g, Action::Target(0), t(5, 3, 2));
    assert_eq!(g.legal(), vec![Action::Roll, Action::Stop]);
    assert_eq!(g.dice_for(Action::Roll), 5); // S5: all the Martians, nothing else
    // Two more Ray Guns claim it: no choice, the Turn ends, the next card is in play.
    let e = play(&mut g, Action::Roll, t(3, 2, 0));
    assert!(e.iter().any(|e| matches!(
        e,
        Event::Claimed {
            card: DETROIT,
            revealed: Some(INDIANAPOLIS),
            emptied: false,
            ..
        }
    )));
    assert_eq!(g.vp(0), 2);
    assert_eq!(g.player(), 1);
    assert_eq!(g.turn.phase, Phase::Target);
}

#[test]
fn s5_with_no_martian_left_the_turn_ends_and_records_what_matched() {
    // A difficulty card of 7 Nukes (11 symbols in play), so that ten dice can show no
    // Martian without claiming Boston or nuking the player.
    let mut d = (*deck()).clone();
    d.difficulty.easy = 7;
    let mut g = Game::dealt(Arc::new(d), 2, Difficulty::Easy, &[0, 4, 2, 5, 3, 6, 1, 7]).unwrap();
    // Boston needs 6: 4 Ray Guns, then the 2 Martians re-rolled show a Ray Gun and a Nuke...
    play(&mut g, Action::Target(3), t(2, 4, 4));
    let e = play(&mut g, Action::Roll, t(0, 1, 1));
    // ...no Martian left: the Turn ends, 5 spaces recorded (S6).
    assert!(e.iter().any(|e| matches!(
        e,
        Event::Recorded {
            card: BOSTON,
            from: 0,
            to: 5,
            ..
        }
    )));
    assert_eq!(g.progress(3, 0), 5);
    assert_eq!(g.player(), 1);
}

#[test]
fn s5_a_monument_is_one_roll_and_its_martians_count() {
    let mut g = game(Difficulty::Easy);
    let e = play(&mut g, Action::Target(1), t(4, 3, 3));
    // No decision: four Martians recorded on Mount Rushmore, Turn over.
    assert!(e.iter().any(|e| matches!(
        e,
        Event::Recorded {
            card: RUSHMORE,
            from: 0,
            to: 4,
            ..
        }
    )));
    assert_eq!(g.player(), 1);
    pass(&mut g);
    // Back on it: two more Martians reach its sixth space and claim it.
    play(&mut g, Action::Target(1), t(2, 5, 3));
    assert_eq!(g.vp(0), 4);
    assert_eq!(g.in_play(1), Some(SEATTLE));
}

#[test]
fn s6_a_token_is_moved_not_added_and_every_token_goes_home_on_a_claim() {
    let mut g = game(Difficulty::Easy);
    play(&mut g, Action::Target(3), t(4, 3, 3));
    play(&mut g, Action::Stop, Tally::EMPTY);
    assert_eq!(g.progress(3, 0), 3);
    assert_eq!(g.tokens_left(0), 3);
    // Player 1 records 2 on Boston too: its own token.
    play(&mut g, Action::Target(3), t(5, 2, 3));
    play(&mut g, Action::Stop, Tally::EMPTY);
    assert_eq!(g.progress(3, 1), 2);
    // Player 0 adds 2 more: the token moves to space 5, no second token.
    let e = play(&mut g, Action::Target(3), t(5, 2, 3));
    assert_eq!(g.turn.from, 3);
    assert_eq!(g.reach(3, 3, g.turn.showing), 5);
    drop(e);
    let e = play(&mut g, Action::Stop, Tally::EMPTY);
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::Recorded { from: 3, to: 5, .. }))
    );
    assert_eq!(g.tokens_left(0), 3);
    // Player 1 claims Boston from 2 with 4 Ray Guns: both tokens go home.
    play(&mut g, Action::Target(3), t(4, 4, 2));
    assert_eq!(g.cards_claimed(1), 1);
    assert_eq!((g.progress(3, 0), g.progress(3, 1)), (0, 0));
    assert_eq!((g.tokens_left(0), g.tokens_left(1)), (4, 4));
}

#[test]
fn s6_being_nuked_records_nothing_and_leaves_earlier_progress_as_it_was() {
    let mut g = game(Difficulty::Easy);
    play(&mut g, Action::Target(3), t(4, 3, 3));
    play(&mut g, Action::Stop, Tally::EMPTY);
    pass(&mut g);
    play(&mut g, Action::Target(3), t(2, 4, 4));
    assert_eq!(g.progress(3, 0), 3);
}

#[test]
fn s7_indianapolis_gives_another_turn_at_once() {
    let mut g = game(Difficulty::Easy);
    play(&mut g, Action::Target(0), t(5, 5, 0)); // Detroit claimed, Indianapolis revealed
    pass(&mut g);
    let e = play(&mut g, Action::Target(0), t(5, 3, 2));
    assert!(e.iter().any(|e| matches!(
        e,
        Event::TurnBegins {
            player: 0,
            extra: true
        }
    )));
    assert_eq!(g.player(), 0);
    assert!(g.in_extra_turn());
}

#[test]
fn s7_seattle_sets_a_die_before_rolling_for_its_owner_only_and_may_be_left_unused() {
    // Seattle on top of stack 1, Mount Rushmore under it.
    let mut g = Game::dealt(deck(), 2, Difficulty::Easy, &[0, 4, 5, 2, 3, 6, 1, 7]).unwrap();
    play(&mut g, Action::Target(1), t(5, 3, 2)); // Seattle claimed
    assert_eq!(g.in_play(1), Some(RUSHMORE));
    assert_eq!((g.set_dice(0), g.set_dice(1)), (1, 0)); // S7: for its claimer
    pass(&mut g);
    // Player 0 targets Boston: the die may be set, or not (S7: green rules are optional).
    play(&mut g, Action::Target(3), Tally::EMPTY);
    assert_eq!(g.turn.phase, Phase::Prepare);
    assert!(g.legal().contains(&Action::Roll));
    assert_eq!(g.dice_for(Action::Roll), 10);
    assert_eq!(g.dice_for(Action::Set(Symbol::RayGun)), 9);
    let e = play(&mut g, Action::Set(Symbol::RayGun), t(4, 3, 2));
    // The set Ray Gun counts as rolled: 4 Ray Guns showing.
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::Rolled { showing, .. } if *showing == t(4, 4, 2)))
    );
    assert_eq!(g.turn.phase, Phase::Decide);
}

#[test]
fn s7_las_vegas_must_be_nuked_before_it_can_be_claimed() {
    let mut g = game(Difficulty::Easy);
    play(&mut g, Action::Target(2), t(4, 4, 2)); // Cleveland claimed, Las Vegas revealed
    assert!(!g.claimable(2));
    // Player 1: three Ray Guns would claim it, but it has not been nuked: one short.
    play(&mut g, Action::Target(2), t(5, 3, 2));
    assert_eq!(g.reach(2, 0, g.turn.showing), 2);
    play(&mut g, Action::Stop, Tally::EMPTY);
    assert_eq!(g.progress(2, 1), 2);
    // Player 0 is nuked attacking it: a mark. Nuke symbols now 2 + 1 + 0 + 0 + 0 = 3.
    let e = play(&mut g, Action::Target(2), t(3, 4, 3));
    assert!(e.iter().any(|e| matches!(
        e,
        Event::Nuked {
            marks: Some((1, 1)),
            ..
        }
    )));
    assert!(g.claimable(2));
    // Player 1 needs one more Ray Gun from its token on 2, and claims it.
    play(&mut g, Action::Target(2), t(7, 1, 2));
    assert_eq!(g.vp(1), 4);
}

#[test]
fn s8_the_round_is_finished_after_a_stack_empties_and_ties_go_by_cards_then_turn_order() {
    // Player 0 empties stack 0 (Detroit, then Indianapolis): player 1 still plays.
    let mut g = game(Difficulty::Easy);
    play(&mut g, Action::Target(0), t(5, 5, 0)); // Detroit, 2 VP
    pass(&mut g);
    play(&mut g, Action::Target(0), t(7, 3, 0)); // Indianapolis, 1 VP: an extra Turn
    assert!(g.last_round());
    assert!(!g.is_over());
    assert_eq!(g.player(), 0); // S7's extra Turn comes first
    pass(&mut g);
    assert_eq!(g.player(), 1); // the Round is finished
    assert!(!g.is_over());
    play(&mut g, Action::Target(3), t(4, 6, 0)); // Boston, 2 VP
    assert!(g.is_over()); // before the first player's next Turn
    assert_eq!(g.winner(), Some(0));
    assert_eq!(g.decided(), Some(Decided::Vp));

    // Tied on VP (3 each), player 0 with 2 cards against 1: most cards wins.
    let mut g = game(Difficulty::Easy);
    play(&mut g, Action::Target(0), t(5, 5, 0)); // player 0: Detroit, 2 VP
    play(&mut g, Action::Target(2), t(4, 4, 2)); // player 1: Cleveland, 3 VP
    play(&mut g, Action::Target(0), t(7, 3, 0)); // player 0: Indianapolis, 1 VP
    assert!(g.last_round());
    pass(&mut g); // player 0's extra Turn
    pass(&mut g); // player 1
    assert!(g.is_over());
    assert_eq!((g.vp(0), g.vp(1)), (3, 3));
    assert_eq!(g.winner(), Some(0));
    assert_eq!(g.decided(), Some(Decided::Cards));

    // Tied on VP (3) and cards (2): the tied player latest in turn order wins.
    let mut g = game(Difficulty::Easy);
    play(&mut g, Action::Target(0), t(5, 5, 0)); // player 0: Detroit, 2 VP
    pass(&mut g);
    pass(&mut g); // player 0: nuked at Indianapolis
    play(&mut g, Action::Target(3), t(4, 6, 0)); // player 1: Boston, 2 VP
    play(&mut g, Action::Target(0), t(7, 3, 0)); // player 0: Indianapolis, stack 0 empty
    assert!(g.last_round());
    pass(&mut g); // the extra Turn
    play(&mut g, Action::Target(3), t(6, 4, 0)); // player 1: Denver, 1 VP
    assert!(g.is_over());
    assert_eq!((g.vp(0), g.vp(1)), (3, 3));
    assert_eq!((g.cards_claimed(0), g.cards_claimed(1)), (2, 2));
    assert_eq!(g.winner(), Some(1));
    assert_eq!(g.decided(), Some(Decided::TurnOrder));
}

#[test]
fn a_seeded_game_replays_exactly() {
    use ai::Player;
    use rand::SeedableRng;
    let run = |seed: u64| {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut g = Game::new(deck(), 2, Difficulty::Easy, &mut rng).unwrap();
        let mut p = dice_game::players::Greedy;
        let mut log = Vec::new();
        while !g.is_over() {
            let a = p.choose(&g, &mut rng).unwrap();
            g.play(a, &mut rng, |e| log.push(format!("{e:?}"))).unwrap();
            assert!(log.len() < 100_000);
        }
        log
    };
    assert_eq!(run(7), run(7));
    assert_ne!(run(7), run(8));
}

#[test]
fn an_illegal_decision_is_refused_and_changes_nothing() {
    let mut g = game(Difficulty::Easy);
    let before = g.clone();
    let e = g
        .play_rolled(Action::Stop, Tally::EMPTY, |_| {})
        .unwrap_err();
    assert!(
        e.to_string().contains("`stop` is not a decision open now"),
        "{e}"
    );
    let e = g
        .play_rolled(Action::Target(0), t(1, 1, 1), |_| {})
        .unwrap_err();
    assert!(
        e.to_string().contains("rolls 10 dice, not the 3 given"),
        "{e}"
    );
    assert_eq!(g, before);
}

#[test]
fn a_stack_that_does_not_exist_has_no_card_in_play() {
    let g = game(Difficulty::Easy);
    for s in 0..STACKS {
        assert!(g.in_play(s).is_some(), "stack {s} has a card at the start");
    }
    assert_eq!(g.in_play(STACKS), None);
    assert_eq!(g.in_play(usize::MAX), None);
}

#[test]
fn the_timid_player_stops_after_its_first_roll_every_turn() {
    use ai::Player;
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let mut g = Game::new(deck(), 2, Difficulty::Easy, &mut rng).unwrap();
    let mut timid = dice_game::players::Timid;
    let mut stops = 0;
    while !g.is_over() {
        let to_move = g.player();
        let phase = g.turn.phase;
        let a = timid.choose(&g, &mut rng).unwrap();
        // After a roll that neither claimed nor nuked (S5) it always stops; before one,
        // it never stops (a Turn's first roll is the only one it takes).
        if phase == Phase::Decide {
            assert_eq!(a, Action::Stop, "player {to_move} re-rolled");
            stops += 1;
        } else {
            assert_ne!(a, Action::Stop);
        }
        g.play(a, &mut rng, |_| {}).unwrap();
    }
    // Stopping is how it records progress: a whole game holds some.
    assert!(stops > 0);
}
