// The 2048 page: a game kept by the server, played with keys, swipes, undo,
// the AI's hint and AI autoplay.
'use strict';

(() => {
  const { api, request, el, sleep } = boardkit;
  const $ = (id) => document.getElementById(id);

  const KEYS = {
    ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right',
    w: 'up', s: 'down', a: 'left', d: 'right',
    W: 'up', S: 'down', A: 'left', D: 'right',
  };

  /** The game shown: the server's state, and its seed as the server wrote it. */
  let game = null;
  let seedText = '';
  /** Requests run one after another, in the order asked. */
  let queue = Promise.resolve();
  /** True while the AI plays. */
  let autoplaying = false;
  /** When the AI's last moves were played (for moves per second). */
  let stamps = [];

  function enqueue(work) {
    queue = queue.then(work).catch(() => {});
    return queue;
  }

  function bestKey(size) {
    return `boardkit.2048.best.${size}`;
  }

  function largest(board) {
    return Math.max(0, ...board.flat());
  }

  function tileClass(v) {
    if (v === 0) return 'tile';
    const digits = String(v).length;
    const colour = v <= 2048 ? `v${v}` : 'vbig';
    return `tile ${colour}` + (digits >= 3 ? ` d${Math.min(digits, 6)}` : '');
  }

  function render() {
    if (!game) return;
    const board = $('board');
    board.style.setProperty('--n', String(game.size));
    board.dataset.size = String(game.size);
    board.replaceChildren(...game.board.flat().map((v) => el('div', {
      class: tileClass(v),
      text: v === 0 ? '' : String(v),
      dataset: { value: String(v) },
    })));
    $('score').textContent = String(game.score);
    $('moves').textContent = String(game.moves);
    $('largest').textContent = String(largest(game.board));
    const key = bestKey(game.size);
    const best = Math.max(Number(localStorage.getItem(key) || 0), game.score);
    localStorage.setItem(key, String(best));
    $('best').textContent = String(best);
    $('status').textContent = (game.over ? 'Game over. ' : '')
      + `Seed ${seedText}, ${game.size} × ${game.size}.`;
    $('undo').disabled = autoplaying || game.moves === 0;
    const aiOk = game.size === 4 && !game.over;
    $('hint').disabled = autoplaying || !aiOk;
    $('autoplay').disabled = !aiOk && !autoplaying;
  }

  /** The seed as the answer's text wrote it (beyond 2^53 a number would round). */
  function seedOf(text) {
    const m = /"seed":(\d+)/.exec(text);
    return m ? m[1] : '';
  }

  async function newGame() {
    stopAutoplay();
    const seed = $('seed').value.trim();
    const size = Number($('size').value);
    if (seed !== '' && !/^-?\d+$/.test(seed)) {
      boardkit.showError(`invalid value '${seed}' for 'seed': expected a whole number from 0 to 18446744073709551615`);
      return;
    }
    const body = seed === '' ? `{"size": ${size}}` : `{"seed": ${seed}, "size": ${size}}`;
    const answer = await request('POST', '/2048/games', body, true);
    game = answer.value;
    seedText = seedOf(answer.text);
    $('hint-text').textContent = '';
    $('rate').textContent = '0';
    stamps = [];
    render();
    $('board').focus();
  }

  async function move(direction) {
    if (!game || autoplaying) return;
    const answer = await api('POST', `/2048/games/${game.id}/moves`, { direction });
    game = answer;
    if (answer.changed) $('hint-text').textContent = '';
    render();
  }

  async function undo() {
    if (!game) return;
    const answer = await api('POST', `/2048/games/${game.id}/undo`);
    game = answer;
    $('hint-text').textContent = answer.undone ? '' : 'No move left to undo: the last 16 are kept.';
    render();
  }

  function describe(hint) {
    if (!hint.best) return 'no move changes the board';
    const value = hint.values.length ? hint.values[0].value : 0;
    return `AI: ${hint.best} (expects ${value.toFixed(0)}, depth ${hint.depth})`;
  }

  async function hint() {
    if (!game) return;
    const answer = await api('POST', '/2048/hint', { board: game.board });
    $('hint-text').textContent = describe(answer);
    $('hint-text').dataset.move = answer.best || '';
  }

  function rate() {
    const now = performance.now();
    stamps.push(now);
    stamps = stamps.filter((t) => now - t <= 2000);
    if (stamps.length < 2) return 0;
    return (stamps.length - 1) / ((now - stamps[0]) / 1000);
  }

  function stopAutoplay() {
    autoplaying = false;
    $('autoplay').textContent = 'Start AI';
  }

  async function autoplay() {
    autoplaying = true;
    $('autoplay').textContent = 'Stop AI';
    render();
    while (autoplaying && game && !game.over) {
      const started = performance.now();
      let answer;
      try {
        answer = await api('POST', `/2048/games/${game.id}/ai`);
      } catch (e) {
        break;
      }
      game = answer.game;
      $('hint-text').textContent = describe(answer.hint);
      $('rate').textContent = rate().toFixed(1);
      render();
      if (!answer.changed) break;
      const speed = Number($('speed').value);
      const wait = $('fastest').checked ? 0 : 1000 / speed - (performance.now() - started);
      await sleep(Math.max(0, wait));
    }
    stopAutoplay();
    render();
  }

  function speedShown() {
    const fastest = $('fastest').checked;
    $('speed').disabled = fastest;
    $('speed-out').textContent = fastest ? 'no limit' : `${$('speed').value} moves/s`;
  }

  document.addEventListener('keydown', (event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const direction = KEYS[event.key];
    if (direction) {
      event.preventDefault();
      enqueue(() => move(direction));
    } else if (event.key === 'u' || event.key === 'U') {
      enqueue(undo);
    }
  });

  let touch = null;
  $('board').addEventListener('touchstart', (event) => {
    const t = event.changedTouches[0];
    touch = { x: t.clientX, y: t.clientY };
  }, { passive: true });
  $('board').addEventListener('touchend', (event) => {
    if (!touch) return;
    const t = event.changedTouches[0];
    const dx = t.clientX - touch.x;
    const dy = t.clientY - touch.y;
    touch = null;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < 24) return;
    const direction = Math.abs(dx) > Math.abs(dy)
      ? (dx > 0 ? 'right' : 'left')
      : (dy > 0 ? 'down' : 'up');
    enqueue(() => move(direction));
  });

  $('new-game').addEventListener('submit', (event) => {
    event.preventDefault();
    stopAutoplay();
    enqueue(newGame);
  });
  $('undo').addEventListener('click', () => enqueue(undo));
  $('hint').addEventListener('click', () => enqueue(hint));
  $('autoplay').addEventListener('click', () => {
    if (autoplaying) stopAutoplay();
    else enqueue(autoplay);
  });
  $('speed').addEventListener('input', speedShown);
  $('fastest').addEventListener('change', speedShown);

  const params = new URLSearchParams(location.search);
  if (params.has('seed')) $('seed').value = params.get('seed');
  if (params.has('size')) $('size').value = params.get('size');
  speedShown();
  enqueue(newGame);
})();
