// The Sokoban page: a built-in level or one of your own (checked by the
// server's parser), played here with the rules of boardkit's library (a
// browser test replays the moves through the server to check them), undo
// and redo, and the server's solver streamed with its progress, then its
// solution played on the board.
'use strict';

(() => {
  const { api, showError, clearError, el } = boardkit;
  const $ = (id) => document.getElementById(id);

  /** Row and column steps of each direction, and its LURD letter. */
  const DIRS = {
    left: { dr: 0, dc: -1, letter: 'l' },
    up: { dr: -1, dc: 0, letter: 'u' },
    right: { dr: 0, dc: 1, letter: 'r' },
    down: { dr: 1, dc: 0, letter: 'd' },
  };
  const BY_LETTER = { l: 'left', u: 'up', r: 'right', d: 'down' };
  const KEYS = {
    ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right',
    w: 'up', s: 'down', a: 'left', d: 'right',
    W: 'up', S: 'down', A: 'left', D: 'right',
  };

  /**
   * A level being played: its walls and goals, the boxes and the worker,
   * and the moves made (for undo) and taken back (for redo). Built from
   * the server's XSB rows (`#`, ` `, `.`, `$`, `*`, `@`, `+`, and `-` for
   * an empty row).
   */
  class Game {
    constructor(rows) {
      this.rows = rows.map((r) => (r === '-' ? '' : r));
      this.height = this.rows.length;
      this.width = Math.max(1, ...this.rows.map((r) => r.length));
      this.walls = new Set();
      this.goals = new Set();
      this.boxes = new Set();
      this.worker = 0;
      this.rows.forEach((row, r) => {
        [...row].forEach((ch, c) => {
          const at = r * this.width + c;
          if (ch === '#') this.walls.add(at);
          if ('.*+'.includes(ch)) this.goals.add(at);
          if ('$*'.includes(ch)) this.boxes.add(at);
          if ('@+'.includes(ch)) this.worker = at;
        });
      });
      this.inside = this.reach();
      this.history = [];
      this.undone = [];
    }

    /** The squares the worker could walk to with the boxes away. */
    reach() {
      const seen = new Set([this.worker]);
      const todo = [this.worker];
      while (todo.length > 0) {
        const at = todo.pop();
        for (const dir of Object.values(DIRS)) {
          const next = this.step(at, dir);
          if (next !== null && !this.walls.has(next) && !seen.has(next)) {
            seen.add(next);
            todo.push(next);
          }
        }
      }
      return seen;
    }

    /** The square one step from `at` in `dir`, or null off the map. */
    step(at, dir) {
      const r = Math.floor(at / this.width) + dir.dr;
      const c = (at % this.width) + dir.dc;
      if (r < 0 || r >= this.height || c < 0 || c >= this.width) return null;
      return r * this.width + c;
    }

    /**
     * Plays one key: the worker steps, pushing a box when the square
     * behind it is free. Returns 'moved', 'pushed' or 'blocked'.
     */
    play(name) {
      const done = this.apply(name);
      if (done !== 'blocked') this.undone = [];
      return done;
    }

    apply(name) {
      const dir = DIRS[name];
      const next = this.step(this.worker, dir);
      if (next === null || this.walls.has(next)) return 'blocked';
      let push = false;
      if (this.boxes.has(next)) {
        const beyond = this.step(next, dir);
        if (beyond === null || this.walls.has(beyond) || this.boxes.has(beyond)) return 'blocked';
        this.boxes.delete(next);
        this.boxes.add(beyond);
        push = true;
      }
      this.worker = next;
      this.history.push({ name, push });
      return push ? 'pushed' : 'moved';
    }

    /** Takes back the last move; false when there is none. */
    undo() {
      const last = this.history.pop();
      if (!last) return false;
      const dir = DIRS[last.name];
      const back = { dr: -dir.dr, dc: -dir.dc };
      if (last.push) {
        const box = this.step(this.worker, dir);
        this.boxes.delete(box);
        this.boxes.add(this.worker);
      }
      this.worker = this.step(this.worker, back);
      this.undone.push(last.name);
      return true;
    }

    /** Plays again the last move taken back; false when there is none. */
    redo() {
      const name = this.undone.pop();
      if (name === undefined) return false;
      this.apply(name);
      return true;
    }

    get moves() { return this.history.length; }

    get pushes() { return this.history.filter((h) => h.push).length; }

    get onGoals() { return [...this.boxes].filter((b) => this.goals.has(b)).length; }

    get solved() { return this.onGoals === this.boxes.size; }

    /** The moves made in LURD: pushes in capitals. */
    get lurd() {
      return this.history.map((h) => {
        const letter = DIRS[h.name].letter;
        return h.push ? letter.toUpperCase() : letter;
      }).join('');
    }

    /** The XSB character of square `at`. */
    char(at) {
      if (this.walls.has(at)) return '#';
      const goal = this.goals.has(at);
      if (this.boxes.has(at)) return goal ? '*' : '$';
      if (at === this.worker) return goal ? '+' : '@';
      return goal ? '.' : ' ';
    }

    /** The position as XSB rows, written as the server writes them. */
    map() {
      const rows = [];
      for (let r = 0; r < this.height; r += 1) {
        let row = '';
        for (let c = 0; c < this.width; c += 1) row += this.char(r * this.width + c);
        row = row.replace(/ +$/, '');
        rows.push(row === '' ? '-' : row);
      }
      return rows;
    }
  }

  /** The game shown. */
  let game = null;
  /** The solve under way: its AbortController. */
  let solving = null;
  /** The solution found, and its animation: moves, next move, timer. */
  let solution = null;
  let anim = null;
  /** Says when the server lowered the time limit asked. */
  let capNote = '';

  function render() {
    const board = $('board');
    if (!game) {
      board.replaceChildren();
      return;
    }
    if (board.childElementCount !== game.width * game.height) {
      board.style.setProperty('--cols', String(game.width));
      board.style.setProperty('--rows', String(game.height));
      board.replaceChildren(...Array.from({ length: game.width * game.height }, () => el('div')));
    }
    [...board.children].forEach((cell, at) => {
      let kind = 'outside';
      if (game.walls.has(at)) kind = 'wall';
      else if (game.inside.has(at) || game.boxes.has(at)) kind = 'floor';
      const classes = ['cell', kind];
      if (game.goals.has(at)) classes.push('goal');
      if (game.boxes.has(at)) classes.push('box');
      if (at === game.worker) classes.push('worker');
      cell.className = classes.join(' ');
    });
    board.dataset.map = game.map().join('\n');
    board.classList.toggle('solved', game.solved);
    $('moves').textContent = String(game.moves);
    $('pushes').textContent = String(game.pushes);
    $('on-goals').textContent = `${game.onGoals} / ${game.boxes.size}`;
    $('lurd').textContent = game.lurd;
    $('status').textContent = game.solved
      ? `Solved in ${count(game.moves, 'move', 'moves')}, ${count(game.pushes, 'push', 'pushes')}.`
      : '';
    $('undo').disabled = game.moves === 0 || solving !== null;
    $('redo').disabled = game.undone.length === 0 || solving !== null;
    renderAnimation();
  }

  function renderAnimation() {
    const on = anim !== null;
    $('play').disabled = !on || anim.next >= anim.moves.length;
    $('step-back').disabled = !on || anim.next === 0;
    $('step-forward').disabled = !on || anim.next >= anim.moves.length;
    $('play').textContent = on && anim.timer !== null ? 'Pause' : 'Play';
    $('anim-pos').textContent = on ? `move ${anim.next} of ${anim.moves.length}` : '';
  }

  /** Ends the solution's animation (the board was played by hand). */
  function stopAnimation() {
    if (anim && anim.timer !== null) clearInterval(anim.timer);
    anim = null;
  }

  function pause() {
    if (anim && anim.timer !== null) {
      clearInterval(anim.timer);
      anim.timer = null;
    }
  }

  function stepForward() {
    if (!anim || anim.next >= anim.moves.length) {
      pause();
      return;
    }
    game.apply(anim.moves[anim.next]);
    game.undone = [];
    anim.next += 1;
    if (anim.next >= anim.moves.length) pause();
    render();
  }

  function stepBack() {
    if (!anim || anim.next === 0) return;
    pause();
    game.undo();
    game.undone = [];
    anim.next -= 1;
    render();
  }

  function speed() {
    return Number($('speed').value);
  }

  function play() {
    if (!anim) return;
    if (anim.timer !== null) {
      pause();
    } else if (anim.next < anim.moves.length) {
      anim.timer = setInterval(stepForward, 1000 / speed());
    }
    renderAnimation();
  }

  /**
   * Shows `rows` (the server's map of a level) as a new game, with the
   * keyboard on the board and no solution of another position.
   */
  function show(rows, title) {
    stopAnimation();
    solution = null;
    $('solution').hidden = true;
    $('solve-status').textContent = '';
    $('progress').value = 0;
    game = new Game(rows);
    $('title').textContent = title || '';
    render();
    $('board').focus();
  }

  /** Loads level `number` (or the only one) of the XSB `text`. */
  async function load(text, number) {
    const body = { xsb: text, moves: '' };
    if (number !== undefined) body.level = number;
    const position = await api('POST', '/sokoban/move', body);
    show(position.map, position.title);
  }

  /** Loads the pasted or uploaded text: its first level, or the one chosen. */
  async function loadOwn(number) {
    const text = $('xsb').value;
    const checked = await api('POST', '/sokoban/validate', { xsb: text });
    const select = $('text-level');
    if (number === undefined) {
      select.replaceChildren(...checked.levels.map((l) => el('option', {
        value: String(l.number),
        text: `${l.number}${l.title ? `. ${l.title}` : ''} (${l.rows} × ${l.cols}, ${count(l.boxes, 'box', 'boxes')})`,
      })));
      $('text-level-label').hidden = checked.levels.length < 2;
    }
    await load(text, checked.levels.length > 1 ? (number || 1) : undefined);
  }

  function handle(promise) {
    promise.catch(() => {});
  }

  function restart() {
    if (!game || solving) return;
    stopAnimation();
    while (game.undo()) { /* back to the start */ }
    game.undone = [];
    render();
  }

  function onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest && event.target.closest('input, textarea, select')) return;
    if (!game || solving) return;
    const name = KEYS[event.key];
    if (name) {
      event.preventDefault();
      stopAnimation();
      game.play(name);
      render();
    } else if (event.key === 'z' || event.key === 'Z') {
      stopAnimation();
      game.undo();
      render();
    } else if (event.key === 'y' || event.key === 'Y') {
      stopAnimation();
      game.redo();
      render();
    }
  }

  function setSolving(controller) {
    solving = controller;
    $('solve').disabled = controller !== null;
    $('cancel').disabled = controller === null;
    $('builtin').disabled = controller !== null;
    $('load').disabled = controller !== null;
    $('text-level').disabled = controller !== null;
    $('restart').disabled = controller !== null;
    render();
  }

  /** The name and JSON data of one server-sent event, or null. */
  function parseEvent(block) {
    let name = null;
    const data = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) name = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (name === null || data.length === 0) return null;
    return { name, data: JSON.parse(data.join('\n')) };
  }

  function count(n, one, many) {
    return `${n} ${n === 1 ? one : many}`;
  }

  /** Acts on one event of the solve's stream. */
  function onEvent({ name, data }, asked) {
    const status = $('solve-status');
    const progress = $('progress');
    if (name === 'queued') {
      status.textContent = 'Waiting for a free solver…';
    } else if (name === 'started') {
      progress.max = data.time_limit;
      progress.value = 0;
      capNote = data.time_limit < asked ? ` (the server caps it at ${data.time_limit} s)` : '';
      status.textContent = `Searching… limit ${data.time_limit} s${capNote}`;
      status.dataset.limit = String(data.time_limit);
    } else if (name === 'progress') {
      progress.value = data.elapsed;
      status.textContent = `Searching… ${data.elapsed.toFixed(1)} s of ${progress.max} s${capNote}`;
    } else if (name === 'solved') {
      progress.value = progress.max;
      status.textContent = `Solved in ${data.seconds.toFixed(3)} s: ${count(data.moves, 'move', 'moves')}, `
        + `${count(data.pushes, 'push', 'pushes')} (${count(data.nodes, 'node', 'nodes')}).`;
      solution = data.solution;
      $('solution-text').textContent = solution;
      $('solution').hidden = false;
      $('copy-status').textContent = '';
      anim = { moves: [...solution.toLowerCase()].map((l) => BY_LETTER[l]), next: 0, timer: null };
    } else if (name === 'unsolved') {
      status.textContent = data.status === 'no_solution'
        ? `No solution: proved in ${data.seconds.toFixed(3)} s (${count(data.nodes, 'node', 'nodes')}).`
        : `Not solved: ${data.reason} after ${data.seconds.toFixed(3)} s (${count(data.nodes, 'node', 'nodes')}).`;
    } else if (name === 'error') {
      showError(data.error);
      status.textContent = '';
    }
    status.dataset.event = name;
  }

  /** Runs the server's solver on the position shown, streaming its progress. */
  async function solve() {
    if (!game || solving) return;
    clearError();
    stopAnimation();
    $('solution').hidden = true;
    solution = null;
    const asked = Number($('time-limit').value);
    const body = { xsb: game.map().join('\n') + '\n', time_limit: asked };
    if ($('optimal').value) body.optimal = $('optimal').value;
    const controller = new AbortController();
    setSolving(controller);
    const status = $('solve-status');
    status.textContent = 'Starting…';
    status.dataset.event = '';
    $('progress').value = 0;
    try {
      const response = await fetch('/api/v1/sokoban/solve/stream', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
      if (!response.ok) {
        const text = await response.text();
        let message = `${response.status} ${response.statusText}`;
        try {
          message = JSON.parse(text).error || message;
        } catch (e) {
          // Not JSON: the status says enough.
        }
        showError(message);
        status.textContent = '';
        return;
      }
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const event = parseEvent(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (event) onEvent(event, asked);
          end = buffer.indexOf('\n\n');
        }
      }
    } catch (e) {
      if (e.name === 'AbortError') {
        status.textContent = 'Cancelled.';
        status.dataset.event = 'cancelled';
      } else {
        showError(`the solve stopped: ${e.message}`);
      }
    } finally {
      setSolving(null);
    }
  }

  async function copy() {
    if (solution === null) return;
    const shown = $('copy-status');
    try {
      await navigator.clipboard.writeText(solution);
      shown.textContent = 'Copied.';
    } catch (e) {
      const range = document.createRange();
      range.selectNodeContents($('solution-text'));
      const selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      shown.textContent = document.execCommand('copy')
        ? 'Copied.'
        : 'The clipboard is not available here: the solution is selected, copy it with the keyboard.';
    }
  }

  async function start() {
    const { levels } = await api('GET', '/sokoban/levels');
    const select = $('builtin');
    select.replaceChildren(...levels.map((l) => el('option', {
      value: String(l.number),
      text: `${l.number}. ${l.title} (${count(l.boxes, 'box', 'boxes')})`,
    })));
    const wanted = Number(new URLSearchParams(window.location.search).get('level'));
    const chosen = levels.find((l) => l.number === wanted) || levels[0];
    select.value = String(chosen.number);
    const loadBuiltin = () => {
      const level = levels.find((l) => String(l.number) === select.value);
      if (level) handle(load(level.xsb));
    };
    select.addEventListener('change', loadBuiltin);
    loadBuiltin();
  }

  document.addEventListener('DOMContentLoaded', () => {
    document.addEventListener('keydown', onKey);
    $('undo').addEventListener('click', () => {
      stopAnimation();
      if (game) game.undo();
      render();
    });
    $('redo').addEventListener('click', () => {
      stopAnimation();
      if (game) game.redo();
      render();
    });
    $('restart').addEventListener('click', restart);
    $('load').addEventListener('click', () => handle(loadOwn()));
    $('text-level').addEventListener('change', () => handle(loadOwn(Number($('text-level').value))));
    $('file').addEventListener('change', () => {
      const file = $('file').files[0];
      if (!file) return;
      file.text().then((text) => {
        $('xsb').value = text;
        handle(loadOwn());
      }, (e) => showError(`cannot read ${file.name}: ${e.message}`));
    });
    $('solve').addEventListener('click', () => handle(solve()));
    $('cancel').addEventListener('click', () => {
      if (solving) solving.abort();
    });
    $('copy').addEventListener('click', () => handle(copy()));
    $('play').addEventListener('click', play);
    $('step-forward').addEventListener('click', () => {
      pause();
      stepForward();
    });
    $('step-back').addEventListener('click', stepBack);
    $('speed').addEventListener('input', () => {
      $('speed-out').textContent = `${speed()} moves/s`;
      if (anim && anim.timer !== null) {
        pause();
        play();
      }
    });
    render();
    handle(start());
  });
})();
