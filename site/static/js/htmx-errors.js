/* An htmx request that fails with nothing the page can swap in (a server error, no connection)
   says so in place, where its answer would have gone, so that a button never does nothing.
   Errors that carry their own message (400, 409, 422) are swapped in by htmx itself (see
   includes/htmx_config.html). The words are the page's own <template>s, in its language. */
(function () {
  "use strict";

  function show(event, templateId) {
    var detail = event.detail || {};
    var target = detail.target || detail.elt;
    var template = document.getElementById(templateId);
    if (!target || !template || !target.isConnected) {
      return;
    }
    var box = template.content.firstElementChild.cloneNode(true);
    Array.prototype.forEach.call(target.children, function (child) {
      if (child.classList.contains("feedback--error")) {
        child.remove();
      }
    });
    target.prepend(box);
    box.scrollIntoView({ block: "nearest" });
    box.focus({ preventScroll: true });
  }

  document.body.addEventListener("htmx:responseError", function (event) {
    show(event, "htmx-error-server");
  });
  document.body.addEventListener("htmx:sendError", function (event) {
    show(event, "htmx-error-network");
  });
})();
