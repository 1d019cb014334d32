//! Ten-Minute Takedown's table seen from above, to scale from the layout: the table's
//! edge, the targets as concentric rings coloured by the pieces that remain with their
//! icon drawn and named, the saucers in their seats' colours with each Base marked, the
//! die (its footprint turned as it lies, its up icon), and the line of a shot being aimed.

use eframe::egui::{self, Align2, Color32, FontId, Pos2, Rect, Shape, Stroke, Vec2};

use super::theme;
use takedown::game::Game;
use takedown::geometry::{Point, Pose, up_face};
use takedown::pieces::{Icon, PieceKind};

/// The felt of the table and its edge.
pub const FELT: Color32 = Color32::from_rgb(0x2e, 0x4a, 0x36);
/// A target's outer ring, middle ring and centre disc.
pub const PIECE_FILLS: [Color32; 3] = [
    Color32::from_rgb(0xc8, 0x3c, 0x32),
    Color32::from_rgb(0xe8, 0xe2, 0xd0),
    Color32::from_rgb(0x2a, 0x5e, 0xb8),
];
/// Where a claimed piece lay.
const CLAIMED: Color32 = Color32::from_rgba_premultiplied(0, 0, 0, 50);

/// Table millimetres to the screen and back: north up, the whole table fitted in a rect.
#[derive(Clone, Copy, Debug)]
pub struct View {
    pub centre: Pos2,
    /// Points a millimetre.
    pub scale: f32,
}

impl View {
    /// The table of `length` by `width` mm fitted in `rect`.
    pub fn fit(rect: Rect, length: f64, width: f64) -> View {
        let scale = (rect.width() / length as f32).min(rect.height() / width as f32);
        View {
            centre: rect.center(),
            scale: scale.max(0.01),
        }
    }

    pub fn to_screen(&self, p: Point) -> Pos2 {
        self.centre + Vec2::new(p.x as f32, -p.y as f32) * self.scale
    }

    pub fn to_table(&self, p: Pos2) -> Point {
        let d = (p - self.centre) / self.scale;
        Point::new(f64::from(d.x), f64::from(-d.y))
    }

    pub fn len(&self, mm: f64) -> f32 {
        mm as f32 * self.scale
    }
}

/// Draws `game`'s table into `painter`, the die at `die` when it is on the table.
pub fn draw(painter: &egui::Painter, view: View, game: &Game, die: Option<&Pose>) {
    let setup = game.setup();
    let layout = &setup.layout;
    let half = Vec2::new(
        view.len(layout.table.length.0 / 2.0),
        view.len(layout.table.width.0 / 2.0),
    );
    let table = Rect::from_center_size(view.centre, half * 2.0);
    painter.rect_filled(table, 4.0, FELT);
    painter.rect_stroke(
        table,
        4.0,
        Stroke::new(5.0, theme::TABLE_EDGE),
        egui::StrokeKind::Outside,
    );
    // The Bases, beneath the saucers.
    for (i, s) in setup.seats.iter().enumerate() {
        let c = view.to_screen(s.base);
        let r = view.len(layout.saucer_radius());
        painter.circle_stroke(
            c,
            r + 3.0,
            Stroke::new(1.5, theme::seat_color(i).gamma_multiply(0.7)),
        );
        let out = s.side.outward();
        // Beside the Base along its edge: on the table, clear of the shot's line.
        let label = c + Vec2::new(out.1 as f32, out.0 as f32).abs() * (r + 30.0);
        painter.text(
            label,
            Align2::CENTER_CENTER,
            format!("Base {}", i + 1),
            FontId::proportional(12.0),
            theme::seat_color(i),
        );
    }
    for t in &setup.targets {
        let c = view.to_screen(t.centre);
        let top = game.top_piece(t.id);
        for kind in PieceKind::ALL {
            let r = view.len(layout.pieces.of(kind).across.0 / 2.0);
            let remains = top.is_some_and(|top| kind >= top);
            if remains {
                painter.circle(
                    c,
                    r,
                    PIECE_FILLS[kind.index()],
                    Stroke::new(1.0, Color32::BLACK),
                );
            } else if kind == PieceKind::Outer {
                painter.circle_stroke(c, r, Stroke::new(1.0, CLAIMED));
            }
        }
        let r_centre = view.len(layout.pieces.of(PieceKind::Centre).across.0 / 2.0);
        let ink = if top.is_some() {
            Color32::WHITE
        } else {
            theme::MUTED
        };
        icon(painter, c, r_centre * 0.75, t.icon, ink);
    }
    for i in 0..game.players() {
        let seat = takedown::pieces::Seat(i as u8);
        saucer(
            painter,
            view.to_screen(game.saucer(seat)),
            view.len(layout.saucer_radius()),
            view.len(layout.saucer.space.0 / 2.0),
            theme::seat_color(i),
            i,
            !game.is_over() && game.turn() == seat,
        );
    }
    // The targets' names over the saucers, so that one lying by a target hides no name.
    let r_outer = view.len(layout.pieces.of(PieceKind::Outer).across.0 / 2.0);
    for t in &setup.targets {
        painter.text(
            view.to_screen(t.centre) + Vec2::new(0.0, r_outer + 8.0),
            Align2::CENTER_CENTER,
            &t.name,
            FontId::proportional(12.0),
            theme::TEXT,
        );
    }
    if let Some(pose) = die {
        draw_die(painter, view, pose, layout.die.edge.0, &layout.die.faces);
    }
}

