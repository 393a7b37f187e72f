// book.js: the dialog in which a citation opens its section of the rule book
// over the page (issue 14). A file of its own because the Content Security
// Policy allows no inline script.
//
// A citation is a plain link to the book at the section; htmx loads the
// section alone into the dialog instead (hx-get, hx-target), and this opens
// the dialog once the section is in. The question under it is untouched.
// Without JavaScript the link opens the book at the section.
(function () {
  "use strict";

  var BODY = "book-dialog-body";
  var opener = null;

  // A page without the dialog (an exam's result swapped in where the
  // questions were) lets a citation be the plain link it is: the event
  // stops here, before htmx on the link sees it, and the browser follows it.
  document.addEventListener("click", function (e) {
    var link = e.target.closest && e.target.closest("[data-book-dialog]");
    if (link && !document.getElementById(BODY)) {
      e.stopPropagation();
    }
  }, true);

  document.addEventListener("htmx:beforeRequest", function (e) {
    var el = e.detail && e.detail.elt;
    if (el && el.hasAttribute && el.hasAttribute("data-book-dialog")) {
      opener = el;
    }
  });

  document.addEventListener("htmx:afterSwap", function (e) {
    var target = e.detail && e.detail.target;
    if (!target || target.id !== BODY) {
      return;
    }
    var dialog = document.getElementById("book-dialog");
    if (!dialog) {
      return;
    }
    if (!dialog.open) {
      if (opener && !dialog.contains(opener)) {
        dialog.returnFocusTo = opener;
      }
      dialog.showModal();
    }
    target.scrollTop = 0;
    target.focus();
  });

  document.addEventListener("close", function (e) {
    var dialog = e.target;
    if (dialog && dialog.id === "book-dialog") {
      document.getElementById(BODY).textContent = "";
      if (dialog.returnFocusTo && document.contains(dialog.returnFocusTo)) {
        dialog.returnFocusTo.focus();
      }
      dialog.returnFocusTo = null;
    }
  }, true);
})();
