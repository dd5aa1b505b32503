//! `imap_server`: a real Dovecot IMAP server for the tests of the IMAP door.
//!
//! The door reads mail with async-imap (LOGIN, IDLE, FETCH, STORE \Seen, UID MOVE), which only
//! a real server exercises honestly. Dovecot (Debian: dovecot-imapd; .ci/run installs it) runs in
//! the foreground from a config of our own in the test's directory, never as root (as root the
//! tests run it as `nobody`): plain-text LOGIN on 127.0.0.1 without TLS, one passwd-file user,
//! and a Maildir that the tests fill (`deliver`) and inspect (`folder_count`) directly.

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::os::unix::fs::{chown, MetadataExt, PermissionsExt};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

const DOVECOT: &str = "/usr/sbin/dovecot";

/// Dovecot 2.3 settings; @DIR@, @PORT@, @USER@, @GROUP@, @UID@ and @GID@ are filled in.
/// No chroot and every file in @DIR@, so that it runs without privileges.
const CONFIG: &str = "\
protocols = imap
listen = 127.0.0.1
base_dir = @DIR@/run
state_dir = @DIR@/state
instance_name = dovecot-test-@PORT@
log_path = @DIR@/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = @USER@
default_internal_group = @GROUP@
default_login_user = @USER@
first_valid_uid = 1
mail_location = maildir:@DIR@/Maildir
passdb {
  driver = passwd-file
  args = scheme=PLAIN @DIR@/passwd
}
userdb {
  driver = static
  args = uid=@UID@ gid=@GID@ home=@DIR@
}
service imap-login {
  chroot =
  inet_listener imap {
    port = @PORT@
  }
}
service anvil {
  chroot =
}
";

pub struct ImapServer {
    pub child: Child,
    pub port: u16,
    pub user: String,
    pub password: String,
    /// INBOX; a folder `Done` is `.Done/` in it (Maildir++).
    pub maildir: PathBuf,
    /// Dovecot's log.
    pub log: PathBuf,
}