/// A saucer token: its disc in the seat's colour, the central space the die starts in, its
/// seat's number; ringed when its seat shoots.
fn saucer(
    painter: &egui::Painter,
    c: Pos2,
    r: f32,
    space: f32,
    color: Color32,
    seat: usize,
    to_shoot: bool,
) {
    painter.circle_filled(c + Vec2::new(1.5, 2.0), r, theme::TOKEN_SHADOW);
    painter.circle(c, r, color, Stroke::new(1.5, Color32::BLACK));
    painter.circle(
        c,
        space,
        color.gamma_multiply(0.55),
        Stroke::new(1.0, Color32::BLACK),
    );
    painter.text(
        c + Vec2::new(0.0, (r + space) / 2.0),
        Align2::CENTER_CENTER,
        (seat + 1).to_string(),
        FontId::proportional(((r - space) * 0.6).max(8.0)),
        Color32::BLACK,
    );
    if to_shoot {
        painter.circle_stroke(c, r + 4.0, Stroke::new(2.5, theme::SELECT));
    }
}

/// The die: its outline seen from above, and the icon of its up face.
fn draw_die(painter: &egui::Painter, view: View, pose: &Pose, edge: f64, faces: &[Icon; 6]) {
    let outline: Vec<Pos2> = pose
        .footprint(edge)
        .into_iter()
        .map(|p| view.to_screen(p))
        .collect();
    let shadow: Vec<Pos2> = outline.iter().map(|p| *p + Vec2::new(2.0, 3.0)).collect();
    painter.add(Shape::convex_polygon(
        shadow,
        theme::DICE_SHADOW,
        Stroke::NONE,
    ));
    painter.add(Shape::convex_polygon(
        outline,
        theme::DICE_FACE,
        Stroke::new(1.0, Color32::BLACK),
    ));
    let up = faces[up_face(pose.rotation) % 6];
    icon(
        painter,
        view.to_screen(pose.at()),
        view.len(edge * 0.32),
        up,
        theme::DICE_INK,
    );
}

/// An icon, drawn in `r` of `c`: the flying saucer (a dome on a disc), the insect (a body
/// with six legs), the robot (a square head with eyes and antenna).
pub fn icon(painter: &egui::Painter, c: Pos2, r: f32, icon: Icon, ink: Color32) {
    let s = Stroke::new((r * 0.16).max(1.0), ink);
    match icon {
        Icon::Saucer => {
            let rim = [c + Vec2::new(-r, 0.2 * r), c + Vec2::new(r, 0.2 * r)];
            painter.line_segment(rim, Stroke::new((r * 0.3).max(1.5), ink));
            painter.circle_stroke(c + Vec2::new(0.0, -0.1 * r), 0.42 * r, s);
            for x in [-0.55, 0.0, 0.55] {
                painter.circle_filled(c + Vec2::new(x * r, 0.55 * r), 0.1 * r, ink);
            }
        }
        Icon::Insect => {
            painter.circle_filled(c + Vec2::new(0.0, -0.55 * r), 0.22 * r, ink);
            painter.add(egui::epaint::EllipseShape::filled(
                c + Vec2::new(0.0, 0.15 * r),
                Vec2::new(0.3 * r, 0.55 * r),
                ink,
            ));
            for y in [-0.15, 0.15, 0.45] {
                for x in [-1.0, 1.0] {
                    painter.line_segment(
                        [
                            c + Vec2::new(0.0, y * r),
                            c + Vec2::new(x * 0.85 * r, (y + 0.2) * r),
                        ],
                        s,
                    );
                }
            }
        }
        Icon::Robot => {
            let head = Rect::from_center_size(c + Vec2::new(0.0, 0.15 * r), Vec2::splat(1.2 * r));
            painter.rect_stroke(head, 1.0, s, egui::StrokeKind::Middle);
            for x in [-0.28, 0.28] {
                painter.circle_filled(c + Vec2::new(x * r, 0.0), 0.13 * r, ink);
            }
            painter.line_segment(
                [c + Vec2::new(0.0, -0.45 * r), c + Vec2::new(0.0, -0.9 * r)],
                s,
            );
            painter.circle_filled(c + Vec2::new(0.0, -0.95 * r), 0.12 * r, ink);
        }
    }
}

/// The line of a shot being aimed from `from`: toward `direction` (radians, counter-
/// clockwise from east), as long as `strength` (0 to 1) makes it, with its arrowhead and
/// its strength written beside it.
pub fn aim_line(painter: &egui::Painter, view: View, from: Point, direction: f64, strength: f64) {
    let a = view.to_screen(from);
    let reach = view.len(60.0 + 440.0 * strength.clamp(0.0, 1.0));
    let d = Vec2::new(direction.cos() as f32, -direction.sin() as f32);
    let b = a + d * reach;
    painter.line_segment([a, b], Stroke::new(3.0, theme::AIM_EDGE));
    let n = Vec2::new(-d.y, d.x);
    painter.add(Shape::convex_polygon(
        vec![b + d * 10.0, b + n * 6.0, b - n * 6.0],
        theme::AIM_EDGE,
        Stroke::NONE,
    ));
    // Beside the line, half-way: clear of the targets the tip points at.
    painter.text(
        a + d * (reach * 0.5) + n * 18.0,
        Align2::CENTER_CENTER,
        format!("{:.0}%", strength * 100.0),
        FontId::proportional(13.0),
        theme::SELECT,
    );
}
