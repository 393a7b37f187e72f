// kiosk.js: the PIN keypad. It is a file of its own because the Content
// Security Policy allows no inline script. (The inactivity timeout, which
// every page has, is idle.js.)
//
// The PIN keypad: shown only when this script runs, it fills the PIN field
// and keeps the tablet's own keyboard away. Without JavaScript the field is a
// plain password input and the form posts as usual.
(function () {
  "use strict";

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
})();
