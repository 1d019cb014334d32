//! An area attack's choices on the board say what each side is expected to suffer and
//! warn of own models caught, with the numbers the exact odds give (R28, R30, P14).

use mars_attacks::rules::Side::{Humans as H, Martians as M};
use mars_attacks::rules::action::Action;
use mars_attacks::rules::odds::shoot;
use mars_attacks::table::area_words::area_odds_text;

use crate::common::*;

#[test]
fn a_support_call_shows_the_toll_on_each_side_and_warns_of_own_models_caught() {
    // The Artillery Strike laid at level 3 aims at a square and its 8 neighbours (R21),
    // 5 dice at 5+ against each model's Survive (3 dice at 6+, a Martian's armour 1).
    let mut g = setup(
        &[
            Place(H, "soldier", "h8"),
            Place(H, "soldier", "b2"),
            Place(M, "martian", "c3"),
            Place(M, "martian", "d4"),
            Place(M, "martian", "f3"),
        ],
        0,
    );
    g.edit().set(H, card("artillery-strike"), 3);
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    let call = |text: &str| {
        let a: Action = text.parse().unwrap();
        assert!(legal.contains(&a), "{text} is legal");
        a
    };
    let soldier = shoot(5, 5, 3, 6, 0).kill;
    let martian = shoot(5, 5, 3, 6, 1).kill;
    // On c3: two Martians (c3, d4) and the Soldier on b2 caught.
    let text = area_odds_text(&g, &[call("call artillery-strike c3")], H).unwrap();
    assert_eq!(
        text,
        format!(
            "expected killed: Martians {:.1}, yours {:.1}; catches your own m2 (killed {})",
            2.0 * martian,
            soldier,
            mars_attacks::table::forecast::percent(soldier)
        )
    );
    // On g3: only f3's Martian, no warning.
    let text = area_odds_text(&g, &[call("call artillery-strike g3")], H).unwrap();
    assert_eq!(
        text,
        format!("expected killed: Martians {martian:.1}, yours 0.0")
    );
    // Not an area attack: nothing to say.
    assert_eq!(area_odds_text(&g, &[Action::Pass], H), None);
}
