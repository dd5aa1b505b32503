//! A page that says one thing: the answer to an action taken from a link or a small form.

use askama::Template;

#[derive(Template)]
#[template(path = "message.html")]
pub struct MessagePage {
    pub t: crate::lang::Lang,
    pub title: String,
    pub message: String,
    pub form: Option<(String, String)>,
}
