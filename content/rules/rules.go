// Package rules embeds the house data of the kiosk: the games' pay tables, the
// houses' settings, the ruling situations, the certification standards, the training
// programmes and the settings of the records a regulator inspects.
// The code that reads them is package rulebook; this package holds only data.
package rules

import "embed"

// FS holds content/rules as shipped in the binary.
//
//go:embed books certification.toml drills.toml games houses procedures programmes records.toml
var FS embed.FS
