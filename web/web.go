// Package web embeds the kiosk's static files (web/static: the stylesheet,
// the small kiosk script, htmx) so that the binary serves them by itself.
// The pages are in web/templates.
package web

import "embed"

// Static holds the directory static/; serve fs.Sub(Static, "static").
//
//go:embed static
var Static embed.FS
