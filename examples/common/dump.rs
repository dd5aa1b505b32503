//! One view as JSON for analysis outside the project, shared by the examples that list slow
//! sheets: each card's possible places (a bit per place), each fact as (place, card bits,
//! count), and the places' sizes.

use polysleuth::deduce::{Domains, View};

/// Prints `DUMP {json}` for `view` with its propagated domains `d`, and `extra` fields.
pub fn dump(view: &View, d: &Domains, extra: serde_json::Value) {
    let facts: Vec<(usize, u64, usize)> = (view.facts.iter())
        .map(|f| (f.loc, f.set.bits(), f.count))
        .collect();
    let mut out =
        serde_json::json!({"places": d.places.to_vec(), "facts": facts, "sizes": view.sizes});
    if let (Some(out), serde_json::Value::Object(extra)) = (out.as_object_mut(), extra) {
        out.extend(extra);
    }
    println!("DUMP {out}");
}
