//! Mars Attacks: The Dice Game at the table, without a window: a seeded game of AI seats
//! played to its end and replayed exactly from its seed and decisions; a person's decision
//! that is not open refused with the reason, changing nothing; the odds shown against a
//! count of every way ten dice fall; and the end's words against the tie-breaks worked out
//! here from the VP and cards.

use std::time::{Duration, Instant};

use ai::Player;
use dice_game::card::Difficulty;
use dice_game::deck_file::stand_in_deck;
use dice_game::dice::Symbol;
use dice_game::game::Game;
use dice_game::table::DiceGameTable;
use dice_game::table::setup::{AiLevel, DiceGameSetup, Seat};
use dice_game::table::words::{grouped, odds_words, result_words, standings};
use dice_game::turn::{Action, Decided, Phase};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn setup(seats: &[Seat], seed: u64) -> DiceGameSetup {
    DiceGameSetup {
        seats: seats.to_vec(),
        seed,
        ..DiceGameSetup::default()
    }
}

/// Ticks the table until `done` holds, the AI deciding on its thread meanwhile.
fn tick_until(t: &mut DiceGameTable, what: &str, done: impl Fn(&DiceGameTable) -> bool) {
    let start = Instant::now();
    while !done(t) {
        t.tick();
        assert!(t.error().is_none(), "{:?}", t.error());
        std::thread::sleep(Duration::from_micros(200));
        assert!(
            start.elapsed() < Duration::from_secs(300),
            "timed out waiting for {what}"
        );
    }
}

/// The winner as the rules rank the seats, worked out here: most VP, then most cards,
/// then the latest in turn order.
fn winner_by_hand(g: &Game) -> usize {
    let mut best = 0;
    for p in 1..g.players() {
        let a = (g.vp(p), g.cards_claimed(p));
        let b = (g.vp(best), g.cards_claimed(best));
        if a >= b {
            best = p;
        }
    }
    best
}

#[test]
fn a_seeded_table_of_ai_seats_plays_to_its_end_and_replays_from_its_seed() {
    let s = setup(
        &[
            Seat::Ai(AiLevel::Greedy),
            Seat::Ai(AiLevel::Random),
            Seat::Ai(AiLevel::Iterations(40)),
        ],
        11,
    );
    let mut t = DiceGameTable::new(s.clone()).unwrap();
    t.ai_delay = Duration::ZERO;
    // The deal is the seed's: the game's one generator shuffled the deck first.
    let dealt = Game::new(
        stand_in_deck(),
        3,
        Difficulty::Easy,
        &mut ChaCha8Rng::seed_from_u64(11),
    )
    .unwrap();
    assert_eq!(t.game(), &dealt);
    tick_until(&mut t, "the game to end", |t| t.game().is_over());
    let g = t.game().clone();
    let winner = g.winner().unwrap();
    assert_eq!(winner, winner_by_hand(&g));
    assert_eq!(standings(&g)[0].seat, winner);
    // A stack was emptied (or none is left), and the Round played out to seat 1's Turn.
    assert!(g.last_round(), "the game ended without an empty stack");
    let log = t.log();
    assert_eq!(
        log.last().unwrap().text,
        format!("The game is over. The winner: {}", t.name(winner))
    );
    assert!(
        log.iter()
            .any(|l| l.text.starts_with("Martian 1 (greedy) rolled ten dice: "))
    );
    assert!(log.iter().any(|l| l.text.contains(" claimed ")), "{log:?}");
    // The AI reported its last decision, which was the game's last.
    let c = t.considered().unwrap();
    assert_eq!(c.chose, *t.decisions().last().unwrap());
    // The same set-up and decisions: the same game, dice and log, decision for decision.
    let again = DiceGameTable::replay(s.clone(), t.decisions()).unwrap();
    assert_eq!(again.game(), &g);
    assert_eq!(again.log(), log);
    // The AI's seeds are the table's too: the same seed plays the same game again.
    let mut second = DiceGameTable::new(s.clone()).unwrap();
    second.ai_delay = Duration::ZERO;
    tick_until(&mut second, "the second game to end", |t| {
        t.game().is_over()
    });
    assert_eq!(second.decisions(), t.decisions());
    // A decision list that goes wrong says where.
    let mut bad = t.decisions()[..2].to_vec();
    bad.push(Action::Target(9));
    let e = DiceGameTable::replay(s, &bad).err().unwrap();
    assert!(e.to_string().starts_with("decision 3 (target 10): "), "{e}");
}

