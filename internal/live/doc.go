// Package live is a class's live drill in one kiosk process
// (docs/classes.md, "Live drill"): the hub that watches the classes some
// projector or tablet of the process follows, polls their live versions
// for the whole process and hands each class's snapshot (Snap, read with
// Read) to its event streams; and the event stream itself (Stream, the
// server-sent events htmx's SSE extension swaps into the page). What a
// snapshot shows in a phase is package class's (Question.At) and its views
// are web/view's; package server's handlers read the request, ask the hub
// for a snapshot or follow it, and render the view. A stream's trainee's
// participation (Seat) and the heartbeat that keeps its reader signed in
// while a drill runs (KeepSignedIn) are read here too.
//
// Imports flow one way: internal/server → internal/live → internal/class,
// internal/trainer.
package live
