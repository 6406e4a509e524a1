// Sound: short placement and flip sounds synthesised with the Web Audio API (B6).
// Off by default; the setting lives in Python's session like every other setting.

/** Returns {play(flips)}: a soft click for the placed disc, then a tick per flip. */
export function createSound() {
  let ctx = null;

  function tone(at, frequency, duration, volume) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = "triangle";
    osc.frequency.setValueAtTime(frequency, at);
    osc.frequency.exponentialRampToValueAtTime(frequency * 0.6, at + duration);
    gain.gain.setValueAtTime(volume, at);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + duration);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + duration + 0.02);
  }

  return {
    /** Plays a placement that flipped `flips` discs (at most eight ticks). */
    play(flips) {
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return;
      ctx ||= new Context();
      if (ctx.state === "suspended") ctx.resume();
      const now = ctx.currentTime;
      tone(now, 220, 0.09, 0.25);
      for (let k = 0; k < Math.min(flips, 8); k++) tone(now + 0.08 + k * 0.05, 660 + k * 40, 0.05, 0.08);
    },
  };
}
