/*
 * A table wider than its card scrolls inside `.ant-table-content` (or `.ant-table-body` with a fixed
 * header). When its rows hold no link or button, a keyboard user could not reach that region to
 * scroll it (WCAG 2.1.1; axe's "scrollable-region-focusable", serious): the browser suite caught it on
 * /marketplace's active rentals in the dark RTL look. Every table's scroll region is a tab stop, set
 * here once for all 30-odd tables instead of on each of them.
 */
const SCROLL_REGION = '.ant-table-content, .ant-table-body';

function markFocusable(el: Element) {
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '0');
}

function scan(node: Node) {
  if (!(node instanceof Element)) return;
  if (node.matches(SCROLL_REGION)) markFocusable(node);
  node.querySelectorAll(SCROLL_REGION).forEach(markFocusable);
}

/** Makes every table scroll region under `root`, now and later, reachable by Tab; returns the stop. */
export function keepTableScrollRegionsFocusable(root: Element = document.body): () => void {
  scan(root);
  const observer = new MutationObserver((records) => {
    for (const record of records) record.addedNodes.forEach(scan);
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
