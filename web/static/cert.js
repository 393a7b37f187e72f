// cert.js: the certification pages (issue 8). A file of its own because the
// Content Security Policy allows no inline script. Without JavaScript the
// browser's own Print command prints the same page.
(function () {
  "use strict";
  function setup() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-print]"), function (b) {
      b.hidden = false;
      b.addEventListener("click", function () {
        window.print();
      });
    });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setup);
  } else {
    setup();
  }
})();
