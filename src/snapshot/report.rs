//! A check's reports for machines: JUnit XML (every CI shows it as a test
//! report: one test case per snapshot case, a failure with what changed)
//! and JSON.

use std::fmt::Write as _;

use super::compare::{CaseReport, Comparison};

/// `text` escaped for XML.
fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\n' && c != '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// `text` as a JSON string.
fn json(text: &str) -> String {
    serde_json::Value::String(text.to_string()).to_string()
}

/// The JUnit XML of `reports` (a `new` case fails unless `allow_new`).
pub fn junit(suite: &str, reports: &[CaseReport], allow_new: bool) -> String {
    let failing = |r: &CaseReport| match r.verdict {
        Comparison::Ok => false,
        Comparison::New => !allow_new,
        Comparison::Changed(_) => true,
    };
    let failures = reports.iter().filter(|r| failing(r)).count();
    let seconds: f64 = reports.iter().map(|r| r.seconds).sum();
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuites name=\"{0}\" tests=\"{1}\" failures=\"{failures}\" errors=\"0\" time=\"{seconds:.3}\">\n  <testsuite name=\"{0}\" tests=\"{1}\" failures=\"{failures}\" errors=\"0\" skipped=\"0\" time=\"{seconds:.3}\">",
        xml(suite),
        reports.len()
    );
    for r in reports {
        let _ = write!(
            out,
            "    <testcase classname=\"qspec.snapshot\" name=\"{}\" file=\"{}\" time=\"{:.3}\"",
            xml(&r.name),
            xml(&r.place),
            r.seconds
        );
        if failing(r) {
            let message = r.status_line();
            let details = r.details().join("\n");
            let _ = writeln!(
                out,
                ">\n      <failure message=\"{}\" type=\"{}\">{}</failure>\n    </testcase>",
                xml(&message),
                if matches!(r.verdict, Comparison::New) {
                    "new"
                } else {
                    "changed"
                },
                xml(&format!("{message}\n{details}"))
            );
        } else {
            let _ = writeln!(out, "/>");
        }
    }
    out.push_str("  </testsuite>\n</testsuites>\n");
    out
}

/// The JSON of `reports`: one object with every case and the totals.
pub fn json_report(reports: &[CaseReport]) -> String {
    let cases: Vec<String> = reports
        .iter()
        .map(|r| {
            let (status, meaning) = match &r.verdict {
                Comparison::Ok => ("ok", String::from("null")),
                Comparison::New => ("new", String::from("null")),
                Comparison::Changed(c) => {
                    let old = c.meaning.0.map_or("null".into(), |m| json(&m.to_string()));
                    let now = json(&c.meaning.1.to_string());
                    (
                        "changed",
                        format!(
                            "{{\"same\": {}, \"stored\": {old}, \"now\": {now}}}",
                            c.same_meaning()
                        ),
                    )
                }
            };
            let details: Vec<String> = r.details().iter().map(|d| json(d.trim())).collect();
            format!(
                "    {{\"case\": {}, \"place\": {}, \"status\": \"{status}\", \"meaning\": {meaning}, \"details\": [{}]}}",
                json(&r.name),
                json(&r.place),
                details.join(", ")
            )
        })
        .collect();
    let count = |f: fn(&Comparison) -> bool| reports.iter().filter(|r| f(&r.verdict)).count();
    format!(
        "{{\n  \"ok\": {},\n  \"changed\": {},\n  \"new\": {},\n  \"cases\": [\n{}\n  ]\n}}\n",
        count(|v| matches!(v, Comparison::Ok)),
        count(|v| matches!(v, Comparison::Changed(_))),
        count(|v| matches!(v, Comparison::New)),
        cases.join(",\n")
    )
}
