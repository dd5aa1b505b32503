//! Who may make games and subscriptions on this service, and how often: the operator's
//! policy (`serve --create-games open|confirmed|token`) and per-client limits, so that the
//! web door cannot be used to send mail to addresses that never asked for it.

use crate::said;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use actix_web::HttpRequest;

use crate::master::MasterError;

/// Who may make a game through the web form or the API (the command line is the operator's
/// and needs nothing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CreateGames {
    /// Anyone, and the players are mailed at once: for a service whose users are all known.
    Open,
    /// Anyone, but the game waits, mailing no player, until the game master's address starts
    /// it from the link mailed to it. The default.
    Confirmed,
    /// Only who gives the shared token (a private instance); the players are mailed at once.
    Token(String),
}

impl CreateGames {
    pub fn parse(mode: &str, token: Option<&str>) -> Result<CreateGames, String> {
        match (mode, token) {
            // A token given to an instance that admits anyone would be a lock never turned.
            ("open" | "confirmed", Some(_)) => Err(format!(
                "--create-token (POLYSLEUTH_CREATE_TOKEN) is given but --create-games is \"{mode}\": \
                 pass --create-games token to make games only with it, or leave the token out"
            )),
            ("open", None) => Ok(CreateGames::Open),
            ("confirmed", None) => Ok(CreateGames::Confirmed),
            ("token", Some(t)) if t.len() >= 16 => Ok(CreateGames::Token(t.to_string())),
            ("token", _) => Err(
                "--create-games token needs --create-token (POLYSLEUTH_CREATE_TOKEN) of at least \
                 16 characters"
                    .into(),
            ),
            (other, _) => Err(format!(
                "--create-games \"{other}\": expected open, confirmed or token"
            )),
        }
    }

    /// Whether a request may make a game, and if so whether the game waits for its game
    /// master; `given` is the token the request carries.
    pub fn admit(&self, given: Option<&str>) -> Result<bool, MasterError> {
        match self {
            CreateGames::Open => Ok(false),
            CreateGames::Confirmed => Ok(true),
            CreateGames::Token(token) => {
                let ok = given
                    .is_some_and(|g| crate::keys::matches(g.trim(), &crate::keys::hash(token)));
                match ok {
                    true => Ok(false),
                    false => Err(MasterError::Forbidden(said!(
                        "error-service-makes-games-only"
                    ))),
                }
            }
        }
    }
}

/// What is counted per client.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Game,
    Subscription,
    /// Game-master actions that mail players (resolve, a new link), counted per game.
    GmMail,
    /// Addresses invited to forming games, each one counted.
    Invitation,
}

impl Kind {
    /// At most this many per client in an hour.
    fn per_hour(self) -> u32 {
        match self {
            Kind::Game => 10,
            Kind::Subscription => 20,
            Kind::GmMail => 30,
            Kind::Invitation => 40,
        }
    }

    fn what(self) -> &'static str {
        match self {
            Kind::Game => "limit-games-made",
            Kind::Subscription => "limit-subscriptions",
            Kind::GmMail => "limit-gm-mail",
            Kind::Invitation => "limit-invitations",
        }
    }
}

/// A client's key: its address, or for IPv6 its /64 (one host's share of a network).
fn client(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => {
            let s = v6.segments();
            format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
        }
    }
}

/// Counts requests per client address in windows of an hour, in this instance's memory (so
/// the limits are per instance).
#[derive(Default)]
pub struct Limiter {
    windows: Mutex<HashMap<(Kind, String), (Instant, u32)>>,
    /// The proxies in front of the service (`serve --trusted-proxy`).
    trusted: Vec<ipnet::IpNet>,
}

/// Reads `--trusted-proxy` values: addresses (`127.0.0.1`, `::1`) or networks (`10.0.0.0/8`).
pub fn proxies(given: &[String]) -> Result<Vec<ipnet::IpNet>, String> {
    given
        .iter()
        .map(|g| g.trim())
        .filter(|g| !g.is_empty())
        .map(|g| {
            g.parse::<ipnet::IpNet>()
                .or_else(|_| g.parse::<IpAddr>().map(ipnet::IpNet::from))
                .map_err(|_| {
                    format!(
                        "--trusted-proxy \"{g}\": expected an address (127.0.0.1) or a network \
                         (10.0.0.0/8)"
                    )
                })
        })
        .collect()
}

/// The client of a request: the TCP peer, or, when the peer is a trusted proxy, the right-most
/// address of `X-Forwarded-For` (the header Caddy and nginx write) that is not a trusted proxy
/// itself. Entries a client wrote further left are never believed, and an entry that is no
/// address stops the walk: the proxy's peer is then the client.
pub fn client_ip(req: &HttpRequest, trusted: &[ipnet::IpNet]) -> Option<IpAddr> {
    let peer = req.peer_addr()?.ip();
    let is_trusted = |ip: &IpAddr| trusted.iter().any(|net| net.contains(ip));
    if !is_trusted(&peer) {
        return Some(peer);
    }
    let mut hops: Vec<Option<IpAddr>> = Vec::new();
    for value in req.headers().get_all("x-forwarded-for") {
        let Ok(text) = value.to_str() else {
            return Some(peer);
        };
        hops.extend(text.split(',').map(|h| parse_hop(h.trim())));
    }
    for hop in hops.into_iter().rev() {
        match hop {
            Some(ip) if is_trusted(&ip) => continue,
            Some(ip) => return Some(ip),
            None => return Some(peer),
        }
    }
    Some(peer)
}