#[test]
fn a_persons_decision_that_is_not_open_is_refused_with_the_reason_and_changes_nothing() {
    // A seed whose first roll at a card of Ray Guns leaves the Turn to decide.
    let (mut t, target) = (1..200)
        .find_map(|seed| {
            let mut t = DiceGameTable::new(setup(&[Seat::Person, Seat::Ai(AiLevel::Greedy)], seed))
                .unwrap();
            let g = t.game().clone();
            let s = (0..4).find(|s| !g.card(g.in_play(*s).unwrap()).one_roll())?;
            t.decide(Action::Target(s as u8)).unwrap();
            (t.game().turn.phase == Phase::Decide).then_some((t, s))
        })
        .expect("a seed leaves a Turn to decide");
    let refused = |t: &mut DiceGameTable, a: Action, says: &str| {
        let (game, log, decisions) = (t.game().clone(), t.log().to_vec(), t.decisions().len());
        let e = t.decide(a).unwrap_err();
        assert!(e.to_string().contains(says), "{a}: {e}");
        assert_eq!(t.game(), &game, "{a} changed the game");
        assert_eq!(t.log(), log, "{a} changed the log");
        assert_eq!(t.decisions().len(), decisions);
    };
    let name = t
        .game()
        .card(t.game().in_play(target).unwrap())
        .name
        .clone();
    let other = ((target + 1) % 4) as u8;
    refused(
        &mut t,
        Action::Target(other),
        &format!("this Turn's target is {name}: re-roll the Martians, or stop"),
    );
    refused(
        &mut t,
        Action::Set(Symbol::RayGun),
        "cannot set a die to Ray Gun: dice are set only before the first roll",
    );
    // Stop: the Turn ends, the AI's seat decides, and a person's click there is refused.
    t.decide(Action::Stop).unwrap();
    assert_eq!(t.game().player(), 1);
    refused(
        &mut t,
        Action::Target(0),
        "it is Martian 2 (greedy)'s decision, not a person's",
    );
    t.ai_delay = Duration::ZERO;
    tick_until(&mut t, "the AI's Turn", |t| t.persons_decision());
    // At the start of a Turn, a roll or a stop needs a target; there are four stacks.
    refused(
        &mut t,
        Action::Roll,
        "cannot roll 10 dice: declare a target first: click a card in play",
    );
    refused(&mut t, Action::Stop, "declare a target first");
    refused(&mut t, Action::Target(4), "there are 4 stacks, not 5");
}

#[test]
fn the_odds_at_the_table_match_a_count_of_every_way_ten_dice_fall() {
    let mut t = DiceGameTable::new(setup(&[Seat::Person, Seat::Ai(AiLevel::Random)], 3)).unwrap();
    let g = t.game().clone();
    let symbols = u32::from(g.nuke_symbols());
    let mut checked = 0;
    for s in 0..4 {
        let card = g.card(g.in_play(s).unwrap());
        if card.spaces.len() != 1 || card.spaces[0].symbol != Symbol::RayGun || card.rule.is_some()
        {
            continue;
        }
        // Ray Guns only: each of the 3^10 sequences of faces, judged by the rules' words.
        let need = u32::from(card.requirement());
        let (mut claim, mut more, mut same, mut nuked) = (0u64, 0u64, 0u64, 0u64);
        for code in 0..59_049u32 {
            let (mut guns, mut nukes, mut x) = (0, 0, code);
            for _ in 0..10 {
                match x % 3 {
                    1 => guns += 1,
                    2 => nukes += 1,
                    _ => {}
                }
                x /= 3;
            }
            if nukes >= symbols {
                nuked += 1;
            } else if guns >= need {
                claim += 1;
            } else if guns > 0 {
                more += 1;
            } else {
                same += 1;
            }
        }
        let o = t.odds(s).unwrap();
        assert_eq!(
            (
                o.next.ways,
                o.next.claim,
                o.next.more,
                o.next.same,
                o.next.nuked
            ),
            (59_049, claim, more, same, nuked),
            "{}",
            card.name
        );
        let words = odds_words(&o).join("\n");
        assert!(
            words.contains(&format!(
                "claims the card: {:.2}% ({} ways)",
                100.0 * claim as f64 / 59_049.0,
                grouped(claim)
            )),
            "{words}"
        );
        assert!(
            words.contains("out of the 59,049 ways they fall"),
            "{words}"
        );
        checked += 1;
    }
    assert!(checked > 0, "seed 3 deals a card of Ray Guns alone");
    // Once the Turn has a target, only the target has a roll to weigh.
    let s = (0..4)
        .find(|s| !g.card(g.in_play(*s).unwrap()).one_roll())
        .unwrap();
    t.decide(Action::Target(s as u8)).unwrap();
    if t.game().turn.phase == Phase::Decide {
        let m = t.game().turn.showing.martians();
        let o = t.odds(s).unwrap();
        assert_eq!((o.rolling, o.next.ways), (m, 3u64.pow(u32::from(m))));
        assert!(t.odds((s + 1) % 4).is_none());
    }
    assert_eq!(grouped(1_234_567), "1,234,567");
    assert_eq!(grouped(999), "999");
}

