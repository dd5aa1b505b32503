//! Each game's rules on the site, in the reader's language: the same Markdown text as the
//! book's players' chapter (`Game::rules`), drawn as HTML in the site's frame, so a newcomer
//! reads the rules of the game they were invited to in a few minutes, from any page or mail
//! of that game. The text is the project's own; any raw HTML in it is dropped all the same.

use actix_web::{web, HttpRequest};
use askama::Template;

use super::render::render;
use crate::lang::Lang;
use crate::web::error::Page;

#[derive(Template)]
#[template(path = "rules.html")]
struct RulesPage {
    t: Lang,
    title: String,
    /// The rules drawn from our own Markdown, raw HTML dropped.
    body: String,
}

/// Markdown as HTML: headings, lists, tables, emphasis and code; raw HTML is not passed on.
pub fn markdown(text: &str) -> String {
    use pulldown_cmark::{Event, Options, Parser};
    let parser = Parser::new_ext(text, Options::ENABLE_TABLES)
        .filter(|e| !matches!(e, Event::Html(_) | Event::InlineHtml(_)));
    let mut out = String::with_capacity(text.len() * 3 / 2);
    pulldown_cmark::html::push_html(&mut out, parser);
    out
}

/// `GET /rules/{game}`: a game's rules, in the reader's language (`?lang=`, their cookie, or
/// their browser's).
pub async fn rules(req: HttpRequest, path: web::Path<String>) -> Page {
    let t = super::lang::reader(&req, Lang::En);
    let name = path.into_inner();
    let text = crate::games::named(&name)
        .ok()
        .and_then(|g| g.rules(t).map(|text| (g, text)));
    let Some((game, text)) = text else {
        return Err(
            crate::master::MasterError::NotFound(crate::said!("error-no-such-page")).into(),
        );
    };
    Ok(render(&RulesPage {
        t,
        title: game.title_in(t),
        body: markdown(text),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_drawn_and_raw_html_is_dropped() {
        let html = markdown(
            "# T\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n<script>x()</script>\n\nok <b>x</b>",
        );
        assert!(
            html.contains("<table>") && html.contains("<td>1</td>"),
            "{html}"
        );
        assert!(!html.contains("<script") && !html.contains("<b>"), "{html}");
    }

    #[test]
    fn every_game_with_rules_has_them_in_every_language_with_one_title() {
        for game in crate::games::ALL {
            for t in Lang::ALL {
                if let Some(text) = game.rules(t) {
                    assert!(text.starts_with("# "), "{} {:?}", game.name(), t);
                    assert_eq!(text.matches("\n# ").count(), 0, "{} {:?}", game.name(), t);
                }
            }
        }
    }
}
