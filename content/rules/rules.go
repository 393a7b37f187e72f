// Package rules embeds the house data of the kiosk: the games' pay tables, the
// houses' settings, the ruling situations and the certification standards.
// The code that reads them is package rulebook; this package holds only data.
package rules

import "embed"

// FS holds content/rules as shipped in the binary.
//
//go:embed books certification.toml drills.toml games houses procedures
var FS embed.FS
