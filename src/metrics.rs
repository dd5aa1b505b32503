//! Counters for operators, served at `/metrics` in the Prometheus text format: requests and
//! their latency by route, turns, rounds, mail, inbound mail by outcome, write batches.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{LazyLock, Mutex};

#[derive(Default)]
pub struct Counter(AtomicU64);

impl Counter {
    pub fn inc(&self) {
        self.add(1);
    }

    pub fn add(&self, n: u64) {
        self.0.fetch_add(n, Ordering::Relaxed);
    }

    pub fn get(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
}

/// Upper bounds of the latency buckets, in seconds.
const BUCKETS: [f64; 12] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0,
];

#[derive(Default, Clone)]
struct Histogram {
    counts: [u64; BUCKETS.len()],
    count: u64,
    sum: f64,
}

/// Count by status, and the latency histogram, of one route and method.
type RouteStats = (BTreeMap<u16, u64>, Histogram);

#[derive(Default)]
pub struct Metrics {
    pub turns_accepted: Counter,
    pub turns_rejected: Counter,
    pub rounds_resolved: Counter,
    pub mails_queued: Counter,
    pub mails_sent: Counter,
    pub mails_failed: Counter,
    pub mails_bounced: Counter,
    pub imap_read: Counter,
    pub write_batches: Counter,
    inbound: Mutex<BTreeMap<&'static str, u64>>,
    /// (route pattern, method) → status → count, and the latency histogram per route.
    requests: Mutex<BTreeMap<(String, String), RouteStats>>,
}

pub static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::default);

impl Metrics {
    pub fn inbound(&self, outcome: &'static str) {
        *self
            .inbound
            .lock()
            .expect("metrics lock")
            .entry(outcome)
            .or_default() += 1;
    }

    /// One request: `route` is the route's pattern (never the path, which may hold a key).
    pub fn request(&self, route: &str, method: &str, status: u16, seconds: f64) {
        let mut map = self.requests.lock().expect("metrics lock");
        let (statuses, h) = map
            .entry((route.to_string(), method.to_string()))
            .or_default();
        *statuses.entry(status).or_default() += 1;
        for (i, bound) in BUCKETS.iter().enumerate() {
            if seconds <= *bound {
                h.counts[i] += 1;
            }
        }
        h.count += 1;
        h.sum += seconds;
    }

    pub fn render(&self) -> String {
        let mut out = String::new();
        let counters = [
            (
                "polysleuth_turns_accepted_total",
                "Turns accepted.",
                &self.turns_accepted,
            ),
            (
                "polysleuth_turns_rejected_total",
                "Turns rejected with errors.",
                &self.turns_rejected,
            ),
            (
                "polysleuth_rounds_resolved_total",
                "Rounds resolved.",
                &self.rounds_resolved,
            ),
            (
                "polysleuth_mails_queued_total",
                "Mails written to the outbox.",
                &self.mails_queued,
            ),
            (
                "polysleuth_mails_sent_total",
                "Mails delivered.",
                &self.mails_sent,
            ),
            (
                "polysleuth_mails_failed_total",
                "Mail delivery attempts that failed.",
                &self.mails_failed,
            ),
            (
                "polysleuth_mails_bounced_total",
                "Mails refused for good (a bounce, or a permanent SMTP refusal).",
                &self.mails_bounced,
            ),
            (
                "polysleuth_imap_messages_total",
                "Messages read from the IMAP mailbox and handled.",
                &self.imap_read,
            ),
            (
                "polysleuth_write_batches_total",
                "Group-commit transactions.",
                &self.write_batches,
            ),
        ];
        for (name, help, c) in counters {
            let _ = writeln!(
                out,
                "# HELP {name} {help}\n# TYPE {name} counter\n{name} {}",
                c.get()
            );
        }
        let _ = writeln!(out, "# HELP polysleuth_inbound_mails_total Inbound mails by outcome.\n# TYPE polysleuth_inbound_mails_total counter");
        for (outcome, n) in self.inbound.lock().expect("metrics lock").iter() {
            let _ = writeln!(
                out,
                "polysleuth_inbound_mails_total{{outcome=\"{outcome}\"}} {n}"
            );
        }
        let requests = self.requests.lock().expect("metrics lock");
        let _ = writeln!(out, "# HELP polysleuth_http_requests_total HTTP requests by route and status.\n# TYPE polysleuth_http_requests_total counter");
        for ((route, method), (statuses, _)) in requests.iter() {
            for (status, n) in statuses {
                let _ = writeln!(out, "polysleuth_http_requests_total{{route=\"{route}\",method=\"{method}\",status=\"{status}\"}} {n}");
            }
        }
        let _ = writeln!(out, "# HELP polysleuth_http_request_seconds HTTP request latency by route.\n# TYPE polysleuth_http_request_seconds histogram");
        for ((route, method), (_, h)) in requests.iter() {
            let labels = format!("route=\"{route}\",method=\"{method}\"");
            for (i, bound) in BUCKETS.iter().enumerate() {
                let _ = writeln!(
                    out,
                    "polysleuth_http_request_seconds_bucket{{{labels},le=\"{bound}\"}} {}",
                    h.counts[i]
                );
            }
            let _ = writeln!(
                out,
                "polysleuth_http_request_seconds_bucket{{{labels},le=\"+Inf\"}} {}",
                h.count
            );
            let _ = writeln!(
                out,
                "polysleuth_http_request_seconds_sum{{{labels}}} {}",
                h.sum
            );
            let _ = writeln!(
                out,
                "polysleuth_http_request_seconds_count{{{labels}}} {}",
                h.count
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_prometheus_text() {
        let m = Metrics::default();
        m.turns_accepted.add(3);
        m.inbound("bad key");
        m.request("/games/{id}", "GET", 200, 0.002);
        m.request("/games/{id}", "GET", 404, 0.2);
        let text = m.render();
        assert!(text.contains("polysleuth_turns_accepted_total 3"));
        assert!(text.contains("polysleuth_inbound_mails_total{outcome=\"bad key\"} 1"));
        assert!(text.contains(
            "polysleuth_http_requests_total{route=\"/games/{id}\",method=\"GET\",status=\"404\"} 1"
        ));
        assert!(text.contains("polysleuth_http_request_seconds_bucket{route=\"/games/{id}\",method=\"GET\",le=\"0.0025\"} 1"));
        assert!(text.contains(
            "polysleuth_http_request_seconds_count{route=\"/games/{id}\",method=\"GET\"} 2"
        ));
    }
}
