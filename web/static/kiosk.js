// kiosk.js: the two things the kiosk's pages do beyond htmx. It is a file of
// its own because the Content Security Policy allows no inline script.
//
// 1. A page whose <body> has data-idle-seconds and data-idle-url goes to that
//    URL by itself after so many seconds without a request to the server. On a
//    trainee's pages that is the inactivity timeout (plus a second), so a
//    shared tablet returns to the sign-in screen even if nobody touches it;
//    the server has ended the session by then and decides where to go.
// 2. The PIN keypad: shown only when this script runs, it fills the PIN field
//    and keeps the tablet's own keyboard away. Without JavaScript the field is
//    a plain password input and the form posts as usual.
(function () {
  "use strict";

  var idleTimer = null;

  function armIdle() {
    var body = document.body;
    var seconds = parseInt(body.getAttribute("data-idle-seconds"), 10);
    var url = body.getAttribute("data-idle-url");
    if (idleTimer !== null) {
      clearTimeout(idleTimer);
      idleTimer = null;
    }
    if (!seconds || !url) {
      return;
    }
    idleTimer = setTimeout(function () {
      window.location.assign(url);
    }, seconds * 1000);
  }

  // Every htmx request reaches the server and so keeps the session alive.
  document.addEventListener("htmx:afterRequest", armIdle);

  function padInput(pad) {
    var form = pad.closest("form");
    return form && form.querySelector('input[name="' + pad.getAttribute("data-keypad") + '"]');
  }

  function setupKeypads(root) {
    var pads = root.querySelectorAll ? root.querySelectorAll("[data-keypad]") : [];
    Array.prototype.forEach.call(pads, function (pad) {
      var input = padInput(pad);
      if (!input || pad.getAttribute("data-ready")) {
        return;
      }
      pad.setAttribute("data-ready", "1");
      pad.hidden = false;
      pad.closest("form").classList.add("has-keypad");
      input.readOnly = true; // no system keyboard popping over the keypad
      input.setAttribute("inputmode", "none");
    });
  }

  function press(pad, key) {
    var input = padInput(pad);
    if (!input) {
      return;
    }
    var max = parseInt(input.getAttribute("maxlength"), 10) || 6;
    if (key === "back") {
      input.value = input.value.slice(0, -1);
    } else if (/^[0-9]$/.test(key) && input.value.length < max) {
      input.value += key;
    }
    // Taps on the keypad stay on the tablet; on the signed-out keypad page
    // they still count as someone being there.
    armIdle();
  }

  document.addEventListener("click", function (e) {
    var key = e.target.closest && e.target.closest("[data-key]");
    var pad = key && key.closest("[data-keypad]");
    if (pad) {
      e.preventDefault();
      press(pad, key.getAttribute("data-key"));
    }
  });

  // A keyboard works too (a desk PC, a tablet with a keyboard case).
  document.addEventListener("keydown", function (e) {
    var pad = document.querySelector("[data-keypad][data-ready]");
    if (!pad || e.ctrlKey || e.metaKey || e.altKey) {
      return;
    }
    if (/^[0-9]$/.test(e.key)) {
      press(pad, e.key);
      e.preventDefault();
    } else if (e.key === "Backspace") {
      press(pad, "back");
      e.preventDefault();
    } else if (e.key === "Enter") {
      pad.closest("form").requestSubmit();
      e.preventDefault();
    }
  });

  document.addEventListener("htmx:load", function (e) {
    setupKeypads(e.detail.elt);
  });
  setupKeypads(document);
  armIdle();
})();
