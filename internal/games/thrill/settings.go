package thrill

import "github.com/dealerkiosk/trainer/internal/games"

// Slug is the game's name in URLs, content/rules and the database.
const Slug = "thrill"

// Name is the game's name as players know it.
const Name = "7 Card Thrill"

// TableSpecs are the pay tables the game reads. TODO(issue 4): fill in.
var TableSpecs = []games.TableSpec{}

// Settings are a house's settings for the game, decoded from
// houses/<house>/thrill.toml. TODO(issue 4): every setting of RULES.md.
type Settings struct {
	// Tables are pay tables the house adds to the game's own.
	Tables games.TableDefs `toml:"paytables"`
}

// Resolve checks the settings and looks up their pay tables. Errors are
// *games.FieldError naming the TOML key.
func (s *Settings) Resolve(t games.Tables) error { return nil }
