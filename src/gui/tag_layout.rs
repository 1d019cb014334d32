//! Where the board's small labels go: each as near as it can be to the point it belongs
//! to, never over another label, and over no token while a free spot is left.

use eframe::egui::{Pos2, Rect, Vec2, vec2};

/// A label to place: the point it wants its centre at, the way it may slide first (along
/// its line, towards where the line comes from), and its size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Want {
    pub at: Pos2,
    /// Where the label may slide along its line, a point-offset at the far end; zero
    /// for a label with no line.
    pub along: Vec2,
    pub size: Vec2,
}

/// The room kept between two labels, and between a label and a token, in points.
const GAP: f32 = 2.0;
/// The step between two spots tried, in points.
const STEP: f32 = 4.0;

/// The spots tried for a label, nearest first: along its line, then on rings around the
/// point it wants, out to the far side of `within`.
fn spots(want: &Want, within: Rect) -> impl Iterator<Item = Pos2> + '_ {
    let len = want.along.length();
    let slides = (len / STEP) as usize;
    let along = (0..=slides).map(move |k| want.at + want.along * (k as f32 * STEP / len.max(1.0)));
    let reach = within.size().length();
    let rings = (reach / STEP) as usize;
    let around = (1..=rings).flat_map(move |k| {
        let r = k as f32 * STEP;
        let n = ((std::f32::consts::TAU * r / STEP) as usize).max(8);
        (0..n).map(move |i| {
            let a = std::f32::consts::TAU * i as f32 / n as f32;
            want.at + vec2(a.cos(), a.sin()) * r
        })
    });
    along.chain(around)
}

/// Places each label in turn: the first spot (see [`spots`]) that lies within `within`,
/// clear of the labels already placed and of `tokens`; failing that, the first clear of the
/// labels only; failing that (no room for it anywhere in `within`), where it wants to be.
pub fn place(wants: &[Want], tokens: &[Rect], within: Rect) -> Vec<Rect> {
    let mut placed: Vec<Rect> = Vec::with_capacity(wants.len());
    for want in wants {
        let at = |p: Pos2| Rect::from_center_size(p, want.size);
        let fits = |r: &Rect| within.contains_rect(*r);
        let clear_of =
            |r: &Rect, others: &[Rect]| others.iter().all(|o| !r.expand(GAP).intersects(*o));
        let mut of_labels_only: Option<Rect> = None;
        let mut chosen: Option<Rect> = None;
        for p in spots(want, within) {
            let r = at(p);
            if !fits(&r) || !clear_of(&r, &placed) {
                continue;
            }
            if clear_of(&r, tokens) {
                chosen = Some(r);
                break;
            }
            of_labels_only.get_or_insert(r);
        }
        placed.push(chosen.or(of_labels_only).unwrap_or_else(|| at(want.at)));
    }
    placed
}

#[cfg(test)]
mod tests {
    use super::*;
    use eframe::egui::pos2;

    fn overlap(a: &Rect, b: &Rect) -> bool {
        a.intersects(*b)
    }

    #[test]
    fn a_label_with_room_stays_where_it_wants() {
        let within = Rect::from_min_size(pos2(0.0, 0.0), vec2(400.0, 400.0));
        let want = Want {
            at: pos2(100.0, 100.0),
            along: vec2(-50.0, 0.0),
            size: vec2(60.0, 14.0),
        };
        let r = place(&[want], &[], within);
        assert_eq!(r, vec![Rect::from_center_size(want.at, want.size)]);
    }

    #[test]
    fn labels_wanting_one_spot_are_spread_clear_of_each_other_and_of_the_tokens() {
        let within = Rect::from_min_size(pos2(0.0, 0.0), vec2(400.0, 400.0));
        // Five labels want the same point; four tokens sit around it.
        let wants: Vec<Want> = (0..5)
            .map(|_| Want {
                at: pos2(200.0, 200.0),
                along: vec2(0.0, 60.0),
                size: vec2(80.0, 26.0),
            })
            .collect();
        let tokens: Vec<Rect> = [
            (185.0, 185.0),
            (215.0, 185.0),
            (185.0, 215.0),
            (215.0, 215.0),
        ]
        .iter()
        .map(|&(x, y)| Rect::from_center_size(pos2(x, y), vec2(30.0, 30.0)))
        .collect();
        let placed = place(&wants, &tokens, within);
        assert_eq!(placed.len(), 5);
        for (i, a) in placed.iter().enumerate() {
            assert!(within.contains_rect(*a), "{a:?} leaves the board");
            for t in &tokens {
                assert!(!overlap(a, t), "label {i} {a:?} covers the token {t:?}");
            }
            for b in &placed[i + 1..] {
                assert!(!overlap(a, b), "{a:?} and {b:?} overlap");
            }
        }
        // The first slides along its line, the nearest spot clear of the tokens.
        assert!(placed[0].center().x == 200.0 && placed[0].center().y > 215.0);
    }

    #[test]
    fn with_no_spot_clear_of_tokens_labels_still_never_overlap_each_other() {
        let within = Rect::from_min_size(pos2(0.0, 0.0), vec2(400.0, 120.0));
        let wants: Vec<Want> = (0..4)
            .map(|i| Want {
                at: pos2(40.0 + 30.0 * i as f32, 30.0),
                along: Vec2::ZERO,
                size: vec2(90.0, 20.0),
            })
            .collect();
        // A token over the whole board: every spot is on it.
        let tokens = [within];
        let placed = place(&wants, &tokens, within);
        for (i, a) in placed.iter().enumerate() {
            for b in &placed[i + 1..] {
                assert!(!overlap(a, b), "{a:?} and {b:?} overlap");
            }
        }
    }
}
