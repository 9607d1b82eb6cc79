//! A bar chart as an SVG picture: one group of bars per label (a value of
//! the objective), one bar per series (e.g. symmetry classes and boards),
//! each series scaled to its own largest count and each bar labelled with
//! its count, so a class of 1 stays visible beside one of 48,722.

use std::fmt::Write;

/// One series of counts, one per label.
#[derive(Clone, Debug)]
pub struct Series {
    /// The series' name, in the legend.
    pub name: String,
    /// The counts, in the order of the labels.
    pub counts: Vec<u64>,
}

const BAR: f64 = 28.0;
const GAP: f64 = 18.0;
const HEIGHT: f64 = 220.0;
const TOP: f64 = 50.0;
const LEFT: f64 = 20.0;
const COLOURS: [&str; 4] = ["#4a78c2", "#e0913a", "#5aa55a", "#b0508a"];

/// The chart titled `title` of `series` over `labels`.
pub fn histogram_svg(title: &str, axis: &str, labels: &[String], series: &[Series]) -> String {
    let per_group = BAR * series.len().max(1) as f64 + GAP;
    let width = LEFT * 2.0 + per_group * labels.len().max(1) as f64 + 160.0;
    let total_height = TOP + HEIGHT + 60.0;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{total_height:.0}\" \
         font-family=\"sans-serif\" font-size=\"12\">"
    );
    let _ = writeln!(
        svg,
        "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n<text x=\"{LEFT}\" y=\"24\" font-size=\"16\">{}</text>",
        escape(title)
    );
    let base = TOP + HEIGHT;
    for (s, one) in series.iter().enumerate() {
        let largest = one.counts.iter().copied().max().unwrap_or(0).max(1) as f64;
        let colour = COLOURS[s % COLOURS.len()];
        for (i, &count) in one.counts.iter().enumerate().take(labels.len()) {
            let x = LEFT + per_group * i as f64 + BAR * s as f64;
            let h = (HEIGHT - 20.0) * count as f64 / largest;
            let h = if count > 0 { h.max(1.5) } else { 0.0 };
            let _ = writeln!(
                svg,
                "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{h:.1}\" fill=\"{colour}\"><title>{}: {count}</title></rect>",
                base - h,
                BAR - 2.0,
                escape(&one.name)
            );
            let _ = writeln!(
                svg,
                "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"10\">{count}</text>",
                x + BAR / 2.0 - 1.0,
                base - h - 4.0
            );
        }
    }
    for (i, label) in labels.iter().enumerate() {
        let x = LEFT + per_group * i as f64 + BAR * series.len() as f64 / 2.0;
        let _ = writeln!(
            svg,
            "<text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
            base + 18.0,
            escape(label)
        );
    }
    let _ = writeln!(
        svg,
        "<line x1=\"{LEFT}\" y1=\"{base}\" x2=\"{:.1}\" y2=\"{base}\" stroke=\"black\"/>\n\
         <text x=\"{LEFT}\" y=\"{:.1}\">{} (each series scaled to its largest count)</text>",
        width - 160.0,
        base + 40.0,
        escape(axis)
    );
    for (s, one) in series.iter().enumerate() {
        let y = TOP + 16.0 * s as f64;
        let x = width - 150.0;
        let _ = writeln!(
            svg,
            "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"10\" height=\"10\" fill=\"{}\"/><text x=\"{:.1}\" y=\"{y:.1}\">{}</text>",
            y - 9.0,
            COLOURS[s % COLOURS.len()],
            x + 14.0,
            escape(&one.name)
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// `text` safe inside SVG.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bar_is_drawn_and_labelled_with_its_count() {
        let labels: Vec<String> = ["8", "9", "10", "11"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let series = vec![
            Series {
                name: "classes".into(),
                counts: vec![1386, 48722, 29571, 241],
            },
            Series {
                name: "boards <raw>".into(),
                counts: vec![0, 5, 3, 1],
            },
        ];
        let svg = histogram_svg("4 walls on 8x8", "value", &labels, &series);
        assert!(svg.starts_with("<svg "));
        assert!(svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("<rect x=").count(), 8 + 2);
        for count in ["1386", "48722", "29571", "241"] {
            assert!(svg.contains(&format!(">{count}</text>")), "{count}");
        }
        assert!(svg.contains("boards &lt;raw&gt;"));
        // The largest bar of each series has the full height; a zero has none.
        assert!(svg.contains("height=\"200.0\""));
        assert!(svg.contains("height=\"0.0\""));
    }
}
