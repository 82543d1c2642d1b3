/* "Copy link" in a share control (includes/share.html): copies the page's address where the
   browser allows it; without JavaScript (or the Clipboard API) the plain link stays. */
(function () {
  "use strict";

  function enhanceShare(root) {
    if (!(navigator.clipboard && window.isSecureContext)) {
      return;
    }
    root.querySelectorAll(".share").forEach(function (share) {
      var link = share.querySelector(".share__link");
      var button = share.querySelector(".share__copy");
      var status = share.querySelector(".share__status");
      if (!link || !button || !status || share.dataset.enhanced) {
        return;
      }
      share.dataset.enhanced = "true";
      button.hidden = false;
      button.addEventListener("click", function () {
        navigator.clipboard.writeText(link.dataset.copyUrl || link.href).then(
          function () {
            status.textContent = status.dataset.copied;
          },
          function () {
            status.textContent = status.dataset.failed;
          }
        );
      });
    });
  }

  enhanceShare(document);
  document.body.addEventListener("htmx:afterSettle", function (event) {
    enhanceShare(event.detail.elt || document);
  });
})();
