// Package stafftest drives the kiosk's staff pages (sign-in, the manager's
// and the administrator's) in a real headless Chromium (issue 15): no page
// scrolls sideways on a phone or a tablet either way up, axe-core finds no
// serious accessibility fault on any page visited, the dashboard's states
// show and filter, and the pay tables show every column on a tablet held
// sideways. It is a package of its own so that `go test ./...` runs it
// beside internal/server rather than after it.
package stafftest
