// The cover page: a board (a rectangle, or drawn cell by cell), a piece
// set, the exact count of coverings and one covering drawn.
'use strict';

(() => {
  const { api, el } = boardkit;
  const $ = (id) => document.getElementById(id);
  const MAX_DRAWN = 16;
  const COLOURS = ['#f2b179', '#8ecae6', '#b5e48c', '#f6bd60', '#cdb4db', '#f28482'];

  /** The drawn board: true for a black cell. */
  let black = [];

  function clampInput(input, max) {
    const v = Math.floor(Number(input.value));
    const n = Number.isFinite(v) ? Math.min(Math.max(v, 1), max) : 1;
    input.value = String(n);
    return n;
  }

  function buildEditor() {
    const h = clampInput($('draw-height'), MAX_DRAWN);
    const w = clampInput($('draw-width'), MAX_DRAWN);
    black = Array.from({ length: h }, (_, r) => Array.from({ length: w }, (_, c) => Boolean(black[r] && black[r][c])));
    const editor = $('editor');
    editor.style.gridTemplateColumns = `repeat(${w}, auto)`;
    editor.replaceChildren(...black.flatMap((row, r) => row.map((isBlack, c) => {
      const cell = el('button', {
        type: 'button',
        class: isBlack ? 'black' : '',
        dataset: { row: String(r), col: String(c) },
      });
      cell.setAttribute('aria-label', `row ${r + 1}, column ${c + 1}`);
      cell.addEventListener('click', () => {
        black[r][c] = !black[r][c];
        cell.className = black[r][c] ? 'black' : '';
        $('mode-draw').checked = true;
      });
      return cell;
    })));
  }

  function request() {
    const choice = $('pieces').value;
    const pieces = choice === 'custom' ? $('custom').value : choice;
    if ($('mode-draw').checked) {
      return { rows: black.map((row) => row.map((b) => (b ? '#' : '.')).join('')), pieces };
    }
    return { rect: `${$('height').value.trim()}x${$('width').value.trim()}`, pieces };
  }

  function draw(one) {
    const canvas = $('drawing');
    const note = $('drawing-note');
    if (!one.covering) {
      canvas.hidden = true;
      note.textContent = 'No covering: these pieces cannot cover this board.';
      return;
    }
    const { height, width } = one;
    const { pieces, colours, rows } = one.covering;
    const size = Math.max(6, Math.min(36, Math.floor(640 / Math.max(width, height))));
    canvas.width = width * size + 2;
    canvas.height = height * size + 2;
    canvas.hidden = false;
    canvas.dataset.rows = rows.join('\n');
    const owner = Array.from({ length: height }, () => Array(width).fill(-1));
    pieces.forEach((cells, i) => cells.forEach(([r, c]) => { owner[r][c] = i; }));
    const g = canvas.getContext('2d');
    g.fillStyle = '#fff';
    g.fillRect(0, 0, canvas.width, canvas.height);
    for (let r = 0; r < height; r += 1) {
      for (let c = 0; c < width; c += 1) {
        const i = owner[r][c];
        g.fillStyle = i < 0 ? (rows[r][c] === '#' ? '#3c3a32' : '#fff') : COLOURS[colours[i] % COLOURS.length];
        g.fillRect(1 + c * size, 1 + r * size, size, size);
      }
    }
    g.strokeStyle = '#3c3a32';
    g.lineWidth = Math.max(1, size / 12);
    g.beginPath();
    for (let r = 0; r <= height; r += 1) {
      for (let c = 0; c <= width; c += 1) {
        const here = r < height && c < width ? owner[r][c] : -2;
        const up = r > 0 && c < width ? owner[r - 1][c] : -2;
        const left = c > 0 && r < height ? owner[r][c - 1] : -2;
        if (c < width && here !== up) {
          g.moveTo(1 + c * size, 1 + r * size);
          g.lineTo(1 + (c + 1) * size, 1 + r * size);
        }
        if (r < height && here !== left) {
          g.moveTo(1 + c * size, 1 + r * size);
          g.lineTo(1 + c * size, 1 + (r + 1) * size);
        }
      }
    }
    g.stroke();
    note.textContent = `One covering: ${pieces.length} pieces.`;
  }

  async function count() {
    const body = request();
    $('result').textContent = '…';
    $('drawing-note').textContent = '';
    $('drawing').hidden = true;
    try {
      const counted = await api('POST', '/cover/count', body);
      $('result').textContent = counted.count;
    } catch (e) {
      $('result').textContent = '–';
      return;
    }
    try {
      draw(await api('POST', '/cover/one', body));
    } catch (e) {
      boardkit.clearError();
      $('drawing-note').textContent = 'No drawing: ' + e.message;
    }
  }

  $('cover-form').addEventListener('submit', (event) => {
    event.preventDefault();
    count();
  });
  $('pieces').addEventListener('change', () => {
    $('custom-box').hidden = $('pieces').value !== 'custom';
  });
  $('draw-height').addEventListener('change', () => { $('mode-draw').checked = true; buildEditor(); });
  $('draw-width').addEventListener('change', () => { $('mode-draw').checked = true; buildEditor(); });
  $('clear').addEventListener('click', () => { black = []; buildEditor(); });
  buildEditor();
})();
