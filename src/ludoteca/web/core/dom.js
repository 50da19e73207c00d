// Small helpers to build HTML and SVG without a framework or a build step.

const SVG_NS = "http://www.w3.org/2000/svg";

/** An HTML element: h("button", {class: "ok", onclick: f}, "OK"). Text is never parsed as HTML. */
export function h(tag, attrs = {}, ...children) {
  return build(document.createElement(tag), attrs, children);
}

/** An SVG element, same shape as h(). */
export function s(tag, attrs = {}, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

function build(node, attrs, children) {
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      node.addEventListener(name.slice(2), value);
    } else if (name === "dataset") {
      Object.assign(node.dataset, value);
    } else {
      node.setAttribute(name, value === true ? "" : String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Replace an element's children, skipping the null, undefined and false that h() skips. */
export function fill(node, ...children) {
  node.replaceChildren();
  return build(node, {}, children);
}
