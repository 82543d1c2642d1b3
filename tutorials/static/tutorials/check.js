// A lesson's step and its check: after HTMX swaps in a verdict, bring it into view and move
// focus to it, so the learner sees the result at once.
document.addEventListener("htmx:afterSettle", (event) => {
  const trigger = event.detail.requestConfig && event.detail.requestConfig.elt;
  const target = trigger && trigger.getAttribute("hx-target");
  if (target !== "#check" && target !== "#part") {
    return;
  }
  const section = document.querySelector(target);
  if (!section) {
    return;
  }
  const verdict = section.querySelector(".feedback") || section;
  verdict.scrollIntoView({ block: "start" });
  verdict.focus({ preventScroll: true });
});
