// The room's HTTP API. Every POST goes as JSON: the server takes changes in no other
// form, so that another site's page cannot make a browser send one (docs/security.md).

/** POST `body` as JSON to `path`; the fetch Response. */
export function post(path, body = {}) {
  return fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}
