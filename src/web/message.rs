//! A page that says one thing: the answer to an action taken from a link or a small form.

use askama::Template;

#[derive(Template)]
#[template(path = "message.html")]
pub(super) struct MessagePage {
    pub(super) t: crate::lang::Lang,
    pub(super) title: String,
    pub(super) message: String,
    pub(super) form: Option<(String, String)>,
}
