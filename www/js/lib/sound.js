// @ts-check
// The page's one sound: a short beep (the clock's low-time warning), made
// by Web Audio so that no file is fetched. Silent where the browser has no
// Web Audio or has not let the page play sound yet.

/** @type {AudioContext | null} */
let audio = null;

/** A beep of a tenth of a second. */
export function beep() {
  try {
    audio ??= new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.1);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.1);
  } catch {
    // No sound here: the clock's colour still warns.
  }
}
