// The lesson check: after HTMX swaps in a verdict, bring it into view and move focus to it, so
// the learner sees the result at once; after "Next question", go to the new question.
document.addEventListener("htmx:afterSettle", (event) => {
  const trigger = event.detail.requestConfig && event.detail.requestConfig.elt;
  if (!trigger || trigger.getAttribute("hx-target") !== "#check") {
    return;
  }
  const check = document.getElementById("check");
  if (!check) {
    return;
  }
  const target = check.querySelector(".feedback") || check;
  target.scrollIntoView({ block: "start" });
  target.focus({ preventScroll: true });
});
