//! An area attack's odds in words, for the choices a Support call or a card's play offers
//! on the board (R28, R30, P14): what each side is expected to suffer, and a warning for
//! every own model it may catch, with its chance.

use rules::action::Action;
use rules::area_forecast::{AreaForecast, area_forecast};
use rules::cards::{Failed, Hit};
use rules::{GameState, Side};

use super::forecast::{after, percent};

/// What a model caught suffers, as a past participle.
fn effect(f: &AreaForecast) -> &'static str {
    match f.hit {
        Hit::Shoot { .. } => "killed",
        Hit::Survive(Failed::Activated) => "activated",
        Hit::Survive(Failed::Rattled) => "Rattled",
    }
}

/// The odds of the area attack `plan` ends with, for `side` (the side calling or playing
/// it): `expected killed: Martians 0.8, yours 0.2; catches your own m2 (killed 31%)`;
/// none when the plan does not end with an area attack.
pub fn area_odds_text(g: &GameState, plan: &[Action], side: Side) -> Option<String> {
    let (&last, before) = plan.split_last()?;
    let at = after(g, before)?;
    let f = area_forecast(&at, last)?;
    let verb = effect(&f);
    let mut text = format!(
        "expected {verb}: {} {:.1}, yours {:.1}",
        side.other().title(),
        f.expected[side.other()],
        f.expected[side]
    );
    let own: Vec<String> = f
        .caught_of(&at, side)
        .map(|c| format!("{} ({verb} {})", c.model, percent(c.suffers)))
        .collect();
    if !own.is_empty() {
        text.push_str(&format!("; catches your own {}", own.join(", ")));
    }
    Some(text)
}
