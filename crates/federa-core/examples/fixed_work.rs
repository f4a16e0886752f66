//! A fixed amount of the engine's work, for counting its instructions
//! (scripts/instructions.sh): uniformly random playouts from the empty
//! 13×13 board, or the strongest level's search iterations from the
//! benchmark's mid-game position (as `federa bench`, but a number of them
//! rather than a time, so that the count does not depend on the machine).
//! Uses only what commit 6a2d6b3's core offers too, so that the script can
//! build it against that commit for comparison.
//!
//! Usage: `fixed_work playouts N` or `fixed_work search N` (N = 0: only the
//! set-up, to take away).

use federa_core::search::{Level, Limit, Player, PlayerKind, midgame_position};
use federa_core::{Position, Rng, Rules};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (what, n) = match args.as_slice() {
        [what, n] => match n.parse::<u64>() {
            Ok(n) => (what.as_str(), n),
            Err(_) => fail(&format!("`{n}` is not a number")),
        },
        _ => fail("usage: fixed_work playouts|search N"),
    };
    let rules = Rules::new(13).expect("13 is a board size");
    match what {
        "playouts" => {
            let start = Position::new(rules);
            let mut rng = Rng::new(1);
            let mut moves = 0u64;
            for _ in 0..n {
                let mut pos = start.clone();
                moves += u64::from(pos.random_playout(&mut rng).moves);
            }
            println!("{n} playouts, {moves} moves");
        }
        "search" => {
            let pos = midgame_position(rules, 1);
            let mut player = Player::new(PlayerKind::Level(Level::Master), 1);
            let best = (n > 0).then(|| {
                player
                    .think(&pos, Limit::iterations(n), None, &mut |_| true)
                    .expect("the benchmark position is not won")
                    .best
            });
            println!("{n} iterations, best {best:?}");
        }
        other => fail(&format!("`{other}`: expected playouts or search")),
    }
}

fn fail(message: &str) -> ! {
    eprintln!("fixed_work: {message}");
    std::process::exit(2)
}
