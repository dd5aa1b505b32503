use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "polysleuth",
    version,
    about = "The game master for Polysleuth, play by web and e-mail"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run a whole game through the rules engine alone and print the outcome as JSON.
    Replay {
        /// The replay file (`-` reads standard input).
        file: String,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Replay { file } => replay(&file),
    }
}

fn replay(file: &str) -> ExitCode {
    let text = if file == "-" {
        let mut s = String::new();
        match std::io::Read::read_to_string(&mut std::io::stdin(), &mut s) {
            Ok(_) => Ok(s),
            Err(e) => Err(e),
        }
    } else {
        std::fs::read_to_string(file)
    };
    let text = match text {
        Ok(t) => t,
        Err(e) => {
            eprintln!("polysleuth replay: cannot read {file}: {e}");
            return ExitCode::from(2);
        }
    };
    match polysleuth::replay::run(&text) {
        Ok(out) => {
            println!(
                "{}",
                serde_json::to_string_pretty(&out).expect("JSON values serialise")
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("polysleuth replay: {e}");
            ExitCode::from(2)
        }
    }
}
