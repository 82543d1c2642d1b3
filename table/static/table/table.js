/* The practice table, made nicer with JavaScript (all of it works without): after htmx swaps
   the table (a move, a coach answer, "Continue"), keyboard focus and the view go to what is
   new: the coach's verdict, else the hand's result, else what the dealer just said, else the
   coach's question, else the table itself, so keyboard and screen-reader users are not left
   at the top of the page. */
(function () {
  "use strict";

  var reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  var ORDER = ["#coach-feedback", "#outcome", ".ptable__recent", "#coach-prompt"];

  document.body.addEventListener("htmx:afterSettle", function () {
    var table = document.getElementById("table");
    if (!table) {
      return;
    }
    var focus = table;
    for (var i = 0; i < ORDER.length; i += 1) {
      var found = table.querySelector(ORDER[i]);
      if (found) {
        focus = found;
        break;
      }
    }
    if (!focus.hasAttribute("tabindex")) {
      focus.setAttribute("tabindex", "-1");
    }
    focus.focus({ preventScroll: true });
    focus.scrollIntoView({ block: "start", behavior: reducedMotion.matches ? "auto" : "smooth" });
  });
})();
