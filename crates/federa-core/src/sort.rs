//! A stable insertion sort for the short lists the core orders (a root's
//! moves, a solver's, a book position's, a group's points): the standard
//! library's sorts would add kilobytes to the wasm for each type they sort.

/// Sorts `items` so that `a` comes before `b` whenever `first(a, b)`;
/// items neither comes first of keep their order.
pub(crate) fn sort_by_first<T>(items: &mut [T], first: impl Fn(&T, &T) -> bool) {
    for k in 1..items.len() {
        let mut j = k;
        while j > 0 && first(&items[j], &items[j - 1]) {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// The value under `key` in `list` (sorted by key), added as the default
/// where missing, in its place.
pub(crate) fn entry<'a, T: Default>(list: &'a mut Vec<(String, T)>, key: &str) -> &'a mut T {
    let at = match list.binary_search_by(|(k, _)| k.as_str().cmp(key)) {
        Ok(at) => at,
        Err(at) => {
            list.insert(at, (key.to_owned(), T::default()));
            at
        }
    };
    &mut list[at].1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sort_is_stable_and_follows_first() {
        let mut items = [(1, 'a'), (3, 'b'), (1, 'c'), (2, 'd'), (3, 'e')];
        sort_by_first(&mut items, |a, b| a.0 > b.0);
        assert_eq!(items, [(3, 'b'), (3, 'e'), (2, 'd'), (1, 'a'), (1, 'c')]);
    }

    #[test]
    fn an_entry_is_found_or_added_in_order() {
        let mut list: Vec<(String, u32)> = Vec::new();
        for key in ["m", "c", "x", "c"] {
            *entry(&mut list, key) += 1;
        }
        let keys: Vec<(&str, u32)> = list.iter().map(|(k, v)| (k.as_str(), *v)).collect();
        assert_eq!(keys, [("c", 2), ("m", 1), ("x", 1)]);
    }
}
