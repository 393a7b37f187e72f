package games

import (
	"slices"
	"testing"
)

// TestAddWords: a note added after a reason joins its phrases when both
// have ids for every part, and otherwise leaves the reason without a Why
// (English whole); the English words are added in every case.
func TestAddWords(t *testing.T) {
	said := func() WagerResult {
		var w WagerResult
		w.Say("Trips pays 3:1", "reason.x.pays")
		return w
	}
	note := &Words{}
	note.Say(" (note)", "reason.x.note")
	plain := &Words{}
	plain.English(" (no id)")
	tests := []struct {
		name   string
		w      WagerResult
		y      *Words
		reason string
		whyIDs []string // nil: no Why
	}{
		{"ids after ids", said(), note, "Trips pays 3:1 (note)", []string{"reason.x.pays", "reason.x.note"}},
		{"English after ids", said(), plain, "Trips pays 3:1 (no id)", nil},
		{"ids after English", WagerResult{Reason: "Ante pays 1:1"}, note, "Ante pays 1:1 (note)", nil},
		{"nothing after ids", said(), &Words{}, "Trips pays 3:1", []string{"reason.x.pays"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := tt.w
			w.AddWords(tt.y)
			if w.Reason != tt.reason {
				t.Errorf("Reason = %q; want %q", w.Reason, tt.reason)
			}
			var ids []string
			for _, p := range w.Why {
				ids = append(ids, p.ID)
			}
			if (w.Why == nil) != (tt.whyIDs == nil) || !slices.Equal(ids, tt.whyIDs) {
				t.Errorf("Why ids = %v (nil: %v); want %v", ids, w.Why == nil, tt.whyIDs)
			}
		})
	}
}

// TestRoundingNotesEnglish: the notes say in English what the games wrote
// before the notes had ids.
func TestRoundingNotesEnglish(t *testing.T) {
	down := Rounding{Chip: 50}
	up := Rounding{Chip: 50, Mode: RoundUp}
	near := Rounding{Chip: 50, Mode: RoundNearest}
	half := Odds{Win: 1, Per: 2}
	tests := []struct {
		got  *Words
		want string
	}{
		{down.Note(31650, Odds{Win: 1, Per: 2}, 15800), " (158.25 rounded down to 158, the smallest chip being 0.5)"},
		{down.Note(100, Odds{Win: 1, Per: 3}, 0), " (0.33… rounded down to 0, the smallest chip being 0.5)"},
		{up.Note(200, half, 100), ""},
		{down.OddsNote("1:2", 17950, half, 8950), "; 1:2 on 179.5 = 89.75 is rounded down to 89.5, the smallest chip being 0.5"},
		{near.OddsNote("1:2", 1, half, 0), "; 1:2 on 0.01 = a little more than 0 is rounded to the nearest chip, 0, the smallest chip being 0.5"},
		{near.NothingNote("1:2", 1), "; 1:2 on 0.01 is less than half the smallest chip (0.5), so nothing is paid and the stake is returned"},
		{down.PaidNote(700), "; paid 7, rounded down to the smallest chip of 0.5"},
		{up.ChipNote(), ", rounded up to the smallest chip of 0.5"},
		{down.WhichNote(0), ", which rounds down to 0"},
		{down.NoPayNote(), " (rounded down to the smallest chip: nothing to pay)"},
		{up.NoPayNote(), " (the win is less than the smallest chip (0.5): nothing to pay)"},
	}
	for _, tt := range tests {
		if tt.got.Text != tt.want {
			t.Errorf("got %q; want %q", tt.got.Text, tt.want)
		}
		if tt.want != "" && len(tt.got.Why()) == 0 {
			t.Errorf("%q has no phrases", tt.want)
		}
	}
}
