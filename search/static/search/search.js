/* Active search by keyboard: from a search field, ArrowDown moves into its results; ArrowUp and
   ArrowDown move between them; ArrowUp from the first (or Escape) goes back to the field; Enter
   opens the focused result (it is a link). Escape or a click elsewhere closes the header's list.
   The fields are wired by their data-search-input and aria-controls attributes; htmx fetches
   the results (hx-get on the field). No inline code: the CSP allows this file only. */
(function () {
  "use strict";

  function resultLinks(container) {
    return Array.prototype.slice.call(container.querySelectorAll("a[href]"));
  }

  function fieldFor(container) {
    return document.querySelector('[data-search-input][aria-controls="' + container.id + '"]');
  }

  function closePanel(container) {
    if (container.classList.contains("search-box__panel")) {
      container.textContent = "";
    }
  }

  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (!(target instanceof HTMLElement)) {
      return;
    }
    if (target.hasAttribute("data-search-input")) {
      var results = document.getElementById(target.getAttribute("aria-controls"));
      if (!results) {
        return;
      }
      if (event.key === "ArrowDown") {
        var links = resultLinks(results);
        if (links.length) {
          event.preventDefault();
          links[0].focus();
        }
      } else if (event.key === "Escape") {
        closePanel(results);
      }
      return;
    }
    var container = target.closest("[data-search-results]");
    if (!container || !target.matches("a[href]")) {
      return;
    }
    var all = resultLinks(container);
    var index = all.indexOf(target);
    var field = fieldFor(container);
    if (event.key === "ArrowDown") {
      event.preventDefault();
      if (index < all.length - 1) {
        all[index + 1].focus();
      }
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      if (index > 0) {
        all[index - 1].focus();
      } else if (field) {
        field.focus();
      }
    } else if (event.key === "Escape") {
      event.preventDefault();
      if (field) {
        field.focus();
      }
      closePanel(container);
    }
  });

  document.addEventListener("click", function (event) {
    var panels = document.querySelectorAll(".search-box__panel");
    for (var i = 0; i < panels.length; i++) {
      var form = panels[i].closest("form");
      if (form && !form.contains(event.target)) {
        closePanel(panels[i]);
      }
    }
  });
})();
