/* Inside an embed: tell the host page how tall the content is (site/static/js/embed-resize.js
 * listens), on load, when the content changes size and after every HTMX swap. */
(function () {
  "use strict";
  if (window.parent === window) {
    return; // not in a frame
  }
  var last = 0;

  function post() {
    var height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height === last) {
      return;
    }
    last = height;
    // The height is no secret, and the host's origin is not known: any parent may read it.
    window.parent.postMessage({ type: "stud-rules:resize", height: height }, "*");
  }

  function start() {
    post();
    if ("ResizeObserver" in window) {
      new ResizeObserver(post).observe(document.body);
    }
    document.body.addEventListener("htmx:afterSwap", post);
    window.addEventListener("load", post);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
