// Swagger UI for /api/docs, started from a file rather than an inline script so that the page keeps the portal's
// Content-Security-Policy (script-src 'self').
window.addEventListener("load", function () {
  var root = document.getElementById("swagger-ui");
  window.ui = SwaggerUIBundle({
    url: root.dataset.openapiUrl,
    dom_id: "#swagger-ui",
    // no deep links: Swagger puts a link inside each operation's button, which a screen reader cannot reach (axe:
    // nested-interactive)
    deepLinking: false,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
  });
  // Swagger UI draws an operation's parts when it is opened: a parameter's list of values gets the parameter's name
  // (axe: select-name), and a scrolling example a tab stop, so a keyboard can scroll it (scrollable-region-focusable).
  new MutationObserver(function () {
    root.querySelectorAll("tr[data-param-name] select:not([aria-label])").forEach(function (s) {
      s.setAttribute("aria-label", s.closest("tr").dataset.paramName);
    });
    root.querySelectorAll(".highlight-code pre:not([tabindex])").forEach(function (pre) {
      pre.tabIndex = 0;
    });
  }).observe(root, { childList: true, subtree: true });
});