#[test]
fn the_end_says_which_tie_break_decided_it() {
    // Random tables, until each way a game is decided has come up.
    let mut seen = [false; 3];
    for seed in 0..3000u64 {
        let n = 2 + (seed % 3) as usize;
        let s = setup(&vec![Seat::Ai(AiLevel::Random); n], seed);
        let (mut g, mut rng) = s.new_game().unwrap();
        let mut p = dice_game::players::player("random").unwrap();
        let mut choices = ChaCha8Rng::seed_from_u64(seed);
        while !g.is_over() {
            let a = p.choose(&g, &mut choices).unwrap();
            g.play(a, &mut rng, |_| {}).unwrap();
        }
        let w = g.winner().unwrap();
        assert_eq!(w, winner_by_hand(&g));
        let words = result_words(&g, &s);
        let name = s.name(w);
        let (vp, cards) = (g.vp(w), g.cards_claimed(w));
        let tied_vp = (0..n).filter(|p| g.vp(*p) == vp).count();
        let tied_both = (0..n)
            .filter(|p| g.vp(*p) == vp && g.cards_claimed(*p) == cards)
            .count();
        let kind = match (tied_vp, tied_both) {
            (1, _) => {
                assert!(words[0].starts_with(&format!("Most VP: {name} with {vp} (next: ")));
                0
            }
            (_, 1) => {
                assert!(
                    words[0].contains(&format!(
                        "tie on {vp} VP. Most cards claimed: {name} with {cards}"
                    )),
                    "{words:?}"
                );
                1
            }
            _ => {
                assert!(
                    words[0].contains(&format!(
                        "tie on {vp} VP and {cards} cards each. The tied player latest in turn \
                         order wins: {name} (seat {} of {n})",
                        w + 1
                    )),
                    "{words:?}"
                );
                2
            }
        };
        seen[kind] = true;
        let end = if g.decided() == Some(Decided::NoCardLeft) {
            "no card is left"
        } else {
            "the Round was played out"
        };
        assert!(words[1].contains(end), "{words:?}");
        if seen.iter().all(|x| *x) {
            return;
        }
    }
    panic!("3000 random games did not show every tie-break: {seen:?}");
}

#[test]
fn how_a_game_ends_is_said_at_set_up_and_the_stack_that_runs_out_is_named_when_it_does() {
    use dice_game::game::STACKS;
    use dice_game::table::words::{event_words, how_it_ends};
    use dice_game::turn::Event;
    // Said before the first Turn, for the game's number of players: a stack holds a card
    // a player (S3), so two players can end a game after two claims.
    for n in 2..=4 {
        let t = DiceGameTable::new(setup(&vec![Seat::Ai(AiLevel::Random); n], 1)).unwrap();
        let first = &t.log()[0];
        assert_eq!(first.text, how_it_ends(n));
        assert!(first.seat.is_none() && !first.heading);
        assert!(
            first
                .text
                .contains(&format!("holds {n} cards, one a player"))
        );
        assert!(first.text.contains(&format!("after {n} cards claimed")));
        assert_eq!(t.log()[1].text, format!("Turn 1: {}", t.setup.name(0)));
    }
    // Two-player games played out: the claim that empties a stack names it, and it is the
    // stack whose cards are all gone.
    let mut named = 0;
    for seed in 0..200u64 {
        let s = setup(
            &[Seat::Ai(AiLevel::Random), Seat::Ai(AiLevel::Random)],
            seed,
        );
        let (mut g, mut rng) = s.new_game().unwrap();
        let mut p = dice_game::players::player("random").unwrap();
        let mut choices = ChaCha8Rng::seed_from_u64(seed);
        while !g.is_over() {
            let a = p.choose(&g, &mut choices).unwrap();
            let before = g.clone();
            let mut events = Vec::new();
            g.play(a, &mut rng, |e| events.push(e)).unwrap();
            for e in &events {
                if let Event::Claimed {
                    card,
                    emptied: true,
                    ..
                } = e
                {
                    let stack = (0..STACKS)
                        .find(|k| before.in_play(*k) == Some(*card))
                        .unwrap();
                    assert_eq!(g.stack_len(stack), 0);
                    let words = event_words(&before, &s, e);
                    assert!(
                        words.contains(&format!(
                            "Stack {} is empty: this Round is the last",
                            stack + 1
                        )),
                        "{words}"
                    );
                    named += 1;
                }
            }
        }
    }
    assert!(
        named > 100,
        "most two-player games end by a stack run out: {named}"
    );
}
