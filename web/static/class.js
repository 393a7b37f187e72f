// class.js: the live drill's clock and its fallback to polling (issue 23,
// docs/classes.md "Live drill"). A file of its own because the Content
// Security Policy allows no inline script.
//
// 1. The clock ([data-left-ms] on #live-clock) counts down from the time
//    left when the server made it. It is only a display: the server's clock
//    opens and closes the answers. At the answer window's zero the tablet's
//    answer form is disabled, so that no tap is sent after the close (the
//    server's zero comes no earlier, counted from the same moment). The
//    event stream replaces the clock when time is added or a question is
//    paused.
// 2. The event stream (htmx's SSE extension, sse-connect) says "hello" when
//    it opens and "alive" every 10 s. Where no event comes through (a proxy
//    that holds the stream back), the page polls its panel every 2 s
//    instead, sending the keys of what it shows: the kiosk answers 204 while
//    nothing changed. Polling stops as soon as an event comes through again.
// 3. A button [data-print] prints the page (the report, the PIN slips).
//
// The script reads the clock with Date.now and waits with setTimeout only,
// so that a test can run it on a clock of its own.
(function () {
  "use strict";

  var POLL = 2000; // ms between polls in the fallback
  var FIRST = 6000; // ms to wait for the stream's first event
  var SILENT = 25000; // ms without an event before polling (two heartbeats and a half)

  // --- the clock ---------------------------------------------------------

  var clock = null; // {el, start, left, state, paused}

  function readClock() {
    var el = document.getElementById("live-clock");
    if (!el || !el.hasAttribute("data-left-ms")) {
      clock = null;
      return;
    }
    clock = {
      el: el,
      start: Date.now(),
      left: parseInt(el.getAttribute("data-left-ms"), 10) || 0,
      state: el.getAttribute("data-state"),
      paused: el.getAttribute("data-paused") === "true"
    };
    tick();
  }

  function tick() {
    if (!clock || !document.body.contains(clock.el) || clock.paused || !clock.state) {
      return;
    }
    var left = Math.max(0, clock.left - (Date.now() - clock.start));
    var count = clock.el.querySelector("[data-count]");
    if (count) {
      count.textContent = String(Math.ceil(left / 1000));
    }
    if (left <= 0 && clock.state === "open") {
      closeForm();
    }
  }

  // closeForm disables the answer form once the answer window is over.
  function closeForm() {
    var form = document.getElementById("answer-form");
    if (!form || form.hasAttribute("data-closed")) {
      return;
    }
    form.setAttribute("data-closed", "true");
    Array.prototype.forEach.call(form.querySelectorAll("button, input, select"), function (b) {
      b.disabled = true;
    });
  }

  function loop() {
    tick();
    setTimeout(loop, 250);
  }

  // --- the stream's watchdog and the polling fallback ----------------------

  var root = null;
  var started = 0;
  var lastEvent = 0; // 0 until the stream's first event
  var polling = false;
  var inFlight = false;

  function heard() {
    lastEvent = Date.now();
    if (polling) {
      polling = false;
      if (root) {
        root.removeAttribute("data-polling");
      }
    }
  }

  function keyOf(sel, attr) {
    var el = document.querySelector(sel);
    return (el && el.getAttribute(attr)) || "";
  }

  function pollURL() {
    var q = "?key=" + encodeURIComponent(keyOf("#live-panel [data-live-key]", "data-live-key"));
    if (document.getElementById("live-controls")) {
      q += "&controls=" + encodeURIComponent(keyOf("#live-controls [data-live-key]", "data-live-key"));
    } else {
      q += "&clock=" + encodeURIComponent(keyOf("#live-clock", "data-clock-key"));
    }
    return root.getAttribute("data-live-poll") + q;
  }

  function poll() {
    if (!polling || inFlight || !document.body.contains(root) || !window.htmx) {
      return;
    }
    inFlight = true;
    window.htmx.ajax("GET", pollURL(), { target: "#live-panel", swap: "innerHTML" }).then(function () {
      inFlight = false;
    }, function () {
      inFlight = false;
    });
  }

  function watch() {
    if (!root || !document.body.contains(root)) {
      return;
    }
    var now = Date.now();
    var silent = lastEvent === 0 ? now - started > FIRST : now - lastEvent > SILENT;
    if (silent && !polling) {
      polling = true;
      root.setAttribute("data-polling", "true");
    }
    poll();
    setTimeout(watch, POLL);
  }

  function setup() {
    root = document.querySelector("[data-live-poll]");
    readClock();
    if (!root) {
      return;
    }
    started = Date.now();
    setTimeout(watch, POLL);
  }

  document.addEventListener("htmx:sseOpen", function (e) {
    var source = e.detail && e.detail.source;
    if (!source) {
      return;
    }
    ["hello", "alive", "panel", "clock", "controls"].forEach(function (name) {
      source.addEventListener(name, heard);
    });
  });
  // Any swap may bring a new clock: the stream's, the poll's, an answer's.
  document.addEventListener("htmx:afterSettle", readClock);
  document.addEventListener("htmx:oobAfterSwap", readClock);

  document.addEventListener("click", function (e) {
    if (e.target.closest && e.target.closest("[data-print]")) {
      window.print();
    }
  });

  setup();
  loop();
})();
