package settle

import (
	"fmt"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/lunar"
	"github.com/dealerkiosk/trainer/internal/games/oracle"
	"github.com/dealerkiosk/trainer/internal/games/thrill"
	"github.com/dealerkiosk/trainer/internal/games/uth"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// Round validates and settles one round. The house is the round's own "house"
// field, else house, else the default house. Errors are *games.FieldError
// naming the field at fault.
func Round(b *rulebook.Book, in *games.Round, house string) (*games.Settlement, error) {
	name := in.House
	if name == "" {
		name = house
	}
	h, err := b.House(name)
	if err != nil {
		return nil, &games.FieldError{Field: "house", Msg: err.Error()}
	}
	var s *games.Settlement
	switch in.Game {
	case uth.Slug:
		r, err := uth.Parse(in, h.UTH)
		if err != nil {
			return nil, err
		}
		s = uth.Settle(r, h.UTH, h.Rounding)
	case oracle.Slug:
		r, err := oracle.Parse(in, h.Oracle)
		if err != nil {
			return nil, err
		}
		s = oracle.Settle(r, h.Oracle, h.Rounding)
	case thrill.Slug:
		r, err := thrill.Parse(in, h.Thrill)
		if err != nil {
			return nil, err
		}
		s = thrill.Settle(r, h.Thrill, h.Rounding)
	case lunar.Slug:
		r, err := lunar.Parse(in, h.Lunar)
		if err != nil {
			return nil, err
		}
		s = lunar.Settle(r, h.Lunar, h.Rounding)
	case "":
		return nil, games.Fieldf("game", "missing (one of %s)", strings.Join(rulebook.GameSlugs, ", "))
	default:
		return nil, games.Fieldf("game", "unknown game %q (one of %s)", in.Game, strings.Join(rulebook.GameSlugs, ", "))
	}
	s.House = h.Name
	// The engine's own guard: a settlement whose arithmetic does not add up is
	// never shown to anybody.
	if err := s.Check(); err != nil {
		return nil, fmt.Errorf("internal error, please report this round: %w", err)
	}
	return s, nil
}
