// boardkit's pages: the API helper and small DOM helpers every page uses.
'use strict';

/** An answer of the API that is not 2xx: its status and its error message. */
class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

const boardkit = (() => {
  /** The page's error box: the element with id "error". */
  function errorBox() {
    return document.getElementById('error');
  }

  /** Shows `message` in the page's error box. */
  function showError(message) {
    const box = errorBox();
    if (box) {
      box.textContent = message;
      box.hidden = false;
    }
  }

  /** Hides the page's error box. */
  function clearError() {
    const box = errorBox();
    if (box) {
      box.hidden = true;
      box.textContent = '';
    }
  }

  /**
   * Sends `body` (a value made JSON, or a JSON text when `raw` is true) to
   * `/api/v1` + `path`, returns the answer's text and its value. An error
   * answer shows its `{"error": ...}` message in the page and throws an
   * ApiError.
   */
  async function request(method, path, body, raw) {
    clearError();
    const init = { method, headers: {} };
    if (body !== undefined) {
      init.headers['content-type'] = 'application/json';
      init.body = raw ? body : JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch('/api/v1' + path, init);
    } catch (e) {
      const message = 'the server cannot be reached: ' + e.message;
      showError(message);
      throw new ApiError(0, message);
    }
    const text = await response.text();
    let value = null;
    try {
      value = JSON.parse(text);
    } catch (e) {
      value = null;
    }
    if (!response.ok) {
      const message = value && typeof value.error === 'string'
        ? value.error
        : `${response.status} ${response.statusText}`;
      showError(message);
      throw new ApiError(response.status, message);
    }
    return { text, value };
  }

  /** The API's answer to `method` on `path` with `body` (any JSON value). */
  async function api(method, path, body) {
    return (await request(method, path, body, false)).value;
  }

  /**
   * The element `tag` with `props` set (`class`, `text`, `dataset` or any
   * property) and `children` appended.
   */
  function el(tag, props, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (key === 'class') node.className = value;
      else if (key === 'text') node.textContent = value;
      else if (key === 'dataset') Object.assign(node.dataset, value);
      else node[key] = value;
    }
    for (const child of children) {
      node.append(child);
    }
    return node;
  }

  /** Resolves after `ms` milliseconds. */
  function sleep(ms) {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  return { api, request, showError, clearError, el, sleep };
})();
