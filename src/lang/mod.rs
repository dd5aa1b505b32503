//! The languages the service speaks, English and French. Every sentence a person reads comes
//! from the Fluent files in `locales/`, one per language with the same messages (a test fails
//! when a message is in one and not the other); this module looks them up, and words what
//! Fluent cannot: cards and counts (`words`), the assistant's reasons, numbers and times. A
//! game's own sentences are in its folder.

mod reasons;
mod said;
pub(crate) mod words;

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{LazyLock, RwLock};

use chrono::{TimeZone, Utc};
use chrono_tz::Tz;
// A message id is a short trusted key: a fast hash, not one that resists chosen keys.
use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{LanguageIdentifier, Loader};
use rustc_hash::FxHashMap;
use serde::Serialize;

fluent_templates::static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "en",
        // Names and numbers go into sentences as they are, without Unicode isolation marks,
        // which plain-text mail would show as stray characters.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

/// A language of the service.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    En,
    Fr,
}

/// An argument of a message: text, or a number Fluent may choose a plural by.
pub enum Arg<'a> {
    Text(Cow<'a, str>),
    Number(f64),
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(s: &'a str) -> Self {
        Arg::Text(Cow::Borrowed(s))
    }
}
impl<'a> From<&'a String> for Arg<'a> {
    fn from(s: &'a String) -> Self {
        Arg::Text(Cow::Borrowed(s.as_str()))
    }
}
impl<'a> From<&&'a str> for Arg<'a> {
    fn from(s: &&'a str) -> Self {
        Arg::Text(Cow::Borrowed(s))
    }
}
impl<'a> From<&'a &String> for Arg<'a> {
    fn from(s: &'a &String) -> Self {
        Arg::Text(Cow::Borrowed(s.as_str()))
    }
}
impl From<String> for Arg<'_> {
    fn from(s: String) -> Self {
        Arg::Text(Cow::Owned(s))
    }
}
macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg<'_> {
            fn from(n: $t) -> Self {
                Arg::Number(n as f64)
            }
        }
        impl From<&$t> for Arg<'_> {
            fn from(n: &$t) -> Self {
                Arg::Number(*n as f64)
            }
        }
        impl From<&&$t> for Arg<'_> {
            fn from(n: &&$t) -> Self {
                Arg::Number(**n as f64)
            }
        }
    )*};
}
number_arg!(i64, u64, u32, usize, i32, f64);

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Fr];

    /// Every language, for choosers.
    pub fn all(&self) -> [Lang; 2] {
        Lang::ALL
    }

    /// The other languages, for the switch.
    pub fn others(&self) -> Vec<Lang> {
        Lang::ALL.into_iter().filter(|l| l != self).collect()
    }

    /// `en`, `fr`: as stored and as written in forms and mail commands.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
        }
    }

    /// The language's own name, for choosers: `English`, `Français`.
    pub fn own_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Fr => "Français",
        }
    }

    /// Reads `en`, `fr`, `english`, `français`, `francais`, `fr-CA`, any case.
    pub fn parse(text: &str) -> Option<Lang> {
        let t = text.trim().to_lowercase();
        let primary = t.split(['-', '_']).next().unwrap_or("");
        match primary {
            "en" | "english" | "anglais" => Some(Lang::En),
            "fr" | "french" | "français" | "francais" => Some(Lang::Fr),
            _ => None,
        }
    }

    /// A stored code, or English for anything else.
    pub fn stored(code: &str) -> Lang {
        Lang::parse(code).unwrap_or_default()
    }

    /// The reader's first language we speak from an `Accept-Language` header, by weight.
    pub fn from_accept_language(header: &str) -> Option<Lang> {
        let mut best: Option<(f32, Lang)> = None;
        for part in header.split(',') {
            let mut bits = part.split(';');
            let tag = bits.next().unwrap_or("").trim();
            let q = bits
                .find_map(|b| b.trim().strip_prefix("q="))
                .and_then(|q| q.parse::<f32>().ok())
                .unwrap_or(1.0);
            if let Some(lang) = Lang::parse(tag) {
                if q > 0.0 && best.is_none_or(|(bq, _)| q > bq) {
                    best = Some((q, lang));
                }
            }
        }
        best.map(|(_, l)| l)
    }

    fn id(self) -> &'static LanguageIdentifier {
        static EN: LazyLock<LanguageIdentifier> =
            LazyLock::new(|| "en".parse().expect("a language tag"));
        static FR: LazyLock<LanguageIdentifier> =
            LazyLock::new(|| "fr".parse().expect("a language tag"));
        match self {
            Lang::En => &EN,
            Lang::Fr => &FR,
        }
    }

    /// The message `id`. A message without arguments always reads the same, so each is
    /// formatted once and then read from memory: pages ask for dozens of them.
    pub fn t(&self, id: &str) -> String {
        // Each thread keeps its own copy, so worker threads never contend for a lock.
        thread_local! {
            static MEMO: std::cell::RefCell<[FxHashMap<String, String>; 2]> =
                std::cell::RefCell::new([FxHashMap::default(), FxHashMap::default()]);
        }
        MEMO.with(|memo| {
            let mut memo = memo.borrow_mut();
            let memo = &mut memo[*self as usize];
            if let Some(text) = memo.get(id) {
                return text.clone();
            }
            let text = LOCALES.lookup(self.id(), id);
            memo.insert(id.to_string(), text.clone());
            text
        })
    }

    /// The message `id` escaped for HTML, once per thread: a page writes dozens of them on
    /// every view (`{{ t.h("id")|safe }}` in a template writes the same as `{{ t.t("id") }}`).
    pub fn h(&self, id: &str) -> std::rc::Rc<str> {
        thread_local! {
            static MEMO: std::cell::RefCell<[FxHashMap<String, std::rc::Rc<str>>; 2]> =
                std::cell::RefCell::new([FxHashMap::default(), FxHashMap::default()]);
        }
        MEMO.with(|memo| {
            if let Some(html) = memo.borrow()[*self as usize].get(id) {
                return html.clone();
            }
            let html: std::rc::Rc<str> = escape_html(&self.t(id)).into();
            memo.borrow_mut()[*self as usize].insert(id.to_string(), html.clone());
            html
        })
    }

    /// The message `id` with its arguments.
    /// The same message with the same values reads the same, so it too is formatted once
    /// and kept (a bounded memory: when full it starts again).
    pub fn tr<'a>(&self, id: &str, args: impl IntoIterator<Item = (&'a str, Arg<'a>)>) -> String {
        static MEMO: LazyLock<[RwLock<HashMap<String, String>>; 2]> =
            LazyLock::new(|| [RwLock::default(), RwLock::default()]);
        const MAX: usize = 50_000;
        let args: Vec<(&str, Arg)> = args.into_iter().collect();
        let mut key = String::from(id);
        for (k, v) in &args {
            key.push('\u{1}');
            key.push_str(k);
            key.push('=');
            match v {
                Arg::Text(s) => key.push_str(s),
                Arg::Number(n) => key.push_str(&n.to_string()),
            }
        }
        let memo = &MEMO[*self as usize];
        if let Some(text) = memo.read().expect("memo lock").get(&key) {
            return text.clone();
        }
        let fluent: HashMap<Cow<'static, str>, FluentValue> = args
            .into_iter()
            .map(|(k, v)| {
                let value = match v {
                    Arg::Text(s) => FluentValue::from(s.into_owned()),
                    Arg::Number(n) => FluentValue::from(n),
                };
                (Cow::Owned(k.to_string()), value)
            })
            .collect();
        let text = LOCALES.lookup_with_args(self.id(), id, &fluent);
        let mut memo = memo.write().expect("memo lock");
        if memo.len() >= MAX {
            memo.clear();
        }
        memo.insert(key, text.clone());
        text
    }

    /// One-argument shorthand for templates: `t.t1("round-closes", "round", round)`.
    pub fn t1<'a>(&self, id: &str, k: &'a str, v: impl Into<Arg<'a>>) -> String {
        self.tr(id, [(k, v.into())])
    }

    /// Two-argument shorthand for templates.
    pub fn t2<'a>(
        &self,
        id: &str,
        k1: &'a str,
        v1: impl Into<Arg<'a>>,
        k2: &'a str,
        v2: impl Into<Arg<'a>>,
    ) -> String {
        self.tr(id, [(k1, v1.into()), (k2, v2.into())])
    }

    /// Three-argument shorthand for templates.
    #[allow(clippy::too_many_arguments)]
    pub fn t3<'a>(
        &self,
        id: &str,
        k1: &'a str,
        v1: impl Into<Arg<'a>>,
        k2: &'a str,
        v2: impl Into<Arg<'a>>,
        k3: &'a str,
        v3: impl Into<Arg<'a>>,
    ) -> String {
        self.tr(id, [(k1, v1.into()), (k2, v2.into()), (k3, v3.into())])
    }

    /// A moment in a time zone: `Sat 21 Nov 2026 18:00 CET (UTC+01:00)` /
    /// `samedi 21 novembre 2026 à 18:00 CET (UTC+01:00)`.
    pub fn time(&self, epoch: i64, tz: Tz) -> String {
        // Every view of a page shows its deadline: each moment is worded once per language and
        // zone, and kept (a bounded memory: when full it starts again).
        type Memo = RwLock<HashMap<(Lang, i64, Tz), String>>;
        static MEMO: LazyLock<Memo> = LazyLock::new(Memo::default);
        let key = (*self, epoch, tz);
        if let Some(text) = MEMO.read().expect("memo lock").get(&key) {
            return text.clone();
        }
        let text = self.time_worded(epoch, tz);
        let mut memo = MEMO.write().expect("memo lock");
        if memo.len() >= 10_000 {
            memo.clear();
        }
        memo.insert(key, text.clone());
        text
    }

    fn time_worded(&self, epoch: i64, tz: Tz) -> String {
        match Utc.timestamp_opt(epoch, 0).single() {
            Some(t) => {
                let t = t.with_timezone(&tz);
                match self {
                    Lang::En => t.format("%a %-d %b %Y %H:%M %Z (UTC%:z)").to_string(),
                    // French in full words: the abbreviated `jeu.` reads as "game" after
                    // "jusqu’au".
                    Lang::Fr => t
                        .format_localized("%A %-d %B %Y à %H:%M %Z (UTC%:z)", chrono::Locale::fr_FR)
                        .to_string(),
                }
            }
            None => self.t("time-unknown"),
        }
    }

    /// A number as this language writes it: Fluent writes fractions the English way.
    /// At most six significant digits: a number typed as a second in hours
    /// (0.000277777…) is written 0.000277778, not with every digit a float holds.
    pub fn decimal(&self, n: f64) -> String {
        self.decimal_mark(significant(n, 6))
    }

    /// A number written the English way, with this language's decimal mark.
    fn decimal_mark(&self, english: String) -> String {
        match self {
            Lang::En => english,
            Lang::Fr => english.replace('.', ","),
        }
    }

    /// A length of time in hours or minutes: `3 hours`, `1 heure`, `30 minutes`.
    pub fn hours(&self, secs: i64) -> String {
        let h = secs as f64 / 3600.0;
        if (h - h.round()).abs() < 1e-9 {
            self.t1("duration-hours", "hours", h.round())
        } else if secs < 3600 {
            self.t1("duration-minutes", "minutes", (secs as f64 / 60.0).round())
        } else {
            // Fluent writes numbers the English way: the decimal mark is the language's own.
            let tenths = (h * 10.0).round() / 10.0;
            let text = self.decimal_mark(format!("{tenths:.1}"));
            self.t2("duration-hours-decimal", "hours", text, "count", tenths)
        }
    }
}

/// `n` to `digits` significant digits, without trailing zeros.
fn significant(n: f64, digits: i32) -> String {
    if n == 0.0 || !n.is_finite() {
        return n.to_string();
    }
    let places = (digits - 1 - n.abs().log10().floor() as i32).clamp(0, 15) as usize;
    let text = format!("{n:.places$}");
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

pub use reasons::{reason, Place};
pub use said::{Said, Value};
pub use words::{
    card, card_line, card_named, cards, colour_key, gem_mark, marks, traits_count,
    traits_count_named, traits_plural, traits_plural_of,
};

#[cfg(test)]
mod tests;

/// Text made safe inside HTML and its attributes, as the page templates escape it.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}
