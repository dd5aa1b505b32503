//! `polysleuth replay` and `polysleuth deduce`: a whole game, or one player's sheet, worked out
//! by the engine of the game its input names (`games::of_input`), with no database.

/// A command's input file, or standard input for `-`; the error is printed, status 2.
pub fn read_input(command: &str, file: &str) -> Result<String, std::process::ExitCode> {
    let text = if file == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).map(|_| s)
    } else {
        std::fs::read_to_string(file)
    };
    text.map_err(|e| {
        eprintln!("polysleuth {command}: cannot read {file}: {e}");
        std::process::ExitCode::from(2)
    })
}

/// `polysleuth deduce FILE`: one player's sheet after a round, as JSON.
pub fn deduce_cli(
    file: &str,
    player: Option<&str>,
    round: Option<usize>,
    budget: Option<u64>,
) -> std::process::ExitCode {
    let text = match read_input("deduce", file) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let mut b = crate::deduce::Budget::default();
    if let Some(units) = budget {
        b.count = units;
    }
    match crate::games::of_text(&text).deduce(&text, player, round, &b) {
        Ok(sheet) => {
            println!(
                "{}",
                serde_json::to_string_pretty(&sheet).expect("a sheet serialises")
            );
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("polysleuth deduce: {e}");
            std::process::ExitCode::from(2)
        }
    }
}

/// `polysleuth replay FILE`: the outcome as JSON on standard output (status 0), or one clear
/// message on standard error (status 2).
pub fn cli(file: &str) -> std::process::ExitCode {
    let text = match read_input("replay", file) {
        Ok(t) => t,
        Err(code) => return code,
    };
    match crate::games::of_text(&text).replay(&text) {
        Ok(out) => {
            println!(
                "{}",
                serde_json::to_string_pretty(&out).expect("JSON values serialise")
            );
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("polysleuth replay: {e}");
            std::process::ExitCode::from(2)
        }
    }
}
