package practice

import (
	"slices"
	"testing"

	"github.com/dealerkiosk/trainer/internal/certs"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestGlanceScope checks the class at a glance's scope: the games of the
// filter and of the chosen class, and the rows of those games and of the
// class's members.
func TestGlanceScope(t *testing.T) {
	t.Parallel()
	all := []string{"uth", "oracle", "thrill", "lunar"}
	evening := &trainer.Class{ID: 4, Games: []string{"lunar", "uth"}, Members: []int64{1, 3}}
	tests := []struct {
		name  string
		class *trainer.Class
		game  string
		games []string
		rows  []string // "user/game" kept of every user 1–3 in every game
	}{
		{"every game, no class", nil, "", all, nil},
		{"one game", nil, "oracle", []string{"oracle"}, []string{"1/oracle", "2/oracle", "3/oracle"}},
		{"a game the kiosk does not certify", nil, "poker", nil, []string{}},
		{"a class: its games in the kiosk's order, its members", evening, "", []string{"uth", "lunar"},
			[]string{"1/uth", "1/lunar", "3/uth", "3/lunar"}},
		{"a class and one of its games", evening, "lunar", []string{"lunar"}, []string{"1/lunar", "3/lunar"}},
		{"a class and a game it does not train", evening, "oracle", nil, []string{}},
	}
	for _, tt := range tests {
		g := ClassGlance{Class: tt.class, Games: scopeGames(tt.class, tt.game, all)}
		if !slices.Equal(g.Games, tt.games) {
			t.Errorf("%s: games %q; want %q", tt.name, g.Games, tt.games)
		}
		var rows []certs.Row
		for id := int64(1); id <= 3; id++ {
			for _, game := range all {
				rows = append(rows, certs.Row{User: &trainer.User{ID: id}, Game: game})
			}
		}
		want := tt.rows
		if want == nil { // every row of the games in scope
			for id := 1; id <= 3; id++ {
				for _, game := range tt.games {
					want = append(want, string(rune('0'+id))+"/"+game)
				}
			}
		}
		got := []string{}
		for _, r := range g.InScope(rows) {
			got = append(got, string(rune('0'+r.User.ID))+"/"+r.Game)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: rows %q; want %q", tt.name, got, want)
		}
	}
}
