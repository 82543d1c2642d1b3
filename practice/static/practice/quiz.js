/* Quizzes and the hand walkthrough, made nicer with JavaScript (all of it works without):
   - after an answer is marked, the verdict gets keyboard focus and is scrolled into view:
     feedback that fits the screen ends at its bottom, so "Next" is under the thumb; inside an
     embed's frame the host page is not scrolled (the frame's resize message carries on);
   - "Rank the lows": tap or click the hands in order instead of choosing from drop-downs. */
(function () {
  "use strict";

  var reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

  function showVerdict(container) {
    var verdict = container.querySelector(".feedback");
    if (!verdict) {
      return;
    }
    verdict.focus({ preventScroll: true });
    if (window.parent !== window) {
      return; // framed: scrolling here would scroll the host page too
    }
    var fits = verdict.getBoundingClientRect().height <= window.innerHeight;
    verdict.scrollIntoView({
      block: fits ? "end" : "start",
      behavior: reducedMotion.matches ? "auto" : "smooth",
    });
  }

  document.body.addEventListener("htmx:afterSettle", function (event) {
    var target = event.detail && event.detail.target;
    if (target && target.id === "feedback") {
      showVerdict(target);
    }
  });

  function enhanceOrder(root) {
    root.querySelectorAll(".order-picker[data-tap]").forEach(function (fieldset) {
      var tap = fieldset.querySelector(".tap-order");
      var selects = Array.prototype.slice.call(fieldset.querySelectorAll("select"));
      if (!tap || selects.length === 0 || selects[0].disabled) {
        return;
      }
      var form = fieldset.closest("form");
      var list = form && form.querySelector(".hand-list");
      var status = tap.querySelector(".tap-order__status");
      var buttons = Array.prototype.slice.call(tap.querySelectorAll(".tap-order__hand"));
      var clear = tap.querySelector(".tap-order__clear");
      var order = [];

      function render() {
        buttons.forEach(function (button) {
          var place = order.indexOf(button.dataset.index);
          var badge = button.querySelector(".tap-order__place");
          button.setAttribute("aria-pressed", place >= 0 ? "true" : "false");
          badge.textContent = "";
          if (place >= 0) {
            var shown = document.createElement("span");
            shown.setAttribute("aria-hidden", "true");
            shown.textContent = String(place + 1);
            var spoken = document.createElement("span");
            spoken.className = "visually-hidden";
            spoken.textContent = fieldset.dataset.placeLabel.replace("%(place)s", String(place + 1));
            badge.append(shown, spoken);
          }
        });
        selects.forEach(function (select, place) {
          select.value = order[place] || "";
        });
        clear.disabled = order.length === 0;
      }

      function say(text) {
        status.textContent = text;
      }

      buttons.forEach(function (button) {
        button.addEventListener("click", function () {
          var index = button.dataset.index;
          var letter = button.dataset.letter;
          var at = order.indexOf(index);
          if (at >= 0) {
            order.splice(at, 1);
            say(fieldset.dataset.removed.replace("%(letter)s", letter));
          } else {
            order.push(index);
            say(
              fieldset.dataset.placed
                .replace("%(letter)s", letter)
                .replace("%(place)s", String(order.length))
            );
          }
          render();
        });
      });
      clear.addEventListener("click", function () {
        order = [];
        render();
        say(fieldset.dataset.cleared);
        if (buttons[0]) {
          buttons[0].focus();
        }
      });

      // The drop-downs stay in the form (they carry the answer) but are out of sight.
      selects.forEach(function (select) {
        select.required = false;
        select.tabIndex = -1;
      });
      fieldset.classList.add("order-picker--tap");
      if (list) {
        list.hidden = true;
      }
      tap.hidden = false;
      render();
    });
  }

  function enhance(root) {
    enhanceOrder(root);
  }

  enhance(document);
  if (window.location.hash === "#feedback") {
    showVerdict(document);
  }
})();
