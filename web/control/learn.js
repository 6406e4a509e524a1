// Learning (N1-N5): the lesson shown and its intents. Python decides everything
// (py/reversi/app/learning/room.py): whether a tap is right and why not, Easy's replies in the
// last lesson, the progress, the invitation, How to play's rules and every word. Every
// reply carries the `learn` field; this module keeps it and relays taps and buttons.

import { oneReplyLater } from "./scheduling.js";

/** Returns the learning state holder: the last `learn` field Python sent. */
export function createLearn() {
  let report = null;
  return {
    /** Checks if a lesson is shown. */
    active: () => Boolean(report && report.lesson),
    /** Takes a reply's `learn` field (absent: no change). */
    take(reply) {
      if (reply && "learn" in reply) report = reply.learn;
    },
    /** Returns the learning report (or null before the first reply). */
    current: () => report,
    /** Returns the lesson's board as a board snapshot for the board view (its squares
     * named as in play, B7). */
    snapshot() {
      const lesson = report.lesson;
      return {
        cells: lesson.cells, counts: lesson.counts, last: lesson.last, flipped: lesson.flipped,
        legal: lesson.legal, options: { legal_dots: true }, status: lesson.words.name,
      };
    },
  };
}

/**
 * Returns the learning intents, given the controller's `command(method, params)`, `announce`,
 * `timers` and `delay` (the pause before Easy's move in the lesson played to the end).
 */
export function learnIntents({ learn, command, announce, timers, delay }) {
  const later = oneReplyLater(timers, delay);
  async function ask(method, params = {}) {
    const reply = await command(method, params);
    const lesson = reply && reply.learn && reply.learn.lesson;
    if (lesson && (method === "learn_open" || method === "learn_retry")) {
      announce(`${lesson.words.title}. ${lesson.words.goal}`);
    } else if (lesson && lesson.words.message) {
      announce(lesson.words.message);
    }
    if (lesson && lesson.computer_to_move) later(() => ask("learn_computer"));
    return reply;
  }
  return {
    openLessons: (which = "next") => ask("learn_open", { which }),
    nextLesson() {
      const report = learn.current();
      const number = report && report.lesson ? report.lesson.number : 0;
      return ask("learn_open", { which: report && number < report.total ? number + 1 : "next" });
    },
    learnTap: (square) => ask("learn_tap", { square }),
    retryLesson: () => ask("learn_retry"),
    closeLessons: () => ask("learn_close"),
    openHowto: () => command("learn_rules"),
    dismissInvite: () => command("learn_dismiss"),
  };
}