impl Drop for ImapServer {
    fn drop(&mut self) {
        // Dovecot leads its own process group: killing only the master (even with SIGTERM)
        // leaves the imap processes of open sessions running for about 10 s.
        let _ = Command::new("sh")
            .arg("-c")
            .arg(format!("kill -KILL -{}", self.child.id()))
            .stderr(Stdio::null())
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts Dovecot on a free port with its files in `dir/imap`.
pub fn imap_server(dir: &Path) -> ImapServer {
    assert!(
        Path::new(DOVECOT).exists(),
        "{DOVECOT} is missing: the IMAP tests need Dovecot (Debian: apt-get install dovecot-imapd)"
    );
    let root = running_as_root();
    // Dovecot's login process refuses to run as root, so as root everything is `nobody`'s.
    let id = |flag: &str| {
        let mut cmd = Command::new("id");
        cmd.arg(flag);
        if root {
            cmd.arg("nobody");
        }
        let out = cmd.output().expect("`id` runs");
        assert!(out.status.success(), "`id {flag}` failed");
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    };
    let (user, group, uid, gid) = (id("-un"), id("-gn"), id("-u"), id("-g"));
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let base = dir.join("imap");
    for sub in ["run", "state", "Maildir/cur", "Maildir/new", "Maildir/tmp"] {
        std::fs::create_dir_all(base.join(sub)).unwrap();
    }
    std::fs::write(base.join("passwd"), "player:{PLAIN}secret\n").unwrap();
    let config = CONFIG
        .replace("@DIR@", &base.display().to_string())
        .replace("@PORT@", &port.to_string())
        .replace("@USER@", &user)
        .replace("@GROUP@", &group)
        .replace("@UID@", &uid)
        .replace("@GID@", &gid);
    std::fs::write(base.join("dovecot.conf"), config).unwrap();
    let stderr = std::fs::File::create(base.join("dovecot.stderr")).unwrap();
    let mut cmd = if root {
        chown_tree(&base, uid.parse().unwrap(), gid.parse().unwrap());
        // `nobody` must be able to get through the test's directory.
        let mut perms = std::fs::metadata(dir).unwrap().permissions();
        perms.set_mode(perms.mode() | 0o001);
        std::fs::set_permissions(dir, perms).unwrap();
        let mut cmd = Command::new("setpriv");
        cmd.arg(format!("--reuid={uid}"))
            .arg(format!("--regid={gid}"))
            .args(["--clear-groups", DOVECOT]);
        cmd
    } else {
        Command::new(DOVECOT)
    };
    let child = cmd
        .arg("-F")
        .arg("-c")
        .arg(base.join("dovecot.conf"))
        .process_group(0)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(stderr)
        .spawn()
        .expect("dovecot (and, as root, setpriv from util-linux) must be installed");
    let mut server = ImapServer {
        child,
        port,
        user: "player".into(),
        password: "secret".into(),
        maildir: base.join("Maildir"),
        log: base.join("dovecot.log"),
    };
    let start = Instant::now();
    while !greets(port) {
        let exited = server.child.try_wait().unwrap();
        if exited.is_some() || start.elapsed() > Duration::from_secs(15) {
            panic!(
                "Dovecot did not start on 127.0.0.1:{port} ({}); stderr:\n{}\nlog:\n{}",
                exited.map_or("no greeting within 15 s".to_string(), |s| s.to_string()),
                std::fs::read_to_string(base.join("dovecot.stderr")).unwrap_or_default(),
                server.log_text(),
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    server
}

impl ImapServer {
    pub fn url(&self) -> String {
        format!(
            "imap://{}:{}@127.0.0.1:{}/INBOX",
            self.user, self.password, self.port
        )
    }

    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Delivers a message into INBOX as an MTA would: written in tmp/, renamed into new/.
    pub fn deliver(&self, raw: &[u8]) -> PathBuf {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
        let name = format!(
            "{}.M{}P{}Q{}.polysleuth-test",
            now.as_secs(),
            now.subsec_micros(),
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        );
        let tmp = self.maildir.join("tmp").join(&name);
        std::fs::write(&tmp, raw).unwrap();
        // Dovecot's own file, so that it may hardlink it on MOVE (fs.protected_hardlinks).
        let owner = std::fs::metadata(&self.maildir).unwrap();
        chown(&tmp, Some(owner.uid()), Some(owner.gid())).unwrap();
        let new = self.maildir.join("new").join(&name);
        std::fs::rename(&tmp, &new).unwrap();
        new
    }

    /// The messages in `folder` ("INBOX", "Done", ...) and how many of them are unseen.
    pub fn folder_count(&self, folder: &str) -> (usize, usize) {
        let dir = if folder.eq_ignore_ascii_case("INBOX") {
            self.maildir.clone()
        } else {
            self.maildir.join(format!(".{}", folder.replace('/', ".")))
        };
        // Base name -> seen; new/ is read first, so a message that Dovecot moves from new/ to
        // cur/ meanwhile is counted once. Only cur/ names carry flags (":2,S" is \Seen).
        let mut messages = std::collections::BTreeMap::new();
        for sub in ["new", "cur"] {
            let Ok(entries) = std::fs::read_dir(dir.join(sub)) else {
                continue;
            };
            for entry in entries.flatten() {
                let name = entry.file_name().to_string_lossy().into_owned();
                let (base, info) = name.split_once(':').unwrap_or((name.as_str(), ""));
                let seen = info.strip_prefix("2,").is_some_and(|f| f.contains('S'));
                messages.insert(base.to_string(), seen);
            }
        }
        let unseen = messages.values().filter(|seen| !**seen).count();
        (messages.len(), unseen)
    }

    pub fn messages_in(&self, folder: &str) -> usize {
        self.folder_count(folder).0
    }

    pub fn unseen_in_inbox(&self) -> usize {
        self.folder_count("INBOX").1
    }
}

/// Whether the effective uid is 0 (the second field of the Uid line).
fn running_as_root() -> bool {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("Uid:"))
        .and_then(|ids| ids.split_whitespace().nth(1))
        == Some("0")
}

fn chown_tree(path: &Path, uid: u32, gid: u32) {
    chown(path, Some(uid), Some(gid)).unwrap();
    if path.is_dir() {
        for entry in std::fs::read_dir(path).unwrap() {
            chown_tree(&entry.unwrap().path(), uid, gid);
        }
    }
}

/// Whether Dovecot greets on `port`: it accepts connections before it can serve them.
fn greets(port: u16) -> bool {
    let Ok(stream) = TcpStream::connect(("127.0.0.1", port)) else {
        return false;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(2)));
    let mut line = String::new();
    BufReader::new(stream).read_line(&mut line).is_ok() && line.starts_with("* OK")
}
