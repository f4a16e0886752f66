//! The site's opening books (www/book/, written by `federa book build`):
//! each reads, writes back byte for byte, and has moves from the empty
//! board of its size.

use std::fs;
use std::path::Path;

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
