// Package tablettest holds the browser tests of the trainee's pages on a
// tablet (issue 15): every question of every game, kind and level laid out
// so that the whole round and the answer are seen without scrolling at the
// four tablet sizes, in practice and in an exam; no sideways scrolling;
// the warning before an idle sign-out and the taps that put it off; the
// chips' running total; progress figures that agree from page to page.
// They drive the real kiosk (servertest) in real Chromium (browsertest),
// with axe-core on every page visited, and save screenshots to
// $TRAINER_ARTIFACTS.
//
// They live in a package of their own so that `go test ./...` runs them
// beside internal/server's tests rather than after them.
package tablettest
