//! The report's charts as SVG, drawn by plotters: each side's win rate, the games'
//! lengths, the VP by Round of a scenario, and the players' ratings.

use plotters::prelude::*;

use super::chart_error::{ChartError, chart_error};
use super::summary::{ScenarioSummary, Summary};

const HUMANS: RGBColor = RGBColor(0x2f, 0x6f, 0xb5);
const MARTIANS: RGBColor = RGBColor(0x3c, 0xa0, 0x3c);
const DRAWS: RGBColor = RGBColor(0x99, 0x99, 0x99);

/// Win rate of each side (and draws) with the Wilson intervals, as SVG.
pub fn side_chart(sc: &ScenarioSummary) -> Result<String, ChartError> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (420, 300)).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let bars = [
            ("Humans", &sc.humans, HUMANS),
            ("Martians", &sc.martians, MARTIANS),
            ("draws", &sc.draws, DRAWS),
        ];
        let mut chart = ChartBuilder::on(&root)
            .caption("Wins by side (95% interval)", ("sans-serif", 16))
            .margin(10)
            .x_label_area_size(30)
            .y_label_area_size(45)
            .build_cartesian_2d(-0.5f64..2.5f64, 0f64..1f64)
            .map_err(chart_error)?;
        chart
            .configure_mesh()
            .max_light_lines(0)
            .disable_x_mesh()
            .x_labels(3)
            .x_label_formatter(&|x| {
                let i = x.round();
                if (x - i).abs() < 0.01 && (0.0..3.0).contains(&i) {
                    bars[i as usize].0.to_string()
                } else {
                    String::new()
                }
            })
            .y_label_formatter(&|y| format!("{:.0}%", y * 100.0))
            .y_desc("share of finished games")
            .draw()
            .map_err(chart_error)?;
        chart
            .draw_series(bars.iter().enumerate().map(|(i, (_, r, c))| {
                let x = i as f64;
                Rectangle::new([(x - 0.3, 0.0), (x + 0.3, r.rate)], c.filled())
            }))
            .map_err(chart_error)?;
        chart
            .draw_series(bars.iter().enumerate().map(|(i, (_, r, _))| {
                ErrorBar::new_vertical(i as f64, r.low, r.rate, r.high, BLACK.stroke_width(2), 12)
            }))
            .map_err(chart_error)?;
        root.present().map_err(chart_error)?;
    }
    Ok(svg)
}

/// Histogram of the Round games ended in, as SVG.
pub fn length_chart(sc: &ScenarioSummary) -> Result<String, ChartError> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (420, 300)).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let last = sc
            .length_histogram
            .iter()
            .map(|(r, _)| *r)
            .max()
            .unwrap_or(1);
        let most = sc
            .length_histogram
            .iter()
            .map(|(_, n)| *n)
            .max()
            .unwrap_or(1);
        let mut chart = ChartBuilder::on(&root)
            .caption("Game length", ("sans-serif", 16))
            .margin(10)
            .x_label_area_size(45)
            .y_label_area_size(45)
            .build_cartesian_2d(0.5f64..f64::from(last) + 0.5, 0f64..f64::from(most) * 1.1)
            .map_err(chart_error)?;
        chart
            .configure_mesh()
            .max_light_lines(0)
            .disable_x_mesh()
            .x_labels(usize::from(last).min(20))
            .x_label_formatter(&|x| format!("{:.0}", x))
            .y_label_formatter(&|y| format!("{:.0}", y))
            .x_desc("Round the game ended in")
            .y_desc("games")
            .draw()
            .map_err(chart_error)?;
        chart
            .draw_series(sc.length_histogram.iter().map(|&(r, n)| {
                let x = f64::from(r);
                Rectangle::new([(x - 0.4, 0.0), (x + 0.4, f64::from(n))], DRAWS.filled())
            }))
            .map_err(chart_error)?;
        root.present().map_err(chart_error)?;
    }
    Ok(svg)
}

/// Mean VP of each side at the end of each Round, as SVG.
pub fn vp_chart(sc: &ScenarioSummary) -> Result<String, ChartError> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (420, 300)).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let rounds = sc.mean_vp_by_round.len().max(1);
        let top = sc
            .mean_vp_by_round
            .iter()
            .map(|(h, m)| h.max(*m))
            .fold(1.0, f64::max);
        let mut chart = ChartBuilder::on(&root)
            .caption("Mean VP at the end of each Round", ("sans-serif", 16))
            .margin(10)
            .x_label_area_size(45)
            .y_label_area_size(45)
            .build_cartesian_2d(0.5f64..rounds as f64 + 0.5, 0f64..top * 1.1)
            .map_err(chart_error)?;
        chart
            .configure_mesh()
            .max_light_lines(0)
            .x_labels(rounds.min(20))
            .x_label_formatter(&|x| format!("{:.0}", x))
            .y_label_formatter(&|y| format!("{:.1}", y))
            .x_desc("Round")
            .y_desc("VP")
            .draw()
            .map_err(chart_error)?;
        for (name, colour, pick) in [("Humans", HUMANS, 0usize), ("Martians", MARTIANS, 1usize)] {
            let points: Vec<(f64, f64)> = sc
                .mean_vp_by_round
                .iter()
                .enumerate()
                .map(|(i, (h, m))| ((i + 1) as f64, if pick == 0 { *h } else { *m }))
                .collect();
            chart
                .draw_series(LineSeries::new(points.clone(), colour.stroke_width(2)))
                .map_err(chart_error)?
                .label(name)
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2))
                });
            chart
                .draw_series(points.iter().map(|&p| Circle::new(p, 3, colour.filled())))
                .map_err(chart_error)?;
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()
            .map_err(chart_error)?;
        root.present().map_err(chart_error)?;
    }
    Ok(svg)
}

/// Ratings with their intervals, as SVG.
pub fn rating_chart(s: &Summary) -> Result<String, ChartError> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (640, 300)).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let n = s.players.len().max(1);
        let low = s.players.iter().map(|p| p.elo_low).fold(1500.0, f64::min) - 50.0;
        let high = s.players.iter().map(|p| p.elo_high).fold(1500.0, f64::max) + 50.0;
        let names: Vec<String> = s.players.iter().map(|p| p.player.clone()).collect();
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "Player ratings (95% bootstrap interval)",
                ("sans-serif", 16),
            )
            .margin(10)
            .x_label_area_size(30)
            .y_label_area_size(50)
            .build_cartesian_2d(-0.5f64..n as f64 - 0.5, low..high)
            .map_err(chart_error)?;
        chart
            .configure_mesh()
            .max_light_lines(0)
            .disable_x_mesh()
            .x_labels(n)
            .x_label_formatter(&|x| {
                let i = x.round();
                if (x - i).abs() < 0.01 && i >= 0.0 && (i as usize) < names.len() {
                    names[i as usize].clone()
                } else {
                    String::new()
                }
            })
            .y_label_formatter(&|y| format!("{:.0}", y))
            .y_desc("rating")
            .draw()
            .map_err(chart_error)?;
        chart
            .draw_series(s.players.iter().enumerate().map(|(i, p)| {
                ErrorBar::new_vertical(
                    i as f64,
                    p.elo_low,
                    p.elo,
                    p.elo_high,
                    HUMANS.stroke_width(2),
                    14,
                )
            }))
            .map_err(chart_error)?;
        chart
            .draw_series(
                s.players
                    .iter()
                    .enumerate()
                    .map(|(i, p)| Circle::new((i as f64, p.elo), 4, HUMANS.filled())),
            )
            .map_err(chart_error)?;
        root.present().map_err(chart_error)?;
    }
    Ok(svg)
}
