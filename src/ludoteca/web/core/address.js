// The address bar: the lobby is /, a table /tables/<id> (?key=… for a private table), so
// that a table's address can be sent to a friend and back and forward move between the
// lobby, tables and the match and player pages (docs/web.md).

/** The table an address names: {id, key}, or null for any other page. */
export function tableOfAddress(where = window.location) {
  const found = /^\/tables\/(\d+)\/?$/.exec(where.pathname);
  if (!found) return null;
  return { id: Number(found[1]), key: new URLSearchParams(where.search).get("key") };
}

/** A table's address, with its key when it is private. */
export function tableAddress(id, key = null) {
  return key ? `/tables/${id}?key=${encodeURIComponent(key)}` : `/tables/${id}`;
}

/** Show `path` in the address bar as a new step of the history, unless it is there. */
export function showAddress(path) {
  const here = window.location.pathname + window.location.search;
  if (here !== path) window.history.pushState(null, "", path);
}
