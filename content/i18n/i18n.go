// Package i18n embeds the kiosk's message catalogues and glossaries: one
// catalogue per language (<lang>.toml, English is the source) and one
// glossary per translated language (glossary.<lang>.toml). The code that reads
// them is package internal/i18n; this package holds only data.
package i18n

import "embed"

// FS holds content/i18n as shipped in the binary.
//
//go:embed *.toml
var FS embed.FS
