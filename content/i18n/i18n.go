// Package i18n embeds the kiosk's message catalogues and glossaries: one
// catalogue per language (<lang>.toml, English is the source), a folder per
// subject that has catalogues of its own (<folder>/<lang>.toml: its ids are
// its own, checked against its own English file), and one glossary per
// translated language (glossary.<lang>.toml). A new folder is added to the
// embed line below. The code that reads
// them is package internal/i18n; this package holds only data.
package i18n

import "embed"

// FS holds content/i18n as shipped in the binary.
//
//go:embed *.toml hands print drills rulebook staff checker class classes records glance
var FS embed.FS
