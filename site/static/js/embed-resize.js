/* Stud rules embeds: optional script for the page that embeds them (no dependencies).
 *
 *   <script src="https://<site>/static/js/embed-resize.js" async></script>
 *
 * Each embedded page posts {type: "stud-rules:resize", height} to its parent when it loads and
 * whenever its content changes; this sets the height of the iframe that sent it. A message
 * counts only if it comes from one of this page's iframes (event.source) and from that
 * iframe's own origin (from its src).
 */
(function () {
  "use strict";
  if (window.studRulesEmbedResize) {
    return; // the script is on the page twice
  }
  window.studRulesEmbedResize = true;

  var MESSAGE = "stud-rules:resize";
  var MAX_HEIGHT = 20000;

  function frameOf(source) {
    var frames = document.getElementsByTagName("iframe");
    for (var i = 0; i < frames.length; i += 1) {
      if (frames[i].contentWindow === source) {
        return frames[i];
      }
    }
    return null;
  }

  function originOf(frame) {
    try {
      return new URL(frame.src, document.baseURI).origin;
    } catch (error) {
      return null;
    }
  }

  window.addEventListener("message", function (event) {
    var data = event.data;
    if (!data || typeof data !== "object" || data.type !== MESSAGE) {
      return;
    }
    var height = Number(data.height);
    if (!isFinite(height) || height <= 0) {
      return;
    }
    var frame = frameOf(event.source);
    if (!frame || originOf(frame) !== event.origin) {
      return;
    }
    frame.style.height = Math.min(Math.ceil(height), MAX_HEIGHT) + "px";
  });
})();
