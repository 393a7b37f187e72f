// idle.js: the inactivity timeout as a person at the tablet sees it. A file of
// its own because the Content Security Policy allows no inline script.
//
// A page whose <body> has data-idle-seconds and data-idle-url goes to that URL
// by itself once the server has ended the session: that many seconds after
// the last request the server saw (the inactivity timeout, plus a second). The
// server counts requests, so on a signed-in page (data-idle-keepalive names
// where to post) this script also makes sure that a person who is there is
// counted:
//
// - any tap or key (the amount keypad, the chips, scrolling a long question)
//   is activity; when the last request is more than THROTTLE seconds old, it
//   posts to the keep-alive URL, which moves the session's last request on;
// - WARN seconds before the sign-out, if nobody has touched the page since
//   the last request, a warning comes up with "I'm still here"; any tap,
//   that button's or another, keeps the session. If somebody has touched
//   the page, the script posts instead of warning.
//
// On a signed-out page (the PIN keypad) taps only restart the local timer:
// there is no session to keep.
//
// The script reads the clock with Date.now and waits with setTimeout only, so
// that a test can run it on a clock of its own.
(function () {
  "use strict";

  var WARN = 30; // seconds of warning before the sign-out
  var THROTTLE = 15; // seconds between keep-alive posts caused by taps

  var lastContact = Date.now(); // the last request the server saw
  var lastActivity = 0; // the last tap or key
  var timers = [];
  var countdown = null;
  var pinging = false;

  function settings() {
    var body = document.body;
    return {
      seconds: parseInt(body.getAttribute("data-idle-seconds"), 10) || 0,
      url: body.getAttribute("data-idle-url"),
      keepAlive: body.getAttribute("data-idle-keepalive")
    };
  }

  function warning() {
    return document.querySelector("[data-idle-warning]");
  }

  function clearTimers() {
    timers.forEach(clearTimeout);
    timers = [];
    if (countdown !== null) {
      clearTimeout(countdown);
      countdown = null;
    }
  }

  // arm schedules the warning and the sign-out from the last contact.
  function arm() {
    clearTimers();
    var s = settings();
    if (!s.seconds || !s.url) {
      return;
    }
    var deadline = lastContact + s.seconds * 1000;
    timers.push(setTimeout(function () {
      window.location.assign(s.url);
    }, Math.max(0, deadline - Date.now())));
    if (s.keepAlive && s.seconds > WARN) {
      timers.push(setTimeout(warnOrPing, Math.max(0, deadline - WARN * 1000 - Date.now())));
    }
  }

  function warnOrPing() {
    if (lastActivity > lastContact) {
      ping(); // someone was here since the last request: say so, quietly
    } else {
      showWarning();
    }
  }

  function showWarning() {
    var w = warning();
    if (!w || !w.hidden) {
      return;
    }
    w.hidden = false;
    tick();
    var stay = w.querySelector("[data-idle-stay]");
    if (stay) {
      stay.focus();
    }
  }

  // tick writes the seconds left in the warning, once a second.
  function tick() {
    var w = warning();
    if (!w || w.hidden) {
      return;
    }
    var left = lastContact + settings().seconds * 1000 - Date.now();
    var count = w.querySelector("[data-idle-count]");
    if (count) {
      count.textContent = String(Math.max(0, Math.ceil(left / 1000) - 1));
    }
    countdown = setTimeout(tick, 1000);
  }

  function hideWarning() {
    var w = warning();
    if (w) {
      w.hidden = true;
    }
  }

  // contact records a request the server saw, now. The body's
  // data-idle-contact says when, for a test to wait on.
  function contact() {
    lastContact = Date.now();
    document.body.setAttribute("data-idle-contact", String(lastContact));
    hideWarning();
    arm();
  }

  function ping() {
    var s = settings();
    if (!s.keepAlive || pinging) {
      return;
    }
    pinging = true;
    fetch(s.keepAlive, { method: "POST", credentials: "same-origin", redirect: "manual" }).then(function (r) {
      pinging = false;
      if (r.status === 204) {
        contact();
      } else {
        window.location.assign(s.url || "/"); // the session has ended already
      }
    }, function () {
      pinging = false; // the kiosk is out of reach: the timers stand
    });
  }

  function activity(e) {
    lastActivity = Date.now();
    var s = settings();
    // A tap on a link or a submit button makes its own request, which the
    // server counts: no keep-alive to race the navigation.
    var t = e && e.target;
    if (s.keepAlive && t && t.closest && t.closest('a[href], button[type="submit"], input[type="submit"]')) {
      return;
    }
    if (!s.keepAlive) {
      lastContact = lastActivity;
      arm();
      return;
    }
    var w = warning();
    if ((w && !w.hidden) || lastActivity - lastContact > THROTTLE * 1000) {
      ping();
    }
  }

  document.addEventListener("pointerdown", activity, true);
  document.addEventListener("keydown", activity, true);
  document.addEventListener("click", function (e) {
    if (e.target.closest && e.target.closest("[data-idle-stay]")) {
      ping();
    }
  });
  // Every htmx request reaches the server and so keeps the session alive.
  document.addEventListener("htmx:afterRequest", contact);
  arm();
})();
