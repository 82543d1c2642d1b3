/* The embed-code page: a "Copy the code" button beside the read-only text area (without
 * JavaScript the button stays hidden and the code is selected and copied by hand). */
(function () {
  "use strict";

  function reveal(root) {
    var buttons = root.querySelectorAll("[data-copy][hidden]");
    for (var i = 0; i < buttons.length; i += 1) {
      buttons[i].hidden = false;
    }
  }

  function say(button, text) {
    var status = button.parentNode.querySelector("[role=status]");
    if (status) {
      status.textContent = text;
    }
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy]");
    if (!button) {
      return;
    }
    var area = document.getElementById(button.getAttribute("data-copy"));
    if (!area) {
      return;
    }
    area.focus();
    area.select();
    var copied = function () { say(button, button.getAttribute("data-copied")); };
    var failed = function () { say(button, button.getAttribute("data-failed")); };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(area.value).then(copied, failed);
    } else {
      try {
        (document.execCommand("copy") ? copied : failed)();
      } catch (error) {
        failed();
      }
    }
  });

  document.addEventListener("DOMContentLoaded", function () { reveal(document); });
  document.addEventListener("htmx:load", function (event) { reveal(event.target); });
})();
