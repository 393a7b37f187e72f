// practice.js: the practice pages' keypads and layout (issue 7, issue 15). A
// file of its own because the Content Security Policy allows no inline script.
//
// Without JavaScript every answer is a plain form field and the forms post as
// usual. With it:
// 1. The amount keypad ([data-amount-pad]) fills the amount field, which turns
//    read-only with inputmode="none" so the tablet's keyboard stays away; the
//    house's chips, tapped, add their value to the amount.
// 2. A chips answer ([data-chip-counter]) counts chips by tapping them (+1)
//    and the − buttons (−1), and keeps the running total ([data-chip-total])
//    of what the chips make.
// 3. A timed question's clock ([data-timer-start]) ticks on from the seconds
//    the server counted when it rendered the page. It is only a display: the
//    server times the answer. In an exam, past the time allowed it says that
//    the question now counts as wrong ([data-timer-late]).
// 4. A question ([data-fit]) is fitted to the screen: while the prompt, the
//    round and the answer form do not fit the window's height, the question
//    takes the next of the classes fit-1 … fit-6, each drawing it a step
//    smaller (practice.css). It is fitted again when the window changes
//    size, and marks the size it was fitted for in data-fitted.
(function () {
  "use strict";

  var MAX_LENGTH = 12;

  // toCents reads "12.5", "12,5" or "-3" as whole hundredths; NaN when it is
  // not an amount.
  function toCents(s) {
    var m = /^(-?)(\d*)(?:[.,](\d{0,2}))?$/.exec(s);
    if (!m || (m[2] === "" && (m[3] === undefined || m[3] === ""))) {
      return s === "" || s === "-" ? 0 : NaN;
    }
    var frac = (m[3] || "") + "00";
    var cents = parseInt(m[2] || "0", 10) * 100 + parseInt(frac.slice(0, 2), 10);
    return m[1] === "-" ? -cents : cents;
  }

  // fromCents writes hundredths with the decimal mark given ("." by default).
  function fromCents(c, mark) {
    var neg = c < 0;
    c = Math.abs(c);
    var s = String(Math.floor(c / 100));
    var f = c % 100;
    if (f !== 0) {
      s += (mark || ".") + (f < 10 ? "0" + f : String(f)).replace(/0$/, "");
    }
    return neg ? "-" + s : s;
  }

  function amountInput(el) {
    var form = el.closest("form");
    return form && form.querySelector("[data-amount-input]");
  }

  // decimalMark is the page's decimal mark, which the keypad types: "," in
  // Italian and Russian ([data-decimal]); the server reads either.
  function decimalMark(input) {
    var pad = input.form && input.form.querySelector("[data-amount-pad]");
    return (pad && pad.getAttribute("data-decimal")) || ".";
  }

  function press(input, key) {
    var v = input.value;
    if (key === "back") {
      v = v.slice(0, -1);
    } else if (key === "clear") {
      v = "";
    } else if (key === "sign") {
      v = v.charAt(0) === "-" ? v.slice(1) : "-" + v;
    } else if (key === ".") {
      if (v.search(/[.,]/) < 0) {
        v = (v === "" || v === "-" ? v + "0" : v) + decimalMark(input);
      }
    } else if (/^[0-9]$/.test(key)) {
      var dot = v.search(/[.,]/);
      if (dot >= 0 && v.length - dot > 2) {
        return; // two decimals at most
      }
      v = v === "0" ? key : v === "-0" ? "-" + key : v + key;
    }
    if (v.length <= MAX_LENGTH) {
      input.value = v;
    }
  }

  function addChip(input, value) {
    var have = toCents(input.value);
    var add = toCents(value);
    if (isNaN(have)) {
      have = 0;
    }
    if (!isNaN(add)) {
      input.value = fromCents(have + add, decimalMark(input));
    }
  }

  function step(input, by) {
    var n = parseInt(input.value, 10);
    n = isNaN(n) ? 0 : n;
    n = Math.min(999, Math.max(0, n + by));
    input.value = n === 0 ? "" : String(n);
    chipTotal(input.closest("form"));
  }

  // chipTotal writes what the chips entered make, in the form's total.
  function chipTotal(form) {
    var out = form && form.querySelector("[data-chip-total]");
    if (!out) {
      return;
    }
    var cents = 0;
    Array.prototype.forEach.call(form.querySelectorAll("[data-chip-input]"), function (input) {
      var n = parseInt(input.value, 10);
      var v = toCents(input.getAttribute("data-chip-value") || "");
      if (!isNaN(n) && n > 0 && !isNaN(v)) {
        cents += n * v;
      }
    });
    out.textContent = fromCents(cents);
  }

  var FITS = ["fit-1", "fit-2", "fit-3", "fit-4", "fit-5", "fit-6"];

  // fits reports whether everything of question q that must be seen at once
  // (its heading, its round, its answer form) ends within the window.
  function fits(q) {
    var parts = q.querySelectorAll(".question-head, .question-scene, #answer-form");
    var bottom = 0;
    Array.prototype.forEach.call(parts, function (el) {
      bottom = Math.max(bottom, el.getBoundingClientRect().bottom + window.scrollY);
    });
    return bottom <= window.innerHeight && document.documentElement.scrollWidth <= window.innerWidth;
  }

  function fit(q) {
    FITS.forEach(function (c) {
      q.classList.remove(c);
    });
    // A phone scrolls: only a tablet or a larger screen is fitted.
    if (window.innerWidth >= 600) {
      for (var i = 0; i < FITS.length && !fits(q); i++) {
        if (i > 0) {
          q.classList.remove(FITS[i - 1]);
        }
        q.classList.add(FITS[i]);
      }
    }
    q.setAttribute("data-fitted", window.innerWidth + "x" + window.innerHeight);
  }

  function fitAll() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-fit]"), fit);
  }

  var refit = null;
  window.addEventListener("resize", function () {
    if (refit === null) {
      refit = requestAnimationFrame(function () {
        refit = null;
        fitAll();
      });
    }
  });

  function setup(root) {
    if (!root.querySelectorAll) {
      return;
    }
    Array.prototype.forEach.call(root.querySelectorAll("[data-amount-pad]"), function (pad) {
      var input = amountInput(pad);
      if (!input || pad.getAttribute("data-ready")) {
        return;
      }
      pad.setAttribute("data-ready", "1");
      pad.hidden = false;
      pad.closest("form").classList.add("has-pad");
      input.readOnly = true;
      input.setAttribute("inputmode", "none");
    });
    Array.prototype.forEach.call(root.querySelectorAll("[data-chip-counter]"), function (box) {
      if (box.getAttribute("data-ready")) {
        return;
      }
      box.setAttribute("data-ready", "1");
      Array.prototype.forEach.call(box.querySelectorAll("[data-chip-minus]"), function (b) {
        b.hidden = false;
      });
      Array.prototype.forEach.call(box.querySelectorAll("[data-chip-input]"), function (input) {
        input.readOnly = true;
        input.setAttribute("inputmode", "none");
      });
    });
    Array.prototype.forEach.call(root.querySelectorAll("[data-timer-start]"), startTimer);
    fitAll();
  }

  var timers = [];

  function startTimer(el) {
    if (el.getAttribute("data-ready")) {
      return;
    }
    el.setAttribute("data-ready", "1");
    var start = Date.now() - 1000 * (parseInt(el.getAttribute("data-timer-start"), 10) || 0);
    var target = parseInt(el.getAttribute("data-timer-target"), 10) || 0;
    var label = el.getAttribute("data-timer-label") || "target";
    var unit = " " + (el.getAttribute("data-timer-unit") || "s");
    function tick() {
      if (!document.body.contains(el)) {
        clearInterval(id);
        return;
      }
      var s = Math.floor((Date.now() - start) / 1000);
      el.textContent = s + unit + " · " + label + " " + target + unit;
      el.classList.toggle("is-over", s > target);
      var late = el.closest(".question") && el.closest(".question").querySelector("[data-timer-late]");
      if (late && s > target && late.hidden) {
        late.hidden = false;
        fitAll();
      }
    }
    var id = setInterval(tick, 1000);
    timers.push(id);
    tick();
  }

  document.addEventListener("click", function (e) {
    var t = e.target.closest ? e.target : e.target.parentElement;
    if (!t) {
      return;
    }
    var key = t.closest("[data-pad]");
    var chip = t.closest("[data-chip-add]");
    var plus = t.closest("[data-chip-plus]");
    var minus = t.closest("[data-chip-minus]");
    if (key || chip) {
      var input = amountInput(key || chip);
      if (input) {
        e.preventDefault();
        if (key) {
          press(input, key.getAttribute("data-pad"));
        } else {
          addChip(input, chip.getAttribute("data-chip-add"));
        }
      }
    } else if (plus || minus) {
      var b = plus || minus;
      var field = document.getElementById(b.getAttribute(plus ? "data-chip-plus" : "data-chip-minus"));
      if (field && b.closest("[data-chip-counter][data-ready]")) {
        e.preventDefault();
        step(field, plus ? 1 : -1);
      }
    }
  });

  // A keyboard works too on the amount keypad (a desk PC, a keyboard case).
  document.addEventListener("keydown", function (e) {
    var pad = document.querySelector("[data-amount-pad][data-ready]");
    var input = pad && amountInput(pad);
    if (!input || e.ctrlKey || e.metaKey || e.altKey) {
      return;
    }
    var map = { Backspace: "back", Delete: "clear", "-": "sign", ".": ".", ",": "." };
    if (/^[0-9]$/.test(e.key)) {
      press(input, e.key);
    } else if (map[e.key] && (e.key !== "-" || pad.querySelector('[data-pad="sign"]'))) {
      press(input, map[e.key]);
    } else if (e.key === "Enter" && document.activeElement === input) {
      input.form.requestSubmit();
    } else {
      return;
    }
    e.preventDefault();
  });

  document.addEventListener("htmx:load", function (e) {
    setup(e.detail.elt);
  });
  setup(document);
})();
