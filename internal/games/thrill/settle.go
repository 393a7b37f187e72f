package thrill

import "github.com/dealerkiosk/trainer/internal/games"

// Round is a validated round of the game. TODO(issue 4).
type Round struct{}

// Parse validates a SETTLE.md round; errors are *games.FieldError with the field path.
// TODO(issue 4): not built yet, so every round is refused.
func Parse(in *games.Round, s *Settings) (*Round, error) {
	return nil, games.Fieldf("game", "%s settlement is not built yet", Name)
}

// Settle settles a valid round. TODO(issue 4).
func Settle(r *Round, s *Settings, rd games.Rounding) *games.Settlement {
	return &games.Settlement{Game: Slug}
}
