// What a call throws, for the unit tests: fails the test if it returns.
import assert from 'node:assert/strict';

/** What `fn` throws (fails if it returns). */
export function thrown(fn) {
  try {
    fn();
  } catch (error) {
    return error;
  }
  assert.fail('nothing was thrown');
}
