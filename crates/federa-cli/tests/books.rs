//! The site's opening books (www/book/, written by `federa book build`):
//! each reads, writes back byte for byte, and has moves from the empty
//! board of its size; `federa book judge` gives a book the chances that
//! `build` gives it.

mod common;

use std::fs;
use std::path::Path;

use common::federa;
use federa_core::book::Book;
use federa_core::{Game, Rules};

#[test]
fn the_sites_books_read_and_write_back_the_same() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../www/book");
    for size in [7, 9, 13] {
        let text = fs::read_to_string(dir.join(format!("{size}x{size}.txt"))).unwrap();
        let book = Book::parse(&text).unwrap();
        assert_eq!(book.to_string(), text, "{size}x{size}");
        assert_eq!(book.rules(), Rules::new(size).unwrap());
        let start = Game::new(book.rules());
        assert!(!book.moves(start.position()).is_empty(), "{size}x{size}");
    }
}

#[test]
fn a_book_judged_again_is_the_book_its_games_build() {
    let dir = std::env::temp_dir().join(format!("federa-book-judge-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let run = |args: &[&str]| {
        let (ok, _, err) = federa(args);
        assert!(ok, "{args:?}: {err}");
        err
    };
    run(&[
        "book",
        "play",
        "--size",
        "5",
        "--games",
        "6",
        "--budget",
        "60",
        "--out",
        &path("games.txt"),
    ]);
    let judge = ["--budget", "80", "--seed", "3"];
    let build = ["book", "build", &path("games.txt"), "--min-games", "1"];
    run(&[&build[..], &["--out", &path("built.txt")], &judge].concat());
    let built = fs::read_to_string(path("built.txt")).unwrap();
    // The same book with every chance blanked, then judged again.
    let blank: Vec<String> = built
        .lines()
        .map(|line| {
            let mut fields: Vec<String> = line.split('\t').map(str::to_owned).collect();
            for field in fields.iter_mut().skip(1) {
                let (rest, _) = field.rsplit_once(' ').unwrap();
                *field = format!("{rest} -");
            }
            fields.join("\t")
        })
        .collect();
    let blank = blank.join("\n") + "\n";
    assert_ne!(blank, built);
    fs::write(path("judged.txt"), &blank).unwrap();
    let said = run(&[&["book", "judge", &path("judged.txt")][..], &judge].concat());
    assert!(said.contains("judged.txt changed"), "{said}");
    assert_eq!(fs::read_to_string(path("judged.txt")).unwrap(), built);
    let said = run(&[&["book", "judge", &path("judged.txt")][..], &judge].concat());
    assert!(said.contains("judged.txt unchanged"), "{said}");

    // A damaged book is refused and left as it was.
    fs::write(path("judged.txt"), "not a book\n").unwrap();
    let (ok, _, err) = federa(&["book", "judge", &path("judged.txt")]);
    assert!(
        !ok && err.contains("judged.txt: line 1 of the book"),
        "{err}"
    );
    assert_eq!(
        fs::read_to_string(path("judged.txt")).unwrap(),
        "not a book\n"
    );
    fs::remove_dir_all(&dir).unwrap();
}
