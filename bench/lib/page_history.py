"""Start-up, saving and the Results panel with a long stored history
(``python3 bench/page.py history``)."""

from __future__ import annotations

import statistics
import time

from tests.browser.pages import READY

from .page_driver import marks


def stored_history(games: int) -> dict[str, str]:
    """Returns the localStorage of a player with ``games`` finished 60-move games, as the
    page would have stored them (the oldest shed where the budget asks, P9), every one
    analysed for mistakes and rated (C8)."""
    import random

    from reversi.app.mistakes import book as mistake_book
    from reversi.app.rating import ledger
    from reversi.app.saving import parts as save_parts
    from reversi.engine.board import Board
    from reversi.engine.notation import format_transcript
    from reversi.game.history import History
    rng, pool = random.Random(1), []
    for _ in range(64):
        board = Board()
        while not board.is_game_over():
            board.play(rng.choice(board.legal_moves()))
        pool.append((format_transcript(board.placements()), *board.counts()))
    records = []
    for n in range(1, games + 1):
        moves, black, white = pool[n % 64]
        day, second = divmod(n * 4000, 86_400)
        date = time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(1_600_000_000 + day * 86_400 + second))
        side = ("black", "white")[n % 2]
        mine, theirs = (black, white) if side == "black" else (white, black)
        level = ("easy", "normal", "hard", "expert")[n % 4]
        result = "win" if mine > theirs else "loss" if mine < theirs else "draw"
        records.append({"attempt": n, "date": date, "mode": "computer", "level": level, "side": side, "result": result,
                        "black": black, "white": white, "practice": True, "challenge": False,
                        "duration_ms": 300_000 + n, "moves": moves})
    history = History.of(records)
    history.told = bool(history.shed(save_parts.HISTORY_BUDGET))
    texts = {f"reversi.{part}": text for part, text in save_parts.history_texts(history).items()}
    if records:
        texts[f"reversi.{mistake_book.PART}"] = analysed_games(records, rng)
        texts[f"reversi.{ledger.PART}"] = rated_games(records)
    return texts


def rated_games(records: list[dict]) -> str:
    """Returns the rating part (C8) of a player who played every one of ``records`` rated,
    against the rung of its level: the newest ``ledger.KEPT`` kept, the rest folded."""
    from reversi.app.rating import ledger
    from reversi.engine.ladder import RATINGS
    from reversi.game.results import key

    book = ledger.Ledger()
    for record in records:
        score = {"win": 1.0, "draw": 0.5, "loss": 0.0}[record["result"]]
        book.add(ledger.Game(key(record), record["level"], RATINGS[record["level"]], score))
    return book.text()


def analysed_games(records: list[dict], rng) -> str:
    """Returns the mistakes part (N6-N8) of a player whose newest games were all analysed,
    as many as its budget keeps (P9), each with the person's average loss and two
    mistakes to retry."""
    from reversi.app.mistakes import book as mistake_book
    from reversi.app.mistakes.finding import Mistake
    from reversi.engine.board import Board
    from reversi.engine.notation import format_board, parse_transcript, square_name
    from reversi.game.results import key

    book = mistake_book.Book()
    for record in reversed(records):
        board, found = Board(), []
        for move, (square, _) in enumerate(parse_transcript(record["moves"])[:30], 1):
            if move in (11, 23):
                side = ("black", "white")[board.turn]
                best = min(board.legal_moves(), key=lambda s: s == square)
                found.append(Mistake(move, side, format_board(board.black, board.white, board.turn),
                                     square_name(square), square_name(best), 6.0, move > 20, 0.0))
            board.play(square)
        book.add_game(key(record), {record["side"]: round(rng.uniform(1, 9), 2)}, found,
                      about={"level": record["level"], "variant": "standard"})
        if len(book.text()) > mistake_book.BUDGET:
            break
    book.shed(mistake_book.BUDGET)
    return book.text()


def history(browser, url: str) -> None:
    """Prints, at 0, 10,000 and 50,000 finished games: start-up to interactive (median of
    three reloads), when the history, read after it, is in (its reply shown), the
    main-thread time of the save at a game's end, the time to open the Results panel
    and to turn its page, and the characters stored per game."""
    print(f"{'games':>7} {'interactive':>12} {'history in':>11} {'save at end':>12} {'panel open':>11} "
          f"{'next page':>10} {'chars/game':>11} {'history chars':>14}")
    for games in (0, 10_000, 50_000):
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector(READY, timeout=120_000)
        page.evaluate("""(items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
            localStorage.setItem('reversi.settings', JSON.stringify({format: 'reversi', part: 'settings', version: 3,
                settings: {mode: 'local'}})); }""", stored_history(games))
        interactive, history_in = [], []
        for _ in range(3):
            page.reload()
            page.wait_for_selector(READY, timeout=120_000)
            interactive.append(marks(page)["interactive"])
            if games:
                history_in.append(page.wait_for_function("""() => performance.getEntriesByName('history-read')
                    .map(e => e.startTime + e.duration)[0]""").json_value())
        page.locator("#new-game").click()
        page.wait_for_function("() => document.querySelector('#status').textContent.includes('Black')")
        for i in range(0, len(WIPE_OUT), 2):
            before = page.locator("#status").inner_text()
            page.locator(f"[data-square={WIPE_OUT[i:i + 2]}]").click()
            page.wait_for_function("(b) => document.querySelector('#status').textContent !== b", arg=before)
        page.wait_for_selector("#result:not([hidden])")
        saves = page.evaluate("""performance.getEntriesByName('save')
            .filter(e => e.detail.parts.some(p => p.startsWith('history.'))).map(e => e.duration)""")
        opened = page.evaluate("""() => new Promise((resolve) => {
            const start = performance.now();
            document.querySelector('#menu-open').click();
            const rows = () => document.querySelectorAll('#history-table tbody tr').length;
            const check = () => rows() ? requestAnimationFrame(() => resolve(performance.now() - start))
                                       : requestAnimationFrame(check);
            check();
        })""")
        turned = page.evaluate("""() => new Promise((resolve) => {
            const older = document.querySelector('#history-older');
            if (older.disabled || older.closest('[hidden]')) return resolve(0);
            const first = document.querySelector('#history-table tbody tr').textContent;
            const start = performance.now();
            older.click();
            const check = () => document.querySelector('#history-table tbody tr').textContent !== first
                ? requestAnimationFrame(() => resolve(performance.now() - start)) : requestAnimationFrame(check);
            check();
        })""")
        chars = page.evaluate("""Object.keys(localStorage).filter(k => k.startsWith('reversi.history.'))
            .reduce((sum, k) => sum + k.length + localStorage.getItem(k).length, 0)""")
        per_game = chars / (games + 1)
        read = f"{statistics.median(history_in):>8.0f} ms" if history_in else f"{'—':>11}"
        print(f"{games:>7,} {statistics.median(interactive):>9.0f} ms {read} {max(saves, default=0):>9.1f} ms "
              f"{opened:>8.0f} ms {turned:>7.0f} ms {per_game:>11.1f} {chars:>14,}", flush=True)
        context.close()


WIPE_OUT = "e6f6g6e3e2f2c3d2e1c2g1b4b2a5"
