// Position setup (E1, E2): the editor's board, edited square by square, and its
// flow. A tap cycles a square empty -> black -> white -> empty; every change goes to
// Python (setup_check), which says whether the position can be played, solved or
// analysed and in which words. The board string is parsed by Python too.

const NEXT = { "-": "X", X: "O", O: "-" };
const SIDES = "XO";

/** Returns the editor's state holder: the cells a1..h8 and the side to move (0 black, 1 white). */
export function createEditorState() {
  let state = null;
  return {
    /** Checks if the editor is open. */
    active: () => state !== null,
    /** Opens the editor on `cells` with `turn` to move. */
    open(cells, turn) {
      state = { cells, turn };
    },
    /** Closes the editor. */
    close() {
      state = null;
    },
    /** Cycles square `index` (0 = a1) to its next content. */
    cycle(index) {
      state.cells = state.cells.slice(0, index) + NEXT[state.cells[index]] + state.cells.slice(index + 1);
    },
    /** Sets the whole position. */
    set(cells, turn) {
      state = { cells, turn };
    },
    /** Sets the side to move. */
    setTurn(turn) {
      state.turn = turn;
    },
    /** Returns the board string of the position (64 cells, a space, X or O). */
    board: () => `${state.cells} ${SIDES[state.turn]}`,
    /** Returns the side to move (0 black, 1 white). */
    turn: () => state.turn,
    /** Returns the position as a board snapshot for the board view. */
    snapshot() {
      const count = (c) => [...state.cells].filter((x) => x === c).length;
      return {
        cells: state.cells, counts: { black: count("X"), white: count("O") }, last: null, flipped: [],
        legal: [], options: { legal_dots: false }, status: "",
      };
    },
  };
}

/**
 * Returns the editor's intents, given the controller's parts: `command(method, params,
 * onError)` (the pipeline), `show()` (repaint the page), `ui` (editorOpened,
 * editorState, editorSolution, editorClosed), `copy(text)`, `openReview(reply)` and
 * `analyse()`; `opening` is the opening's cells.
 */
export function setupIntents({ editor, command, show, ui, copy, openReview, analyse, opening, current }) {
  let asked = 0; // the latest check: an older reply arriving late has no say
  async function check(board = editor.board()) {
    const mine = ++asked;
    const reply = await command("setup_check", { board });
    if (!reply || mine !== asked) return null;
    ui.editorState(reply.setup);
    return reply.setup;
  }
  function close() {
    editor.close();
    ui.editorClosed();
    show();
  }
  return {
    openSetup() {
      const { cells, turn } = current();
      editor.open(cells, turn === "white" ? 1 : 0);
      ui.editorOpened();
      show();
      check();
    },
    editSquare(index) {
      editor.cycle(index);
      show();
      check();
    },
    setupTurn(turn) {
      editor.setTurn(turn);
      check();
    },
    setupClear() {
      editor.set("-".repeat(64), editor.turn());
      show();
      check();
    },
    setupOpening() {
      editor.set(opening, 0);
      show();
      check();
    },
    async setupApply(text) {
      const setup = await check(text);
      if (setup && setup.valid) {
        editor.set(setup.cells, setup.side); // the side the string names, read by Python
        show();
        ui.editorState(setup);
      }
    },
    setupCopy: () => copy(editor.board()),
    async setupPlay(mode) {
      if (await command("setup_play", { board: editor.board(), mode }, ui.editorSolution)) close();
    },
    async setupSolve() {
      const reply = await command("setup_solve", { board: editor.board() }, ui.editorSolution);
      if (reply) ui.editorSolution(reply.solution.text);
    },
    async setupAnalyse() {
      const reply = await command("setup_analyse", { board: editor.board() }, ui.editorSolution);
      if (!reply) return;
      close();
      openReview(reply);
      await analyse(true);
    },
    closeSetup: close,
  };
}
