// The yut page: rolls in, the best score and a best line out, the line
// drawn turn by turn on the standard board.
'use strict';

(() => {
  const { request, el } = boardkit;
  const $ = (id) => document.getElementById(id);
  const SVG = 'http://www.w3.org/2000/svg';

  /**
   * Where each cell of the standard board is drawn: the outer square
   * 2 … 40 (corners 10, 20, 30, 40), the diagonals 10 → b25 and 30 → b25,
   * 20 → b25 → 40, and the start and the end beside 40.
   */
  const PLACES = (() => {
    const at = {};
    const lo = 40;
    const hi = 280;
    const step = (hi - lo) / 5;
    for (let k = 0; k <= 5; k += 1) {
      at[String(2 * k)] = [hi, hi - k * step];
      at[String(10 + 2 * k)] = [hi - k * step, lo];
      at[String(20 + 2 * k)] = [lo, lo + k * step];
      at[String(30 + 2 * k)] = [lo + k * step, hi];
    }
    delete at['0'];
    const mid = (lo + hi) / 2;
    const toward = (from, t) => [from[0] + (mid - from[0]) * t, from[1] + (mid - from[1]) * t];
    [['b13', 1], ['b16', 2], ['b19', 3]].forEach(([name, i]) => { at[name] = toward(at['10'], i / 4); });
    [['b28', 1], ['b27', 2], ['b26', 3]].forEach(([name, i]) => { at[name] = toward(at['30'], i / 4); });
    [['b22', 1], ['b24', 2]].forEach(([name, i]) => { at[name] = toward(at['20'], i / 3); });
    at.b25 = [mid, mid];
    at.b30 = [mid + (hi - mid) / 3, mid + (hi - mid) / 3];
    at.b35 = [mid + (2 * (hi - mid)) / 3, mid + (2 * (hi - mid)) / 3];
    at.start = [hi + 36, hi + 36];
    at.end = [hi + 36, hi - 36];
    return at;
  })();

  /** The red arrows, drawn as the board's paths. */
  const PATHS = [
    ['start', '2'], ...Array.from({ length: 19 }, (_, k) => [String(2 * k + 2), String(2 * k + 4)]),
    ['40', 'end'], ['10', 'b13'], ['b13', 'b16'], ['b16', 'b19'], ['b19', 'b25'],
    ['20', 'b22'], ['b22', 'b24'], ['b24', 'b25'], ['30', 'b28'], ['b28', 'b27'],
    ['b27', 'b26'], ['b26', 'b25'], ['b25', 'b30'], ['b30', 'b35'], ['b35', '40'],
  ];

  let line = null;
  let shown = 0;

  function svg(tag, attrs, text) {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function cellLabel(name) {
    return name.startsWith('b') ? name.slice(1) : name;
  }

  /** The board with the line's turn `upto` (1 …) drawn: pieces where they stand after it. */
  function drawBoard(upto) {
    const board = $('yut-board');
    const turn = line && upto > 0 ? line.turns[upto - 1] : null;
    const visited = new Set(line ? line.turns.slice(0, upto).map((t) => t.to).filter(Boolean) : []);
    const nodes = [];
    for (const [a, b] of PATHS) {
      const [x1, y1] = PLACES[a];
      const [x2, y2] = PLACES[b];
      nodes.push(svg('line', { class: 'path', x1, y1, x2, y2 }));
    }
    for (const [name, [x, y]] of Object.entries(PLACES)) {
      let cls = 'cell';
      if (['10', '20', '30', '40', 'b25', 'start', 'end'].includes(name)) cls += ' corner';
      if (visited.has(name)) cls += ' visited';
      if (turn && turn.from === name) cls += ' current-from';
      if (turn && turn.to === name) cls += ' current-to';
      const big = name === 'start' || name === 'end';
      nodes.push(svg('circle', { class: cls, cx: x, cy: y, r: big ? 16 : 11, 'data-cell': name }));
      nodes.push(svg('text', { class: 'num', x, y }, big ? name : cellLabel(name)));
    }
    if (line) {
      const where = {};
      line.turns.slice(0, upto).forEach((t) => { if (t.piece) where[t.piece] = t.to; });
      const stacked = {};
      for (const [piece, cell] of Object.entries(where)) {
        const k = stacked[cell] || 0;
        stacked[cell] = k + 1;
        const [x, y] = PLACES[cell];
        const px = x + 9 + k * 8;
        const py = y - 11;
        nodes.push(svg('circle', { class: 'piece', cx: px, cy: py, r: 6, 'data-piece': piece }));
        nodes.push(svg('text', { class: 'piece-num', x: px, y: py }, piece));
      }
    }
    board.replaceChildren(...nodes);
  }

  function describe(t) {
    if (!t.piece) return `roll ${t.roll}: every piece is home (score ${t.score})`;
    return `roll ${t.roll}: piece ${t.piece} ${t.from} → ${t.to}, +${t.points} (score ${t.score})`;
  }

  function show(upto) {
    shown = upto;
    drawBoard(upto);
    const items = $('line').children;
    for (let i = 0; i < items.length; i += 1) items[i].classList.toggle('selected', i + 1 === upto);
    $('prev').disabled = !line || upto <= 0;
    $('next').disabled = !line || upto >= line.turns.length;
    $('turn-shown').textContent = line ? `after turn ${upto} of ${line.turns.length}` : '';
  }

  /** The rolls field's numbers as JSON text, or null after showing what is wrong. */
  function rollsJson() {
    const tokens = $('rolls').value.split(/[\s,]+/).filter(Boolean);
    const bad = tokens.find((t) => !/^-?\d+$/.test(t));
    if (bad !== undefined) {
      boardkit.showError(`'${bad}' is not a roll: rolls are whole numbers from 1 to 5`);
      return null;
    }
    return `[${tokens.join(',')}]`;
  }

  async function solve() {
    const rolls = rollsJson();
    if (rolls === null) return;
    $('score').textContent = '…';
    try {
      const body = `{"rolls": ${rolls}, "pieces": ${Number($('pieces').value)}}`;
      line = (await request('POST', '/yut/line', body, true)).value;
    } catch (e) {
      line = null;
      $('score').textContent = '–';
      $('line').replaceChildren();
      show(0);
      return;
    }
    $('score').textContent = String(line.score);
    $('line').replaceChildren(...line.turns.map((t, i) => {
      const item = el('li', { text: describe(t), dataset: { turn: String(i + 1) } });
      item.addEventListener('click', () => show(i + 1));
      return item;
    }));
    show(line.turns.length);
  }

  function addRoll(roll) {
    const v = $('rolls').value.trim();
    $('rolls').value = v ? `${v} ${roll}` : roll;
  }

  document.querySelectorAll('button[data-roll]').forEach((b) => {
    b.addEventListener('click', () => addRoll(b.dataset.roll));
  });
  $('back').addEventListener('click', () => {
    const tokens = $('rolls').value.trim().split(/[\s,]+/).filter(Boolean);
    tokens.pop();
    $('rolls').value = tokens.join(' ');
  });
  $('clear').addEventListener('click', () => { $('rolls').value = ''; });
  $('prev').addEventListener('click', () => show(Math.max(0, shown - 1)));
  $('next').addEventListener('click', () => show(Math.min(line ? line.turns.length : 0, shown + 1)));
  $('yut-form').addEventListener('submit', (event) => {
    event.preventDefault();
    solve();
  });
  drawBoard(0);
})();
