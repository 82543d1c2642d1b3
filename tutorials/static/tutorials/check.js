// A lesson's step and its check: after HTMX swaps in a verdict, bring it into view and move
// focus to it, so the learner sees the result at once. The answer may bring back another
// section than the one posted from (a lost progress goes back to the step to take), and an
// error's message takes the verdict's place.
document.addEventListener("htmx:afterSettle", (event) => {
  const trigger = event.detail.requestConfig && event.detail.requestConfig.elt;
  const target = trigger && trigger.getAttribute("hx-target");
  if (target !== "#check" && target !== "#part") {
    return;
  }
  const section = document.querySelector("#part, #check");
  if (!section) {
    return;
  }
  const verdict = section.querySelector(".feedback") || section;
  verdict.scrollIntoView({ block: "start" });
  verdict.focus({ preventScroll: true });
});