/// One hop of a forwarding header: `203.0.113.5`, `"[2001:db8::1]:4711"`, `203.0.113.5:80`.
fn parse_hop(hop: &str) -> Option<IpAddr> {
    let hop = hop.trim_matches('"');
    if let Ok(ip) = hop.parse() {
        return Some(ip);
    }
    if let Some(rest) = hop.strip_prefix('[') {
        return rest.split(']').next()?.parse().ok();
    }
    hop.rsplit_once(':')?.0.parse().ok()
}

const WINDOW: Duration = Duration::from_secs(3600);

impl Limiter {
    /// A limiter behind these proxies.
    pub fn behind(trusted: Vec<ipnet::IpNet>) -> Limiter {
        Limiter {
            trusted,
            ..Limiter::default()
        }
    }

    /// Counts one request of `kind` from the client of `req`; too many in the hour is a 429.
    pub fn check(&self, req: &HttpRequest, kind: Kind) -> Result<(), MasterError> {
        let Some(ip) = client_ip(req, &self.trusted) else {
            return Ok(());
        };
        self.count(kind, client(ip), "limit-from-your-address")
    }

    /// Counts a game made by an anonymous client, and each address it invites: ten games, or
    /// forty invitations, an hour; too many is a 429 and nothing is counted of this one.
    pub fn check_maker(
        &self,
        req: &HttpRequest,
        request: &crate::master::GameRequest,
    ) -> Result<(), MasterError> {
        let invited = request.forming.as_ref().map_or(0, |f| f.invite.len()) as u32;
        let Some(ip) = client_ip(req, &self.trusted) else {
            return Ok(());
        };
        let who = client(ip);
        if invited > 0 {
            self.count_n(
                Kind::Invitation,
                who.clone(),
                "limit-from-your-address",
                invited,
            )?;
        }
        self.count(Kind::Game, who, "limit-from-your-address")
    }

    /// Counts one request of `kind` for a game; too many in the hour is a 429.
    pub fn check_game(&self, game_id: i64, kind: Kind) -> Result<(), MasterError> {
        self.count(kind, format!("game {game_id}"), "limit-for-this-game")
    }

    fn count(&self, kind: Kind, key: String, whose: &str) -> Result<(), MasterError> {
        self.count_n(kind, key, whose, 1)
    }

    /// Counts `n` at once: all of them fit in the hour's budget, or none is counted.
    fn count_n(&self, kind: Kind, key: String, whose: &str, n: u32) -> Result<(), MasterError> {
        let now = Instant::now();
        let mut windows = self.windows.lock().expect("limiter lock");
        if windows.len() > 100_000 {
            windows.retain(|_, (start, _)| now.duration_since(*start) < WINDOW);
        }
        let entry = windows.entry((kind, key)).or_insert((now, 0));
        if now.duration_since(entry.0) >= WINDOW {
            *entry = (now, 0);
        }
        if entry.1 + n > kind.per_hour() {
            let wait = WINDOW.saturating_sub(now.duration_since(entry.0));
            return Err(MasterError::TooMany(crate::said!(
                "error-too-many",
                what = crate::lang::Said::new(kind.what()),
                whose = crate::lang::Said::new(whose),
                most = kind.per_hour(),
                minutes = wait.as_secs().div_ceil(60)
            )));
        }
        entry.1 += n;
        Ok(())
    }
}

/// A game master's action, counted per game when it mails the players (once the link is
/// known good, so nobody can spend another game's budget).
pub async fn gm_action(
    master: &crate::master::Master,
    limiter: &Limiter,
    token: &str,
    action: crate::master::GmAction,
) -> Result<crate::lang::Said, MasterError> {
    use crate::master::GmAction;
    if matches!(
        action,
        GmAction::ResolveNow { .. } | GmAction::NewLink { .. } | GmAction::Start
    ) {
        let game = master.gm_game(token).await?;
        limiter.check_game(game.id, Kind::GmMail)?;
    }
    master.gm_action(token, action).await
}

/// What the maker of a waiting game is told.
pub const WAITING: &str = "The game waits for its game master: a mail with the game master's \
    link went to the address given. The game starts, and its players are mailed, when the \
    game master presses \"Start the game\" on that page.";

/// Makes a game; a waiting one only while its game master's address has few others waiting.
pub async fn make_game(
    master: &crate::master::Master,
    request: crate::master::GameRequest,
) -> Result<crate::model::Created, MasterError> {
    use crate::master::MAX_UNCONFIRMED_GAMES;
    if request.wait_for_gm
        && master.store.unconfirmed_games(&request.gm_email).await? >= MAX_UNCONFIRMED_GAMES
    {
        return Err(MasterError::TooMany(crate::said!(
            "error-games-waiting",
            email = &request.gm_email,
            most = MAX_UNCONFIRMED_GAMES
        )));
    }
    master.create_game(request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_creation_policy_is_read_with_a_clear_message() {
        assert_eq!(CreateGames::parse("open", None), Ok(CreateGames::Open));
        assert!(CreateGames::parse("token", Some("short"))
            .unwrap_err()
            .contains("16"));
        assert!(CreateGames::parse("closed", None)
            .unwrap_err()
            .contains("open, confirmed or token"));
    }

    #[test]
    fn a_token_instance_admits_only_the_token() {
        let policy = CreateGames::Token("0123456789abcdef0123".into());
        assert_eq!(policy.admit(Some("0123456789abcdef0123")).ok(), Some(false));
        assert!(matches!(
            policy.admit(Some("guess")),
            Err(MasterError::Forbidden(_))
        ));
        assert!(matches!(policy.admit(None), Err(MasterError::Forbidden(_))));
        assert_eq!(CreateGames::Confirmed.admit(None).ok(), Some(true));
    }
}
