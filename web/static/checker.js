// checker.js: what the hand checker does beyond htmx. It is a file of its own
// because the Content Security Policy allows no inline script; without it the
// page still works (every button posts the form).
//
// 1. When htmx swaps in a settled round, or the reason it was not settled
//    (marked [data-scroll-here]), the outcome is scrolled into view and
//    focused, as a plain POST lands on #hc-outcome.
// 2. Taps that come while the form is on its way to the server (a quick hand
//    on the picker) are kept and replayed, in order, on the form that comes
//    back: htmx would otherwise drop them, since the form they were made on
//    is replaced.
(function () {
  "use strict";

  var FORM = "hand-checker";
  var pending = [];

  document.addEventListener(
    "click",
    function (e) {
      var button = e.target.closest && e.target.closest('button[name="op"]');
      var form = button && button.form;
      if (!form || form.id !== FORM || !form.classList.contains("htmx-request")) {
        return;
      }
      e.preventDefault();
      e.stopPropagation();
      pending.push(button.value);
    },
    true
  );

  function replay(form) {
    while (pending.length > 0) {
      var op = pending.shift();
      var buttons = form.querySelectorAll('button[name="op"]');
      for (var i = 0; i < buttons.length; i++) {
        if (buttons[i].value === op && !buttons[i].disabled) {
          buttons[i].click();
          return; // the rest wait for this one's answer
        }
      }
    }
  }

  document.addEventListener("htmx:load", function (e) {
    var elt = e.detail.elt;
    if (elt.id === FORM) {
      replay(elt);
    }
    if (elt === document.body || !elt.querySelector) {
      return;
    }
    var here = elt.querySelector("[data-scroll-here]");
    var outcome = document.getElementById("hc-outcome");
    if (here && outcome) {
      outcome.scrollIntoView({ block: "start" });
      outcome.focus({ preventScroll: true });
    }
  });
})();
